import { describe, expect, it } from "vitest";
import { levelDetails, levelOption, offered, verdict } from "./levels";

describe("levelOption", () => {
  const hard = {
    name: "hard",
    description: "searches for about a second and a half a move",
    rating: { "2": { elo: 193, low: 16, high: 369, iterations: 8000 } },
    versus: {
      "2": {
        opponent: "medium",
        share: 0.8333,
        low: 0.7171,
        high: 0.9082,
        fair: 0.5,
        decisive: 60,
        wins: 50,
        iterations: 8000,
      },
      "4": {
        opponent: "medium",
        share: 0.5727,
        low: 0.4794,
        high: 0.6612,
        fair: 0.25,
        decisive: 110,
        wins: 63,
      },
      // 51 of 101 is 50.495%: the file's 0.505 would round again to 51%.
      "5": {
        opponent: "medium",
        share: 51 / 101,
        low: 0.4079,
        high: 0.6014,
        fair: 0.5,
        decisive: 101,
        wins: 51,
      },
    },
  };
  const medium = { name: "medium", description: "looks one move ahead with the game's own estimate" };
  it("names a level by what it does, never by a rank", () => {
    expect(levelOption(hard, 2, medium)).toBe("Computer: searches for about a second and a half a move");
    expect(levelOption({ name: "easy", description: "plays a random legal move" }, 2)).toBe(
      "Computer: plays a random legal move",
    );
  });
  it("says so on a level measured and not found stronger than the one above", () => {
    // 50% of 101 against an even 50%: the interval holds the even share.
    expect(verdict(hard, 5)).toBe("not stronger");
    expect(levelOption(hard, 5, medium)).toBe(
      "Computer: searches for about a second and a half a move (not measured stronger than the one above)",
    );
    expect(verdict(hard, 4)).toBe("stronger");
    expect(verdict(hard, 3)).toBe("not measured");
    expect(levelOption(hard, 3, medium)).toBe("Computer: searches for about a second and a half a move");
  });
  it("gives the rating and the share against the level above in separate sentences", () => {
    expect(levelDetails(hard, 2, medium)).toEqual([
      "Rated +193 (95% +16 to +369) in a round robin of every level, searching 8,000 iterations a move.",
      "Won 83% of 60 decided games against seats all played by the level that looks one move ahead" +
        " with the game's own estimate" +
        " (95% 72% to 91%; an even share is 50%), searching 8,000 iterations a move.",
      "Measured stronger than the level above.",
    ]);
  });
  it("gives the share the server sends", () => {
    expect(levelDetails(hard, 5, medium)[0]).toMatch(/^Won 50% of 101 decided games/);
  });
  it("names the budgets of a search measured against a search", () => {
    const expert = {
      name: "expert",
      description: "searches for about three seconds a move, four cores growing one tree",
      versus: {
        "2": {
          opponent: "hard",
          share: 1,
          low: 0.862,
          high: 1,
          fair: 0.5,
          decisive: 24,
          wins: 24,
          iterations: 64000,
          opponent_iterations: 8000,
        },
        "3": {
          opponent: "hard",
          share: null,
          low: 0,
          high: 1,
          fair: 0.3333,
          decisive: 0,
          wins: 0,
          iterations: 800,
          opponent_iterations: 100,
        },
      },
    };
    expect(levelDetails(expert, 2, hard)[0]).toBe(
      "Won 100% of 24 decided games against seats all played by the level that searches for about a second and a half a move" +
        " (95% 86% to 100%; an even share is 50%), searching 64,000 iterations a move against 8,000.",
    );
    expect(levelDetails(expert, 3, hard)).toEqual([
      "No game against seats all played by the level that searches for about a second and a half a move decided yet," +
        " searching 800 iterations a move against 100.",
      "Not measured against the level above at this player count.",
    ]);
  });
  it("says where the game's tuned budget stops the timed search, at that count only", () => {
    const held = {
      name: "hard",
      description: "searches for about a second and a half a move",
      stops_at: { "4": 5000, "5": 5000 },
    };
    const expert = {
      name: "expert",
      description: "searches for about three seconds a move, four cores growing one tree",
      stops_at: { "4": 5000, "5": 5000 },
    };
    expect(levelDetails(expert, 4, held)).toEqual([
      "Stops at 5,000 iterations a move at this player count, where more search played worse:" +
        " the same search as the level above.",
      "Not measured against the level above at this player count.",
    ]);
    expect(levelDetails(held, 3)).toEqual(["Not measured yet at this player count."]);
  });
  it("disables a level the server does not offer at the count, saying why in words", () => {
    const hard = { name: "hard", description: "searches for about a second and a half a move" };
    // 1 of 1 decided game: its interval is over the fair fifth, the exact test does not agree.
    const expert = {
      name: "expert",
      description: "searches for about three seconds a move, four cores growing one tree",
      offered: { "2": true, "5": false },
      versus: {
        "5": { opponent: "hard", share: 1, low: 0.2065, high: 1, fair: 0.2, decisive: 1, wins: 1 },
      },
    };
    expect(offered(expert, 2)).toBe(true);
    expect(offered(expert, 5)).toBe(false);
    expect(offered(hard, 5)).toBe(true); // a server that does not say offers every level
    expect(verdict(expert, 5)).toBe("not stronger");
    expect(levelOption(expert, 5, hard)).toBe(
      "Computer: searches for about three seconds a move, four cores growing one tree" +
        " (not offered at 5 players: not stronger than the one above in our measured games)",
    );
    expect(levelOption(expert, 2, hard)).toBe(
      "Computer: searches for about three seconds a move, four cores growing one tree",
    );
    expect(levelDetails(expert, 5, hard).slice(-2)).toEqual([
      "Not measured stronger than the level above.",
      "Not offered at 5 players.",
    ]);
  });
});
