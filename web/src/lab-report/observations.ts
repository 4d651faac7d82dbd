// A replayed game's observations, step by step: the lab embeds the first one (and the one after a
// left-out stretch) whole and every other as what changed from the step before (src/sim/
// report_replay.h, observation_change): {"set": {key: value}, "sub": {key: change}, "del": [key]}.
import type { ReplayFrame } from "./types";

type Json = Record<string, unknown>;

export interface ObservationChange {
  set?: Json;
  sub?: Record<string, ObservationChange>;
  del?: string[];
}

/** `before` with `change` applied, as a new object (`before` is left as it was). */
export function applyChange(before: Json, change: ObservationChange): Json {
  const after: Json = { ...before, ...(change.set ?? {}) };
  for (const [key, sub] of Object.entries(change.sub ?? {}))
    after[key] = applyChange(before[key] as Json, sub);
  for (const key of change.del ?? []) delete after[key];
  return after;
}

/** Each frame's whole observation. */
export function observations(frames: ReplayFrame[]): unknown[] {
  const out: unknown[] = [];
  let at: unknown = null;
  for (const f of frames) {
    at = f.observation !== undefined ? f.observation : applyChange(at as Json, f.change ?? {});
    out.push(at);
  }
  return out;
}
