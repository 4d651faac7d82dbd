// The lab's figures as the page reads them: the summary JSON `tabletop sim --json` writes
// (src/sim/summary.h, Summary::to_json) with the "report" member `tabletop sim --report` adds
// (src/sim/report.h, report_data). Only the fields the page draws are named here.
import type { ObservationChange } from "./observations";

/** [low, high]; null where the interval is undefined. */
export type Interval = [number, number] | null;

export interface Share {
  value: number | null;
  "95": Interval;
  undefined?: string;
}

export interface Distribution {
  count: number;
  mean: number;
  median: number;
  q1: number;
  q3: number;
  min: number;
  max: number;
  nonzero: number;
}

export interface Paired {
  difference: number;
  paired_95: Interval;
  undefined?: string;
}

export interface Quality {
  name: string;
  value: number;
  unit: string;
  meaning: string;
  "95": Interval;
  undefined?: string;
}

export interface SeatFigureTrajectory {
  meaning: string;
  games: number[];
  /** [turn][seat] */
  mean: number[][];
  sd: number[][];
}

export interface Condition {
  name: string;
  game: string;
  params: Record<string, unknown>;
  agents: string[];
  players: number;
  rotations: number;
  games: number;
  decisive: number;
  draws: number;
  shared_wins: number;
  capped: number;
  capped_rate: Share;
  seats: {
    seat: number;
    wins: number;
    win_rate: number;
    share_of_decisive: number;
    share_95: [number, number];
    advantage_flagged: boolean;
    mean_return: number;
  }[];
  slots: {
    slot: number;
    agent: string;
    wins: number;
    share_of_decisive: number;
    share_95: [number, number];
    mean_return: number;
  }[];
  games_to_detect: { difference: number; decisive_games: number };
  plies: Distribution;
  rounds: Distribution | null;
  seconds: Distribution;
  figures: Record<string, Distribution>;
  quality: Record<string, Quality>;
  /** The games the quality measures (other than decisiveness, seat advantage, length spread) and
   * the trajectories come from: those of one deal in the summary's quality_every. */
  quality_games: number;
  trajectories: Record<string, SeatFigureTrajectory>;
}

export interface Comparison {
  condition: string;
  against: string;
  seat_win_rate: { seat: number; paired: Paired; paired_se: number; unpaired_se: number }[];
  capped_rate: Paired;
  draw_rate: Paired;
  figures: Record<string, Paired>;
  plies: Paired;
}

/** Per turn, the mean and standard deviation of each line (seats, or the one count). */
export interface Trace {
  mean: number[][];
  sd: number[][];
}

export interface Outlier {
  kind: string;
  link: string;
  detail: string;
  record: string;
  /** The key in replays.links; absent when the game could not be replayed. */
  replay?: string;
}

export interface ConditionExtras {
  design_effect: number;
  /** [value, games] */
  plies_counts: [number, number][];
  figure_counts: Record<string, [number, number][]>;
  estimate: Trace | null;
  legal_moves: Trace | null;
  outliers: Outlier[];
}

export interface ReplayFrame {
  ply: number;
  mover?: string;
  /** Absent for a hidden-information game (a spectator sees only who moved). */
  move?: string;
  /** The spectator's observation, whole (the first frame, the one after a gap) ... */
  observation?: unknown;
  /** ... or what changed from the previous frame's (observations.ts). */
  change?: ObservationChange;
  /** Moves left out just before this frame. */
  gap?: number;
  log: string[];
  estimate?: number[];
}

export interface ReplayGame {
  game: string;
  name: string;
  plies: number;
  seats: { name: string; agent: string }[];
  result?: number[];
  frames: ReplayFrame[];
}

export interface Replays {
  games: ReplayGame[];
  links: Record<string, { game: number; title: string }>;
}

export interface LabSummary {
  mode: "variants" | "tournament" | "skill";
  seed: number;
  first_deal: number;
  deals: number;
  planned_deals: number;
  /** The quality measures were taken on one deal in this many; null when not measured. */
  quality_every: number | null;
  interrupted: boolean;
  seconds: number;
  conditions: Condition[];
  comparisons: Comparison[];
  tournament?: {
    agents: string[];
    wins: number[][];
    ratings: { agent: string; elo: number; elo_95: [number, number] }[];
  };
  skill?: {
    trace: { budget: number; agent: string; share: number; share_95: [number, number]; fair_share: number }[];
    informative: boolean;
    more_thinking_does_not_win_more: boolean;
    undefined?: string;
  };
  report: {
    command_line: string;
    search: string;
    conditions: ConditionExtras[];
    replays: Replays;
  };
}
