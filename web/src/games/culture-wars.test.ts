import { describe, expect, it } from "vitest";
import { cultureWars } from "./culture-wars";

// An observation in the shape CultureWarsState::observation gives (seat 0's view, setup).
const obs = {
  game: "culture-wars",
  round: 0,
  phase: "tile moves",
  order: [1, 0],
  tiles: ["i9", "k9", "i11", "k11"],
  coins: [{ square: "i9", suit: 1, face: "suit", value: null }],
  tokens: [{ k10: 3 }, {}],
  seats: [
    { tokens: 33, coins: [1, 4], unseen_coins: 2, settlements: 0, settlements_last_round: 0 },
    { tokens: 36, coins: [], unseen_coins: 5, settlements: 0, settlements_last_round: 0 },
  ],
  terminal: false,
  to_move: 1,
};
const ctx = { viewer: 0, seatNames: ["seat 0", "seat 1 · computer (easy)"] };

describe("Culture Wars on the match page", () => {
  it("names each seat once, by its number and its suit, in the status and the log", () => {
    expect(cultureWars.status(obs, ctx)).toMatch(
      /^Round 0, tile moves: seat 1 · computer \(easy\) · Moons to move\./,
    );
    expect(cultureWars.seatRole!(obs, 0)).toBe("Suns");
    expect(cultureWars.logLine!("seat B (1) moves the tile at k13 to g8; seat A (0) waits", ctx)).toBe(
      "seat 1 · computer (easy) · Moons moves the tile at k13 to g8; seat 0 · Suns waits",
    );
  });

  it("says the reserve in words: the coins seen by their numbers, how many are not", () => {
    expect(cultureWars.privateInfo!(obs, ctx)!.textContent).toBe(
      "Your suit: Suns. In your reserve: 33 tokens; coins: the Ace and 4, and 2 more whose numbers you have not seen.",
    );
    const none = { ...obs, seats: [{ ...obs.seats[0], coins: [], unseen_coins: 1 }, obs.seats[1]] };
    expect(cultureWars.privateInfo!(none, ctx)!.textContent).toMatch(
      /coins: 1 coin whose number you have not seen\.$/,
    );
  });

  it("previews a setup tile move: the tile outlined with its lower-left square on TO", () => {
    const board = cultureWars.board(obs, ctx);
    const to = board.querySelector('[data-place="g9"] rect.hit')!;
    const preview = cultureWars.preview!("tile:k11-g9", obs, board)!;
    const outline = preview.querySelector("rect")!;
    expect(Number(outline.getAttribute("x"))).toBe(Number(to.getAttribute("x")) + 1);
    // Two squares high: from the top of g10 down to the bottom of g9.
    expect(Number(outline.getAttribute("y")) + Number(outline.getAttribute("height"))).toBe(
      Number(to.getAttribute("y")) + Number(to.getAttribute("height")) - 1,
    );
    expect(preview.getAttribute("aria-label")).toBe("the tile lands on g9");
    expect(cultureWars.preview!("k10-k11", obs, board)).toBeNull();
  });

  it("draws each seat's tokens large enough to read, with the seat named in the square's label", () => {
    const board = cultureWars.board(obs, ctx);
    const k10 = board.querySelector('[data-place="k10"]')!;
    expect(k10.getAttribute("aria-label")).toContain("3 tokens of seat 0 · Suns");
    expect(k10.querySelector("g.tokens title")!.textContent).toBe("3 tokens of seat 0");
  });
});
