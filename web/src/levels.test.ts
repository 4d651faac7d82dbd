import { describe, expect, it } from "vitest";
import { levelOption } from "./levels";

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
        share: 0.505,
        low: 0.4079,
        high: 0.6014,
        fair: 0.5,
        decisive: 101,
        wins: 51,
      },
    },
  };
  it("gives the rating and the share against the level below where the ladder measured them", () => {
    expect(levelOption(hard, 2)).toBe(
      "Computer, hard — searches for about a second and a half a move" +
        " (rated +193, 95% 16…369, at 8,000 iterations a move)," +
        " won 83% of 60 decided games against medium (95% 72%…91%, fair 50%; at 8,000 iterations a move)",
    );
    expect(levelOption(hard, 4)).toBe(
      "Computer, hard — searches for about a second and a half a move," +
        " won 57% of 110 decided games against medium (95% 48%…66%, fair 25%)",
    );
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
      },
    };
    expect(levelOption(expert, 2)).toBe(
      "Computer, expert — searches for about three seconds a move, four cores growing one tree," +
        " won 100% of 24 decided games against hard (95% 86%…100%, fair 50%;" +
        " at 64,000 iterations a move against 8,000)",
    );
  });
  it("says so where no game of the measure was decided", () => {
    const expert = {
      name: "expert",
      description: "searches for about three seconds a move, four cores growing one tree",
      versus: {
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
    expect(levelOption(expert, 3)).toBe(
      "Computer, expert — searches for about three seconds a move, four cores growing one tree," +
        " no game against hard decided yet (fair share 33%; at 800 iterations a move against 100)",
    );
  });
  it("says where the game's tuned budget stops the timed search, at that count only", () => {
    const held = {
      name: "hard",
      description: "searches for about a second and a half a move",
      stops_at: { "4": 5000, "5": 5000 },
      rating: { "5": { elo: 125, low: 16, high: 235, iterations: 5000 } },
    };
    expect(levelOption(held, 5)).toBe(
      "Computer, hard — searches for about a second and a half a move," +
        " stopping at 5,000 iterations (more search played worse at this player count)" +
        " (rated +125, 95% 16…235, at 5,000 iterations a move)",
    );
    expect(levelOption(held, 3)).toBe("Computer, hard — searches for about a second and a half a move");
    const expert = {
      name: "expert",
      description: "searches for about three seconds a move, four cores growing one tree",
      stops_at: { "4": 5000, "5": 5000 },
    };
    expect(levelOption(expert, 4, held)).toBe(
      "Computer, expert — searches for about three seconds a move, four cores growing one tree," +
        " stopping at 5,000 iterations as hard does (more search played worse at this player count)",
    );
  });
  it("gives the share from the counts, not from the server's rounded share", () => {
    expect(levelOption(hard, 5)).toBe(
      "Computer, hard — searches for about a second and a half a move," +
        " won 50% of 101 decided games against medium (95% 41%…60%, fair 50%)",
    );
  });
  it("gives the description alone at a count the ladder did not measure", () => {
    expect(levelOption(hard, 3)).toBe("Computer, hard — searches for about a second and a half a move");
    expect(levelOption({ name: "easy", description: "plays a random legal move" }, 2)).toBe(
      "Computer, easy — plays a random legal move",
    );
  });
});
