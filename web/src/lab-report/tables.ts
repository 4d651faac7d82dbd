// The report's tables: a generic table builder and each table of the report, every figure taken
// from the lab's JSON as it is (only formatted here).
import { h } from "../dom";
import { isCategory, pct, range, readable, short, signed } from "./format";
import type { Comparison, Condition, Distribution, LabSummary, Paired, Quality } from "./types";

/** A cell: its text, or the text with a class (e.g. "flag"), a tooltip or a column span. */
export type Cell = string | { text: string | Node; cls?: string; title?: string; colspan?: number };

/** A table with one header row and `rows`; the first column is the row's name. */
export function table(head: string[], rows: Cell[][], cls?: string): HTMLTableElement {
  const cell = (tag: "td" | "th", c: Cell) =>
    typeof c === "string"
      ? h(tag, {}, c)
      : h(tag, { class: c.cls, title: c.title, colspan: c.colspan }, c.text);
  return h(
    "table",
    { class: cls },
    h("tr", {}, ...head.map((t) => cell("th", t))),
    ...rows.map((r) => h("tr", {}, ...r.map((c) => cell("td", c)))),
  );
}

/** Each seat: sole wins, decisive share with its interval, win rate, mean return, the flag. */
export function seatTable(c: Condition): HTMLTableElement {
  const fair = 1 / c.players;
  return table(
    ["seat", "wins", "decisive share", "95% interval", "win rate (of all games)", "mean return", ""],
    c.seats.map((s) => [
      `seat ${s.seat}`,
      String(s.wins),
      c.decisive > 0 ? pct(s.share_of_decisive) : "—",
      c.decisive > 0 ? range(pct(s.share_95[0]), pct(s.share_95[1])) : "— (no decisive game)",
      c.games ? pct(s.win_rate) : "—",
      signed(s.mean_return, 3),
      s.advantage_flagged ? { text: s.share_95[0] > fair ? "advantage" : "disadvantage", cls: "flag" } : "",
    ]),
  );
}

/** Each agent over all seats (rotated runs): sole wins, decisive share, interval, mean return. */
export function agentTable(c: Condition): HTMLTableElement {
  const fair = 1 / c.players;
  return table(
    ["agent", "wins", "decisive share", "95% interval", "mean return"],
    c.slots.map((s) => [
      `agent ${s.slot} ${s.agent}`,
      String(s.wins),
      pct(s.share_of_decisive),
      {
        text: range(pct(s.share_95[0]), pct(s.share_95[1])),
        cls: s.share_95[0] > fair || s.share_95[1] < fair ? "flag" : undefined,
      },
      signed(s.mean_return, 3),
    ]),
  );
}

/** The game's length in plies (and rounds, when the game counts them) and seconds. */
export function lengthTable(c: Condition): HTMLTableElement {
  const row = (name: string, d: Distribution, f: (x: number) => string): Cell[] => [
    name,
    f(d.mean),
    f(d.median),
    range(f(d.q1), f(d.q3)),
    f(d.max),
  ];
  const one = (x: number) => x.toFixed(1);
  const rows = [row("plies", c.plies, one)];
  if (c.rounds) rows.push(row("rounds", c.rounds, one));
  rows.push(row("seconds", c.seconds, (x) => String(Number(x.toPrecision(4)))));
  return table(["", "mean", "median", "quartiles", "max"], rows);
}

/**
 * The figures the game exports besides "capped" and "rounds": a category (or a figure with few
 * values) as its share per value, any other as its distribution. Null when there are none.
 */
export function figuresTable(
  c: Condition,
  counts: Record<string, [number, number][]>,
): HTMLTableElement | null {
  const names = Object.keys(c.figures).filter((n) => n !== "capped" && n !== "rounds");
  if (names.length === 0) return null;
  return table(
    ["figure", "games", "mean", "median", "quartiles", "max", "share per value"],
    names.map((name) => {
      const d = c.figures[name];
      const values = counts[name] ?? [];
      const category = isCategory(name);
      const shares =
        category || values.length <= 6
          ? values.map(([v, n]) => `${short(v)}: ${pct(n / d.count)}`).join(", ")
          : `non-zero ${pct(d.nonzero)}`;
      const stats: Cell[] = category
        ? [{ text: "— (a category)", colspan: 4 }]
        : [d.mean.toFixed(3), short(d.median), range(short(d.q1), short(d.q3)), short(d.max)];
      return [{ text: readable(name), title: name }, String(d.count), ...stats, shares];
    }),
  );
}

/** The game-quality measures: value, interval (or why there is none) and what each means. */
export function qualityTable(quality: Record<string, Quality>): HTMLTableElement {
  return table(
    ["measure", "value", "95% interval", "what it means"],
    Object.values(quality).map((m) => {
      const k = m.unit === "%" || m.unit === "pts" ? 100 : 1;
      const f = (x: number) =>
        m.unit === "%"
          ? `${(k * x).toFixed(1)}%`
          : m.unit === "pts"
            ? `${signed(k * x, 1)} pts`
            : x.toFixed(2);
      const noValue = m.undefined !== undefined && m.undefined.startsWith("no");
      return [
        m.name,
        noValue ? "—" : f(m.value),
        m.undefined !== undefined || !m["95"]
          ? `— (${m.undefined ?? "undefined"})`
          : range(f(m["95"][0]), f(m["95"][1])),
        { text: m.meaning, cls: "meaning" },
      ];
    }),
    "quality",
  );
}

/** A paired difference's two cells: the difference and its interval (flagged when it excludes 0). */
export function pairedCells(d: Paired, scale: number, digits: number): Cell[] {
  const f = (x: number) => signed(scale * x, digits);
  if (d.undefined !== undefined || !d.paired_95)
    return [f(d.difference), `— (${d.undefined ?? "undefined"})`];
  const [lo, hi] = d.paired_95;
  return [f(d.difference), { text: range(f(lo), f(hi)), cls: lo > 0 || hi < 0 ? "flag" : undefined }];
}

/** The variants' paired differences: win rates, capped and draw rates; plies; figures. */
export function comparisonTables(comparisons: Comparison[]): HTMLTableElement[] {
  const rates = table(
    ["variant", "measure", "difference (pts)", "95% interval (pts)", "paired s.e.", "unpaired s.e."],
    comparisons.flatMap((p) => [
      ...p.seat_win_rate.map((s): Cell[] => [
        p.condition,
        `seat ${s.seat} win rate`,
        ...pairedCells(s.paired, 100, 1),
        (100 * s.paired_se).toFixed(2),
        (100 * s.unpaired_se).toFixed(2),
      ]),
      [p.condition, "capped rate", ...pairedCells(p.capped_rate, 100, 1), "", ""],
      [p.condition, "draw rate", ...pairedCells(p.draw_rate, 100, 1), "", ""],
    ]),
  );
  const plies = table(
    ["variant", "plies difference", "95% interval"],
    comparisons.map((p) => [p.condition, ...pairedCells(p.plies, 1, 1)]),
  );
  const figureRows = comparisons.flatMap((p) =>
    Object.entries(p.figures)
      .filter(([name]) => name !== "capped")
      .map(([name, d]): Cell[] => [
        p.condition,
        { text: readable(name), title: name },
        ...(isCategory(name) ? ["—", "— (a category: its mean means nothing)"] : pairedCells(d, 1, 3)),
      ]),
  );
  const out = [rates, plies];
  if (figureRows.length) out.push(table(["variant", "figure", "difference", "95% interval"], figureRows));
  return out;
}

/** A tournament's ratings and its win matrix (row beat column; draws count half). */
export function tournamentTables(t: NonNullable<LabSummary["tournament"]>): HTMLTableElement[] {
  const ratings = table(
    ["agent", "Elo", "95% interval"],
    t.ratings.map((r) => [r.agent, signed(r.elo, 0), range(signed(r.elo_95[0], 0), signed(r.elo_95[1], 0))]),
  );
  const matrix = table(
    ["", ...t.agents],
    t.agents.map((a, i) => [a, ...t.agents.map((_, j) => (i === j ? "–" : short(t.wins[i][j])))]),
  );
  return [ratings, matrix];
}
