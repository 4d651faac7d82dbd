// How the lobby names a computer level: by what it does (the server's description), never by a
// rank it may not have earned. The measured strength (data/levels.json, GET /api/games'
// `strengths`, with the intervals the lab computed) is folded under "details" beside the seats: each level's rating and its share of
// the decisive games against seats all of the level before it, at the player count chosen, and
// whether that share says it is stronger. A level is called stronger than the one before it only
// when the whole 95% interval of its share lies above the fair share 1/n; the option of a level
// measured and not found stronger says so. A level the server does not offer at the player count
// (`offered`: expert where it was not measured stronger than hard) is shown disabled, its option
// saying why in words.
import type { GameInfo } from "./api";

type Strength = GameInfo["strengths"][number];

const pct = (x: number) => `${Math.round(100 * x)}%`;
const count = (n: number) => n.toLocaleString("en-US");
const signed = (n: number) => (n > 0 ? `+${n}` : n < 0 ? `−${-n}` : "0");

/** Whether the ladder found `s` stronger than the level before it at this player count. */
export type Verdict = "stronger" | "not stronger" | "not measured";

export function verdict(s: Strength, players: number): Verdict {
  const v = s.versus?.[players];
  if (!v || !v.decisive) return "not measured";
  // The server withholds a level whose share the exact test does not back (scripts/ladder-tables).
  if (!offered(s, players)) return "not stronger";
  return v.low > v.fair ? "stronger" : "not stronger";
}

/** Whether the server seats level `s` at `players` (a server that does not say offers every level). */
export function offered(s: Strength, players: number): boolean {
  return s.offered?.[players] !== false;
}

/**
 * The seat choice's text: "Computer: plays a random legal move"; for a level not offered at this
 * count, why, in the player's words (the option is disabled: the words, not its grey, say so).
 */
export function levelOption(s: Strength, players: number, before?: Strength): string {
  if (!offered(s, players))
    return (
      `Computer: ${s.description} (not offered at ${players} players: ` +
      `${before ? "not stronger than the one above" : "not measured"} in our measured games)`
    );
  const weaker =
    before && verdict(s, players) === "not stronger" ? " (not measured stronger than the one above)" : "";
  return `Computer: ${s.description}${weaker}`;
}

/**
 * The measured strength of `s` at `players` in sentences, for the folded details: `before` is the
 * level above it in the list (the one it was measured against), named by what it does.
 */
export function levelDetails(s: Strength, players: number, before?: Strength): string[] {
  const out: string[] = [];
  const r = s.rating?.[players];
  if (r)
    out.push(
      `Rated ${signed(r.elo)} (95% ${signed(r.low)} to ${signed(r.high)}) in a round robin of every level` +
        (r.iterations ? `, searching ${count(r.iterations)} iterations a move.` : "."),
    );
  const v = s.versus?.[players];
  const against = before
    ? `seats all played by the level that ${before.description}`
    : `seats of level ${v?.opponent}`;
  const budgets = v?.iterations
    ? `, searching ${count(v.iterations)} iterations a move` +
      (v.opponent_iterations ? ` against ${count(v.opponent_iterations)}` : "")
    : "";
  if (v && v.decisive)
    out.push(
      `Won ${pct(v.share ?? 0)} of ${count(v.decisive)} decided games against ${against}` +
        ` (95% ${pct(v.low)} to ${pct(v.high)}; an even share is ${pct(v.fair)})${budgets}.`,
    );
  else if (v) out.push(`No game against ${against} decided yet${budgets}.`);
  // Where the game's tuned line holds the search to a budget at this count, the time is a ceiling.
  const held = s.stops_at?.[players];
  if (held)
    out.push(
      `Stops at ${count(held)} iterations a move at this player count, where more search played worse` +
        (before?.stops_at?.[players] === held ? ": the same search as the level above." : "."),
    );
  if (before) {
    const word = verdict(s, players);
    out.push(
      word === "stronger"
        ? "Measured stronger than the level above."
        : word === "not stronger"
          ? "Not measured stronger than the level above."
          : "Not measured against the level above at this player count.",
    );
  }
  if (!out.length) out.push("Not measured yet at this player count.");
  if (!offered(s, players)) out.push(`Not offered at ${players} players.`);
  return out;
}
