// How the lobby names a computer level in a seat's choice: its description and, where the measured
// ladder (data/ladder.json, GET /api/games' `strengths`) has this player count, its rating and its
// share of the decisive games against seats all of the level below, with how many games were
// decided (a capped game is neither won nor lost: a share of few decided games says little).
import type { GameInfo } from "./api";

type Strength = GameInfo["strengths"][number];

// The ladder measures the searching levels at iteration budgets far below the lobby's time
// budgets, so a figure of a search names the budget it was measured at.
const pct = (x: number) => `${Math.round(100 * x)}%`;
const count = (n: number) => n.toLocaleString("en-US");

// `below`: the level under this one in the lobby's list, where there is one: a level that stops at
// the same budget as it says so (Conspiracy's expert is then hard's search, finished sooner).
export function levelOption(s: Strength, players: number, below?: Strength): string {
  const r = s.rating?.[players];
  const v = s.versus?.[players];
  const ratedAt = r?.iterations ? `, at ${count(r.iterations)} iterations a move` : "";
  const rated = r ? ` (rated ${r.elo >= 0 ? "+" : ""}${r.elo}, 95% ${r.low}…${r.high}${ratedAt})` : "";
  const beatsAt = v?.iterations
    ? `; at ${count(v.iterations)} iterations a move` +
      (v.opponent_iterations ? ` against ${count(v.opponent_iterations)}` : "")
    : "";
  // A measure where no game was decided (every one capped or shared) has no share to give. The
  // share comes from the counts (`share` is rounded to four decimals, and rounding it again to a
  // whole percent can be a point off).
  const beats = !v
    ? ""
    : v.decisive
      ? `, won ${pct(v.wins / v.decisive)} of ${v.decisive} decided games against ${v.opponent}` +
        ` (95% ${pct(v.low)}…${pct(v.high)}, fair ${pct(v.fair)}${beatsAt})`
      : `, no game against ${v.opponent} decided yet (fair share ${pct(v.fair)}${beatsAt})`;
  // Where the game's tuned line holds the search to a budget at this count, the time is a ceiling.
  const held = s.stops_at?.[players];
  const same = held && below?.stops_at?.[players] === held ? ` as ${below.name} does` : "";
  const stops = held
    ? `, stopping at ${count(held)} iterations${same} (more search played worse at this player count)`
    : "";
  return `Computer, ${s.name} — ${s.description}${stops}${rated}${beats}`;
}
