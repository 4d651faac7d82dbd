// The moves of the four board games in the words of their rulebooks, for buttons and for the
// question the match page asks before a one-tap move ("Swap the coins on b2 and c3?"); the
// notation (docs/games/<game>.md, Notation) stays in the tooltip. A move not described here reads
// as its notation.

/** Relativity: "b2#c3" swaps the two coins. */
export function relativityMoveWords(move: string): string | undefined {
  const m = /^([a-z]\d+)#([a-z]\d+)$/.exec(move.trim());
  return m ? `Swap the coins on ${m[1]} and ${m[2]}` : undefined;
}

/** A Siege die as the rulebook names it: the Null, the Ace, the 2 … the 5. */
function siegeDie(d: string): string {
  return d === "0" ? "the Null" : d === "1" ? "the Ace" : `the ${d}`;
}

/** Siege: "3:c3-c5" moves, "3:c3-c5xd5" moves then attacks, "0:c3xd3" attacks in place, "end". */
export function siegeMoveWords(move: string): string | undefined {
  const t = move.trim();
  if (t === "end") return "End the turn (the unused dice are given up)";
  const m = /^(\d):([a-hA-Z]+\d*)(?:-([a-hA-Z]+\d*))?(?:x([a-hA-Z]+\d*))?$/.exec(t);
  if (!m || (!m[3] && !m[4])) return undefined;
  const [, die, from, to, target] = m;
  const move_ = to ? `move the piece on ${from} to ${to}` : "";
  const attack = target ? `attack ${target}${to ? " from there" : ` from ${from}`}` : "";
  return `With ${siegeDie(die)}: ${[move_, attack].filter(Boolean).join(", then ")}`;
}

/** Culture Wars: tile, coin, token, grow, settle, token steps and done. */
export function cultureWarsMoveWords(move: string): string | undefined {
  const t = move.trim();
  if (t === "done") return "Done: end this phase of your turn";
  let m = /^tile:([a-z]\d+)-([a-z]\d+)$/.exec(t);
  if (m) return `Move the tile at ${m[1]} so that its lower-left square is ${m[2]}`;
  m = /^(coin|token|grow):([a-z]\d+)$/.exec(t);
  if (m)
    return m[1] === "coin"
      ? `Place a coin from your reserve, suit side up, on ${m[2]}`
      : m[1] === "token"
        ? `Place a token on ${m[2]}`
        : `Grow: add a token on ${m[2]}`;
  m = /^settle:([a-z]\d+)(?:=([2-5a?]))?$/.exec(t);
  if (m) {
    const coin =
      m[2] === "a" ? "your Ace" : m[2] === "?" ? "an unseen reserve coin" : m[2] ? `your ${m[2]}` : "";
    return `Build a settlement on ${m[1]}${coin ? ` with ${coin}` : ""}`;
  }
  m = /^(\d+)?([a-z]\d+)-([a-z]\d+)$/.exec(t);
  if (m) {
    const n = Number(m[1] ?? 1);
    return `Move ${n === 1 ? "a token" : `${n} tokens`} from ${m[2]} to ${m[3]}`;
  }
  return undefined;
}

const CONSPIRACY_SUITS: Record<string, string> = { S: "Suns", M: "Moons", C: "Crowns", A: "Arms" };
const COMPASS: Record<string, string> = {
  n: "north (toward the Present)",
  ne: "north-east",
  e: "east",
  se: "south-east",
  s: "south",
  sw: "south-west",
  w: "west",
  nw: "north-west",
};

/** A Conspiracy coin: "C3" is the Crowns 3; 0 the blank, 1 the spiral. */
function conspiracyCoin(c: string): string {
  const suit = CONSPIRACY_SUITS[c[0]?.toUpperCase()] ?? c[0];
  const n = c.slice(1);
  return `the ${suit} ${n === "0" ? "blank" : n === "1" ? "spiral" : n}`;
}

/**
 * A Conspiracy secret goal ("C3") in words: a suit and a number, not a tile ("the suit Crowns and
 * the number 3, on two Present tiles"); other text as it is ("not chosen").
 */
export function conspiracyGoalWords(goal: string): string {
  const m = /^([SMCA])(\d)$/.exec(goal.trim());
  if (!m) return goal;
  const number = m[2] === "0" ? "the blank" : m[2] === "1" ? "the spiral" : `the number ${m[2]}`;
  return `the suit ${CONSPIRACY_SUITS[m[1]]} and ${number}, on two Present tiles (${goal.trim()})`;
}

/** Conspiracy: every kind of its notation (docs/games/conspiracy.md). */
export function conspiracyMoveWords(move: string, names: string[]): string | undefined {
  const w = move.trim().split(/\s+/);
  const seat = (s: string) => names[Number(s)] ?? `seat ${s}`;
  const pay = (i: number) =>
    w[i] === "pay" ? `, paying ${conspiracyCoin(w[i + 1])} to ${seat(w[i + 3])}` : "";
  switch (w[0]) {
    case "goal":
      return `Choose ${conspiracyCoin(w[1])} as your secret goal`;
    case "jump":
      return "Jump in and play now";
    case "wait":
      return "Wait: let the others play first";
    case "place":
      return `Place Coin: ${conspiracyCoin(w[1])} from your hand (1 action point)`;
    case "attack":
      return `Attack Coin with ${conspiracyCoin(w[1])}${pay(2)} (1 action point)`;
    case "reveal":
      return /^[a-f]\d+$/.test(w[1])
        ? `Reveal the coin on ${w[1]}${pay(2)} (1 action point)`
        : `Reveal the tile at position ${w[1]}${pay(2)} (2 action points)`;
    case "advance":
      return `Advance column ${w[1]} (2 action points)`;
    case "end":
      return "End your actions for this turn";
    case "tile":
      return `Lay tile ${w[1]} face down at position ${w[2]}`;
    case "flip":
      return "Turn the attacked coin number side up";
    case "remove":
      return `Remove the attacked coin, paying ${conspiracyCoin(w[1])} to ${seat(w[3])}`;
    case "save":
      return w[1] === "none"
        ? "Keep no coin: discard them all"
        : `Keep ${conspiracyCoin(w[1])} (its number public) and discard the rest`;
    case "mark":
      return `Declare progress on the Present tile of column ${w[1]}`;
    case "win":
      return "Declare victory";
    case "pass":
      return "Declare neither progress nor victory";
  }
  if (w.length === 2 && /^[a-f]\d+$/.test(w[0]) && COMPASS[w[1]])
    return `Put the coin on ${w[0]}, pointing ${COMPASS[w[1]]}`;
  return undefined;
}
