import { describe, expect, it } from "vitest";
import { MovePicker, type LegalMove } from "../picker";
import { conspiracy, phaseWords } from "./conspiracy";

// Seat 0's view in the action phase, in the shape ConspiracyState::observation gives: seats are
// [hand count, hand, bonus count, bonus, tiles held count, tiles held, saved, marker, …, goal].
const obs = {
  game: "conspiracy",
  phase: "action",
  round: 2,
  to_move: 0,
  action_points: 2,
  action: "none",
  bag: 9,
  order: [0, 1, 2],
  tiles: ["LP S3", "MP C5", "RP A2", "M1 down"],
  coins: ["c3 M n"],
  seats: [
    [3, "C3 C2 M4", 0, "", 2, "S4 A3", null, null, 0, 0, "C3"],
    [2, "", 0, "", 3, "", null, null, 0, 0, "secret"],
    [3, "", 0, "", 3, "", null, null, 0, 0, "secret"],
  ],
};
const ctx = { viewer: 0, seatNames: ["seat 0", "seat 1", "seat 2"] };
// Moves as the server sends them (ConspiracyState::move_places).
const legal: LegalMove[] = [
  { move: "place C3", places: ["hand-C3"] },
  { move: "attack C3 pay C2 to 1", places: ["hand-C3", "hand-C2", "seat-1"] },
  { move: "attack C3 pay C2 to 2", places: ["hand-C3", "hand-C2", "seat-2"] },
  { move: "attack C3 pay M4 to 1", places: ["hand-C3", "hand-M4", "seat-1"] },
  { move: "reveal c3 pay C2 to 1", places: ["c3", "hand-C2", "seat-1"] },
  { move: "end", places: [] },
];

describe("conspiracy board places", () => {
  it("draws each coin of the hand and each seat as a place to click", () => {
    const svg = conspiracy.board(obs, ctx);
    const places = new Set(
      [...svg.querySelectorAll("[data-place]")].map((e) => e.getAttribute("data-place")),
    );
    for (const p of ["hand-C3", "hand-C2", "hand-M4", "seat-0", "seat-1", "seat-2", "c3", "M1", "MP"])
      expect(places.has(p), p).toBe(true);
    // Every place a legal move touches is drawn.
    for (const m of legal) for (const p of m.places) expect(places.has(p), p).toBe(true);
  });

  it("picks an attack by clicking the attacking coin, the coin paid, then the seat paid", () => {
    const picker = new MovePicker(legal);
    expect(picker.targets()).toEqual(new Set(["hand-C3", "c3"]));
    expect(picker.buttons().map((m) => m.move)).toEqual(["end"]);
    expect(picker.click("hand-C3")).toEqual({ kind: "narrowed", remaining: 4 });
    // Placing the coin is now a button; the coins to pay are lit.
    expect(picker.buttons().map((m) => m.move)).toEqual(["place C3"]);
    expect(picker.targets()).toEqual(new Set(["hand-C2", "hand-M4"]));
    expect(picker.click("hand-C2")).toEqual({ kind: "narrowed", remaining: 2 });
    expect(picker.targets()).toEqual(new Set(["seat-1", "seat-2"]));
    const r = picker.click("seat-2");
    expect(r.kind).toBe("chosen");
    if (r.kind === "chosen") expect(r.move.move).toBe("attack C3 pay C2 to 2");
  });
});

describe("conspiracy status", () => {
  it("names the phase in words, never the raw phase name", () => {
    expect(phaseWords("attack_end")).toMatch(/after a successful attack/);
    // After a tile is laid for the coin the coin goes on it: the tile is not being laid any more.
    expect(phaseWords("place_tile")).toBe("placing the coin on the tile just laid");
    expect(phaseWords("place")).toBe("placing a coin (a tile may be laid for it first)");
    const s = conspiracy.status({ ...obs, phase: "attack_end" }, ctx);
    expect(s).not.toMatch(/attack_end/);
    expect(conspiracy.status(obs, ctx)).toMatch(
      /Round 2, actions: seat 0 to decide\. Action points left: 2\./,
    );
  });
});

describe("conspiracy private info", () => {
  it("says the secret goal as a suit and a number, never as the tile of that name", () => {
    const text = conspiracy.privateInfo!(obs, ctx)!.textContent;
    expect(text).toContain("Your goal: the suit Crowns and the number 3, on two Present tiles (C3)");
  });
});

describe("conspiracy face-down tiles", () => {
  // M1 lay face up once and was turned down again (everyone knows it); M2 only seat 0 has seen.
  const tiles = ["LP S3", "MP C5", "RP A2", "M1 (C4)", "M2 (M2)", "R1 down"];
  const labels = (viewer: number, t: string[]) =>
    [...conspiracy.board({ ...obs, tiles: t }, { ...ctx, viewer }).querySelectorAll("text")]
      .filter((e) => e.classList.contains("known-tile") || e.classList.contains("public-tile"))
      .map((e) => `${e.getAttribute("class")}: ${e.textContent}`);

  it("names a tile the seat knows as known to it, and leaves an unknown one unnamed", () => {
    expect(labels(0, tiles)).toEqual(["known-tile: (C4 known to you)", "known-tile: (M2 known to you)"]);
  });

  it("names a face-down tile a spectator knows as public: everyone knows it", () => {
    const spectator = tiles.filter((t) => !t.startsWith("M2")).concat(["M2 down"]);
    expect(labels(-1, spectator)).toEqual(["public-tile: (C4, face down)"]);
  });
});

describe("Conspiracy's direction arrows", () => {
  it("draws one arrow per direction of one square's coin, each carrying its move", async () => {
    const { directionArrows } = await import("./conspiracy");
    const { place, svgRoot } = await import("../svg");
    const board = svgRoot(0, 0, 400, 400, "board");
    board.append(place("c3", 80, 80, 40, 40));
    const moves = ["c3 n", "c3 se", "c3 w"].map((move) => ({ move, places: ["c3"] }));
    const g = directionArrows(moves, board)!;
    expect([...g.querySelectorAll("[data-move]")].map((a) => a.getAttribute("data-move"))).toEqual([
      "c3 n",
      "c3 se",
      "c3 w",
    ]);
    expect(g.querySelector('[data-move="c3 n"]')!.getAttribute("aria-label")).toMatch(/north/);
    // North is up: its arrow sits above the square's centre (100, 100).
    expect(Number(g.querySelector('[data-move="c3 n"] circle')!.getAttribute("cy"))).toBeLessThan(100);
    // Not a direction choice: a held tile to lay, or two squares.
    expect(directionArrows([{ move: "tile A4 M2", places: ["M2"] }], board)).toBeNull();
    expect(
      directionArrows(
        [
          { move: "c3 n", places: ["c3"] },
          { move: "c4 n", places: ["c4"] },
        ],
        board,
      ),
    ).toBeNull();
  });
});
