// Match clocks on the page (docs/server.md, Clocks): every seat's time, the running one counting
// down, low time marked in words and a sign (not colour alone). The server's `clock` says each
// seat's time left as of the message; the page counts the running seat down by its own elapsed
// time since the message arrived (performance.now), so the two machines' clocks need not agree.

/** The clock as the server sends it in `state` and in a match summary. */
export interface MatchClock {
  mode: "real-time" | "turn-based";
  on_timeout: "computer" | "loss";
  base_ms?: number;
  increment_ms?: number;
  per_move_ms?: number;
  remaining_ms: number[];
  running: number | null;
  now_ms: number;
}

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

function plural(n: number, one: string): string {
  return `${n} ${one}${n === 1 ? "" : "s"}`;
}

/**
 * A time left in the clock's own words: real-time "m:ss" ("h:mm:ss" from an hour on), counted up
 * to the next second so that "0:00" means the time is out; turn-based "2 days 3 h left", "5 h 12
 * min left", "12 min left", "under a minute left", "no time left".
 */
export function formatClock(ms: number, mode: MatchClock["mode"]): string {
  const left = Math.max(0, ms);
  if (mode === "real-time") {
    const total = Math.ceil(left / SECOND);
    const h = Math.floor(total / 3600);
    const m = Math.floor((total % 3600) / 60);
    const s = total % 60;
    const ss = String(s).padStart(2, "0");
    return h > 0 ? `${h}:${String(m).padStart(2, "0")}:${ss}` : `${m}:${ss}`;
  }
  if (left <= 0) return "no time left";
  if (left < MINUTE) return "under a minute left";
  const days = Math.floor(left / DAY);
  const hours = Math.floor((left % DAY) / HOUR);
  const minutes = Math.floor((left % HOUR) / MINUTE);
  if (days > 0) return `${plural(days, "day")}${hours ? ` ${hours} h` : ""} left`;
  if (hours > 0) return `${hours} h${minutes ? ` ${minutes} min` : ""} left`;
  return `${minutes} min left`;
}

/** Seat `seat`'s time left `elapsed_ms` after the message `clock` came in. */
export function clockLeft(clock: MatchClock, seat: number, elapsedMs: number): number {
  const left = clock.remaining_ms[seat] ?? 0;
  return seat === clock.running ? Math.max(0, left - Math.max(0, elapsedMs)) : left;
}

/**
 * Whether `ms` is low: real-time, under a tenth of the seat's time and at most a minute (at least
 * ten seconds); turn-based, under a quarter of a move's time.
 */
export function lowTime(clock: MatchClock, ms: number): boolean {
  if (clock.mode === "real-time")
    return ms < Math.min(MINUTE, Math.max(10 * SECOND, (clock.base_ms ?? 0) / 10));
  return ms < (clock.per_move_ms ?? DAY) / 4;
}

/** The time control in words, e.g. "real-time, 10 min + 10 s a move; out of time: a computer plays on". */
export function describeClock(clock: MatchClock): string {
  const rule = clock.on_timeout === "loss" ? "out of time loses" : "out of time: a computer plays on";
  if (clock.mode === "real-time") {
    const inc = (clock.increment_ms ?? 0) / SECOND;
    return `real-time, ${Math.round((clock.base_ms ?? 0) / MINUTE)} min${inc ? ` + ${inc} s a move` : ""}; ${rule}`;
  }
  return `turn-based, ${plural(Math.round((clock.per_move_ms ?? 0) / DAY), "day")} a move; ${rule}`;
}

/**
 * What "your matches" says of a running clock for someone holding `seats` ("" when no clock runs):
 * the time of the seat to move, and, when that seat is not one of yours, your time beside it, e.g.
 * "9:54 on your clock", "2 days 3 h left", "4:12 on its clock (yours: 9:54)", "20 h left (yours:
 * 3 days left)"; with several seats held, each named ("yours: seat 0 9:54, seat 2 8:00").
 */
export function myClockText(clock: MatchClock | null | undefined, seats: number[]): string {
  if (!clock || clock.running === null) return "";
  const running = clock.running;
  const left = formatClock(clock.remaining_ms[running] ?? 0, clock.mode);
  const realTime = clock.mode === "real-time";
  if (seats.includes(running)) return realTime ? `${left} on your clock` : left;
  const mover = realTime ? `${left} on its clock` : left;
  const mine = seats.filter((s) => s >= 0 && s < clock.remaining_ms.length);
  if (mine.length === 0) return mover;
  const times = mine.map((s) => formatClock(clock.remaining_ms[s], clock.mode));
  const yours = mine.length === 1 ? times[0] : mine.map((s, i) => `seat ${s} ${times[i]}`).join(", ");
  return `${mover} (yours: ${yours})`;
}

/**
 * The clocks panel of the match page: a list with one line per seat. `update` takes each new
 * state's clock; while a seat's clock runs the panel redraws itself every second.
 */
export class ClockPanel {
  readonly el: HTMLElement;
  private clock: MatchClock | null = null;
  private receivedAt = 0;
  private names: string[] = [];
  private timer: ReturnType<typeof setInterval> | null = null;

  constructor(private readonly now: () => number = () => performance.now()) {
    this.el = document.createElement("section");
    this.el.className = "clocks";
    this.el.setAttribute("aria-label", "clocks");
    this.el.hidden = true;
  }

  /** A state's clock (null: none) and the seats' names. */
  update(clock: MatchClock | null | undefined, names: string[]): void {
    this.clock = clock ?? null;
    this.receivedAt = this.now();
    this.names = names;
    this.el.hidden = !this.clock;
    if (this.clock && this.clock.running !== null) {
      this.timer ??= setInterval(() => this.draw(), SECOND);
    } else if (this.timer) {
      clearInterval(this.timer);
      this.timer = null;
    }
    this.draw();
  }

  /** Redraws every seat's line as of now. */
  draw(): void {
    const clock = this.clock;
    if (!clock) return this.el.replaceChildren();
    const elapsed = this.now() - this.receivedAt;
    const title = document.createElement("p");
    title.className = "clock-kind";
    title.textContent = describeClock(clock);
    const list = document.createElement("ul");
    clock.remaining_ms.forEach((_, seat) => {
      const left = clockLeft(clock, seat, elapsed);
      const running = seat === clock.running;
      const low = lowTime(clock, left);
      const li = document.createElement("li");
      li.dataset.seat = String(seat);
      li.className = [running ? "running" : "", low ? "low" : ""].filter(Boolean).join(" ");
      const name = document.createElement("span");
      name.className = "name";
      name.textContent = `${this.names[seat] ?? `seat ${seat}`}${running ? " ▶" : ""}`;
      const time = document.createElement("span");
      time.className = "time";
      time.textContent = formatClock(left, clock.mode);
      li.append(name, " ", time);
      if (low) {
        const mark = document.createElement("strong");
        mark.className = "low-mark";
        mark.textContent = left <= 0 ? " ⚠ out of time" : " ⚠ low time";
        li.append(mark);
      }
      if (running) li.setAttribute("aria-current", "true");
      list.append(li);
    });
    this.el.replaceChildren(title, list);
  }

  /** Stops the countdown (the page goes away). */
  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }
}
