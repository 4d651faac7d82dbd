// @vitest-environment jsdom
import { describe, expect, it } from "vitest";
import { QUIET, qrModules, qrSvg } from "./qr";

const LINK = "http://192.168.1.20:8080/match/3f9a0c1d2e4b5a69?seat=1#token=9c0123456789abcdef0123456789abe1";

// A finder pattern: a 7×7 dark ring, a light ring inside it, a dark 3×3 centre.
function finderAt(m: boolean[][], top: number, left: number): boolean {
  for (let r = 0; r < 7; r++)
    for (let c = 0; c < 7; c++) {
      const ring = Math.max(Math.abs(r - 3), Math.abs(c - 3));
      if (m[top + r][left + c] !== (ring !== 2)) return false;
    }
  return true;
}

describe("qr", () => {
  it("draws a QR code symbol: a square of 17 + 4·version modules with three finder patterns", () => {
    const m = qrModules(LINK);
    const n = m.length;
    expect(m.every((row) => row.length === n)).toBe(true);
    expect((n - 17) % 4).toBe(0);
    expect(finderAt(m, 0, 0)).toBe(true);
    expect(finderAt(m, 0, n - 7)).toBe(true);
    expect(finderAt(m, n - 7, 0)).toBe(true);
    expect(finderAt(m, n - 7, n - 7)).toBe(false);
  });
  it("codes different links differently", () => {
    expect(qrModules(LINK)).not.toEqual(qrModules(LINK.replace("seat=1", "seat=2")));
  });
  it("draws every dark module once, inside a quiet zone, with the label as its name", () => {
    const m = qrModules(LINK);
    const svg = qrSvg(LINK, "QR code of seat 1's link");
    const n = m.length + 2 * QUIET;
    expect(svg.getAttribute("viewBox")).toBe(`0 0 ${n} ${n}`);
    expect(svg.getAttribute("aria-label")).toBe("QR code of seat 1's link");
    const squares = svg
      .querySelector("path")!
      .getAttribute("d")!
      .match(/M\d+ \d+h1v1h-1z/g)!;
    expect(squares.length).toBe(m.flat().filter(Boolean).length);
    expect(squares[0]).toBe(`M${QUIET} ${QUIET}h1v1h-1z`);
  });
});
