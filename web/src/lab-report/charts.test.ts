// The charts' labels are placed apart by construction; these check the places computed.
import { describe, expect, it } from "vitest";
import { histogram, intervalChart, lineChart, type Row } from "./charts";

/** Each <text> of `fig`'s chart: its words, x, y and anchor. */
function labels(fig: HTMLElement | null) {
  return [...fig!.querySelectorAll("svg.chart > text")].map((t) => ({
    text: t.textContent ?? "",
    x: Number(t.getAttribute("x")),
    y: Number(t.getAttribute("y")),
    anchor: t.getAttribute("text-anchor") ?? "start",
  }));
}

const rows: Row[] = [
  { label: "seat 0", value: 0.5, low: 0.48, high: 0.52, flagged: false },
  { label: "seat 1", value: 0.5, low: 0.48, high: 0.52, flagged: false },
];

describe("intervalChart", () => {
  it("puts the reference label above the rows and the axis ends below them", () => {
    const all = labels(intervalChart("shares", rows, 0.5, "fair 50.0%", "share"));
    const reference = all.find((l) => l.text === "fair 50.0%")!;
    const rowLabels = all.filter((l) => l.text.startsWith("seat"));
    const top = Math.min(...rowLabels.map((l) => l.y));
    const bottom = Math.max(...rowLabels.map((l) => l.y));
    expect(reference.y).toBeLessThan(top - 10);
    // Below the rows: the axis's two ends, one at each end of the plot.
    const ends = all.filter((l) => l.y > bottom + 10);
    expect(ends.map((l) => l.anchor)).toEqual(["start", "end"]);
    expect(ends[1].x - ends[0].x).toBe(420);
  });

  it("draws a dot and a bar per row, red where flagged", () => {
    const fig = intervalChart(
      "shares",
      [...rows, { ...rows[0], label: "seat 2", flagged: true }],
      0.5,
      "fair",
      "share",
    );
    expect(fig!.querySelectorAll("circle.pt")).toHaveLength(3);
    expect(fig!.querySelectorAll("rect.ci.flag")).toHaveLength(1);
  });

  it("draws nothing for no rows", () => {
    expect(intervalChart("none", [], 0.5, "fair", "share")).toBeNull();
  });
});

describe("histogram", () => {
  it("counts every game in one bar and ends its ticks at the largest value", () => {
    const counts: [number, number][] = [
      [100, 1],
      [110, 2],
      [120, 1],
      [130, 1],
    ];
    const fig = histogram("plies", counts, 100, 130);
    const bars = [...fig!.querySelectorAll("rect.bar title")].map((t) => t.textContent ?? "");
    const games = bars.reduce((sum, t) => sum + Number(t.match(/: (\d+) games/)![1]), 0);
    expect(games).toBe(5);
    const ticks = labels(fig).filter((l) => /^\d+$/.test(l.text) && l.y > 200);
    expect(ticks[ticks.length - 1].text).toBe("130");
    // Neighbouring ticks at least a label's width apart (five digits of 11 px type).
    for (let i = 1; i < ticks.length; i++) expect(ticks[i].x - ticks[i - 1].x).toBeGreaterThan(35);
  });
});

describe("lineChart", () => {
  it("draws a band and a line per series with its key, one key line apart", () => {
    const fig = lineChart(
      "estimate",
      [
        { label: "seat 0", mean: [0, 0.2, 0.4], sd: [0.1, 0.1, 0.1] },
        { label: "seat 1", mean: [0, -0.2, -0.4], sd: [0.1, 0.1, 0.1] },
      ],
      "turn",
    );
    expect(fig!.querySelectorAll("path")).toHaveLength(4);
    const keys = labels(fig).filter((l) => l.text.startsWith("seat"));
    expect(keys[1].y - keys[0].y).toBeGreaterThanOrEqual(14);
  });

  it("needs two turns", () => {
    expect(lineChart("short", [{ label: "seat 0", mean: [1], sd: [0] }], "turn")).toBeNull();
  });
});
