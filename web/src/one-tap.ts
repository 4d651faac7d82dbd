// When the match page asks before sending a move (docs/web.md, "one tap"): a move one tap chose
// (the first click left one legal move) is asked about only when undo could not take it back; a
// move the game draws a preview of is always asked about, with the preview on the board, so the
// player sees where it lands before it goes. Other moves are sent as they are picked.
import type { LegalMove } from "./picker";

/**
 * Whether the page asks before sending `move`, chosen after `clicksBefore` earlier clicks;
 * `previewed`: the game draws a preview of it. `move.undoable` is the server's word (core
 * Match::undoable): false when the match has undo off, in a game with hidden information, or when
 * the move ends the game, draws chance or hands the turn to a computer in a game with chance.
 */
export function asksFirst(move: LegalMove, clicksBefore: number, previewed: boolean): boolean {
  if (previewed) return true;
  return clicksBefore === 0 && move.undoable !== true;
}
