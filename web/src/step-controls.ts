// The step controls of a replay, the replay page's (replay.ts) and the lab report's panel
// (lab-report/replay-panel.ts): start, back, forward and end buttons (`data-step`), a slider over
// the steps, and the arrow keys (with Home and End where the page asks for them), each calling
// `go` with the step to show; the page clamps it and calls `show` back with the step it shows.
import { h } from "./dom";

export interface StepControls {
  /** The four buttons (`.replay-controls`). */
  buttons: HTMLElement;
  slider: HTMLInputElement;
  /** Steps 0 to `last`. */
  setLast(last: number): void;
  /** Step `at` is shown: the slider follows. */
  show(at: number): void;
}

export interface StepOptions {
  sliderId: string;
  /** The step shown now. */
  at: () => number;
  /** Shows step `to` (clamped by the page; Infinity: the last). */
  go: (to: number) => void;
  /** Whether the keys act now (a panel may be closed). */
  active?: () => boolean;
  /** Home and End go to the start and the end too. */
  homeEnd?: boolean;
}

export function stepControls(o: StepOptions): StepControls {
  let last = 0;
  const buttons = h(
    "div",
    { class: "replay-controls" },
    h("button", { type: "button", "data-step": "first", title: "the start" }, "« Start"),
    h("button", { type: "button", "data-step": "back", title: "one step back (←)" }, "◀ Back"),
    h("button", { type: "button", "data-step": "forward", title: "one step on (→)" }, "Forward ▶"),
    h("button", { type: "button", "data-step": "last", title: "the end" }, "End »"),
  );
  const slider = h("input", {
    type: "range",
    min: 0,
    max: 0,
    value: 0,
    id: o.sliderId,
    "aria-label": "step",
  });
  buttons.addEventListener("click", (ev) => {
    const k = (ev.target as Element).closest("button")?.getAttribute("data-step");
    if (!k) return;
    o.go(k === "first" ? 0 : k === "back" ? o.at() - 1 : k === "forward" ? o.at() + 1 : last);
  });
  slider.addEventListener("input", () => o.go(Number(slider.value)));
  document.addEventListener("keydown", (ev) => {
    if (ev.target instanceof HTMLInputElement || (o.active && !o.active())) return;
    const keys: Record<string, number> = { ArrowRight: o.at() + 1, ArrowLeft: o.at() - 1 };
    if (o.homeEnd) Object.assign(keys, { Home: 0, End: last });
    if (!(ev.key in keys)) return;
    if (o.homeEnd) ev.preventDefault();
    o.go(keys[ev.key]);
  });
  return {
    buttons,
    slider,
    setLast(n: number) {
      last = n;
      slider.max = String(n);
    },
    show(at: number) {
      slider.value = String(at);
    },
  };
}
