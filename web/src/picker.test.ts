import { describe, expect, it } from "vitest";
import { MovePicker, type LegalMove } from "./picker";

const swap = (a: string, b: string): LegalMove => ({ move: `${a}#${b}`, places: [a, b] });

describe("MovePicker", () => {
  it("lights the first places of every move before any click", () => {
    const p = new MovePicker([swap("d3", "e3"), swap("d3", "d4"), swap("a1", "f4")]);
    expect([...p.targets()].sort()).toEqual(["a1", "d3"]);
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
    expect(p.click("h8")).toEqual({ kind: "ignored" });
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

  it("chooses a move whose places were clicked in another order", () => {
    const p = new MovePicker([swap("d3", "e3"), swap("e3", "f3"), swap("e3", "e4"), swap("d3", "d4")]);
    expect(p.click("e3")).toEqual({ kind: "narrowed", remaining: 2 });
    const r = p.click("d3");
    expect(r.kind === "chosen" && r.move.move).toBe("d3#e3");
    // A place that completes no move in any order starts a new selection as before.
    p.click("e3");
    expect(p.click("d4")).toEqual({ kind: "ignored" });
    expect(p.click("d3")).toEqual({ kind: "chosen", move: { move: "d3#e3", places: ["d3", "e3"] } });
  });

  it("finds a typed move without regard to case or spaces", () => {
    const p = new MovePicker([{ move: "3:c3-c5xd5", places: [] }]);
    expect(p.find(" 3:C3-c5 xD5")?.move).toBe("3:c3-c5xd5");
    expect(p.find("4:c3-c5")).toBeUndefined();
  });
});
