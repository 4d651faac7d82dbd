// The last move of every seat, marked on the board until that seat moves again. Worked out from
// the boards this page drew and nothing else: after each new state, the places whose drawing
// changed since the state before belong to the seat that was to move (consecutive steps of one
// seat's turn add up). So a mark never says more than the viewer's own board already showed, and
// each seat held on a hot-seat device keeps marks of its own view. A place that lost a piece is
// marked "from", one that gained a piece "to", any other change "changed"; each mark carries the
// mover's seat shape (seats differ by shape, not only colour) and the page says it in words.
import { el, seatShape } from "./svg";

export type How = "from" | "to" | "changed";
export interface PlaceMark {
  place: string;
  how: How;
}

/** The key of the changes of states that came together, made by seats not known apart. */
export const SEVERAL = -1;

/** Pieces a place holds, for telling a "from" from a "to". */
const PIECES = ".coin, .pawn, .tokens, .die, .tile, .business-card, .tcg-back";

interface Drawn {
  sig: string;
  pieces: number;
}

/** Each place's drawing (its children and label) and how many pieces it holds. */
export function drawnPlaces(svg: Element): Map<string, Drawn> {
  const out = new Map<string, Drawn>();
  for (const g of svg.querySelectorAll("[data-place]")) {
    const name = g.getAttribute("data-place")!;
    const was = out.get(name);
    const sig = `${g.getAttribute("aria-label") ?? ""}|${g.innerHTML}`;
    const pieces = g.querySelectorAll(PIECES).length;
    out.set(name, was ? { sig: was.sig + sig, pieces: was.pieces + pieces } : { sig, pieces });
  }
  return out;
}

/** The places whose drawing differs between `before` and `after`, each with how it changed. */
export function changedPlaces(before: Map<string, Drawn>, after: Map<string, Drawn>): PlaceMark[] {
  const out: PlaceMark[] = [];
  for (const [place, now] of after) {
    const was = before.get(place);
    if (!was || was.sig === now.sig) continue;
    out.push({ place, how: now.pieces < was.pieces ? "from" : now.pieces > was.pieces ? "to" : "changed" });
  }
  return out;
}

/**
 * Where a mark's seat shape of radius `r` goes in the place (x, y, w, h): the first corner (top
 * right, top left, bottom left, bottom right) with none of the place's own labels near it, so the
 * mark covers no square name, tile name or count.
 */
function freeCorner(g: Element, x: number, y: number, w: number, h: number, r: number): [number, number] {
  const corners: [number, number][] = [
    [x + w - r - 3, y + r + 3],
    [x + r + 3, y + r + 3],
    [x + r + 3, y + h - r - 3],
    [x + w - r - 3, y + h - r - 3],
  ];
  const labels = [...g.querySelectorAll("text")].map((t) => {
    const size = Number(t.getAttribute("font-size") ?? 10);
    const anchor = t.getAttribute("text-anchor") ?? "start";
    const width = (t.textContent ?? "").length * size * 0.6;
    const left =
      Number(t.getAttribute("x")) - (anchor === "end" ? width : anchor === "middle" ? width / 2 : 0);
    const bottom = Number(t.getAttribute("y"));
    return { left, right: left + width, top: bottom - size, bottom };
  });
  const clear = ([cx, cy]: [number, number]) =>
    labels.every((b) => b.right < cx - r || b.left > cx + r || b.bottom < cy - r || b.top > cy + r);
  return corners.find(clear) ?? corners[0];
}

/** The marks of one view (one seat, or the spectator's). */
export class LastMoves {
  private before: Map<string, Drawn> | null = null;
  private seq = -1;
  private ply = -1;
  private mover: number | null = null;
  private lastMover: number | null = null;
  private readonly marks = new Map<number, PlaceMark[]>();
  /** The seat whose marks the newest state made (drawn with a short animation). */
  fresh: number | null = null;

  /**
   * After the board of state `seq` is drawn in `svg`: `toMove` is the seat to move in it, `ply` the
   * move its log has reached (a smaller one than before: an undo, which clears every mark). Only
   * the state right after the one drawn before is put down to a seat; after a gap (states sent
   * together, a reconnection) only `own`, the move this page sent, is, by the places it named, the
   * rest to several seats. A redraw of the same state (a fold) diffs nothing.
   */
  update(
    svg: Element,
    seq: number,
    toMove: number | null,
    ply: number,
    own: { seat: number; places: string[] } | null = null,
  ): void {
    const now = drawnPlaces(svg);
    this.fresh = null;
    if (seq === this.seq) {
      this.before = now;
      return;
    }
    if (ply < this.ply) {
      this.marks.clear();
      this.lastMover = null;
    } else if (this.before && seq > this.seq + 1 && this.seq >= 0) {
      // States that came together (the server sends only the newest of those waiting): who did
      // what among them is not known here, so their changes are marked as several seats'.
      let changed = changedPlaces(this.before, now);
      // The viewer's own move among them is known by the places it named.
      if (own && own.places.length) {
        const mine = changed.filter((m) => own.places.includes(m.place));
        this.marks.set(own.seat, mine.length ? mine : own.places.map((place) => ({ place, how: "changed" })));
        changed = changed.filter((m) => !own.places.includes(m.place));
      }
      if (changed.length) {
        this.marks.set(SEVERAL, changed);
        this.lastMover = SEVERAL;
        this.fresh = SEVERAL;
      }
    } else if (this.before && seq === this.seq + 1 && this.mover !== null) {
      const changed = changedPlaces(this.before, now);
      if (changed.length) {
        // Steps of one turn add up; a seat moving again replaces its old marks.
        const kept = this.mover === this.lastMover ? (this.marks.get(this.mover) ?? []) : [];
        const merged = new Map(kept.map((m) => [m.place, m.how]));
        for (const m of changed) merged.set(m.place, m.how);
        this.marks.set(
          this.mover,
          [...merged].map(([place, how]) => ({ place, how })),
        );
        this.lastMover = this.mover;
        this.fresh = this.mover;
      }
    }
    this.before = now;
    this.seq = seq;
    this.ply = ply;
    this.mover = toMove;
  }

  /** Every seat's marks, seat by seat, then those of several seats. */
  all(): [number, PlaceMark[]][] {
    const order = (seat: number) => (seat === SEVERAL ? Infinity : seat);
    return [...this.marks].sort((a, b) => order(a[0]) - order(b[0]));
  }

  /** Draws the marks on `svg`: a dashed frame and the mover's seat shape in each place's corner. */
  draw(svg: Element, seatNames: string[]): void {
    const groups = new Map<string, Element>();
    for (const g of svg.querySelectorAll("[data-place]"))
      if (!groups.has(g.getAttribute("data-place")!)) groups.set(g.getAttribute("data-place")!, g);
    for (const [seat, marks] of this.all()) {
      for (const { place, how } of marks) {
        const g = groups.get(place);
        const hit = g?.querySelector("rect.hit");
        if (!g || !hit) continue;
        const x = Number(hit.getAttribute("x"));
        const y = Number(hit.getAttribute("y"));
        const w = Number(hit.getAttribute("width"));
        const h = Number(hit.getAttribute("height"));
        const r = Math.max(4, Math.min(9, Math.min(w, h) * 0.14));
        const who = seat === SEVERAL ? "several seats" : (seatNames[seat] ?? `seat ${seat}`);
        const mark = el(
          "g",
          {
            class: `last-mark last-mark-${how}${seat === this.fresh ? " fresh" : ""}`,
            "data-seat": seat,
            "data-how": how,
          },
          el("title", {}, `${who}'s last move: ${how} here`),
          el("rect", {
            x: x + 2,
            y: y + 2,
            width: Math.max(0, w - 4),
            height: Math.max(0, h - 4),
            fill: "none",
          }),
          seat === SEVERAL ? null : seatShape(seat, ...freeCorner(g, x, y, w, h, r), r),
        );
        g.append(mark);
      }
    }
  }

  /** The marks in words: "seat 1 · Bob: from e4, to f4." for each seat that moved. A seat's own row
   * beside the board (place "seat-N") reads "the row of seat N · Bob". */
  words(seatNames: string[]): string {
    const lines = this.all().map(([seat, marks]) => {
      const byHow = (how: How) => marks.filter((m) => m.how === how).map((m) => m.place);
      const parts = (["from", "to", "changed"] as const)
        .map((how) => [how, byHow(how)] as const)
        .filter(([, places]) => places.length)
        .map(([how, places]) => `${how} ${places.map((p) => placeWords(p, seatNames)).join(", ")}`);
      const who =
        seat === SEVERAL ? "several seats (their moves came together)" : (seatNames[seat] ?? `seat ${seat}`);
      return `${who}: ${parts.join("; ")}.`;
    });
    return lines.length ? `Last moves — ${lines.join(" ")}` : "";
  }
}

/** A place as the line under the board says it: squares by their name, a seat's row by its seat. */
export function placeWords(place: string, seatNames: string[]): string {
  const seat = /^seat-(\d+)$/.exec(place);
  if (!seat) return place;
  const n = Number(seat[1]);
  return `the row of ${seatNames[n] ?? `seat ${n}`}`;
}
