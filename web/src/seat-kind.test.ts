import { describe, expect, it } from "vitest";
import type { GameInfo } from "./api";
import { seatKindSelect, seatStart } from "./seat-kind";

// A game whose expert is offered at two players and not at three (GET /api/games' `offered`).
const game = {
  id: "culture-wars",
  name: "Culture Wars",
  min_players: 2,
  max_players: 3,
  strengths: [
    { name: "easy", description: "plays a random legal move", offered: { "2": true, "3": true } },
    { name: "medium", description: "looks one move ahead", offered: { "2": true, "3": true } },
    {
      name: "hard",
      description: "searches for about a second and a half a move",
      offered: { "2": true, "3": true },
    },
    {
      name: "expert",
      description: "searches for about three seconds a move, four cores growing one tree",
      offered: { "2": true, "3": false },
    },
  ],
} as unknown as GameInfo;

const option = (sel: HTMLSelectElement, value: string) => [...sel.options].find((o) => o.value === value)!;

describe("a seat's choice of computer level", () => {
  it("offers every level where the server does", () => {
    const sel = seatKindSelect(game, 2, 1);
    expect([...sel.options].map((o) => o.value)).toEqual([
      "human",
      "open",
      "computer:easy",
      "computer:medium",
      "computer:hard",
      "computer:expert",
    ]);
    expect([...sel.options].some((o) => o.disabled)).toBe(false);
    expect(sel.value).toBe(seatStart(game, 1));
    expect(sel.value).toBe("computer:medium");
  });
  it("lists a level not offered at the count disabled, its text saying why", () => {
    const sel = seatKindSelect(game, 3, 2);
    const expert = option(sel, "computer:expert");
    expect(expert.disabled).toBe(true);
    expect(expert.textContent).toBe(
      "Computer: searches for about three seconds a move, four cores growing one tree" +
        " (not offered at 3 players: not stronger than the one above in our measured games)",
    );
    expect(option(sel, "computer:hard").disabled).toBe(false);
  });
  it("keeps a choice still offered and drops one that is not", () => {
    expect(seatKindSelect(game, 2, 1, "computer:expert").value).toBe("computer:expert");
    expect(seatKindSelect(game, 3, 1, "computer:expert").value).toBe("computer:medium");
    expect(seatKindSelect(game, 3, 1, "computer:hard").value).toBe("computer:hard");
    expect(seatKindSelect(game, 3, 0, "open").value).toBe("open");
    expect(seatKindSelect(game, 3, 0).value).toBe("human");
  });
});
