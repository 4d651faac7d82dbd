import { describe, expect, it } from "vitest";
import { completeState, type StateMsg, type View } from "./protocol";

const view = (seat: number, log: string[], log_from?: number): View => ({
  seat,
  observation: {},
  log,
  legal: [],
  ...(log_from === undefined ? {} : { log_from }),
});

const state = (seq: number, views: View[], board_places?: string[]): StateMsg => ({
  type: "state",
  seq,
  match: {
    id: "m",
    game: "g",
    params: {},
    status: "running",
    seats: [],
    ...(board_places ? { board_places } : {}),
  },
  to_move: 0,
  views,
  result: null,
  thinking: null,
});

describe("completeState", () => {
  it("takes a first state whole and appends the lines of the next ones", () => {
    const first = completeState(null, state(0, [view(-1, ["dealt"], 0)], ["a1", "b1"]))!;
    expect(first.views[0].log).toEqual(["dealt"]);
    const second = completeState(first, state(1, [view(-1, ["seat 0 moved"], 1)]))!;
    expect(second.views[0].log).toEqual(["dealt", "seat 0 moved"]);
    expect(second.match.board_places).toEqual(["a1", "b1"]);
    const third = completeState(second, state(2, [view(-1, [], 2)]))!;
    expect(third.views[0].log).toEqual(["dealt", "seat 0 moved"]);
  });

  it("keeps each held seat's log apart", () => {
    const first = completeState(null, state(0, [view(0, ["a"], 0), view(1, ["b", "secret of 1"], 0)]))!;
    const next = completeState(first, state(1, [view(0, ["c"], 1), view(1, ["c"], 2)]))!;
    expect(next.views.map((v) => v.log)).toEqual([
      ["a", "c"],
      ["b", "secret of 1", "c"],
    ]);
  });

  it("starts again from a whole log (after an undo) and cuts at log_from", () => {
    const first = completeState(null, state(0, [view(-1, ["x", "y", "z"], 0)]))!;
    expect(completeState(first, state(1, [view(-1, ["x"], 0)]))!.views[0].log).toEqual(["x"]);
    expect(completeState(first, state(1, [view(-1, ["w"], 2)]))!.views[0].log).toEqual(["x", "y", "w"]);
  });

  it("answers null when a state was missed, so the client asks for a whole one", () => {
    const first = completeState(null, state(0, [view(-1, ["x"], 0)]))!;
    expect(completeState(first, state(3, [view(-1, ["late"], 4)]))).toBeNull();
    expect(completeState(null, state(3, [view(-1, ["late"], 4)]))).toBeNull();
  });

  it("starts a long log afresh at log_from on log_reset, then appends to it", () => {
    const first = completeState(null, {
      ...state(0, [{ ...view(-1, ["l500", "l501"], 500), log_reset: true }]),
    })!;
    expect(first.views[0].log).toEqual(["l500", "l501"]);
    expect(first.views[0].log_base).toBe(500);
    const next = completeState(first, state(1, [view(-1, ["l502"], 502)]))!;
    expect(next.views[0].log).toEqual(["l500", "l501", "l502"]);
    expect(next.views[0].log_base).toBe(500);
    // A cut within what is held; one before it, or past it, is a missed state.
    expect(completeState(next, state(2, [view(-1, ["x"], 501)]))!.views[0].log).toEqual(["l500", "x"]);
    expect(completeState(next, state(2, [view(-1, ["x"], 499)]))).toBeNull();
    expect(completeState(next, state(2, [view(-1, ["x"], 504)]))).toBeNull();
    // At the end the views start again (the record's log).
    const end = completeState(next, state(3, [{ ...view(-1, ["r900"], 900), log_reset: true }]))!;
    expect(end.views[0].log).toEqual(["r900"]);
    expect(end.views[0].log_base).toBe(900);
  });

  it("reads a state from an older server (no log_from) as whole", () => {
    const first = completeState(null, state(0, [view(-1, ["x"])]))!;
    expect(completeState(first, state(1, [view(-1, ["x", "y"])]))!.views[0].log).toEqual(["x", "y"]);
  });
});
