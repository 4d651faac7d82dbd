// The match page's Hint button (issue 22): in a match whose creator allowed hints, the seat to move
// asks the server what the hard computer would play for it; the answer (to this connection alone,
// searched from what this seat may know only) is shown with the seat's estimated chance of winning,
// and the places of the move are ringed on the board ("hinted"), with a button that plays it.
import { h } from "./dom";
import type { HintMsg, StateMsg, View } from "./protocol";

export class HintPanel {
  readonly el: HTMLElement;
  private readonly button: HTMLButtonElement;
  private readonly text: HTMLElement;
  private readonly play: HTMLButtonElement;
  private asked: { seq: number; seat: number } | null = null;
  private shown: HintMsg | null = null;
  private view: View | null = null;
  private seq = -1;

  constructor(
    private readonly ask: (seat: number) => boolean,
    private readonly send: (move: string) => void,
    private readonly board: HTMLElement,
  ) {
    this.button = h("button", { type: "button", class: "hint-button" }, "Hint");
    this.text = h("span", { class: "hint-text", "aria-live": "polite" });
    this.play = h("button", { type: "button", class: "hint-play", hidden: true }, "Play it");
    this.el = h("div", { class: "hint", hidden: true }, this.button, " ", this.text, " ", this.play);
    this.button.addEventListener("click", () => this.request());
    this.play.addEventListener("click", () => {
      if (this.shown?.move) this.send(this.shown.move);
    });
  }

  /** After every state: the button for the seat to move in a match with hints; an old hint goes. */
  update(s: StateMsg, view: View | null, pending: boolean): void {
    this.view = view;
    if (s.seq !== this.seq) {
      this.seq = s.seq;
      this.shown = null;
      this.asked = null;
      this.text.textContent = "";
    }
    const mine = !!view && view.seat >= 0 && view.seat === s.to_move && view.legal.length > 0;
    this.el.hidden = !s.match.hints || !mine || !!s.result;
    this.button.disabled = pending || this.asked !== null;
    this.play.hidden = !this.shown?.move || pending;
    this.mark();
  }

  /** The server's answer (only this connection's own requests are answered). */
  answer(msg: HintMsg): void {
    if (msg.seq !== this.seq) return;
    this.asked = null;
    this.button.disabled = false;
    if (msg.refused || !msg.move) {
      this.shown = null;
      this.text.textContent = `No hint: ${msg.refused ?? "no move"}`;
      this.play.hidden = true;
    } else {
      this.shown = msg;
      const chance = Math.round((msg.win_chance ?? 0) * 100);
      const legal = this.view?.legal.find((m) => m.move === msg.move);
      this.text.textContent = `Hint: ${legal?.text ?? msg.move} — your chance of winning about ${chance}%`;
      this.play.hidden = false;
    }
    this.mark();
  }

  private request(): void {
    const seat = this.view?.seat;
    if (seat === undefined || seat < 0 || this.asked) return;
    if (!this.ask(seat)) {
      this.text.textContent = "Not connected: the hint was not asked.";
      return;
    }
    this.asked = { seq: this.seq, seat };
    this.button.disabled = true;
    this.text.textContent = "Thinking about your move…";
  }

  /** Rings the hinted move's places on the board (the board is redrawn with every state). */
  private mark(): void {
    const places = new Set(this.view?.legal.find((m) => m.move === this.shown?.move)?.places ?? []);
    for (const g of this.board.querySelectorAll<SVGGElement>("[data-place]"))
      g.classList.toggle("hinted", places.has(g.getAttribute("data-place")!));
  }
}
