// What a state message shows on the match page: the board (by the game's drawer), the status line,
// the private information, whose turn it is, the seats, the log, the computer's thinking progress,
// the result, and the hot-seat hand-over screen. Lighting places and the move controls are
// match-controls.ts's.
import { BoardZoom } from "./board-zoom";
import type { GameInfo } from "./api";
import { LastMoves } from "./last-move";
import { fitNumbers, h, narrow, seatLabel, wireFolds } from "./dom";
import { drawerFor } from "./games";
import type { DrawContext } from "./games/types";
import type { MatchUi } from "./match-layout";
import type { StateMsg, View } from "./protocol";
import { resultNodes } from "./result";
import { seatShape, svgRoot } from "./svg";
import { askButton, TurnNotice } from "./turn-notice";

export class MatchView {
  private readonly zoom: BoardZoom;
  // Parts of the board folded or unfolded by a tap on their fold button (the card game's seat
  // areas), by their data-fold key; a part not in here has the drawer's default.
  private readonly folds = new Map<string, boolean>();
  private readonly onFold: (ev: Event) => boolean;
  private statusOpen = false;
  // "Your turn" in the title and the tab's icon, and a notification to a background tab.
  private readonly turnNotice = new TurnNotice();
  // Each view's last-move marks (a hot-seat device holds one per seat: none sees another's board).
  private readonly lastMoves = new Map<number, LastMoves>();

  constructor(
    private readonly ui: MatchUi,
    private readonly games: GameInfo[],
    redraw: () => void,
    private readonly takeover: (seat: number) => void,
  ) {
    // On a phone the status line shows its first two lines until "More" is pressed.
    ui.statusMore.addEventListener("click", () => {
      this.statusOpen = !this.statusOpen;
      this.fitStatus();
    });
    // Square names on a grid board: shown until the player hides them.
    ui.coordsToggle.addEventListener("click", () => {
      const shown = ui.coordsToggle.getAttribute("aria-pressed") !== "true";
      ui.coordsToggle.setAttribute("aria-pressed", String(shown));
      ui.boardBox.classList.toggle("hide-coords", !shown);
    });
    this.zoom = new BoardZoom(ui.boardBox, ui.zoom);
    this.onFold = wireFolds(ui.boardBox, this.folds, redraw);
    const ask = askButton();
    if (ask) ui.controls.after(ask);
  }

  /** Whether a board event was a fold button's (handled here: the board is drawn again). */
  fold(ev: Event): boolean {
    return this.onFold(ev);
  }

  /** The board, status, private information, turn, seats and log of `view` in state `s`. */
  draw(
    s: StateMsg,
    view: View,
    seatNames: string[],
    played: { seat: number; places: string[] } | null = null,
  ): void {
    const ui = this.ui;
    const drawer = drawerFor(s.match.game);
    const info = this.games.find((g) => g.id === s.match.game);
    this.turnNotice.update(
      view.seat >= 0 && s.to_move === view.seat && !s.result,
      `Tabletop — ${info?.name ?? s.match.game} ${s.match.id}`,
      s.match.id,
    );
    const ctx: DrawContext = {
      viewer: view.seat,
      seatNames,
      revealed: s.revealed,
      recordView: s.record_view,
      narrow: narrow(),
      folds: this.folds,
      // Every place some legal move names: a drawer never folds one of them away.
      live: new Set(view.legal.flatMap((m) => m.places ?? [])),
    };
    ui.rulesLink.href = `/rules/${s.match.game}`;
    ui.rulesLink.textContent = `How to play ${info?.name ?? s.match.game}`;
    if (drawer) {
      const board = drawer.board(view.observation, ctx);
      ui.boardBox.replaceChildren(board);
      this.markLastMoves(board, s, view, seatNames, played);
      ui.coordsToggle.hidden = !ui.boardBox.querySelector(".coord");
      ui.status.textContent = drawer.status(view.observation, ctx);
      const priv = drawer.privateInfo?.(view.observation, ctx) ?? null;
      // No heading over nothing: a game without private information (Relativity) shows none.
      ui.privateBox.replaceChildren(
        ...(priv
          ? [
              h(
                "summary",
                {},
                h(
                  "h2",
                  {},
                  view.seat >= 0
                    ? `What ${seatLabel(view.seat, s.match.seats[view.seat]?.name, s.match.seats[view.seat]?.player)} sees`
                    : s.result
                      ? "Spectator view (the record is public now)"
                      : "Spectator view (public information only)",
                ),
              ),
              priv,
            ]
          : []),
      );
      ui.privateBox.hidden = !priv;
    } else {
      ui.boardBox.replaceChildren(svgRoot(0, 0, 10, 10, "no drawing for this game"));
      ui.status.textContent = `No board drawing for ${s.match.game}: use the notation box.`;
    }
    const toMove = s.to_move;
    ui.turn.textContent = s.result
      ? "The game is over."
      : toMove === null
        ? ""
        : view.seat === toMove
          ? "Your turn."
          : `Waiting for ${seatLabel(toMove, s.match.seats[toMove]?.name, s.match.seats[toMove]?.player)}.`;
    ui.turn.className = view.seat === toMove ? "turn mine" : "turn";
    this.drawSeats(s, view);
    this.drawLog(view, (line) => drawer?.logLine?.(line, ctx) ?? line);
    this.fitStatus();
  }

  /** Marks on `board` what each seat's last move changed, and says it under the board. */
  private markLastMoves(
    board: SVGSVGElement,
    s: StateMsg,
    view: View,
    seatNames: string[],
    played: { seat: number; places: string[] } | null,
  ): void {
    let marks = this.lastMoves.get(view.seat);
    if (!marks) this.lastMoves.set(view.seat, (marks = new LastMoves()));
    const own = played?.seat === view.seat ? played : null;
    marks.update(board, s.seq, s.to_move, view.log_plies?.at(-1) ?? view.log.length, own);
    marks.draw(board, seatNames);
    this.ui.lastMoves.textContent = marks.words(seatNames);
  }

  /** After the controls have lit the board's places: the zoom, the thinking bar and the result. */
  finish(s: StateMsg, seatNames: string[]): void {
    this.zoom.update();
    const toMove = s.to_move;
    const name = (seat: number) => seatLabel(seat, s.match.seats[seat]?.name, s.match.seats[seat]?.player);
    if (s.thinking && !s.result)
      this.showThinking(name(s.thinking.seat), s.thinking.progress, s.thinking.waiting);
    else if (toMove === null || s.match.seats[toMove]?.kind !== "computer") this.ui.thinking.hidden = true;
    else this.showThinking(name(toMove), 0);
    this.drawResult(s, seatNames);
  }

  /** The thinking bar of a computer seat; `name` as seatLabel() writes it. */
  showThinking(name: string, progress: number, waiting = false): void {
    this.ui.thinking.hidden = false;
    this.ui.thinking.replaceChildren(
      h(
        "label",
        { for: "thinking-bar" },
        waiting ? `${name} is waiting for a free computer…` : `${name} is thinking…`,
      ),
      h("progress", { id: "thinking-bar", max: 1, value: progress }, `${Math.round(progress * 100)}%`),
    );
  }

  /** Hot-seat: clears everything private and asks for the device to be handed to the seat `name`. */
  showHandover(name: string, confirmed: () => void): void {
    const ui = this.ui;
    // Clear everything private before showing the screen: the next owner must not see the last one's.
    ui.boardBox.replaceChildren();
    ui.lastMoves.textContent = "";
    ui.privateBox.replaceChildren();
    ui.status.textContent = "";
    ui.turn.textContent = "";
    ui.seats.replaceChildren();
    ui.log.replaceChildren();
    const ok = h("button", { type: "button", class: "primary handover-ok" }, `I am ${name}: show my view`);
    ok.addEventListener("click", confirmed);
    ui.handover.replaceChildren(
      h(
        "div",
        { class: "handover-card" },
        h("h2", { id: "handover-h" }, `Hand the device to ${name}`),
        h("p", {}, "The next view is private to that seat."),
        ok,
      ),
    );
    ui.handover.hidden = false;
    ok.focus();
  }

  hideHandover(): void {
    this.ui.handover.hidden = true;
  }

  private drawSeats(s: StateMsg, view: View): void {
    const ui = this.ui;
    const drawer = drawerFor(s.match.game);
    const toMove = s.to_move;
    // The seat list folds (on a phone it starts folded) under a line that names who is to move.
    const moverName =
      toMove === null ? null : seatLabel(toMove, s.match.seats[toMove]?.name, s.match.seats[toMove]?.player);
    ui.seatsBox.replaceChildren(
      h(
        "summary",
        {},
        h("h2", {}, `Seats (${s.match.seats.length})`),
        s.result
          ? " · game over"
          : moverName
            ? ` · ${toMove === view.seat ? "your turn" : moverName + " to move"}`
            : "",
      ),
      ui.seats,
    );
    ui.seats.replaceChildren(
      ...s.match.seats.map((seat) => {
        const icon = svgRoot(0, 0, 20, 20, `marker of seat ${seat.seat}`);
        icon.setAttribute("class", "seat-icon");
        icon.append(seatShape(seat.seat, 10, 10, 8));
        const role = drawer?.seatRole?.(view.observation, seat.seat);
        return h(
          "li",
          { class: seat.seat === toMove ? "to-move" : "" },
          icon,
          ` ${seatLabel(seat.seat, seat.name, seat.player)}${role ? " — " + role : ""}${seat.kind === "human" ? (seat.connected ? " (connected)" : " (away)") : seat.name?.includes(seat.kind) ? "" : ` (${seat.kind})`}`,
          seat.seat === toMove ? h("strong", {}, " ◀ to move") : null,
          seat.seat === view.seat ? h("em", {}, " (you)") : null,
          // A left human seat may be handed to a computer by the others once the match's timeout
          // has passed; the server decides and says why not otherwise.
          seat.kind === "human" &&
            !seat.connected &&
            seat.seat === toMove &&
            view.seat >= 0 &&
            s.match.takeover_after_s
            ? h(
                "button",
                { type: "button", class: "takeover", onclick: () => this.takeover(seat.seat) },
                `Hand seat ${seat.seat} to the computer`,
              )
            : null,
        );
      }),
    );
    // A seat that may be handed to the computer: its button is not folded away.
    if (ui.seats.querySelector("button.takeover")) ui.seatsBox.open = true;
  }

  /** The log of `view`, each line as `words` puts it (the page's seat names). */
  private drawLog(view: View, words: (line: string) => string): void {
    const log = this.ui.log;
    // The last 200 lines, each numbered by the move (ply) that wrote it; 0 is the setup. A server
    // without log_plies: numbered as lines of the whole log.
    // (A long log arrives from its line `log_base` on: the server sends its last lines only.)
    const base = view.log_base ?? 0;
    const first = Math.max(0, view.log.length - 200);
    const plies = view.log_plies?.length === view.log.length ? view.log_plies : null;
    log.setAttribute("start", String(base + first + 1));
    log.classList.toggle("by-ply", !!plies);
    fitNumbers(log, plies ? (plies.at(-1) ?? 0) : base + view.log.length);
    log.replaceChildren(
      ...view.log
        .slice(first)
        .map((line, i) =>
          h("li", plies ? { value: plies[first + i], title: `move ${plies[first + i]}` } : {}, words(line)),
        ),
    );
    log.parentElement!.scrollTop = log.parentElement!.scrollHeight;
  }

  private drawResult(s: StateMsg, seatNames: string[]): void {
    const ui = this.ui;
    if (!s.result) {
      ui.result.replaceChildren();
      ui.result.hidden = true;
      return;
    }
    ui.result.hidden = false;
    ui.result.replaceChildren(
      ...resultNodes(s.result, seatNames),
      ...(s.result.takeovers ?? []).map((t) =>
        h("p", {}, `Seat ${t.seat} was handed to the computer (${t.strength}) at move ${t.at_move}.`),
      ),
      h(
        "p",
        {},
        h("a", { href: `/replay/${s.match.id}`, class: "replay-link" }, "Replay step by step"),
        " · ",
        h(
          "a",
          {
            href: `/api/matches/${s.match.id}/record`,
            download: `${s.match.game}-${s.match.id}.json`,
            class: "export-link",
          },
          "Export the record (JSON)",
        ),
      ),
    );
  }

  private fitStatus(): void {
    const ui = this.ui;
    ui.status.classList.toggle("clamped", narrow() && !this.statusOpen);
    const overflows = ui.status.scrollHeight > ui.status.clientHeight + 1;
    ui.statusMore.hidden = !narrow() || (!this.statusOpen && !overflows) || !ui.status.textContent;
    ui.statusMore.textContent = this.statusOpen ? "Less" : "More";
    ui.statusMore.setAttribute("aria-expanded", String(this.statusOpen));
  }
}
