// The match as this browser holds it, over protocol.ts's MatchConnection (WebSocket, reconnection,
// sequence numbers): the last state, the seats held, the move on its way to the server, and undo
// with its re-sends. Nothing is shown before the server says so: no optimistic updates, every move
// waits for its ack and the state that follows.
import { seatLabel } from "./dom";
import type { ChatMsg } from "./chat";
import { MatchConnection, type HintMsg, type StateMsg, type View } from "./protocol";

/** What the page does with what the connection learns. */
export interface SeatEvents {
  /** A new state, or a refused move: draw again. */
  changed(): void;
  /** A line for the message box; `kind` as in match-layout.ts's say(). */
  say(text: string, kind?: string): void;
  thinking(seat: number, progress: number, waiting: boolean): void;
  hint(msg: HintMsg): void;
  chat(msg: ChatMsg): void;
  connection(up: boolean): void;
}

export class SeatConnection {
  state: StateMsg | null = null;
  /** A move sent and not yet answered by a new state. */
  pending: { seq: number; move: string } | null = null;
  /** The last move this page sent that a state answered: its seat and the places it named. */
  played: { seat: number; places: string[] } | null = null;
  private sentBy: { seat: number; places: string[] } | null = null;
  /** Hot-seat: the seat whose owner confirmed the hand-over. */
  shownSeat: number | null = null;
  private readonly conn: MatchConnection;
  private sentUndo = false;
  /** A resignation or an abandon on its way: what its ack and its refusal say. */
  private ending: { done: string; refused: string } | null = null;
  // The seq an undo was sent at, and how often it was re-sent because a computer moved meanwhile.
  private undoAt: number | null = null;
  private undoRetries = 0;

  constructor(
    id: string,
    tokens: string[],
    private readonly on: SeatEvents,
  ) {
    this.conn = new MatchConnection(id, tokens, {
      state: (s) => {
        this.state = s;
        this.played = null;
        if (this.pending && s.seq !== this.pending.seq) {
          this.pending = null;
          this.played = this.sentBy;
        }
        on.changed();
      },
      ack: (seq) => {
        if (this.ending) {
          on.say(this.ending.done, "ok");
          this.ending = null;
          return;
        }
        on.say(this.sentUndo ? `Undone: now at step ${seq}.` : `Move accepted (now at step ${seq}).`, "ok");
        this.sentUndo = false;
      },
      reject: (_seq, reason) => {
        this.pending = null;
        if (this.ending) {
          on.say(`${this.ending.refused}: ${reason}`, "bad");
          this.ending = null;
          return;
        }
        // "Undo my last move" still means the same after a computer's move that crossed it: send it
        // again at the state that move produced (a few times at most), rather than ask the player to.
        const view = this.currentView();
        if (
          this.sentUndo &&
          reason.startsWith("stale") &&
          this.undoAt !== null &&
          this.conn.seq > this.undoAt &&
          this.undoRetries < 3 &&
          view?.can_undo &&
          this.conn.undo(view.seat)
        ) {
          this.undoAt = this.conn.seq;
          this.undoRetries++;
          return;
        }
        on.say(`${this.sentUndo ? "Undo" : "Move"} refused: ${reason}`, "bad");
        this.sentUndo = false;
        on.changed();
      },
      thinking: (seat, progress, waiting) => on.thinking(seat, progress, waiting),
      error: (message) => on.say(`Server: ${message}`, "bad"),
      hint: (msg) => on.hint(msg),
      chat: (msg) => on.chat(msg),
      connection: (up) => on.connection(up),
    });
  }

  connect(): void {
    this.conn.connect();
  }

  /** The seats this browser holds a token for. */
  heldSeats(): number[] {
    return (this.state?.views ?? []).filter((v) => v.seat >= 0).map((v) => v.seat);
  }

  /** The view to draw: the hot-seat seat confirmed, the only seat held, or the spectator's. */
  currentView(): View | null {
    if (!this.state) return null;
    const held = this.heldSeats();
    if (held.length <= 1) return this.state.views[0] ?? null;
    return this.state.views.find((v) => v.seat === this.shownSeat) ?? null;
  }

  seatNames(): string[] {
    return (this.state?.match.seats ?? []).map((s) => seatLabel(s.seat, s.name, s.player));
  }

  /** Sends `move` for the seat shown, unless a move is already on its way. */
  send(move: string): void {
    const view = this.currentView();
    if (!this.state || !view || view.seat < 0 || this.pending) return;
    if (this.conn.move(view.seat, move)) {
      this.sentUndo = false;
      this.pending = { seq: this.state.seq, move };
      this.sentBy = { seat: view.seat, places: view.legal.find((m) => m.move === move)?.places ?? [] };
      this.on.say(`Sent ${move}; waiting for the server…`, "");
      this.on.changed();
    } else {
      this.on.say("Not connected: the move was not sent.", "bad");
    }
  }

  /** Takes back the shown seat's last decision. */
  undo(): void {
    const view = this.currentView();
    if (!view || view.seat < 0) return;
    if (this.conn.undo(view.seat)) {
      this.sentUndo = true;
      this.undoAt = this.conn.seq;
      this.undoRetries = 0;
    } else this.on.say("Not connected: undo was not sent.");
  }

  hint(seat: number): boolean {
    return this.conn.hint(seat);
  }

  takeover(seat: number): boolean {
    return this.conn.takeover(seat);
  }

  chat(text: string): boolean {
    return this.conn.chat(text);
  }

  /** The shown seat's personal name ("": none). */
  name(text: string): boolean {
    const view = this.currentView();
    if (!view || view.seat < 0 || !this.conn.name(view.seat, text)) return false;
    this.ending = { done: text ? "Your name is set." : "Your name is cleared.", refused: "Name refused" };
    return true;
  }

  /** The shown seat resigns. */
  resign(): boolean {
    const view = this.currentView();
    if (!view || view.seat < 0 || !this.conn.resign(view.seat)) return false;
    this.ending = { done: "You resigned.", refused: "Resign refused" };
    return true;
  }

  abandon(): boolean {
    if (!this.conn.abandon()) return false;
    this.ending = { done: "The match is abandoned.", refused: "Abandon refused" };
    return true;
  }
}
