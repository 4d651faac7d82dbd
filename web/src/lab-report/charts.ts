// The report's charts, as SVG: an interval chart (a dot per row with its 95% interval as a bar,
// a dashed reference line), a histogram of a distribution's exact counts, and lines over turns
// with a band of one standard deviation. Each is a <figure> holding one <svg class="chart"> whose
// <title> is the chart's title. Labels are placed apart by construction: a reference label above
// the plot, the axis ends below it, row labels left and values right of the plot.
import { h } from "../dom";
import { el } from "../svg";
import { pct, short, signed } from "./format";

/** One row of an interval chart: a label, a point estimate and its interval. */
export interface Row {
  label: string;
  value: number;
  low: number;
  high: number;
  flagged: boolean;
}

/** How an interval chart labels its values. */
export type Unit = "share" | "points" | "number";

/** The value range a chart draws; charts side by side share one so their axes agree. */
export interface Axis {
  lo: number;
  hi: number;
}

export const COLOURS = ["#1f5fa8", "#c0392b", "#2e8b57", "#8e44ad", "#d35400", "#555"];

function figure(width: number, height: number, title: string): [HTMLElement, SVGSVGElement] {
  const svg = el("svg", {
    class: "chart",
    role: "img",
    viewBox: `0 0 ${width} ${height}`,
    width,
    height,
  });
  svg.append(el("title", {}, title), el("text", { x: 4, y: 16, class: "t" }, title));
  return [h("figure", {}, svg), svg];
}

/**
 * The range covering every row's value and interval and the reference, padded by 8%; shares stay
 * within 0..100%.
 */
export function axisOf(rows: Row[], reference: number, unit: Unit): Axis {
  let lo = reference;
  let hi = reference;
  for (const r of rows) {
    if (Number.isFinite(r.low)) lo = Math.min(lo, r.low);
    if (Number.isFinite(r.high)) hi = Math.max(hi, r.high);
    lo = Math.min(lo, r.value);
    hi = Math.max(hi, r.value);
  }
  if (hi - lo < 1e-9) hi = lo + (unit === "number" ? 1 : 0.01);
  const pad = (hi - lo) * 0.08;
  lo -= pad;
  hi += pad;
  if (unit === "share") {
    lo = Math.max(lo, 0);
    hi = Math.min(hi, 1);
  }
  return { lo, hi };
}

/** The union of two ranges (`a` null: `b`). */
export function joinAxes(a: Axis | null, b: Axis): Axis {
  return a ? { lo: Math.min(a.lo, b.lo), hi: Math.max(a.hi, b.hi) } : b;
}

function unitLabel(v: number, unit: Unit): string {
  if (unit === "share") return pct(v);
  if (unit === "points") return `${signed(100 * v, 1)} pts`;
  return signed(v, 0);
}

/** Horizontal interval chart ("forest plot") of `rows` against the `reference` value. */
export function intervalChart(
  title: string,
  rows: Row[],
  reference: number,
  referenceLabel: string,
  unit: Unit,
  axis: Axis | null = null,
): HTMLElement | null {
  if (rows.length === 0) return null;
  const { lo, hi } = axis ?? axisOf(rows, reference, unit);
  const left = 230;
  const width = 420;
  const rowH = 26;
  const top = 46;
  const height = top + rowH * rows.length + 30;
  const x = (v: number) => left + ((Math.min(hi, Math.max(lo, v)) - lo) / (hi - lo)) * width;
  const [fig, svg] = figure(left + width + 90, height, title);
  const rx = x(reference);
  svg.append(
    el("line", { x1: rx, y1: top - 6, x2: rx, y2: height - 26, class: "ref" }),
    el("text", { x: rx, y: top - 10, class: "axis", "text-anchor": "middle" }, referenceLabel),
    el("text", { x: left, y: height - 8, class: "axis" }, unitLabel(lo, unit)),
    el("text", { x: left + width, y: height - 8, class: "axis", "text-anchor": "end" }, unitLabel(hi, unit)),
  );
  rows.forEach((r, i) => {
    const y = top + i * rowH + rowH / 2;
    const a = Number.isFinite(r.low) ? x(r.low) : left;
    const b = Number.isFinite(r.high) ? x(r.high) : left + width;
    svg.append(
      el("text", { x: left - 8, y: y + 4, "text-anchor": "end", class: "lab" }, r.label),
      el("rect", {
        x: a,
        y: y - 4,
        width: Math.max(1, b - a),
        height: 8,
        class: r.flagged ? "ci flag" : "ci",
      }),
      el("circle", { cx: x(r.value), cy: y, r: 5, class: "pt" }),
      el("text", { x: left + width + 8, y: y + 4, class: "lab" }, unitLabel(r.value, unit)),
    );
  });
  return fig;
}

/**
 * Histogram of exact counts ([value, games]) over [lo, hi] (side-by-side charts pass the same
 * range) in at most 24 bars; ticks at the ends and three between, integers rounded.
 */
export function histogram(
  title: string,
  counts: [number, number][],
  lo: number,
  hi: number,
): HTMLElement | null {
  if (counts.length === 0) return null;
  const integers = counts.every(([v]) => Number.isInteger(v));
  const extra = integers ? 1 : 0;
  let w = (hi - lo + extra) / 24;
  if (integers) w = Math.max(1, Math.ceil(w));
  if (!(w > 0)) w = 1;
  const bins = new Array<number>(Math.max(1, Math.ceil((hi - lo + extra) / w))).fill(0);
  for (const [v, n] of counts) bins[Math.min(bins.length - 1, Math.max(0, Math.floor((v - lo) / w)))] += n;
  const most = Math.max(1, ...bins);
  const left = 50;
  const width = 560;
  const height = 180;
  const top = 28;
  const bottom = 24;
  const span = bins.length * w;
  const x = (v: number) => left + ((v - lo) / span) * width;
  const bw = width / bins.length;
  const [fig, svg] = figure(left + width + 30, top + height + bottom, title);
  bins.forEach((n, i) => {
    const bh = (n / most) * height;
    const a = lo + i * w;
    const b = a + w - extra;
    const rect = el("rect", {
      class: "bar",
      x: left + i * bw + 1,
      y: top + height - bh,
      width: Math.max(1, bw - 2),
      height: bh,
    });
    rect.append(el("title", {}, `${short(a)}${integers ? "–" : " to "}${short(b)}: ${n} games`));
    svg.append(rect);
  });
  const half = integers ? 0.5 : 0;
  let previous = -Infinity;
  for (let k = 0; k <= 4; k++) {
    let v = lo + ((hi - lo) * k) / 4;
    if (integers) v = Math.round(v);
    if (v <= previous) continue;
    previous = v;
    const tx = x(v + half);
    const anchor = k === 0 ? "start" : k === 4 ? "end" : "middle";
    svg.append(
      el("line", { x1: tx, y1: top + height, x2: tx, y2: top + height + 4, class: "tick" }),
      el("text", { x: tx, y: top + height + 16, class: "axis", "text-anchor": anchor }, short(v)),
    );
  }
  svg.append(el("text", { x: left - 6, y: top + 8, class: "axis", "text-anchor": "end" }, String(most)));
  return fig;
}

/** One line of a line chart: its key label and, per turn, the mean and standard deviation. */
export interface Line {
  label: string;
  mean: number[];
  sd: number[];
}

/**
 * Lines over turns, each with a shaded band (mean ± one standard deviation), a key on the right;
 * never below 0 when every mean is a count. Null with fewer than two turns.
 */
export function lineChart(title: string, lines: Line[], xLabel: string): HTMLElement | null {
  if (lines.length === 0 || lines[0].mean.length < 2) return null;
  let lo = Infinity;
  let hi = -Infinity;
  for (const l of lines)
    l.mean.forEach((m, t) => {
      lo = Math.min(lo, m - l.sd[t]);
      hi = Math.max(hi, m + l.sd[t]);
    });
  if (lines.every((l) => l.mean.every((m) => m >= 0))) lo = Math.max(lo, 0);
  if (hi - lo < 1e-9) hi = lo + 1;
  const left = 60;
  const width = 520;
  const height = 180;
  const top = 30;
  const bottom = 30;
  const key = 150;
  const turns = lines[0].mean.length - 1;
  const x = (t: number) => left + (t / turns) * width;
  const y = (v: number) => top + ((hi - Math.min(hi, Math.max(lo, v))) / (hi - lo)) * height;
  const [fig, svg] = figure(left + width + key, top + height + bottom, title);
  lines.forEach((l, i) => {
    const colour = COLOURS[i % COLOURS.length];
    const upper = l.mean.map((m, t) => `${t ? "L" : "M"}${x(t)},${y(m + l.sd[t])}`).join("");
    const lower = l.mean
      .map((m, t) => `L${x(t)},${y(m - l.sd[t])}`)
      .reverse()
      .join("");
    svg.append(
      el("path", { fill: colour, "fill-opacity": 0.12, d: `${upper}${lower}Z` }),
      el("path", {
        fill: "none",
        stroke: colour,
        "stroke-width": 2,
        d: l.mean.map((m, t) => `${t ? "L" : "M"}${x(t)},${y(m)}`).join(""),
      }),
      el("text", { x: left + width + 10, y: top + 12 + 16 * i, fill: colour, class: "lab" }, l.label),
    );
  });
  svg.append(
    el(
      "text",
      { x: left - 6, y: top + 4, class: "axis", "text-anchor": "end" },
      String(Number(hi.toPrecision(2))),
    ),
    el(
      "text",
      { x: left - 6, y: top + height, class: "axis", "text-anchor": "end" },
      String(Number(lo.toPrecision(2))),
    ),
    el("text", { x: left, y: top + height + 16, class: "axis" }, "0"),
    el("text", { x: left + width / 2, y: top + height + 16, class: "axis", "text-anchor": "middle" }, xLabel),
    el("text", { x: left + width, y: top + height + 16, class: "axis", "text-anchor": "end" }, String(turns)),
  );
  return fig;
}
