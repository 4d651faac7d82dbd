// The one move-picking mechanism shared by every game.
//
// The server sends, with each legal move, the board places it touches in the order a player clicks
// them (`places`). The board draws every place as an element carrying `data-place="<name>"`. A click
// on a place narrows the legal moves to those whose places start with the places clicked so far; the
// next places of the remaining moves are the targets to light up. When the clicks leave exactly one
// move, that move is chosen. Moves without places (end turn, pass, choices) and moves whose places are
// all clicked but that still share them with others (the same squares with two dice) are offered as
// buttons. Nothing here knows any game.

/** One legal move as the server sends it. */
export interface LegalMove {
  /** The move in the game's notation: what is sent back to the server. */
  move: string;
  /** Board places the move touches, in click order; empty for moves that are not on the board. */
  places: string[];
  /** How the move reads, for buttons and screen readers (falls back to `move`). */
  text?: string;
}

/** What a click did. */
export type ClickResult =
  { kind: "chosen"; move: LegalMove } | { kind: "narrowed"; remaining: number } | { kind: "ignored" };

export class MovePicker {
  private legal: LegalMove[];
  private clicked: string[] = [];

  constructor(legal: LegalMove[]) {
    this.legal = legal.map((m) => ({ ...m, places: m.places ?? [] }));
  }

  /** The places clicked so far. */
  get picked(): readonly string[] {
    return this.clicked;
  }

  /** Legal moves still possible after the clicks so far. */
  candidates(): LegalMove[] {
    const n = this.clicked.length;
    return this.legal.filter((m) => m.places.length >= n && this.clicked.every((p, i) => m.places[i] === p));
  }

  /** Places a click may go to next (the next place of each remaining move). */
  targets(): Set<string> {
    const n = this.clicked.length;
    const out = new Set<string>();
    for (const m of this.candidates()) if (m.places.length > n) out.add(m.places[n]);
    return out;
  }

  /**
   * Moves to offer as buttons now: before any click, the moves that touch no place; after clicks,
   * the remaining moves whose places are all clicked (several when they share the same places).
   */
  buttons(): LegalMove[] {
    const n = this.clicked.length;
    if (n === 0) return this.legal.filter((m) => m.places.length === 0);
    return this.candidates().filter((m) => m.places.length === n);
  }

  /**
   * A click on `place`. A place that is a target extends the selection; a click on the last place
   * picked takes it back; a place that with the places picked makes up all the places of exactly one
   * move, in another order, chooses it (Relativity's two squares click either way round); any other
   * place starts a new selection when it begins some move, and is ignored otherwise. When exactly
   * one move remains it is chosen (and the selection cleared).
   */
  click(place: string): ClickResult {
    const n = this.clicked.length;
    if (n > 0 && this.clicked[n - 1] === place) {
      this.clicked.pop();
      return { kind: "narrowed", remaining: this.candidates().length };
    }
    if (n > 0 && !this.targets().has(place)) {
      const want = [...this.clicked, place].sort().join("\n");
      const same = this.legal.filter(
        (m) => m.places.length === n + 1 && [...m.places].sort().join("\n") === want,
      );
      if (same.length === 1) {
        this.clicked = [];
        return { kind: "chosen", move: same[0] };
      }
    }
    if (this.targets().has(place)) {
      this.clicked.push(place);
    } else {
      const fresh = new MovePicker(this.legal);
      if (!fresh.targets().has(place)) return { kind: "ignored" };
      this.clicked = [place];
    }
    const left = this.candidates();
    if (left.length === 1) {
      this.clicked = [];
      return { kind: "chosen", move: left[0] };
    }
    return { kind: "narrowed", remaining: left.length };
  }

  /** Forget the clicks. */
  reset(): void {
    this.clicked = [];
  }

  /** The legal move written `text` (notation box), compared without case and spaces. */
  find(text: string): LegalMove | undefined {
    const norm = (s: string) => s.replace(/\s+/g, "").toLowerCase();
    const t = norm(text);
    return this.legal.find((m) => norm(m.move) === t);
  }
}
