// A condition's trajectories: each seat's estimated return and the legal moves of the player to
// move, turn by turn, and each of the game's own seat figures (its seat_figures), over the turns
// at least a tenth of the measured games reached, each line with a band of one standard deviation.
import { h } from "../dom";
import { lineChart, type Line } from "./charts";
import { readable } from "./format";
import type { Condition, ConditionExtras, SeatFigureTrajectory, Trace } from "./types";

/** Column `k` of a per-turn table. */
function column(rows: number[][], k: number): number[] {
  return rows.map((r) => r[k]);
}

function seatLines(trace: Trace, players: number): Line[] {
  return Array.from({ length: players }, (_, s) => ({
    label: `seat ${s}`,
    mean: column(trace.mean, s),
    sd: column(trace.sd, s),
  }));
}

/** The turns of a seat figure's trajectory that at least a tenth of the measured games reached. */
function reached(t: SeatFigureTrajectory, games: number): Trace {
  let turns = 0;
  while (turns < t.games.length && t.games[turns] * 10 >= games) turns++;
  return { mean: t.mean.slice(0, turns), sd: t.sd.slice(0, turns) };
}

/** The trajectories' charts with their notes; empty when the run measured none. */
export function trajectories(c: Condition, extras: ConditionExtras): HTMLElement[] {
  const out: HTMLElement[] = [];
  if (extras.estimate && extras.legal_moves) {
    out.push(
      h(
        "p",
        { class: "note" },
        `Trajectories: per turn (${c.players} plies), the mean over the games still running, with a band of one ` +
          "standard deviation across them; drawn while at least a tenth of the measured games last. The estimate is the " +
          "game's own judgement of each seat's final return (its ",
        h("code", {}, "estimate_returns"),
        "); the game's own figures below are what it counts on the table for each seat (its ",
        h("code", {}, "seat_figures"),
        ").",
      ),
    );
    const estimate = lineChart(
      "Each seat's estimated return, by turn",
      seatLines(extras.estimate, c.players),
      "turn",
    );
    const moves = lineChart(
      "Legal moves of the player to move, by turn",
      [
        {
          label: "legal moves",
          mean: column(extras.legal_moves.mean, 0),
          sd: column(extras.legal_moves.sd, 0),
        },
      ],
      "turn",
    );
    for (const chart of [estimate, moves]) if (chart) out.push(chart);
  }
  const figures = Object.entries(c.trajectories)
    .map(([name, t]) => [name, t, reached(t, c.quality_games)] as const)
    .filter(([, , trace]) => trace.mean.length >= 2);
  if (figures.length) out.push(h("h3", {}, "The game's figures, turn by turn"));
  for (const [name, t, trace] of figures) {
    const lines = seatLines(trace, c.players);
    const last = lines.map((l) => l.mean[l.mean.length - 1].toFixed(2));
    const ends = last.length > 1 ? `${last.slice(0, -1).join(", ")} and ${last[last.length - 1]}` : last[0];
    out.push(
      h(
        "div",
        { class: "trajectory", "data-figure": name },
        lineChart(`${readable(name)} per seat, by turn`, lines, "turn"),
        h(
          "p",
          { class: "note" },
          `${t.meaning} Mean over the games still running, band one standard deviation; at the last turn drawn ` +
            `${ends} (seat ${c.players > 1 ? `0 to ${c.players - 1}` : "0"}).`,
        ),
      ),
    );
  }
  return out;
}
