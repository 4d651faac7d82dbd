import { describe, expect, it } from "vitest";
import { formatReturn, resultLines } from "./result";

describe("formatReturn", () => {
  it("writes whole numbers and small fractions, never a long decimal", () => {
    expect(formatReturn(1)).toBe("+1");
    expect(formatReturn(-1)).toBe("−1");
    expect(formatReturn(0)).toBe("0");
    expect(formatReturn(-1 / 3)).toBe("−1/3");
    expect(formatReturn(-0.3333333333333333)).toBe("−1/3");
    expect(formatReturn(0.5)).toBe("+1/2");
    expect(formatReturn(2 / 3)).toBe("+2/3");
    expect(formatReturn(Math.PI)).toBe("+3.14");
  });
});

describe("resultLines", () => {
  const names = ["seat 0", "seat 1", "seat 2", "seat 3"];
  it("names the winner and each seat's share in words", () => {
    const r = resultLines([1, -1 / 3, -1 / 3, -1 / 3], names);
    expect(r.headline).toBe("Winner: seat 0");
    expect(r.seats).toEqual([
      "seat 0: won (+1)",
      "seat 1: lost (−1/3)",
      "seat 2: lost (−1/3)",
      "seat 3: lost (−1/3)",
    ]);
  });
  it("says a draw when every return is zero", () => {
    const r = resultLines([0, 0], names);
    expect(r.headline).toBe("No winner: a draw");
    expect(r.seats).toEqual(["seat 0: drew (0)", "seat 1: drew (0)"]);
  });
  it("names several winners", () => {
    expect(resultLines([0.5, 0.5, -0.5, -0.5], names).headline).toBe("Winners: seat 0, seat 1");
  });
});
