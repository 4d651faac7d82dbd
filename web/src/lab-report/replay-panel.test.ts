// The replay panel on the fixture's embedded game: a click on an outlier opens it at the deal,
// each step's board is the game's own drawing of the observation rebuilt from the changes, and
// the move, the log and the estimate cursor follow the step.
import { beforeEach, describe, expect, it } from "vitest";
import { summary } from "./fixture";
import { renderReport } from "./main";
import { applyChange, observations } from "./observations";
import { stepWords } from "./replay-panel";
import type { ReplayGame } from "./types";

const game = summary.report.replays.games[0] as ReplayGame;

describe("observations", () => {
  it("applies set, sub and del without touching the step before", () => {
    const before = { a: 1, b: { c: 2, d: 3 }, e: 4 };
    const after = applyChange(before, {
      set: { a: 5 },
      sub: { b: { set: { c: 6 }, del: ["d"] } },
      del: ["e"],
    });
    expect(after).toEqual({ a: 5, b: { c: 6 } });
    expect(before).toEqual({ a: 1, b: { c: 2, d: 3 }, e: 4 });
  });

  it("rebuilds every step of the embedded game", () => {
    const seen = observations(game.frames);
    expect(seen).toHaveLength(game.frames.length);
    expect(seen[0]).toEqual(game.frames[0].observation);
    for (const o of seen) expect(o).toHaveProperty("board");
  });
});

describe("stepWords", () => {
  it("names the move in a game that hides nothing, and the stretch left out", () => {
    expect(stepWords(game, 0)).toBe("Before the first move.");
    expect(stepWords(game, 1)).toBe(`Move 1: ${game.frames[1].mover} plays ${game.frames[1].move}.`);
    const hidden: ReplayGame = {
      ...game,
      frames: [game.frames[0], { ...game.frames[1], ply: 700, move: undefined, gap: 199 }],
    };
    expect(stepWords(hidden, 1)).toBe(
      `Moves 501–699 are left out here (the record beside this page has them all: tabletop replay --step). ` +
        `Move 700: ${game.frames[1].mover} moves.`,
    );
  });
});

describe("the replay panel", () => {
  beforeEach(() => {
    document.body.innerHTML = "<main id='report'></main>";
    Element.prototype.scrollIntoView = () => {};
    renderReport(document.getElementById("report")!, summary);
  });

  it("opens the clicked outlier and steps through it", () => {
    const key = Object.keys(summary.report.replays.links)[0];
    document.querySelector<HTMLAnchorElement>(`a[data-replay="${key}"]`)!.click();
    const panel = document.getElementById("replay")!;
    expect(panel.hidden).toBe(false);
    expect(document.getElementById("replay-title")!.textContent).toBe(
      summary.report.replays.links[key].title,
    );
    expect(document.getElementById("replay-at")!.textContent).toBe(`the deal, of ${game.plies} moves`);
    const deal = document.querySelector("#replay-board svg.board")!.outerHTML;
    document.querySelector<HTMLButtonElement>("#replay [data-step=forward]")!.click();
    document.querySelector<HTMLButtonElement>("#replay [data-step=forward]")!.click();
    expect(document.body.dataset.replayStep).toBe("2");
    expect(document.getElementById("replay-move")!.textContent).toBe(stepWords(game, 2));
    expect(document.querySelector("#replay-board svg.board")!.outerHTML).not.toBe(deal);
    const logLines = game.frames.slice(0, 3).flatMap((f) => f.log);
    expect([...document.querySelectorAll("#replay-log li")].map((li) => li.textContent)).toEqual(logLines);
    document.querySelector<HTMLButtonElement>("#replay [data-step=last]")!.click();
    expect(document.body.dataset.replayStep).toBe(String(game.plies));
    expect(document.getElementById("replay-cursor")!.getAttribute("x1")).toBe("550");
    document.getElementById("replay-close")!.click();
    expect(panel.hidden).toBe(true);
  });
});
