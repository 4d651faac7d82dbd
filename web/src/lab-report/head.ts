// The report's head: what made the page (the command line), the deals and how long they took, the
// variant search when there was one, and the methods behind every figure.
import { h } from "../dom";
import type { LabSummary } from "./types";

const METHODS: (string | Node)[][] = [
  [
    h("b", {}, "Decisive share"),
    ": a seat's (agent's) sole wins over the decisive games (one seat with the best return), with the 95% " +
      "Wilson score interval; the fair share is 1/n. ",
    h("b", {}, "Win rate"),
    ": sole wins over all games, where capped, drawn and shared games count as not won. ",
    h("b", {}, "Capped rate"),
    ", ",
    h("b", {}, "draw rate"),
    ": games the engine's cap (not a rule) ended, games with every seat equal, over all games.",
  ],
  [
    "A value with no data (a share of no decisive game, an interval from fewer than two deals or from deals " +
      "that all gave the same difference) is shown as — with the reason.",
  ],
  [
    "Mean return: the average of what the game's ",
    h("code", {}, "returns()"),
    " gave the seat at the end (1 for a sole win, 0 or less for a loss, shares for draws, as each game defines).",
  ],
  [
    "Intervals take the ",
    h("b", {}, "deal"),
    " as the unit: the rotations (and conditions) of one deal replay the same dice and cards, so their games " +
      "are correlated. Each share's design effect is its cluster-robust variance over deals divided by the " +
      "variance of as many independent games (Σ(s_d − p t_d)² / (N p(1−p))); the Wilson interval is taken at " +
      "the effective sample size N / deff (deff at least 1). Paired differences are already per deal.",
  ],
  ["Seat advantage is flagged (red) only when a seat's interval excludes the fair share 1/n."],
  [
    "Games needed to detect a difference: decisive games for a two-sided one-sample test of a proportion at " +
      "the fair share, 5% level, 80% power (normal approximation).",
  ],
  [
    "Lengths: exact counts; quartiles by the nearest-rank method. The length spread (sd / mean of the plies) " +
      "has a jackknife interval over deals: each deal left out in turn, variance (D−1)/D Σ(θ_−d − θ̄)².",
  ],
  [
    "Variant differences: per deal, each condition's rate averaged over rotations, minus the first " +
      "condition's; mean with a 95% normal interval (paired). The unpaired standard error is shown for comparison.",
  ],
  [
    "Ratings: Bradley–Terry by Hunter's MM algorithm, one virtual draw per pair that met, Elo scale " +
      "(400 log10), 95% intervals from the observed information, sum-zero.",
  ],
];

/** The title, the command line, the deals, the variant search (when there was one), the methods. */
export function head(s: LabSummary): HTMLElement[] {
  const game = s.conditions[0]?.game ?? "";
  const deals = h(
    "p",
    {},
    `${s.deals} deals (master seed ${s.seed}${s.first_deal > 0 ? `, from deal ${s.first_deal}` : ""})`,
    s.interrupted
      ? h(
          "span",
          {},
          " — ",
          h("span", { class: "flag" }, "interrupted"),
          ` after ${s.deals} of ${s.planned_deals} deals`,
        )
      : null,
    `, ${s.seconds.toFixed(1)} s. Every condition and rotation played the same deals (common random numbers).`,
  );
  const out: HTMLElement[] = [
    h("h1", {}, `Balance lab: ${game}`),
    h("p", {}, "Made by"),
    h("pre", {}, s.report.command_line),
    deals,
  ];
  if (s.report.search)
    out.push(
      h("h2", {}, "Variant search"),
      h(
        "p",
        {},
        "Successive halving: each round plays the remaining candidates on the same deals and keeps the better " +
          "half for twice the deals; the last two are the conditions below (the better first).",
      ),
      h("pre", { class: "search" }, s.report.search),
    );
  out.push(
    h("details", {}, h("summary", {}, "Methods"), h("ul", {}, ...METHODS.map((m) => h("li", {}, ...m)))),
  );
  return out;
}
