// The match page's table talk (docs/server.md, Table talk): the lines the server pushes, in their
// order and each once (a reconnection's hello sends the recent lines again), named by their seat
// and its person's name; a box to write in for a page that holds a seat, and for spectators what
// the match's creator chose (read only, nothing, or a talk of their own); and a mute per seat, kept
// in this browser alone (the server still sends the lines; a muted seat's are not shown).
import { h } from "./dom";

/** One line as the server sends it. */
export interface ChatLine {
  n: number;
  seat: number;
  name: string;
  /** The seat's personal name, when it has one. */
  player?: string;
  at: number;
  text: string;
}

/** What spectators have of the table talk, as the match's creator chose. */
export type SpectatorChat = "read" | "none" | "apart";

/** Who said `line`: the seat's name, then its person's ("seat 1 · Ana"; a spectator's: "spectator"). */
export function speaker(line: ChatLine): string {
  return line.player ? `${line.name} · ${line.player}` : line.name;
}

/** What a spectator's chat panel says under the lines, for the creator's choice. */
export function spectatorNote(mode: SpectatorChat): string {
  if (mode === "none") return "The creator of this match chose no table talk for spectators.";
  if (mode === "apart")
    return "Spectators talk among themselves here: the players do not see it, nor you theirs.";
  return "Spectators read the table talk; join a seat to talk.";
}

/** The `chat` message: new lines, or (`recent`) the last ones after a hello. */
export interface ChatMsg {
  type: "chat";
  lines: ChatLine[];
  recent?: boolean;
}

/** The most lines the page keeps. */
export const KEPT_LINES = 200;

/** `lines` with `more` added: ordered by `n`, each `n` once, the last KEPT_LINES. */
export function mergeLines(lines: ChatLine[], more: ChatLine[]): ChatLine[] {
  const byN = new Map<number, ChatLine>();
  for (const line of [...lines, ...more]) byN.set(line.n, line);
  return [...byN.values()].sort((a, b) => a.n - b.n).slice(-KEPT_LINES);
}

/** The lines to show: those of seats not in `muted`. */
export function shownLines(lines: ChatLine[], muted: ReadonlySet<number>): ChatLine[] {
  return lines.filter((line) => !muted.has(line.seat));
}

const muteKey = (match: string) => `tabletop.chat-muted.${match}`;

/** The seats muted in match `match` in this browser. */
export function loadMuted(match: string, storage: Storage = localStorage): Set<number> {
  try {
    const seats: unknown = JSON.parse(storage.getItem(muteKey(match)) ?? "[]");
    return new Set(Array.isArray(seats) ? seats.filter((s): s is number => Number.isInteger(s)) : []);
  } catch {
    return new Set();
  }
}

export function saveMuted(match: string, muted: ReadonlySet<number>, storage: Storage = localStorage): void {
  if (muted.size === 0) storage.removeItem(muteKey(match));
  else storage.setItem(muteKey(match), JSON.stringify([...muted].sort((a, b) => a - b)));
}

/** The chat panel: its element, the lines drawn, the box that sends a line through `send`. */
export class ChatPanel {
  readonly el: HTMLElement;
  private lines: ChatLine[] = [];
  private readonly muted: Set<number>;
  private readonly list: HTMLOListElement;
  private readonly mutes: HTMLElement;
  private seatNames: string[] = [];
  private readonly note: HTMLElement;
  private readonly form: HTMLFormElement;

  constructor(
    private readonly match: string,
    private readonly writing: boolean,
    private readonly send: (text: string) => boolean,
  ) {
    this.muted = loadMuted(match);
    this.list = h("ol", { class: "chat-lines", "aria-label": "table talk", "aria-live": "polite" });
    this.mutes = h("p", { class: "chat-mutes" });
    const input = h("input", {
      type: "text",
      name: "chat",
      autocomplete: "off",
      maxlength: 500,
      placeholder: "Say something to the table",
      "aria-label": "a line of table talk",
    });
    const form = h(
      "form",
      { class: "chat-form", hidden: !writing },
      input,
      h("button", { type: "submit" }, "Say"),
    );
    this.form = form;
    this.note = h("p", { class: "chat-note", hidden: writing }, spectatorNote("read"));
    form.addEventListener("submit", (ev) => {
      ev.preventDefault();
      const text = input.value.trim();
      if (text && this.send(text)) input.value = "";
    });
    this.el = h(
      "details",
      { class: "chat", open: true },
      h("summary", {}, h("h2", {}, "Table talk")),
      this.list,
      form,
      this.note,
      this.mutes,
    );
  }

  /** For a spectator's page: what the match's creator chose (the state says). */
  setSpectatorChat(mode: SpectatorChat): void {
    if (this.writing) return;
    this.note.textContent = spectatorNote(mode);
    this.form.hidden = mode !== "apart";
    this.list.hidden = mode === "none";
    this.mutes.hidden = mode !== "read"; // the seats' lines are not shown to mute
  }

  /** Takes the lines of a `chat` message. */
  receive(msg: ChatMsg): void {
    this.lines = mergeLines(this.lines, msg.lines);
    this.draw();
  }

  /** The match's seat names, for the mute buttons. */
  setSeats(names: string[]): void {
    if (names.join("\n") === this.seatNames.join("\n")) return;
    this.seatNames = names;
    this.draw();
  }

  private draw(): void {
    this.list.replaceChildren(
      ...shownLines(this.lines, this.muted).map((line) =>
        h(
          "li",
          { class: "chat-line", "data-seat": line.seat },
          h("span", { class: "chat-name" }, `${speaker(line)}: `),
          // textContent only: a line is never read as markup.
          h("span", { class: "chat-text" }, line.text),
        ),
      ),
    );
    this.list.scrollTop = this.list.scrollHeight;
    this.mutes.replaceChildren(
      ...this.seatNames.map((name, seat) => {
        const muted = this.muted.has(seat);
        return h(
          "button",
          {
            type: "button",
            class: "chat-mute",
            "aria-pressed": String(muted),
            onclick: () => {
              if (muted) this.muted.delete(seat);
              else this.muted.add(seat);
              saveMuted(this.match, this.muted);
              this.draw();
            },
          },
          muted ? `Unmute ${name}` : `Mute ${name}`,
        );
      }),
    );
  }
}
