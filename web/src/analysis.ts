// The win-chance curve under the replay's board (issue 22): the finished match's analysis
// (GET /api/matches/{id}/analysis, worked out by the server at low priority, public like the
// record) drawn as one line per seat, each point a move at its mover's estimated chance of winning
// after it; the moves that lost the most are marked "??". The curve is one control, a slider over
// the steps: a click or a tap anywhere on it goes to the nearest move's step (a 400-move match puts
// its points under a pixel apart on a phone, too close for a finger to pick one), and the arrow keys,
// Home, End, Page Up and Page Down step through it. The current step is a vertical line.
import { api, type MoveAnalysis } from "./api";
import { h } from "./dom";
import { el, SEAT_COLOURS } from "./svg";

const W = 640;
const H = 170;
const PAD = 22;

export interface AnalysisChart {
  el: HTMLElement;
  /** Moves the current-step line to `step` (0: the start, k: after move k). */
  setStep(step: number): void;
}

export function analysisChart(id: string, seatNames: string[], go: (step: number) => void): AnalysisChart {
  const status = h("p", { class: "analysis-status", "aria-live": "polite" }, "Asking for the analysis…");
  const plot = h("div", { class: "analysis-plot" });
  const marked = h("ul", { class: "analysis-marked" });
  const root = h(
    "section",
    { class: "analysis", "aria-label": "win chances" },
    h("h2", {}, "Win chances"),
    status,
    plot,
    marked,
  );
  let moves: MoveAnalysis[] = [];
  let step = 0;
  const x = (ply: number) => PAD + (ply * (W - 2 * PAD)) / Math.max(1, moves.length);
  const y = (chance: number) => PAD / 2 + (1 - chance) * (H - 1.5 * PAD);

  const draw = () => {
    const svg = el("svg", {
      class: "analysis-curve",
      viewBox: `0 0 ${W} ${H}`,
      role: "slider",
      tabindex: 0,
      "aria-label": "each move's chance of winning for its mover; go to a move",
      "aria-valuemin": 0,
      "aria-valuemax": moves.length,
    });
    for (const c of [0, 0.5, 1])
      svg.append(
        el("line", { x1: PAD, x2: W - PAD, y1: y(c), y2: y(c), class: "grid" }),
        el("text", { x: 2, y: y(c) + 4, class: "axis" }, `${c * 100}%`),
      );
    const seats = [...new Set(moves.map((m) => m.seat))].sort((a, b) => a - b);
    // Every seat's line first, then every point on top, so no line covers a point of another seat.
    for (const seat of seats) {
      const own = moves.filter((m) => m.seat === seat);
      svg.append(
        el("polyline", {
          class: "seat-line",
          points: own.map((m) => `${x(m.ply)},${y(m.after)}`).join(" "),
          stroke: SEAT_COLOURS[seat % SEAT_COLOURS.length],
          "stroke-dasharray": seat % 2 ? "5 3" : undefined,
        }),
      );
    }
    for (const m of moves) {
      const colour = SEAT_COLOURS[m.seat % SEAT_COLOURS.length];
      svg.append(
        el(
          "g",
          { class: `point${m.marked ? " marked" : ""}`, "data-ply": m.ply },
          el("title", {}, describe(m)),
          el("circle", { cx: x(m.ply), cy: y(m.after), r: m.marked ? 6 : 3.5, fill: colour, class: "dot" }),
          m.marked ? el("text", { x: x(m.ply) + 6, y: y(m.after) - 6, class: "mark" }, "??") : null,
        ),
      );
    }
    svg.append(el("line", { class: "current-step", x1: x(step), x2: x(step), y1: 0, y2: H }));
    // Which line is whose: the colour and the dash, in words too.
    const legend = h(
      "p",
      { class: "analysis-legend" },
      ...seats.map((seat) => {
        const key = h("span", {}, `${seat % 2 ? "- - -" : "———"} ${seatNames[seat] ?? `seat ${seat}`}  `);
        // Set through the style object: the page's Content-Security-Policy refuses style attributes.
        key.style.color = SEAT_COLOURS[seat % SEAT_COLOURS.length];
        return key;
      }),
    );
    plot.replaceChildren(svg, legend);
    label();
    marked.replaceChildren(
      ...moves
        .filter((m) => m.marked)
        .map((m) =>
          h(
            "li",
            {},
            h("button", { type: "button", "data-ply": m.ply }, `Move ${m.ply}: ${m.move}`),
            ` (${seatNames[m.seat] ?? `seat ${m.seat}`}) lost ${Math.round(m.loss * 100)} points; the analysis preferred ${m.preferred}`,
          ),
        ),
    );
  };

  // One sentence per move: the point's tooltip and the slider's spoken value.
  const describe = (m: MoveAnalysis) =>
    `move ${m.ply}, ${seatNames[m.seat] ?? `seat ${m.seat}`}: ${m.move}, ${Math.round(m.before * 100)}% → ${Math.round(m.after * 100)}%${m.preferred !== m.move && m.loss >= 0.01 ? ` (the analysis preferred ${m.preferred})` : ""}`;
  const curve = () => plot.querySelector<SVGSVGElement>("svg.analysis-curve");
  // The slider's value follows the replay's step, whoever moved it.
  const label = () => {
    const svg = curve();
    if (!svg) return;
    svg.setAttribute("aria-valuenow", String(step));
    svg.setAttribute("aria-valuetext", step === 0 ? "the start" : describe(moves[step - 1]));
    const line = svg.querySelector("line.current-step");
    line?.setAttribute("x1", String(x(step)));
    line?.setAttribute("x2", String(x(step)));
  };
  // The step nearest to a pointer's place on the curve, in the viewBox's own units (the drawing
  // keeps its aspect ratio, so the screen-to-drawing matrix, not the box's width, says where). A
  // curve that is not drawn (no matrix) cannot have been clicked: the step stays.
  const nearestStep = (svg: SVGSVGElement, clientX: number, clientY: number) => {
    const ctm = svg.getScreenCTM();
    if (!ctm) return step;
    const sx = new DOMPoint(clientX, clientY).matrixTransform(ctm.inverse()).x;
    const ply = Math.round(((sx - PAD) * Math.max(1, moves.length)) / (W - 2 * PAD));
    return Math.min(moves.length, Math.max(0, ply));
  };
  plot.addEventListener("click", (ev) => {
    const svg = curve();
    if (svg && moves.length && svg.contains(ev.target as Node)) go(nearestStep(svg, ev.clientX, ev.clientY));
  });
  plot.addEventListener("keydown", (ev) => {
    if (!moves.length) return;
    const to: Record<string, number> = {
      ArrowLeft: step - 1,
      ArrowDown: step - 1,
      ArrowRight: step + 1,
      ArrowUp: step + 1,
      PageDown: step - 10,
      PageUp: step + 10,
      Home: 0,
      End: moves.length,
    };
    if (!(ev.key in to)) return;
    // The step is taken here; the page's own arrow keys (replay.ts) must not take it again.
    ev.preventDefault();
    ev.stopPropagation();
    go(Math.min(moves.length, Math.max(0, to[ev.key])));
  });
  marked.addEventListener("click", (ev) => {
    const t = (ev.target as Element).closest("[data-ply]");
    if (t) go(Number(t.getAttribute("data-ply")));
  });

  const load = async () => {
    try {
      const reply = await api.analysis(id);
      if (reply.status === "working") {
        status.textContent = `The computer is analysing the match: ${reply.done} of ${reply.of} moves…`;
        setTimeout(load, 1000);
        return;
      }
      if (reply.status === "failed") {
        status.textContent = `No analysis: ${reply.error}`;
        return;
      }
      moves = reply.analysis.moves;
      status.textContent = `Each point is a move at its mover's estimated chance of winning after it (${reply.analysis.spec}); ?? marks the moves that lost the most. Click or tap the curve to go to the nearest move; the arrow keys step along it.`;
      draw();
    } catch (e) {
      status.textContent = `No analysis: ${(e as Error).message}`;
    }
  };
  void load();

  return {
    el: root,
    setStep(s: number) {
      step = s;
      label();
    },
  };
}
