// What the match page says, in plain words, while a move is picked on the board (the picker's rule
// is in picker.ts), and why a click did nothing. A game's drawer may say the first in its own
// rulebook's words (GameDrawer.pickPrompt); these are the words of every other game.
import type { Unlit } from "./picker";

/** Where the picking stands: the places clicked, the places lit next, the buttons offered. */
export interface PickState {
  picked: readonly string[];
  lit: ReadonlySet<string>;
  /** Moves offered as buttons now (moves without places, or whose places are all clicked). */
  buttons: number;
}

/** "b2", "b2 or d3", "b2, d3 or f4" (sorted; "a lit place" when there are more than `most`). */
export function orList(names: Iterable<string>, most = 6, many = "a lit place"): string {
  const all = [...names].sort();
  if (all.length === 0 || all.length > most) return many;
  return all.length === 1 ? all[0] : `${all.slice(0, -1).join(", ")} or ${all.at(-1)}`;
}

/** The places picked so far, in order: "c3", "c3, then c5". */
export function pickedText(picked: readonly string[]): string {
  return picked.join(", then ");
}

/** The prompt of a game without words of its own. */
export function pickPrompt(s: PickState): string {
  const below = s.buttons ? ", or choose a move below" : "";
  if (s.picked.length === 0)
    return s.lit.size ? `Click a lit place to start a move${below}.` : "Choose a move below.";
  const last = s.picked.at(-1)!;
  const on = s.lit.size ? `Click a lit place to go on${below}` : "Choose a move below";
  return `You picked ${pickedText(s.picked)}. ${on}; click ${last} again to take it back.`;
}

/** Why a click on `place`, which is not lit, did nothing. */
export function unlitWhy(place: string, why: Unlit, picked: readonly string[]): string {
  const after = picked.length
    ? ` Click a lit place to go on from ${pickedText(picked)}, or click ${picked.at(-1)} again to take it back.`
    : " The lit places are where a move can start.";
  if (why === "no-move") return `Nothing happened: no move you can make now uses ${place}.${after}`;
  if (picked.length === 0)
    return `Nothing happened: ${place} is part of a move you can make, but not where it starts.${after}`;
  return `Nothing happened: no move you can make now goes on from ${pickedText(picked)} to ${place}.${after}`;
}
