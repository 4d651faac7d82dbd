// The match page's move controls: the generic move picker (places lit on the board, narrowed by
// each click, with a reason when a click does nothing), the move buttons and the folded list of
// every move, the notation box and its help, undo, and the hint panel. Moves go out through
// match-connection.ts; what comes back is drawn by match-view.ts.
//
// A move that one tap on the board would send (a card in hand with one slot left) and undo could
// not take back is not sent at once: the page asks in place, in the move's words ("Deploy Nakamura
// (@9) in a new column?"), with Confirm and Cancel; a tap may land on the wrong card. So is a move
// the game draws a preview of (GameDrawer.preview: a Culture Wars setup tile where it lands), with
// the preview on the board (the rule: one-tap.ts). Other moves picked by clicks, buttons and typed
// notation go out as they are.
import type { GameInfo } from "./api";
import { h, seatLabel } from "./dom";
import { drawerFor } from "./games";
import { HintPanel } from "./hint";
import { say, type MatchUi } from "./match-layout";
import type { SeatConnection } from "./match-connection";
import { markdown, section } from "./markdown";
import { asksFirst } from "./one-tap";
import { MovePicker, type LegalMove } from "./picker";
import { pickPrompt, unlitWhy } from "./pick-words";
import type { HintMsg, StateMsg, View } from "./protocol";

export class MatchControls {
  private picker: MovePicker | null = null;
  /** The move one tap chose, waiting for Confirm or Cancel (see the top of this file). */
  private asking: LegalMove | null = null;
  private readonly hints: HintPanel;

  constructor(
    private readonly ui: MatchUi,
    private readonly games: GameInfo[],
    private readonly conn: SeatConnection,
    private readonly playing: boolean,
  ) {
    this.hints = new HintPanel(
      (seat) => conn.hint(seat),
      (move) => conn.send(move),
      ui.boardBox,
    );
    ui.controls.append(this.hints.el);
    document.addEventListener("keydown", (ev) => {
      if (ev.key === "Escape" && this.picker) {
        this.picker.reset();
        this.asking = null;
        this.highlight();
      }
    });
    ui.noteForm.addEventListener("submit", (ev) => {
      ev.preventDefault();
      const text = ui.noteInput.value.trim();
      if (!text) return;
      // Sent as typed: the server answers with the game's own reason when it is not legal.
      conn.send(this.picker?.find(text)?.move ?? text);
      ui.noteInput.value = "";
    });
    ui.helpToggle.addEventListener("click", () => {
      ui.help.hidden = !ui.help.hidden;
      ui.helpToggle.setAttribute("aria-expanded", String(!ui.help.hidden));
      this.drawHelp();
    });
    ui.undo.addEventListener("click", () => conn.undo());
  }

  /** A click on the board (not on a fold button): a choice drawn on it sends its move, a place's
   * click goes to the picker. */
  click(ev: Event): void {
    const choice = (ev.target as Element).closest("[data-move]");
    if (choice) return this.conn.send(choice.getAttribute("data-move")!);
    const g = (ev.target as Element).closest("[data-place]");
    if (g) this.onPlace(g.getAttribute("data-place")!);
  }

  /** A key on the board: Enter or Space on a place clicks it and keeps the focus there. */
  key(ev: KeyboardEvent): void {
    const choice = (ev.target as Element).closest?.("[data-move]");
    if (choice && (ev.key === "Enter" || ev.key === " ")) {
      ev.preventDefault();
      return this.conn.send(choice.getAttribute("data-move")!);
    }
    const g = (ev.target as Element).closest?.("[data-place]");
    if (!g) return;
    if (ev.key === "Enter" || ev.key === " ") {
      ev.preventDefault();
      const name = g.getAttribute("data-place")!;
      this.onPlace(name);
      if (!this.asking)
        return this.ui.boardBox.querySelector<SVGGElement>(`[data-place="${name}"][tabindex]`)?.focus();
      // Asked to confirm: the focus goes to Confirm, once the key is up (a Space let go on Confirm
      // would press it).
      const confirm = () =>
        this.ui.moves.querySelector<HTMLButtonElement>("button.confirm")?.focus({ preventScroll: true });
      if (ev.key === " ") g.addEventListener("keyup", confirm, { once: true });
      else confirm();
    }
  }

  /** After the board of `view` is drawn: a new picker, the lit places, hints, help and undo. */
  update(s: StateMsg, view: View): void {
    const ui = this.ui;
    const pending = this.conn.pending;
    this.picker = view.legal.length ? new MovePicker(view.legal) : null;
    this.asking = null;
    // An example in this game's own notation (a Relativity swap means nothing in Siege).
    if (view.legal.length) ui.noteInput.placeholder = `e.g. ${view.legal[0].move}`;
    this.highlight();
    this.hints.update(s, view, !!pending);
    this.drawHelp();
    ui.undo.hidden = !s.match.undo || view.seat < 0 || !!s.result;
    ui.undo.disabled = !view.can_undo || !!pending;
    ui.undo.title = view.can_undo ? "Take back your last decision" : (view.why_no_undo ?? "");
    ui.undo.textContent = view.can_undo
      ? "Undo my last move"
      : `Undo not possible: ${view.why_no_undo ?? ""}`;
    // After the end: no move controls, no stale "Move accepted"; the result says it all.
    ui.controls.hidden = !this.playing || !!s.result;
    if (s.result && /^(Move accepted|Undone|Sent)/.test(ui.message.textContent ?? "")) say(ui, "", "");
  }

  /** Hot-seat hand-over: nothing of the last seat's moves stays on the page. */
  clear(): void {
    this.ui.help.replaceChildren();
    this.ui.moves.replaceChildren();
    this.picker = null;
    this.asking = null;
  }

  answerHint(msg: HintMsg): void {
    this.hints.answer(msg);
  }

  /** Lights the places the picker offers and marks the ones picked, then redraws the buttons. */
  private highlight(): void {
    const svg = this.ui.boardBox.querySelector<SVGSVGElement>("svg");
    if (!svg) return;
    const targets =
      this.picker && !this.conn.pending && !this.asking ? this.picker.targets() : new Set<string>();
    const picked = new Set(this.asking?.places ?? this.picker?.picked ?? []);
    for (const g of svg.querySelectorAll<SVGGElement>("[data-place]")) {
      const name = g.getAttribute("data-place")!;
      const t = targets.has(name);
      g.classList.toggle("target", t);
      g.classList.toggle("picked", picked.has(name));
      if (t || picked.has(name)) {
        g.setAttribute("tabindex", "0");
        g.setAttribute("role", "button");
      } else {
        g.removeAttribute("tabindex");
        g.removeAttribute("role");
      }
    }
    this.drawMoveButtons();
    this.drawChoice(svg);
    svg.querySelector(".board-preview")?.remove();
    const preview = this.asking && this.preview(this.asking, svg);
    if (preview) svg.append(preview);
  }

  /** The game's picture of where `move` leaves its pieces, drawn on `svg` (the board by default). */
  private preview(move: LegalMove, svg?: SVGSVGElement): SVGElement | null {
    const game = this.conn.state?.match.game;
    const view = this.conn.currentView();
    const board = svg ?? this.ui.boardBox.querySelector<SVGSVGElement>("svg");
    if (!game || !view || !board) return null;
    const drawn = drawerFor(game).preview?.(move.move, view.observation, board) ?? null;
    drawn?.classList.add("board-preview");
    return drawn;
  }

  /** The choice left after the clicks, drawn on the board where the game draws it. */
  private drawChoice(svg: SVGSVGElement): void {
    svg.querySelector(".board-choice")?.remove();
    const buttons =
      this.picker && !this.conn.pending && this.picker.picked.length ? this.picker.buttons() : [];
    const game = this.conn.state?.match.game;
    const drawn = buttons.length > 1 && game ? drawerFor(game).choiceOnBoard?.(buttons, svg) : null;
    if (!drawn) return;
    drawn.classList.add("board-choice");
    for (const e of drawn.querySelectorAll("[data-move]")) {
      e.setAttribute("tabindex", "0");
      e.setAttribute("role", "button");
    }
    svg.append(drawn);
  }

  private drawMoveButtons(): void {
    const ui = this.ui;
    const view = this.conn.currentView();
    const pending = this.conn.pending;
    const picker = this.picker;
    const send = (move: string) => this.conn.send(move);
    ui.moves.replaceChildren();
    ui.allMoves.hidden = true;
    if (!view || view.legal.length === 0 || !picker) {
      ui.moves.append(
        h(
          "p",
          {},
          pending
            ? `Waiting for the server to accept ${pending.move}…`
            : view && view.seat >= 0
              ? "Not your turn."
              : "You are watching.",
        ),
      );
      return;
    }
    if (pending) {
      ui.moves.append(h("p", {}, `Waiting for the server to accept ${pending.move}…`));
      return;
    }
    const state = this.conn.state;
    const names = this.conn.seatNames();
    const words = (m: LegalMove) =>
      (state && drawerFor(state.match.game).moveWords?.(m.move, view.observation, names)) ?? m.text ?? m.move;
    if (this.asking) return this.drawAsk(this.asking, words(this.asking));
    const picked = picker.picked;
    const at = { picked, lit: picker.targets(), buttons: picker.buttons().length };
    const prompt =
      (state && drawerFor(state.match.game).pickPrompt?.(at, view.observation)) ?? pickPrompt(at);
    ui.moves.append(h("p", { class: "picking" }, prompt));
    // Every legal move on the board as a button too, folded away: the fallback for clicking.
    const buttons = picker.buttons();
    const onBoard = picker.candidates().filter((m) => !buttons.includes(m));
    ui.allMoves.hidden = picked.length > 0 || onBoard.length === 0;
    if (!ui.allMoves.hidden) {
      const was = ui.allMoves.open;
      ui.allMoves.replaceChildren(
        h(
          "summary",
          {},
          `The ${onBoard.length === 1 ? "move" : `${onBoard.length} moves`} on the board, as a list`,
        ),
        ...onBoard.map((m) =>
          h(
            "button",
            {
              type: "button",
              class: "move-listed",
              "data-move": m.move,
              title: m.move,
              onclick: () => send(m.move),
            },
            words(m),
          ),
        ),
      );
      ui.allMoves.open = was;
    }
    for (const m of buttons) {
      ui.moves.append(
        h(
          "button",
          { type: "button", class: "move", "data-move": m.move, title: m.move, onclick: () => send(m.move) },
          words(m),
        ),
      );
    }
    if (picked.length)
      ui.moves.append(
        h(
          "button",
          {
            type: "button",
            class: "clear",
            onclick: () => {
              this.picker?.reset();
              this.highlight();
            },
          },
          "Clear selection",
        ),
      );
  }

  /** The question before a one-tap move is sent: its words, Confirm and Cancel. */
  private drawAsk(move: LegalMove, words: string): void {
    const confirm = h(
      "button",
      {
        type: "button",
        class: "confirm primary",
        "data-move": move.move,
        title: move.move,
        onclick: () => {
          this.asking = null;
          this.conn.send(move.move);
          // The question goes: the page waits for the server (or asks afresh if it was not sent).
          this.highlight();
        },
      },
      "Confirm",
    );
    this.ui.moves.append(
      h("p", { class: "picking asking" }, `${words}?`),
      confirm,
      h("button", { type: "button", class: "cancel", onclick: () => this.cancelAsk() }, "Cancel"),
    );
  }

  private cancelAsk(): void {
    this.asking = null;
    this.picker?.reset();
    this.highlight();
  }

  /** Says in the message line why a click on the board did nothing. */
  private explain(text: string): void {
    say(this.ui, text, "unlit");
  }

  private onPlace(name: string): void {
    const view = this.conn.currentView();
    const state = this.conn.state;
    const pending = this.conn.pending;
    if (pending) return this.explain(`Nothing happened: ${pending.move} is on its way to the server.`);
    if (!this.picker) {
      if (!view || view.seat < 0) return this.explain("Nothing happened: you are watching this match.");
      if (state?.result) return this.explain("Nothing happened: the game is over.");
      const toMove = state?.to_move;
      return this.explain(
        toMove === null || toMove === undefined
          ? "Nothing happened: it is nobody's turn."
          : `Nothing happened: it is ${seatLabel(toMove, state?.match.seats[toMove]?.name, state?.match.seats[toMove]?.player)}'s turn, not yours.`,
      );
    }
    if (this.asking) {
      // A tap on the move's own place again takes it back; a tap elsewhere starts afresh there.
      const again = this.asking.places.includes(name);
      this.cancelAsk();
      if (again) return;
    }
    const before = [...this.picker.picked];
    const r = this.picker.click(name);
    if (r.kind === "ignored") return this.explain(unlitWhy(name, r.why, before));
    if (this.ui.message.classList.contains("unlit")) say(this.ui, "", "");
    if (r.kind === "chosen" && asksFirst(r.move, before.length, !!this.preview(r.move))) {
      this.asking = r.move;
      this.highlight();
    } else if (r.kind === "chosen") this.conn.send(r.move.move);
    else this.highlight();
  }

  private drawHelp(): void {
    const ui = this.ui;
    const state = this.conn.state;
    if (ui.help.hidden || !state) return;
    const info = this.games.find((g) => g.id === state.match.game);
    const legal = this.conn.currentView()?.legal ?? [];
    // The how-to's own "Notation" section, with a link to the whole how-to.
    const notation = section(info?.how_to_play ?? "", "Notation");
    ui.help.replaceChildren(
      ...(notation ? markdown(notation) : []),
      h(
        "p",
        {},
        h("a", { href: `/rules/${state.match.game}` }, `How to play ${info?.name ?? state.match.game}`),
        notation ? " (the whole how-to)." : " says how moves are written.",
      ),
      legal.length
        ? h("p", {}, "Legal now: ", h("code", {}, legal.map((m) => m.move).join("  ")))
        : h("p", {}, "No move of yours is legal now."),
    );
  }
}
