// The WebSocket side of docs/server.md: hello with the tokens held, states with sequence numbers,
// moves that name the seq they answer, ack/reject, thinking progress, automatic reconnection with a
// full resynchronisation (the server's first answer to every hello is a full state).
import type { ChatMsg, SpectatorChat } from "./chat";
import type { MatchClock } from "./clocks";
import type { LegalMove } from "./picker";

export interface SeatInfo {
  seat: number;
  kind: string;
  name: string;
  connected?: boolean;
  strength?: string;
  /** An open seat: listed in the lobby, claimed by the first to join. */
  open?: boolean;
  /** The seat's personal name, when its holder gave one (docs/server.md, Seat names). */
  player?: string;
}
export interface View {
  seat: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  observation: any;
  log: string[];
  // Where `log` starts in this view's whole log: the server sends only the lines not sent before
  // (completeState puts them back together, so the rest of the client sees whole logs).
  log_from?: number;
  /**
   * The log starts afresh at `log_from` (the first state after a hello, after an undo, at the
   * end): the server sends a long log's last lines only, and `log` then holds the lines from
   * `log_base` on.
   */
  log_reset?: boolean;
  /** Where the `log` completeState made starts in the view's whole log (0: it is whole). */
  log_base?: number;
  /** The move (ply, 1-based) that wrote each log line; 0: the setup. */
  log_plies?: number[];
  legal: LegalMove[];
  can_undo?: boolean;
  why_no_undo?: string;
}
export interface StateMsg {
  type: "state";
  seq: number;
  match: {
    id: string;
    game: string;
    params: Record<string, unknown>;
    status: string;
    undo?: boolean;
    /** The match's creator allowed hints (hint.ts). */
    hints?: boolean;
    takeover_after_s?: number | null;
    /** What spectators have of the table talk, as the creator chose (chat.ts). */
    spectator_chat?: SpectatorChat;
    // Sent only in the first state after a hello (it never changes); completeState keeps it.
    board_places?: string[];
    seats: SeatInfo[];
  };
  to_move: number | null;
  views: View[];
  result: null | {
    /** null for a match its creator abandoned. */
    returns: number[] | null;
    reason: string;
    /** The seat that resigned (the other seat won). */
    resigned?: number;
    /** "time": the seat `timed_out` lost on time. */
    ended_by?: string;
    timed_out?: number;
    abandoned?: boolean;
    takeovers?: { seat: number; at_move: number; strength: string }[];
  };
  /** The match's clocks (clocks.ts); null without a time control. */
  clock?: MatchClock | null;
  // `waiting`: the computer's search waits for a free computer on the server.
  thinking: null | { seat: number; progress: number; waiting?: boolean };
  /** Once the match is over (its record public): each seat's own observation, in seat order. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  revealed?: any[];
  /** Once the match is over: the board as its record shows it, pieces no seat saw included. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  record_view?: any;
}

/**
 * The whole state from `msg`, whose views carry only the log lines added since `prev` (the last
 * whole state of this connection): each view's log is `prev`'s cut at `log_from`, then the new
 * lines (a `log_reset` view's log starts afresh at `log_from`, kept as `log_base`);
 * `board_places` is kept from `prev` when absent. Null when a state was missed (a `log_from` past
 * what `prev` holds): the caller asks for a whole state again (hello).
 */
export function completeState(prev: StateMsg | null, msg: StateMsg): StateMsg | null {
  const views: View[] = [];
  for (const view of msg.views) {
    const from = view.log_from ?? 0;
    const held = prev?.views.find((v) => v.seat === view.seat);
    const afresh = view.log_reset === true || from === 0;
    const base = afresh ? from : (held?.log_base ?? 0);
    const before = afresh ? [] : held?.log;
    if (before === undefined || from < base || from - base > before.length) return null;
    const plies = afresh ? [] : (held?.log_plies ?? []);
    views.push({
      ...view,
      log: [...before.slice(0, from - base), ...view.log],
      log_plies: [...plies.slice(0, from - base), ...(view.log_plies ?? [])],
      log_from: base,
      log_base: base,
      log_reset: undefined,
    });
  }
  const board_places = msg.match.board_places ?? prev?.match.board_places;
  return { ...msg, match: { ...msg.match, board_places }, views };
}

/** The answer to a hint request, sent to the asking connection alone (docs/server.md). */
export interface HintMsg {
  type: "hint";
  seat: number;
  seq: number;
  move?: string;
  win_chance?: number;
  iterations?: number;
  refused?: string;
}

export interface Handlers {
  state(s: StateMsg): void;
  ack(seq: number): void;
  reject(seq: number, reason: string): void;
  thinking(seat: number, progress: number, waiting: boolean): void;
  error(message: string): void;
  connection(up: boolean): void;
  hint?(msg: HintMsg): void;
  chat?(msg: ChatMsg): void;
}

export class MatchConnection {
  private ws: WebSocket | null = null;
  private closed = false;
  private retry = 0;
  private lastSeq = -1;
  private last: StateMsg | null = null;

  constructor(
    private readonly matchId: string,
    private readonly tokens: string[],
    private readonly on: Handlers,
  ) {}

  /** Opens the connection; it reopens by itself until close(). */
  connect(): void {
    if (this.closed) return;
    const proto = location.protocol === "https:" ? "wss:" : "ws:";
    const ws = new WebSocket(`${proto}//${location.host}/ws`);
    this.ws = ws;
    const hello = () => ws.send(JSON.stringify({ type: "hello", match: this.matchId, tokens: this.tokens }));
    ws.onopen = () => {
      this.retry = 0;
      this.last = null;
      hello();
    };
    ws.onmessage = (ev) => {
      let msg;
      try {
        msg = JSON.parse(String(ev.data));
      } catch {
        return;
      }
      switch (msg.type) {
        case "state": {
          const whole = completeState(this.last, msg as StateMsg);
          if (!whole) {
            // A state went missing: the answer to a hello is a whole one.
            this.last = null;
            hello();
            break;
          }
          this.last = whole;
          this.lastSeq = whole.seq;
          this.on.connection(true);
          this.on.state(whole);
          break;
        }
        case "ack":
          this.on.ack(msg.seq);
          break;
        case "reject":
          this.on.reject(msg.seq, msg.reason);
          break;
        case "thinking":
          this.on.thinking(msg.seat, msg.progress, msg.waiting === true);
          break;
        case "error":
          this.on.error(msg.message);
          break;
        case "hint":
          this.on.hint?.(msg as HintMsg);
          break;
        case "chat":
          this.on.chat?.(msg as ChatMsg);
          break;
      }
    };
    ws.onclose = () => {
      if (this.ws !== ws) return;
      this.ws = null;
      this.on.connection(false);
      if (this.closed) return;
      const delay = Math.min(2000, 250 * 2 ** this.retry++);
      setTimeout(() => this.connect(), delay);
    };
    ws.onerror = () => ws.close();
  }

  get seq(): number {
    return this.lastSeq;
  }

  /** Sends a move for `seat` answering the last state received; false when not connected. */
  move(seat: number, move: string): boolean {
    return this.send({ type: "move", seat, seq: this.lastSeq, move });
  }
  undo(seat: number): boolean {
    return this.send({ type: "undo", seat, seq: this.lastSeq });
  }
  /** Asks for a hint for `seat` at the last state received; false when not connected. */
  hint(seat: number): boolean {
    return this.send({ type: "hint", seat, seq: this.lastSeq });
  }
  takeover(seat: number): boolean {
    return this.send({ type: "takeover", seat });
  }
  /** A line of table talk as the lowest seat held. */
  chat(text: string): boolean {
    return this.send({ type: "chat", text });
  }
  /** Seat `seat`'s personal name ("": none). */
  name(seat: number, name: string): boolean {
    return this.send({ type: "name", seat, name });
  }
  resign(seat: number): boolean {
    return this.send({ type: "resign", seat });
  }
  abandon(): boolean {
    return this.send({ type: "abandon" });
  }
  private send(msg: object): boolean {
    if (!this.ws || this.ws.readyState !== WebSocket.OPEN) return false;
    this.ws.send(JSON.stringify(msg));
    return true;
  }
  close(): void {
    this.closed = true;
    this.ws?.close();
  }
}
