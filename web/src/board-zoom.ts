// The board's zoom. On a desktop the board is fitted to the page and "Zoom the board" doubles it in
// a box of its own that scrolls. On a phone (a narrow or touch screen) a board whose places would
// be too small to tap (Culture Wars' squares are 25 px at 390 px wide) opens zoomed so that every
// place lit for a move is at least TAP px on the screen, in a box that pans both ways (a finger
// drags it; the page itself never scrolls sideways, and the browser's pinch zoom stays allowed:
// the page's viewport does not forbid it). The button then reads "Fit the board" and fits it again.
export const TAP = 44;
/** The zoom the button gives on a desktop, and the most a phone opens at. */
const BUTTON_ZOOM = 2.2;
const MOST = 4;

export function phoneLike(): boolean {
  return window.matchMedia?.("(pointer: coarse), (max-width: 800px)").matches ?? false;
}

export class BoardZoom {
  private zoom = 1;
  private chosen = false; // the player pressed the button: their choice stands

  constructor(
    private readonly box: HTMLElement,
    private readonly button: HTMLButtonElement,
  ) {
    button.addEventListener("click", () => {
      this.chosen = true;
      this.set(this.zoom > 1 ? 1 : Math.max(BUTTON_ZOOM, this.fitting() ?? 1));
    });
  }

  /** After every drawing of the board and its lit places: on a phone, zoom in until the smallest
   * lit place (or place, when none is lit) is TAP px (never back out by itself, so the board does
   * not jump between moves). */
  update(): void {
    this.apply();
    if (this.chosen || !phoneLike()) return;
    const needed = this.fitting();
    if (needed && needed > this.zoom * 1.02) this.set(needed);
  }

  /** The zoom at which the smallest lit place is TAP px (every place when none is lit, so a board
   * is as readable between one's turns as on them); null when the board has no place. */
  private fitting(): number | null {
    let smallest = Infinity;
    const lit = this.box.querySelectorAll("svg.board [data-place].target");
    for (const g of lit.length ? lit : this.box.querySelectorAll("svg.board [data-place]")) {
      const r = g.getBoundingClientRect();
      if (r.width > 0 && r.height > 0) smallest = Math.min(smallest, r.width, r.height);
    }
    if (!Number.isFinite(smallest)) return null;
    return Math.min(MOST, Math.max(1, (this.zoom * TAP) / smallest));
  }

  private set(zoom: number): void {
    this.zoom = zoom;
    this.apply();
  }

  private apply(): void {
    const on = this.zoom > 1;
    this.box.classList.toggle("zoomed", on);
    this.box.style.setProperty("--zoom", String(this.zoom));
    this.button.setAttribute("aria-pressed", String(on));
    this.button.textContent = on ? "Fit the board" : "Zoom the board";
  }
}
