// The win-chance curve under the replay's board (issue 22): the finished match's analysis
// (GET /api/matches/{id}/analysis, worked out by the server at low priority, public like the
// record) drawn as one line per seat, each point a move at its mover's estimated chance of winning
// after it; the moves that lost the most are marked "??". A click on a point (or Enter on it) goes
// to that move's step; the current step is a vertical line.
import { api, type MoveAnalysis } from "./api";
import { h } from "./dom";
import { el, SUIT_COLOURS } from "./svg";

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
      role: "group",
      "aria-label": "each move's chance of winning for its mover",
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
          stroke: SUIT_COLOURS[seat % SUIT_COLOURS.length],
          "stroke-dasharray": seat % 2 ? "5 3" : undefined,
        }),
      );
    }
    // At most half the distance between two moves' points, so neighbouring discs never overlap.
    const hitRadius = Math.min(10, Math.abs(x(2) - x(1)) / 2);
    for (const m of moves) {
      const colour = SUIT_COLOURS[m.seat % SUIT_COLOURS.length];
      const title = `move ${m.ply}, ${seatNames[m.seat] ?? `seat ${m.seat}`}: ${m.move}, ${Math.round(m.before * 100)}% → ${Math.round(m.after * 100)}%${m.preferred !== m.move && m.loss >= 0.01 ? ` (the analysis preferred ${m.preferred})` : ""}`;
      const point = el(
        "g",
        {
          class: `point${m.marked ? " marked" : ""}`,
          "data-ply": m.ply,
          tabindex: 0,
          role: "button",
          "aria-label": title,
        },
        el("title", {}, title),
        // An invisible disc around the dot: the place a click or a tap lands on.
        el("circle", { cx: x(m.ply), cy: y(m.after), r: hitRadius, class: "hit" }),
        el("circle", { cx: x(m.ply), cy: y(m.after), r: m.marked ? 6 : 3.5, fill: colour }),
        m.marked ? el("text", { x: x(m.ply) + 6, y: y(m.after) - 6, class: "mark" }, "??") : null,
      );
      svg.append(point);
    }
    svg.append(el("line", { class: "current-step", x1: x(step), x2: x(step), y1: 0, y2: H }));
    // Which line is whose: the colour and the dash, in words too.
    const legend = h(
      "p",
      { class: "analysis-legend" },
      ...seats.map((seat) =>
        h(
          "span",
          { style: `color: ${SUIT_COLOURS[seat % SUIT_COLOURS.length]}` },
          `${seat % 2 ? "- - -" : "———"} ${seatNames[seat] ?? `seat ${seat}`}  `,
        ),
      ),
    );
    plot.replaceChildren(svg, legend);
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

  const pick = (ev: Event) => {
    const t = (ev.target as Element).closest("[data-ply]");
    if (t) go(Number(t.getAttribute("data-ply")));
  };
  plot.addEventListener("click", pick);
  marked.addEventListener("click", pick);
  plot.addEventListener("keydown", (ev) => {
    if ((ev as KeyboardEvent).key === "Enter") pick(ev);
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
      status.textContent = `Each point is a move at its mover's estimated chance of winning after it (${reply.analysis.spec}); ?? marks the moves that lost the most. Click a point to go to that move.`;
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
      const line = plot.querySelector("line.current-step");
      if (line) {
        line.setAttribute("x1", String(x(s)));
        line.setAttribute("x2", String(x(s)));
      }
    },
  };
}
