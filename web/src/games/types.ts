// What a game's drawing module provides. A game added later adds one file in this folder that
// exports a GameDrawer and one line in ./index.ts; everything else (lobby, move picking, protocol,
// replay) is generic.

/** What the drawing knows besides the observation. */
export interface DrawContext {
  /** The seat whose view this is, or -1 for a spectator. */
  viewer: number;
  /** Display names of the seats, in seat order. */
  seatNames: string[];
  /** Once the match is over (its record public): what each seat saw, in seat order. */
  revealed?: Observation[];
  /** Once the match is over: the board as its record shows it (pieces no seat ever saw named). */
  recordView?: Observation;
  /** A phone-sized screen: a drawer may fold parts of a tall board (the card game's other seats). */
  narrow?: boolean;
  /**
   * Parts the player folded (true) or unfolded (false) with a fold button: an element carrying
   * `data-fold="<key>"` and `aria-expanded`, drawn outside every place; the page re-draws on a tap.
   * Absent where the page cannot fold (how to play): then draw everything, no buttons.
   */
  folds?: ReadonlyMap<string, boolean>;
  /**
   * Where the page can fold: whether a part the player has not touched starts folded. Absent: the
   * drawer's own default (the card game folds other seats on a phone for a player mid-game).
   */
  foldByDefault?: boolean;
  /** Every place some legal move of the viewer names: never fold one of them away. */
  live?: ReadonlySet<string>;
}

import type { PickState } from "../pick-words";
import type { LegalMove } from "../picker";

/** Observations are the game's own JSON; each drawer reads its own shape. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Observation = any;

export interface GameDrawer {
  /**
   * The board as an <svg>. Every element drawn for a place the game's `move_places` names carries
   * `data-place="<name>"` (use svg.place), so the generic picker can light it up and take clicks.
   */
  board(obs: Observation, ctx: DrawContext): SVGSVGElement;
  /** One line on what is happening: round, phase, whose turn and what is left of it. */
  status(obs: Observation, ctx: DrawContext): string;
  /** The viewer's private information (hand, goal, what it has seen), or null when there is none. */
  privateInfo?(obs: Observation, ctx: DrawContext): HTMLElement | null;
  /**
   * What to do next while a move is picked on the board, in the rulebook's words ("Swap the coin on
   * c3 with b2, d3 or f4"); undefined: the page's own plain words (pick-words.ts).
   */
  pickPrompt?(s: PickState, obs: Observation): string | undefined;
  /**
   * The choice left after the clicks (`buttons`: the moves whose places are all clicked, offered as
   * buttons too) drawn on `board`, each element for one move carrying `data-move="<notation>"` and
   * an `aria-label`; the page lights them and sends the move of the one clicked. Null: buttons only.
   * (Conspiracy: arrows around a placed coin for the direction it points.)
   */
  choiceOnBoard?(buttons: LegalMove[], board: SVGSVGElement): SVGElement | null;
  /**
   * Where `move` would leave its pieces, drawn on `board` before it is sent (Culture Wars: the tile
   * outlined where a setup tile move puts it), or null when the move needs no picture. A move with
   * a preview is asked about (Confirm / Cancel) with the preview on the board, however it was picked.
   */
  preview?(move: string, obs: Observation, board: SVGSVGElement): SVGElement | null;
  /** A line of the game's log as the page names seats (the engine's names may differ). */
  logLine?(line: string, ctx: DrawContext): string;
  /**
   * A move as the rulebook says it, for its button ("Attack seat 1 with Ann Lee (@17)"); the
   * notation goes in the button's tooltip. Undefined: the notation.
   */
  moveWords?(move: string, obs: Observation, seatNames: string[]): string | undefined;
  /** A short role name for a seat drawn from the observation (e.g. "Space", "NE"), if the game has one. */
  seatRole?(obs: Observation, seat: number): string | undefined;
}
