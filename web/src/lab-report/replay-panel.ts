// The report's replay panel: a click on an outlier link opens that game in the page, one step at
// a time (the replay page's step controls, step-controls.ts, with Home and End). Each step's board is the game's own web
// drawing (games/, as in a finished match's replay) of the spectator's observation the lab
// embedded; beside it who moved and, for a game without hidden information, the move; the log up
// to the step; and each seat's estimated return by step, with the step marked. Steps the lab left
// out of a very long game (report_replay.h) are named where they were.
import { h, wireFolds } from "../dom";
import { drawerFor } from "../games";
import { stepControls } from "../step-controls";
import { el } from "../svg";
import { COLOURS } from "./charts";
import { observations } from "./observations";
import type { ReplayGame, Replays } from "./types";

const LEFT = 50;
const WIDTH = 500;
const TOP = 10;
const HEIGHT = 110;

/** The estimate curves of `game` (one a seat, a new stroke after a gap), or null without two estimates. */
export function estimateChart(game: ReplayGame): SVGSVGElement | null {
  const frames = game.frames;
  const has = frames.filter((f) => f.estimate);
  if (has.length < 2) return null;
  const values = has.flatMap((f) => f.estimate!);
  const lo = Math.min(...values);
  const hi = Math.max(...values) - lo < 1e-9 ? lo + 1 : Math.max(...values);
  const x = (ply: number) => LEFT + (game.plies ? ply / game.plies : 0) * WIDTH;
  const y = (v: number) => TOP + ((hi - v) / (hi - lo)) * HEIGHT;
  const svg = el("svg", {
    id: "replay-estimate",
    class: "replay-chart",
    role: "img",
    viewBox: "0 0 700 150",
    width: 700,
    height: 150,
  });
  svg.append(el("title", {}, "each seat's estimated return by step"));
  game.seats.forEach((seat, s) => {
    let d = "";
    for (const f of frames) if (f.estimate) d += `${d && !f.gap ? "L" : "M"}${x(f.ply)},${y(f.estimate[s])}`;
    const colour = COLOURS[s % COLOURS.length];
    svg.append(
      el("path", { d, fill: "none", stroke: colour, "stroke-width": 2 }),
      el("text", { x: LEFT + WIDTH + 10, y: TOP + 12 + 16 * s, fill: colour, "font-size": 12 }, seat.name),
    );
  });
  svg.append(
    el("text", { x: LEFT - 6, y: TOP + 4, "text-anchor": "end", class: "axis" }, hi.toPrecision(2)),
    el("text", { x: LEFT - 6, y: TOP + HEIGHT, "text-anchor": "end", class: "axis" }, lo.toPrecision(2)),
    el(
      "text",
      { x: LEFT + WIDTH / 2, y: TOP + HEIGHT + 18, "text-anchor": "middle", class: "axis" },
      "estimated return by step",
    ),
    el("line", {
      id: "replay-cursor",
      x1: LEFT,
      x2: LEFT,
      y1: TOP,
      y2: TOP + HEIGHT,
      stroke: "#222",
      "stroke-dasharray": "3 2",
    }),
  );
  return svg;
}

/** What step `at` of `game` says: the moves left out before it, then the move (or only who moved). */
export function stepWords(game: ReplayGame, at: number): string {
  const f = game.frames[at];
  const gap = f.gap
    ? `Moves ${f.ply - f.gap}–${f.ply - 1} are left out here (the record beside this page has them all: ` +
      "tabletop replay --step). "
    : "";
  if (f.ply === 0) return `${gap}Before the first move.`;
  return `${gap}Move ${f.ply}: ${f.mover}${f.move ? ` plays ${f.move}` : " moves"}.`;
}

/** The panel (hidden until a link is clicked), wired to every a[data-replay] of the page. */
export function replayPanel(replays: Replays): HTMLElement {
  let game: ReplayGame | null = null;
  let seen: unknown[] = [];
  let at = 0;
  const controls = stepControls({
    sliderId: "replay-slider",
    at: () => at,
    go: (to) => show(to),
    active: () => !panel.hidden && game !== null,
    homeEnd: true,
  });
  const title = h("span", { id: "replay-title" });
  const seats = h("p", { id: "replay-seats", class: "note" });
  const atText = h("span", { id: "replay-at" });
  const close = h("button", { type: "button", id: "replay-close", title: "close the replay" }, "close");
  const move = h("p", { id: "replay-move", "aria-live": "polite" });
  const board = h("div", { id: "replay-board", class: "board-box" });
  const status = h("p", { id: "replay-status", class: "note" });
  const chartBox = h("div", {});
  const log = h("ol", { id: "replay-log" });
  const panel = h(
    "section",
    { id: "replay", class: "replay", hidden: true },
    h("h2", {}, "Replay: ", title),
    seats,
    h("div", { class: "controls" }, controls.buttons, controls.slider, atText, close),
    move,
    board,
    status,
    chartBox,
    h(
      "p",
      { class: "note" },
      "The board, the moves and the log are what a spectator saw (a hidden-information game's moves show only " +
        "who moved); the curves are each seat's estimated return by the game's ",
      h("code", {}, "estimate_returns"),
      ", which the lab reads from the complete state (the final step shows the returns), with the step marked.",
    ),
    h("h3", {}, "Log up to this step"),
    log,
  );
  const folds = new Map<string, boolean>();
  const show = (to: number) => {
    if (!game) return;
    const frames = game.frames;
    at = Math.max(0, Math.min(frames.length - 1, to));
    const f = frames[at];
    const drawer = drawerFor(game.game);
    const ctx = { viewer: -1, seatNames: game.seats.map((s) => s.name), folds, foldByDefault: false };
    board.replaceChildren(drawer.board(seen[at], ctx));
    status.textContent = drawer.status(seen[at], ctx);
    atText.textContent = f.ply === 0 ? `the deal, of ${game.plies} moves` : `move ${f.ply} of ${game.plies}`;
    move.textContent = stepWords(game, at);
    log.replaceChildren(
      ...frames
        .slice(0, at + 1)
        .flatMap((fr, k) => fr.log.map((line) => h("li", { class: k === at ? "now" : undefined }, line))),
    );
    log.scrollTop = log.scrollHeight;
    controls.show(at);
    const cursor = panel.querySelector("#replay-cursor");
    const x = String(LEFT + (game.plies ? f.ply / game.plies : 0) * WIDTH);
    cursor?.setAttribute("x1", x);
    cursor?.setAttribute("x2", x);
    document.body.dataset.replayStep = String(f.ply);
  };
  const open = (key: string) => {
    const link = replays.links[key];
    if (!link) return;
    game = replays.games[link.game];
    seen = observations(game.frames);
    title.textContent = link.title;
    seats.textContent =
      game.seats.map((s) => `${s.name}: ${s.agent}`).join(", ") +
      (game.result ? `. Result: ${game.result.join(", ")}.` : "");
    controls.setLast(game.frames.length - 1);
    const chart = estimateChart(game);
    chartBox.replaceChildren(...(chart ? [chart] : []));
    panel.hidden = false;
    show(0);
    document.body.dataset.replayOpen = key;
    panel.scrollIntoView();
  };
  document.addEventListener("click", (ev) => {
    const link = (ev.target as Element).closest?.("a[data-replay]");
    if (!link) return;
    ev.preventDefault();
    open(link.getAttribute("data-replay")!);
  });
  const onFold = wireFolds(board, folds, () => show(at));
  board.addEventListener("click", onFold);
  board.addEventListener("keydown", onFold);
  close.addEventListener("click", () => {
    panel.hidden = true;
    delete document.body.dataset.replayOpen;
  });
  return panel;
}
