// The one move-picking mechanism shared by every game, by the rule of the core's src/core/picker.h
// (both are tested on the cases of picker-cases.json).
//
// The server sends, with each legal move, the board places it touches in click order (`places`)
// and how many of them each step holds (`steps`): the steps come in sequence, the places of one
// step in any order (a swap's two squares are one step; a move's from and to are two). The board
// draws every place as an element carrying `data-place="<name>"`. A move *follows* the places
// clicked so far when they are the start of an order in which its places may be clicked; the
// candidates are the moves that follow, and the lit places are the places not yet clicked of each
// candidate's current step (before any click, every place of every move's first step).
//
// A click on a place already picked takes back the clicks from it on; a click on a lit place adds
// it; a click on a place lit before any click starts a new selection with it; any other click does
// nothing and says why. When a click that adds a place leaves one candidate, that move is chosen.
// Moves without places (end turn, pass, choices) and moves whose places are all clicked (several
// when they share them: the same squares with two dice) are offered as buttons. Nothing here knows
// any game.

/** One legal move as the server sends it. */
export interface LegalMove {
  /** The move in the game's notation: what is sent back to the server. */
  move: string;
  /** Board places the move touches, in click order; empty for moves that are not on the board. */
  places: string[];
  /** How many of `places` each step holds; a step's places click in any order (absent: one each). */
  steps?: number[];
  /** How the move reads, for buttons and screen readers (falls back to `move`). */
  text?: string;
  /** Whether undo could take the move back once played (the server's word; absent: it could not). */
  undoable?: boolean;
}

/** Why a click did nothing: no legal move touches the place, or none may be clicked there next. */
export type Unlit = "no-move" | "not-next";

/** What a click did. */
export type ClickResult =
  | { kind: "chosen"; move: LegalMove }
  | { kind: "narrowed"; remaining: number }
  | { kind: "ignored"; why: Unlit };

/** A move's places as steps: `places` cut by `steps` (one place a step when `steps` is absent). */
export function placeSteps(m: LegalMove): string[][] {
  const places = m.places ?? [];
  const sizes =
    m.steps && m.steps.reduce((a, b) => a + b, 0) === places.length ? m.steps : places.map(() => 1);
  const out: string[][] = [];
  let at = 0;
  for (const n of sizes) {
    if (n > 0) out.push(places.slice(at, at + n));
    at += n;
  }
  return out;
}

/**
 * The places a click may go to next on a move of these steps after `clicks` (none when all are
 * clicked), or null when the clicks do not follow the move.
 */
export function nextPlaces(steps: readonly string[][], clicks: readonly string[]): string[] | null {
  let step = 0;
  let done = new Set<string>();
  for (const c of clicks) {
    if (step === steps.length || !steps[step].includes(c) || done.has(c)) return null;
    done.add(c);
    if (done.size === steps[step].length) {
      step++;
      done = new Set();
    }
  }
  return step === steps.length ? [] : steps[step].filter((p) => !done.has(p));
}

export class MovePicker {
  private legal: LegalMove[];
  private steps: string[][][];
  private clicked: string[] = [];

  constructor(legal: LegalMove[]) {
    this.legal = legal.map((m) => ({ ...m, places: m.places ?? [] }));
    this.steps = this.legal.map(placeSteps);
  }

  /** The places clicked so far. */
  get picked(): readonly string[] {
    return this.clicked;
  }

  /** Legal moves on the board that the clicks so far may still become. */
  candidates(): LegalMove[] {
    return this.view(this.clicked).candidates;
  }

  /** Places a click may go to next. */
  targets(): Set<string> {
    return this.view(this.clicked).lit;
  }

  /** The candidates whose every place is clicked. */
  complete(): LegalMove[] {
    return this.view(this.clicked).complete;
  }

  /**
   * Moves to offer as buttons now: before any click, the moves that touch no place; after clicks,
   * the moves whose places are all clicked (several when they share the same places).
   */
  buttons(): LegalMove[] {
    if (this.clicked.length === 0) return this.legal.filter((m) => m.places.length === 0);
    return this.complete();
  }

  /** Whether some legal move touches `place` at all. */
  touches(place: string): boolean {
    return this.legal.some((m) => m.places.includes(place));
  }

  /** A click on `place` (see the rule at the top of this file). */
  click(place: string): ClickResult {
    const at = this.clicked.indexOf(place);
    if (at >= 0) {
      this.clicked = this.clicked.slice(0, at);
      return { kind: "narrowed", remaining: this.candidates().length };
    }
    if (!this.targets().has(place)) {
      if (this.clicked.length === 0 || !this.view([]).lit.has(place))
        return { kind: "ignored", why: this.touches(place) ? "not-next" : "no-move" };
      this.clicked = [];
    }
    this.clicked = [...this.clicked, place];
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

  private view(clicks: readonly string[]): {
    candidates: LegalMove[];
    complete: LegalMove[];
    lit: Set<string>;
  } {
    const candidates: LegalMove[] = [];
    const complete: LegalMove[] = [];
    const lit = new Set<string>();
    this.legal.forEach((m, i) => {
      if (m.places.length === 0) return;
      const next = nextPlaces(this.steps[i], clicks);
      if (next === null) return;
      candidates.push(m);
      if (next.length === 0) complete.push(m);
      for (const p of next) lit.add(p);
    });
    return { candidates, complete, lit };
  }
}
