import { describe, expect, it } from "vitest";
import { LastMoves, placeWords, SEVERAL } from "./last-move";
import { coin, place, svgRoot } from "./svg";

// A 3-square board: `pieces` maps a square to the number on its coin.
function board(pieces: Record<string, number>): SVGSVGElement {
  const svg = svgRoot(0, 0, 300, 100, "test board");
  ["a1", "b1", "c1"].forEach((sq, i) => {
    const g = place(sq, i * 100, 0, 100, 100);
    if (pieces[sq] !== undefined) g.append(coin(i * 100 + 50, 50, 30, { side: "number", rank: pieces[sq] }));
    svg.append(g);
  });
  return svg;
}
const names = ["seat 0", "seat 1 · Bob"];

describe("last moves", () => {
  it("puts the places a state changed down to the seat that was to move, from and to", () => {
    const m = new LastMoves();
    m.update(board({ a1: 3 }), 1, 1, 0);
    expect(m.all()).toEqual([]);
    const after = board({ b1: 3 });
    m.update(after, 2, 0, 1);
    expect(m.all()).toEqual([
      [
        1,
        [
          { place: "a1", how: "from" },
          { place: "b1", how: "to" },
        ],
      ],
    ]);
    expect(m.fresh).toBe(1);
    m.draw(after, names);
    const marks = [...after.querySelectorAll(".last-mark")];
    expect(
      marks.map((g) => [g.closest("[data-place]")!.getAttribute("data-place"), g.getAttribute("data-how")]),
    ).toEqual([
      ["a1", "from"],
      ["b1", "to"],
    ]);
    expect(m.words(names)).toBe("Last moves — seat 1 · Bob: from a1; to b1.");
  });

  it("keeps a seat's marks until it moves again, adds up one seat's steps, and clears on undo", () => {
    const m = new LastMoves();
    m.update(board({ a1: 3, c1: 5 }), 1, 1, 0);
    m.update(board({ b1: 3, c1: 5 }), 2, 0, 1); // seat 1: a1 -> b1
    m.update(board({ b1: 3, c1: 6 }), 3, 0, 2); // seat 0 changes c1, still to move
    m.update(board({ b1: 3, a1: 6 }), 4, 1, 3); // seat 0 again: c1 -> a1, added to its turn
    expect(m.words(names)).toBe("Last moves — seat 0: from c1; to a1. seat 1 · Bob: from a1; to b1.");
    m.update(board({ a1: 3, c1: 6 }), 5, 0, 4); // seat 1 moves again: its old marks go
    expect(m.all()[1]).toEqual([
      1,
      [
        { place: "a1", how: "changed" },
        { place: "b1", how: "from" },
        { place: "c1", how: "to" },
      ],
    ]);
    m.update(board({ a1: 3 }), 6, 1, 3); // an undo: the log went back
    expect(m.all()).toEqual([]);
  });

  it("diffs nothing on a redraw of the same state (a fold), nor on the first state drawn", () => {
    const m = new LastMoves();
    m.update(board({ a1: 3 }), 4, 1, 3);
    m.update(board({ c1: 3 }), 4, 1, 3);
    expect(m.all()).toEqual([]);
    m.update(board({ c1: 4 }), 5, 0, 4);
    expect(m.all()).toEqual([[1, [{ place: "c1", how: "changed" }]]]);
  });
});

describe("last moves of states that came together", () => {
  it("marks them as several seats', after every seat's own", () => {
    const m = new LastMoves();
    m.update(board({ a1: 3 }), 1, 0, 0);
    m.update(board({ b1: 3 }), 2, 1, 1); // seat 0: a1 -> b1
    m.update(board({ b1: 3, c1: 4 }), 5, 0, 4); // three states at once
    expect(m.all().map(([seat]) => seat)).toEqual([0, SEVERAL]);
    expect(m.words(names)).toBe(
      "Last moves — seat 0: from a1; to b1. several seats (their moves came together): to c1.",
    );
  });
});

describe("the viewer's own move among states that came together", () => {
  it("is the viewer's, by the places it named; the rest is several seats'", () => {
    const m = new LastMoves();
    m.update(board({ a1: 3, c1: 5 }), 1, 0, 0);
    // Seat 0 sent a1 -> b1; the computer's answer (c1 changed) came in the same state.
    m.update(board({ b1: 3, c1: 6 }), 3, 0, 2, { seat: 0, places: ["a1", "b1"] });
    expect(m.all()).toEqual([
      [
        0,
        [
          { place: "a1", how: "from" },
          { place: "b1", how: "to" },
        ],
      ],
      [SEVERAL, [{ place: "c1", how: "changed" }]],
    ]);
  });
});

describe("a seat's row beside the board", () => {
  it("reads as the row of that seat, by its name, never as the place's id", () => {
    expect(placeWords("seat-1", names)).toBe("the row of seat 1 · Bob");
    expect(placeWords("seat-7", names)).toBe("the row of seat 7");
    expect(placeWords("b1", names)).toBe("b1");
  });
});
