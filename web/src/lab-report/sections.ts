// The report's sections after its head (head.ts): one section per condition, then the variant
// differences, the tournament and the skill trace when the run has them.
import { h } from "../dom";
import { axisOf, histogram, intervalChart, joinAxes, type Axis, type Row } from "./charts";
import { pct, range } from "./format";
import {
  agentTable,
  comparisonTables,
  figuresTable,
  lengthTable,
  qualityTable,
  seatTable,
  tournamentTables,
} from "./tables";
import { trajectories } from "./trajectories";
import type { Condition, ConditionExtras, LabSummary } from "./types";

/** Each seat's decisive share with its interval, flagged where it excludes the fair share. */
export function seatRows(c: Condition): Row[] {
  return c.seats.map((s) => ({
    label: `seat ${s.seat}`,
    value: s.share_of_decisive,
    low: s.share_95[0],
    high: s.share_95[1],
    flagged: s.advantage_flagged,
  }));
}

/** Each agent's decisive share over all seats with its interval. */
export function agentRows(c: Condition): Row[] {
  const fair = 1 / c.players;
  return c.slots.map((s) => ({
    label: `agent ${s.slot} ${s.agent}`,
    value: s.share_of_decisive,
    low: s.share_95[0],
    high: s.share_95[1],
    flagged: c.decisive > 0 && (s.share_95[0] > fair || s.share_95[1] < fair),
  }));
}

/** The axes conditions side by side share: the seat and agent shares, and the plies histogram. */
export interface SharedAxes {
  share: Axis | null;
  plies: Axis | null;
}

export function sharedAxes(conditions: Condition[]): SharedAxes {
  let share: Axis | null = null;
  let plies: Axis | null = null;
  for (const c of conditions) {
    if (c.plies.count) plies = joinAxes(plies, { lo: c.plies.min, hi: c.plies.max });
    if (c.decisive === 0) continue;
    share = joinAxes(share, axisOf(seatRows(c), 1 / c.players, "share"));
    if (c.rotations > 1) share = joinAxes(share, axisOf(agentRows(c), 1 / c.players, "share"));
  }
  return { share, plies };
}

/** The outlier links: each opens its replay in the page and is the record file for `tabletop replay`. */
function outlierLinks(extras: ConditionExtras): HTMLElement | null {
  if (extras.outliers.length === 0) return null;
  const parts: (string | Node)[] = [
    "Outliers (a click replays the game here; each link is also a record for ",
    h("code", {}, "tabletop replay FILE"),
    "): ",
  ];
  extras.outliers.forEach((o, i) => {
    if (i) parts.push(", ");
    parts.push(h("a", { href: o.record, "data-replay": o.replay }, o.link), o.detail);
  });
  parts.push(".");
  return h("p", { class: "outliers" }, ...parts);
}

/** The condition's counts line, with the design effect and the unrotated-agents warning. */
function countsLine(c: Condition, extras: ConditionExtras): HTMLElement {
  const rate = (n: number) => pct(c.games ? n / c.games : 0);
  const ci = c.capped_rate["95"];
  const p = h(
    "p",
    {},
    `${c.games} games: ${c.decisive} decisive, ${c.draws} draws, ${c.shared_wins} shared wins, ${c.capped} capped by ` +
      `the engine (capped rate ${rate(c.capped)}${ci ? `, 95% ${range(pct(ci[0]), pct(ci[1]))}` : ""}; draw rate ` +
      `${rate(c.draws)}).`,
  );
  if (extras.design_effect > 1.005)
    p.append(
      ` Intervals take the deal as the unit: design effect up to ${extras.design_effect.toFixed(2)}, as if ` +
        `${(100 / extras.design_effect).toFixed(0)}% of the games were independent.`,
    );
  if (c.rotations === 1 && new Set(c.agents).size > 1)
    p.append(
      " ",
      h(
        "span",
        { class: "flag" },
        "The agents differ and seats were not rotated: seat rates mix seat and agent effects (use --rotate).",
      ),
    );
  return p;
}

/** How the quality measures were taken and on which games: every game, or those of one deal in K
 * (decisiveness, seat advantage and length spread, from the results alone, are over every game). */
function qualityNote(s: LabSummary, c: Condition): string {
  if (s.quality_every === null) return "Not measured (--no-quality).";
  const games =
    c.quality_games === c.games
      ? "every game"
      : `${c.quality_games} of the ${c.games} games, those of one deal in ${s.quality_every} (an unbiased ` +
        "sample; decisiveness, seat advantage and length spread are over every game)";
  return (
    `Measured by the lab at every ply of ${games}, from the legal moves and the game's own estimate of each ` +
    "seat's outcome; intervals take the deal as the unit."
  );
}

/** One condition: parameters and agents, seat and agent shares, lengths, figures, quality, outliers. */
export function conditionSection(s: LabSummary, index: number, axes: SharedAxes): HTMLElement {
  const c = s.conditions[index];
  const extras = s.report.conditions[index];
  const fair = 1 / c.players;
  const codes = (items: string[]) => items.flatMap((t, i) => [i ? ", " : "", h("code", {}, t)]);
  const section = h(
    "section",
    { class: "condition" },
    h("h2", {}, c.name),
    h(
      "p",
      {},
      "Parameters ",
      ...codes(Object.entries(c.params).map(([k, v]) => `${k}=${JSON.stringify(v)}`)),
      "; agents ",
      ...codes(c.agents),
      `; ${c.rotations} rotation${c.rotations > 1 ? "s" : ""}.`,
    ),
    countsLine(c, extras),
  );
  section.append(
    c.decisive > 0
      ? intervalChart(
          "Decisive share per seat, 95% Wilson",
          seatRows(c),
          fair,
          `fair ${pct(fair)}`,
          "share",
          axes.share,
        )!
      : h("p", { class: "note" }, "No game was decisive: the seats' shares are undefined (—)."),
    seatTable(c),
    h(
      "p",
      { class: "note" },
      "Mean return: the average of what the game gave the seat at the end (its ",
      h("code", {}, "returns()"),
      ": 1 for a sole win, less for a loss, shares for a draw, as each game defines), over all games.",
    ),
    h(
      "p",
      { class: "note" },
      `To detect a seat ${(100 * c.games_to_detect.difference).toFixed(0)} points away from its fair share takes about ` +
        `${c.games_to_detect.decisive_games} decisive games (this run has ${c.decisive}).`,
    ),
  );
  if (c.rotations > 1 && c.decisive > 0) {
    const chart = intervalChart(
      "Agent decisive share over all seats, 95% Wilson",
      agentRows(c),
      fair,
      `fair ${pct(fair)}`,
      "share",
      axes.share,
    );
    if (chart) section.append(chart);
    section.append(agentTable(c));
  }
  section.append(h("h3", {}, "Game length"), lengthTable(c));
  const plies = histogram(
    "Plies per game (games in each bar)",
    extras.plies_counts,
    axes.plies?.lo ?? 0,
    axes.plies?.hi ?? 0,
  );
  if (plies) section.append(plies);
  const figures = figuresTable(c, extras.figure_counts);
  if (figures)
    section.append(
      h("h3", {}, "Figures the game exports"),
      h(
        "p",
        { class: "note" },
        "A category (a suit, a seat: its numbers are labels) is shown as the share of games per value, not as a " +
          "mean; so is any figure with few values.",
      ),
      figures,
    );
  section.append(
    h("h3", {}, "Game quality"),
    h("p", { class: "note" }, qualityNote(s, c)),
    qualityTable(c.quality),
    ...trajectories(c, extras),
  );
  const links = outlierLinks(extras);
  if (links) section.append(links);
  return section;
}

/** The variants compared with the first, paired deal by deal; null when there is one condition. */
export function comparisonsSection(s: LabSummary): HTMLElement | null {
  if (s.comparisons.length === 0) return null;
  const rows: Row[] = s.comparisons.flatMap((p) =>
    p.seat_win_rate.map((seat) => {
      const i = seat.paired.paired_95;
      return {
        label: `${p.condition}, seat ${seat.seat}`,
        value: seat.paired.difference,
        low: i ? i[0] : -Infinity,
        high: i ? i[1] : Infinity,
        flagged: i !== null && (i[0] > 0 || i[1] < 0),
      };
    }),
  );
  return h(
    "section",
    { class: "comparisons" },
    h("h2", {}, "Variant differences (paired on the same deals)"),
    h(
      "p",
      {},
      "The seats' ",
      h("b", {}, "win rate"),
      " here is sole wins over ",
      h("em", {}, "all"),
      " games (capped, drawn and shared games count as not won), compared deal by deal; the decisive shares above " +
        "cannot be paired, since the decisive games differ between variants. The capped and draw rates are " +
        "compared beside them, so a variant that caps more games shows why its win rates fell. Differences are " +
        "in points (pts) of percentage.",
    ),
    intervalChart(
      `Win rate minus ${s.conditions[0].name}, points, 95% paired`,
      rows,
      0,
      "no difference",
      "points",
    ),
    ...comparisonTables(s.comparisons),
  );
}

/** A tournament's ratings (chart and table) and win matrix; null for other runs. */
export function tournamentSection(s: LabSummary): HTMLElement | null {
  if (s.mode !== "tournament" || !s.tournament) return null;
  const rows: Row[] = s.tournament.ratings.map((r) => ({
    label: r.agent,
    value: r.elo,
    low: r.elo_95[0],
    high: r.elo_95[1],
    flagged: false,
  }));
  const [ratings, matrix] = tournamentTables(s.tournament);
  return h(
    "section",
    { class: "tournament" },
    h("h2", {}, "Tournament ratings"),
    intervalChart("Bradley–Terry rating (Elo scale), 95%", rows, 0, "mean", "number"),
    ratings,
    h("h3", {}, "Win matrix (row beat column; draws count half)"),
    matrix,
  );
}

/** A skill trace: the share the k-times searcher won at each budget; null for other runs. */
export function skillSection(s: LabSummary): HTMLElement | null {
  if (s.mode !== "skill" || !s.skill || s.skill.trace.length === 0) return null;
  const trace = s.skill.trace;
  const rows: Row[] = trace.map((t) => ({
    label: `${t.budget}x budget vs 1x`,
    value: t.share,
    low: t.share_95[0],
    high: t.share_95[1],
    flagged: false,
  }));
  const fair = trace[trace.length - 1].fair_share;
  const verdict = !s.skill.informative
    ? h(
        "p",
        { class: "flag" },
        `Uninformative: ${s.skill.undefined ?? "no game at the largest budget was decisive"}, so this run says nothing about skill.`,
      )
    : s.skill.more_thinking_does_not_win_more
      ? h(
          "p",
          { class: "flag" },
          "More thinking does not win more here: the largest budget's interval reaches the fair share.",
        )
      : h(
          "p",
          {},
          `The largest budget wins more than its fair share (its interval lies above ${pct(fair)}).`,
        );
  return h(
    "section",
    { class: "skill" },
    h("h2", {}, "Skill trace"),
    intervalChart("Share won by the k× searcher, 95% Wilson", rows, fair, `fair ${pct(fair)}`, "share"),
    verdict,
  );
}
