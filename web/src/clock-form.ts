// The lobby's time control choice (docs/server.md, POST /api/matches "clock"), in plain words:
// no clock, a clock per player for the whole match (minutes + seconds added a move), or days a
// move; and what happens to a player whose time runs out.
import { h } from "./dom";

/** The "clock" field of a create request, as the form's values say (null: no clock). */
export function clockRequest(
  kind: string,
  minutes: number,
  incrementS: number,
  days: number,
  loss: boolean,
): Record<string, unknown> | null {
  const onTimeout = loss ? "loss" : "computer";
  if (kind === "real-time")
    return { mode: "real-time", minutes, increment_s: incrementS, on_timeout: onTimeout };
  if (kind === "turn-based") return { mode: "turn-based", days, on_timeout: onTimeout };
  return null;
}

/** The form's part: its element, and `read` for the request. */
export function clockForm(): { el: HTMLElement; read: () => Record<string, unknown> | null } {
  const kind = h(
    "select",
    { id: "clock-kind", name: "clock-kind" },
    h("option", { value: "none" }, "No clock: take your time"),
    h("option", { value: "real-time" }, "Real-time: minutes for each player"),
    h("option", { value: "turn-based" }, "Turn-based: days for each move"),
  );
  const minutes = h("input", { id: "clock-minutes", type: "number", min: 1, max: 600, value: 10 });
  const increment = h("input", { id: "clock-increment", type: "number", min: 0, max: 600, value: 10 });
  const days = h("input", { id: "clock-days", type: "number", min: 1, max: 14, value: 3 });
  const rule = h(
    "select",
    { id: "clock-rule", name: "clock-rule" },
    h("option", { value: "computer" }, "the computer plays on for them"),
    h("option", { value: "loss" }, "they lose the game"),
  );
  const realTime = h(
    "div",
    { class: "param clock-real-time" },
    h("label", { for: "clock-minutes" }, "Minutes for each player"),
    minutes,
    h("label", { for: "clock-increment" }, "Seconds added after each move"),
    increment,
  );
  const turnBased = h(
    "div",
    { class: "param clock-turn-based" },
    h("label", { for: "clock-days" }, "Days for each move"),
    days,
  );
  const whenOut = h(
    "div",
    { class: "param clock-rule" },
    h("label", { for: "clock-rule" }, "When a player's time runs out"),
    rule,
  );
  const show = () => {
    realTime.hidden = kind.value !== "real-time";
    turnBased.hidden = kind.value !== "turn-based";
    whenOut.hidden = kind.value === "none";
  };
  kind.addEventListener("change", show);
  show();
  const el = h(
    "fieldset",
    { class: "clock-choice" },
    h("legend", {}, "Time"),
    h("div", { class: "param" }, h("label", { for: "clock-kind" }, "Clock"), kind),
    realTime,
    turnBased,
    whenOut,
  );
  return {
    el,
    read: () =>
      clockRequest(
        kind.value,
        Number(minutes.value),
        Number(increment.value),
        Number(days.value),
        rule.value === "loss",
      ),
  };
}
