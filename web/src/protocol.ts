// The WebSocket side of docs/server.md: hello with the tokens held, states with sequence numbers,
// moves that name the seq they answer, ack/reject, thinking progress, automatic reconnection with a
// full resynchronisation (the server's first answer to every hello is a full state).
import type { LegalMove } from "./picker";

export interface SeatInfo {
  seat: number;
  kind: string;
  name: string;
  connected?: boolean;
  strength?: string;
}
export interface View {
  seat: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  observation: any;
  log: string[];
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
    takeover_after_s?: number | null;
    seats: SeatInfo[];
  };
  to_move: number | null;
  views: View[];
  result: null | {
    returns: number[];
    reason: string;
    takeovers?: { seat: number; at_move: number; strength: string }[];
  };
  thinking: null | { seat: number; progress: number };
  /** Once the match is over (its record public): each seat's own observation, in seat order. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  revealed?: any[];
}

export interface Handlers {
  state(s: StateMsg): void;
  ack(seq: number): void;
  reject(seq: number, reason: string): void;
  thinking(seat: number, progress: number): void;
  error(message: string): void;
  connection(up: boolean): void;
}

export class MatchConnection {
  private ws: WebSocket | null = null;
  private closed = false;
  private retry = 0;
  private lastSeq = -1;

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
    ws.onopen = () => {
      this.retry = 0;
      ws.send(JSON.stringify({ type: "hello", match: this.matchId, tokens: this.tokens }));
    };
    ws.onmessage = (ev) => {
      let msg;
      try {
        msg = JSON.parse(String(ev.data));
      } catch {
        return;
      }
      switch (msg.type) {
        case "state":
          this.lastSeq = msg.seq;
          this.on.connection(true);
          this.on.state(msg as StateMsg);
          break;
        case "ack":
          this.on.ack(msg.seq);
          break;
        case "reject":
          this.on.reject(msg.seq, msg.reason);
          break;
        case "thinking":
          this.on.thinking(msg.seat, msg.progress);
          break;
        case "error":
          this.on.error(msg.message);
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
  takeover(seat: number): boolean {
    return this.send({ type: "takeover", seat });
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
