import { describe, expect, it } from "vitest";
import { MovePicker, placeSteps, type LegalMove } from "./picker";
import shared from "./picker-cases.json";

const swap = (a: string, b: string): LegalMove => ({ move: `${a}#${b}`, places: [a, b], steps: [2] });

interface SharedClick {
  place: string;
  result: "chosen" | "narrowed" | "ignored";
  move?: string;
  why?: string;
  picked: string[];
  lit?: string[];
  left?: string[];
  complete?: string[];
}

// The cases the core's rule (src/core/picker.h) passes too: both pickers follow one rule.
describe("MovePicker on the shared cases of the picking rule", () => {
  for (const c of shared.cases) {
    it(c.name, () => {
      const p = new MovePicker(c.legal);
      expect([...p.targets()].sort()).toEqual(c.lit);
      for (const step of c.clicks as SharedClick[]) {
        const r = p.click(step.place);
        expect(r.kind, `click on ${step.place}`).toBe(step.result);
        if (r.kind === "chosen") expect(r.move.move).toBe(step.move);
        if (r.kind === "ignored") expect(r.why).toBe(step.why);
        expect(p.picked).toEqual(step.picked);
        if (!step.lit) continue;
        expect([...p.targets()].sort()).toEqual(step.lit);
        expect(p.candidates().map((m) => m.move)).toEqual(step.left);
        expect(p.complete().map((m) => m.move)).toEqual(step.complete);
      }
    });
  }
});

describe("MovePicker", () => {
  it("lights the first places of every move before any click", () => {
    const p = new MovePicker([swap("d3", "e3"), swap("d3", "d4"), swap("a1", "f4")]);
    expect([...p.targets()].sort()).toEqual(["a1", "d3", "d4", "e3", "f4"]);
    const q = new MovePicker([
      { move: "3:c3-c5", places: ["c3", "c5"], steps: [1, 1] },
      { move: "2:e4-e6", places: ["e4", "e6"], steps: [1, 1] },
    ]);
    expect([...q.targets()].sort()).toEqual(["c3", "e4"]);
    expect(p.buttons()).toEqual([]);
  });

  it("narrows by prefix and chooses the move once one remains", () => {
    const p = new MovePicker([swap("d3", "e3"), swap("d3", "d4"), swap("a1", "f4")]);
    expect(p.click("d3")).toEqual({ kind: "narrowed", remaining: 2 });
    expect([...p.targets()].sort()).toEqual(["d4", "e3"]);
    const r = p.click("e3");
    expect(r.kind).toBe("chosen");
    if (r.kind === "chosen") expect(r.move.move).toBe("d3#e3");
    expect(p.picked).toEqual([]);
  });

  it("chooses at once when the first click already leaves one move", () => {
    const p = new MovePicker([swap("d3", "e3"), swap("a1", "f4")]);
    const r = p.click("a1");
    expect(r.kind === "chosen" && r.move.move).toBe("a1#f4");
  });

  it("offers moves without places as buttons and ignores clicks on other places", () => {
    const p = new MovePicker([{ move: "end", places: [] }, swap("c3", "c5")]);
    expect(p.buttons().map((m) => m.move)).toEqual(["end"]);
    expect(p.click("h8")).toEqual({ kind: "ignored", why: "no-move" });
  });

  it("offers moves sharing all their places as buttons (two dice, same squares)", () => {
    const p = new MovePicker([
      { move: "3:c3-c5", places: ["c3", "c5"] },
      { move: "5:c3-c5", places: ["c3", "c5"] },
      { move: "5:c3-c5xd5", places: ["c3", "c5", "d5"] },
    ]);
    p.click("c3");
    expect(p.click("c5")).toEqual({ kind: "narrowed", remaining: 3 });
    expect(p.buttons().map((m) => m.move)).toEqual(["3:c3-c5", "5:c3-c5"]);
    expect([...p.targets()]).toEqual(["d5"]);
    const r = p.click("d5");
    expect(r.kind === "chosen" && r.move.move).toBe("5:c3-c5xd5");
  });

  it("takes back the last click and restarts on a new first place", () => {
    const p = new MovePicker([swap("d3", "e3"), swap("d3", "d4"), swap("a1", "f4"), swap("a1", "b1")]);
    p.click("d3");
    expect(p.click("d3")).toEqual({ kind: "narrowed", remaining: 4 });
    expect(p.picked).toEqual([]);
    p.click("d3");
    expect(p.click("a1")).toEqual({ kind: "narrowed", remaining: 2 });
    expect(p.picked).toEqual(["a1"]);
  });

  it("makes a swap from either of its squares, and lights both before any click", () => {
    const p = new MovePicker([swap("d3", "e3"), swap("e3", "f3"), swap("e3", "e4"), swap("d3", "d4")]);
    expect([...p.targets()].sort()).toEqual(["d3", "d4", "e3", "e4", "f3"]);
    expect(p.click("e3")).toEqual({ kind: "narrowed", remaining: 3 });
    expect([...p.targets()].sort()).toEqual(["d3", "e4", "f3"]);
    const r = p.click("d3");
    expect(r.kind === "chosen" && r.move.move).toBe("d3#e3");
    // The highest square of a swap starts it too.
    expect(p.click("f3")).toEqual({ kind: "chosen", move: swap("e3", "f3") });
  });

  it("says why an unlit click does nothing", () => {
    const p = new MovePicker([
      { move: "3:c3-c5", places: ["c3", "c5"], steps: [1, 1] },
      { move: "3:c3-b3", places: ["c3", "b3"], steps: [1, 1] },
    ]);
    expect(p.click("c5")).toEqual({ kind: "ignored", why: "not-next" });
    expect(p.click("h8")).toEqual({ kind: "ignored", why: "no-move" });
    p.click("c3");
    expect(p.click("h8")).toEqual({ kind: "ignored", why: "no-move" });
    expect(p.picked).toEqual(["c3"]);
  });

  it("reads the steps of a move, one place a step without them", () => {
    expect(placeSteps({ move: "x", places: ["@1", "seat 1", "seat 2"], steps: [1, 2] })).toEqual([
      ["@1"],
      ["seat 1", "seat 2"],
    ]);
    expect(placeSteps({ move: "x", places: ["c3", "c5"] })).toEqual([["c3"], ["c5"]]);
    expect(placeSteps({ move: "x", places: [] })).toEqual([]);
  });

  it("finds a typed move without regard to case or spaces", () => {
    const p = new MovePicker([{ move: "3:c3-c5xd5", places: [] }]);
    expect(p.find(" 3:C3-c5 xD5")?.move).toBe("3:c3-c5xd5");
    expect(p.find("4:c3-c5")).toBeUndefined();
  });
});
