import { describe, expect, it } from "vitest";
import { HintPanel } from "./hint";
import type { StateMsg, View } from "./protocol";

const view: View = {
  seat: 0,
  observation: {},
  log: [],
  legal: [
    { move: "a1#b1", places: ["a1", "b1"] },
    { move: "c3#d3", places: ["c3", "d3"] },
  ],
};
const state = (seq: number, hints: boolean): StateMsg => ({
  type: "state",
  seq,
  match: { id: "m", game: "relativity", params: {}, status: "running", hints, seats: [] },
  to_move: 0,
  views: [view],
  result: null,
  thinking: null,
});
const board = () => {
  const box = document.createElement("div");
  box.innerHTML = ["a1", "b1", "c3", "d3"].map((p) => `<svg><g data-place="${p}"></g></svg>`).join("");
  return box;
};

describe("HintPanel", () => {
  it("is hidden unless the match allows hints and the seat is to move", () => {
    const panel = new HintPanel(
      () => true,
      () => {},
      board(),
    );
    panel.update(state(3, false), view, false);
    expect(panel.el.hidden).toBe(true);
    panel.update(state(3, true), view, false);
    expect(panel.el.hidden).toBe(false);
    panel.update(state(3, true), { ...view, legal: [] }, false);
    expect(panel.el.hidden).toBe(true);
  });

  it("asks once, shows the answer, rings its places, plays it, and forgets it at the next state", () => {
    const asked: number[] = [];
    const played: string[] = [];
    const box = board();
    const panel = new HintPanel(
      (seat) => (asked.push(seat), true),
      (m) => played.push(m),
      box,
    );
    panel.update(state(3, true), view, false);
    panel.el.querySelector<HTMLButtonElement>("button.hint-button")!.click();
    panel.el.querySelector<HTMLButtonElement>("button.hint-button")!.click();
    expect(asked).toEqual([0]);
    // An answer to another state is ignored.
    panel.answer({ type: "hint", seat: 0, seq: 2, move: "a1#b1", win_chance: 0.9 });
    expect(box.querySelectorAll(".hinted").length).toBe(0);
    panel.answer({ type: "hint", seat: 0, seq: 3, move: "c3#d3", win_chance: 0.617 });
    expect(panel.el.textContent).toContain("Hint: c3#d3 — your chance of winning about 62%");
    const ringed = [...box.querySelectorAll(".hinted")].map((g) => g.getAttribute("data-place"));
    expect(ringed).toEqual(["c3", "d3"]);
    panel.el.querySelector<HTMLButtonElement>("button.hint-play")!.click();
    expect(played).toEqual(["c3#d3"]);
    panel.update(state(4, true), view, false);
    expect(box.querySelectorAll(".hinted").length).toBe(0);
    expect(panel.el.querySelector(".hint-text")!.textContent).toBe("");
  });

  it("shows a refusal in words", () => {
    const panel = new HintPanel(
      () => true,
      () => {},
      board(),
    );
    panel.update(state(3, true), view, false);
    panel.el.querySelector<HTMLButtonElement>("button.hint-button")!.click();
    panel.answer({ type: "hint", seat: 0, seq: 3, refused: "hints are off in this match" });
    expect(panel.el.textContent).toContain("No hint: hints are off in this match");
    expect(panel.el.querySelector<HTMLButtonElement>("button.hint-play")!.hidden).toBe(true);
  });
});
