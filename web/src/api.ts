// The lobby's HTTP calls (docs/server.md). Errors come back as {"error": "..."} and are thrown with
// that sentence.

import type { MatchClock } from "./clocks";

/** A game's observation: its own JSON shape. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Observation = any;

export interface ParamSpec {
  name: string;
  type: "int" | "bool" | "string";
  default: unknown;
  min?: number;
  /** The full range (the command line's); a request may give at most `network_max`. */
  max?: number;
  network_max?: number;
  /** Strings: the most bytes a request may give. */
  max_length?: number;
  description: string;
  kind: "players" | "variant" | "engine";
}
export interface GameInfo {
  id: string;
  name: string;
  min_players: number;
  max_players: number;
  hidden_information: boolean;
  has_chance: boolean;
  params: ParamSpec[];
  // rating: per player count, the level's measured Bradley–Terry rating (Elo scale, 95% interval);
  // versus: per player count, its share of the decisive games against seats all of the level
  // below (`opponent`), `wins` of its `decisive` games, with the 95% interval and the fair share
  // 1/n. `iterations` (and `opponent_iterations`): the search budget a move the figure was measured at, far below the
  // lobby's own time budget; absent for a level that does not search. stops_at: per player
  // count, the iterations a move at which the level's timed search stops there (the game's tuned
  // line holds a budget: Conspiracy). offered: per player count, whether the server seats the level
  // there (expert only where it was measured stronger than hard); absent from an older server.
  strengths: {
    name: string;
    description: string;
    offered?: Record<string, boolean>;
    stops_at?: Record<string, number>;
    rating?: Record<string, { elo: number; low: number; high: number; iterations?: number }>;
    versus?: Record<
      string,
      {
        opponent: string;
        share: number | null; // null when no game was decided
        low: number;
        high: number;
        fair: number;
        decisive: number;
        wins: number; // share = wins / decisive
        iterations?: number;
        opponent_iterations?: number;
      }
    >;
  }[];
  /** The game's how-to-play text, Markdown (the same as `tabletop rules GAME`). */
  how_to_play?: string;
  /**
   * What a spectator sees at each ```position block of `how_to_play`, in order (null: a block the
   * game could not play).
   */
  how_to_positions?: (Observation | null)[];
  /** What a spectator sees of a new game with the default params (seed 1). */
  setup?: Observation;
  /** Where the full rule text comes from (title, author) and its licence. */
  rules_source?: {
    title?: string;
    author?: string;
    licence?: string;
    licence_url?: string;
    shareable?: boolean;
  };
}
export interface MatchSeat {
  seat: number;
  kind: string;
  name?: string;
  token?: string;
  join_url?: string;
  open?: boolean;
  claimed?: boolean;
  connected?: boolean;
  strength?: string;
  /** The seat's personal name (docs/server.md, Seat names). */
  player?: string;
}
/** One move of a finished match's analysis: its mover's chance of winning before and after. */
export interface MoveAnalysis {
  ply: number;
  seat: number;
  move: string;
  preferred: string;
  before: number;
  after: number;
  loss: number;
  forced: boolean;
  marked: boolean;
}
export type AnalysisReply =
  | { status: "done"; analysis: { spec: string; moves: MoveAnalysis[]; marked: number[] } }
  | { status: "working"; done: number; of: number }
  | { status: "failed"; error: string };
export interface MatchSummary {
  id: string;
  game: string;
  params: Record<string, unknown>;
  status: string;
  seq?: number;
  undo?: boolean;
  hints?: boolean;
  spectator_chat?: "read" | "none" | "apart";
  seats: MatchSeat[];
  to_move?: number | null;
  result?: { returns: number[]; reason: string } | null;
  created_at?: number;
  /** The match's clocks as of the server's now (clocks.ts); null without a time control. */
  clock?: MatchClock | null;
}

/** An answer that is not 2xx: the server's sentence, and the status it came with. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

/**
 * One API call to this page's own server; `body` goes as JSON, `raw` (a file) as its bytes,
 * `headers` (a deck's owner key) as given. `path` is a path on this origin ("/api/..."), never an
 * address elsewhere: a header with a key must not leave the site.
 */
export async function call<T>(
  method: string,
  path: string,
  body?: unknown,
  raw?: Blob,
  headers: Record<string, string> = {},
): Promise<T> {
  if (!path.startsWith("/") || path.startsWith("//"))
    throw new Error(`${method} ${path}: not a path on this site`);
  const r = await fetch(path, {
    method,
    headers: body === undefined ? headers : { ...headers, "Content-Type": "application/json" },
    body: raw ?? (body === undefined ? undefined : JSON.stringify(body)),
  });
  const text = await r.text();
  let data: unknown;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    throw new Error(`${method} ${path}: the server answered ${r.status} with something that is not JSON`);
  }
  if (!r.ok)
    throw new ApiError(
      (data as { error?: string })?.error ?? `${method} ${path}: status ${r.status}`,
      r.status,
    );
  return data as T;
}

/** The body of POST /api/matches/{id}/join: the seat, and the name when one is given. */
export function joinBody(seat: number, player: string): { seat: number; player?: string } {
  const name = player.trim();
  return name ? { seat, player: name } : { seat };
}

export const api = {
  games: () => call<GameInfo[]>("GET", "/api/games"),
  /** Where other machines reach this server (`serve --public-url`, or the addresses it listens on, told to a page on this machine). */
  addresses: () => call<{ urls: string[] }>("GET", "/api/addresses"),
  matches: (status?: string) =>
    call<MatchSummary[]>("GET", `/api/matches${status ? "?status=" + status : ""}`),
  match: (id: string) => call<MatchSummary>("GET", `/api/matches/${id}`),
  create: (body: unknown) =>
    call<{ id: string; seats: MatchSeat[]; watch_url: string }>("POST", "/api/matches", body),
  /** Takes open seat `seat`, with the seat's personal name `player` when one is given. */
  join: (id: string, seat: number, player = "") =>
    call<{ seat: number; token: string; join_url: string }>(
      "POST",
      `/api/matches/${id}/join`,
      joinBody(seat, player),
    ),
  record: (id: string) => call<Record<string, unknown>>("GET", `/api/matches/${id}/record`),
  /** 200 with the analysis or its progress once finished; 409 before the end (analysis.ts). */
  analysis: (id: string) => call<AnalysisReply>("GET", `/api/matches/${id}/analysis`),
  /**
   * One page of the replay from step `from`; `next` is the next page's first step (or null). A
   * long match's replay is first built on the server: until then `status` is "building".
   */
  replay: (id: string, from = 0) =>
    call<{
      status?: "building";
      retry_after_ms?: number;
      steps: { move: string | null; observation: Observation; log: string[] }[];
      from: number;
      total: number;
      next: number | null;
    }>("GET", `/api/matches/${id}/replay?from=${from}`),
};
