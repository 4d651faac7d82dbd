import { describe, expect, it } from "vitest";
import type { MatchSummary } from "./api";
import { matchState } from "./my-matches";

const summary = (over: Partial<MatchSummary>): MatchSummary => ({
  id: "aa",
  game: "siege",
  params: {},
  status: "running",
  seats: [
    { seat: 0, kind: "human", name: "seat 0" },
    { seat: 1, kind: "computer", name: "computer (medium)" },
  ],
  to_move: 0,
  ...over,
});
const held = [{ token: "0123456789abcdef", match: "aa", game: "siege", seat: 0, created: 0 }];

describe("whose turn Your matches says", () => {
  it("says it is your turn when a seat held here is to move", () => {
    expect(matchState(summary({}), held)).toEqual({ text: "your turn (seat 0)", mine: true });
  });
  it("says the time left on a turn-based clock when it is your turn", () => {
    const clock = {
      mode: "turn-based" as const,
      on_timeout: "loss" as const,
      per_move_ms: 3 * 86_400_000,
      remaining_ms: [86_400_000 + 2 * 3_600_000, 3 * 86_400_000],
      running: 0,
      now_ms: 0,
    };
    expect(matchState(summary({ clock }), held).text).toBe("your turn (seat 0), 1 day 2 h left");
    expect(matchState(summary({ clock: { ...clock, running: 1 }, to_move: 1 }), held).text).toBe(
      "seat 1 (computer (medium)) to move, 3 days left (yours: 1 day 2 h left)",
    );
  });
  it("shows the mover's time and yours on a real-time clock when another seat is to move", () => {
    const clock = {
      mode: "real-time" as const,
      on_timeout: "computer" as const,
      base_ms: 600_000,
      remaining_ms: [540_000, 252_000],
      running: 1,
      now_ms: 0,
    };
    const named = summary({
      clock,
      to_move: 1,
      seats: [
        { seat: 0, kind: "human", name: "seat 0" },
        { seat: 1, kind: "human", name: "seat 1", player: "Ana" },
      ],
    });
    expect(matchState(named, held)).toEqual({
      text: "seat 1 (Ana) to move, 4:12 on its clock (yours: 9:00)",
      mine: false,
    });
    // Before the first move no clock runs: nothing of it.
    expect(matchState(summary({ clock: { ...clock, running: null }, to_move: 1 }), held).text).toBe(
      "seat 1 (computer (medium)) to move",
    );
  });
  it("names the seat to move otherwise", () => {
    expect(matchState(summary({ to_move: 1 }), held)).toEqual({
      text: "seat 1 (computer (medium)) to move",
      mine: false,
    });
  });
  it("says when the match waits for players, is over, is gone or was not looked up", () => {
    expect(matchState(summary({ status: "open" }), held).text).toBe(
      "waiting for players to take their seats",
    );
    expect(matchState(summary({ status: "finished", to_move: null }), held).text).toBe("finished");
    expect(matchState(null, held).text).toBe("no longer on this server");
    expect(matchState(undefined, held).text).toBe("not looked up");
  });
});
