// The seats this browser holds ("Your matches"): each seat's join token with its match, game, seat
// number and the time it was kept, in localStorage under SEATS_KEY. localStorage belongs to this
// page's origin, so a token goes nowhere else; a seat is resumed through resumeUrl, a same-origin
// path whose token stays in the #fragment (never sent in a request line, a Referer or a log).
import { browserStorage, type KeyValue, readStoredList, writeStoredList } from "./stored-list";

export interface HeldSeat {
  token: string;
  match: string;
  game: string;
  /** The seat number; null for a hot-seat link opened here that did not say which seat is which. */
  seat: number | null;
  /** When this browser first kept it (ms since the epoch). */
  created: number;
}

export const SEATS_KEY = "tabletop.my-seats";
/** The most seats kept; the oldest go first. */
export const SEATS_MAX = 100;

const TOKEN = /^[0-9A-Za-z_-]{8,128}$/;
const MATCH = /^[0-9a-f]{1,64}$/;
const GAME = /^[a-z0-9-]{1,40}$/;

function valid(s: unknown): s is HeldSeat {
  if (typeof s !== "object" || s === null) return false;
  const x = s as Record<string, unknown>;
  return (
    typeof x.token === "string" &&
    TOKEN.test(x.token) &&
    typeof x.match === "string" &&
    MATCH.test(x.match) &&
    typeof x.game === "string" &&
    GAME.test(x.game) &&
    (x.seat === null || (Number.isInteger(x.seat) && (x.seat as number) >= 0 && (x.seat as number) < 64)) &&
    typeof x.created === "number" &&
    Number.isFinite(x.created)
  );
}

/** The seats held, newest first; anything in storage that is not such a seat is left out. */
export function readSeats(storage: KeyValue | undefined = browserStorage()): HeldSeat[] {
  return readStoredList(storage, SEATS_KEY)
    .filter(valid)
    .map(({ token, match, game, seat, created }) => ({ token, match, game, seat, created }))
    .sort((a, b) => b.created - a.created);
}

function write(storage: KeyValue | undefined, seats: HeldSeat[]): void {
  writeStoredList(storage, SEATS_KEY, seats, SEATS_MAX);
}

/**
 * Keeps `seats` (a seat already held keeps its first time; a hot-seat entry whose seat is now
 * known gets it). Returns the seats held.
 */
export function keepSeats(
  seats: Omit<HeldSeat, "created">[],
  storage: KeyValue | undefined = browserStorage(),
  now = Date.now(),
): HeldSeat[] {
  const held = readSeats(storage);
  for (const s of seats) {
    const entry = { ...s, created: now };
    if (!valid(entry)) continue;
    const old = held.find((h) => h.token === s.token);
    if (old) {
      if (old.seat === null) old.seat = s.seat;
    } else held.unshift(entry);
  }
  held.sort((a, b) => b.created - a.created);
  write(storage, held);
  return held;
}

/** Forgets the seats holding these tokens. Returns the seats still held. */
export function forgetSeats(tokens: string[], storage: KeyValue | undefined = browserStorage()): HeldSeat[] {
  const held = readSeats(storage).filter((s) => !tokens.includes(s.token));
  write(storage, held);
  return held;
}

/** The seats held in one match, by seat number. */
export function seatsOf(match: string, held: HeldSeat[]): HeldSeat[] {
  return held.filter((s) => s.match === match).sort((a, b) => (a.seat ?? -1) - (b.seat ?? -1));
}

/** The same-origin path that opens `seats` (one, or several on this device) with their tokens. */
export function resumeUrl(match: string, seats: HeldSeat[]): string {
  const query = seats.length === 1 && seats[0].seat !== null ? `?seat=${seats[0].seat}` : "";
  const hash = seats.map((s) => `token=${encodeURIComponent(s.token)}`).join("&");
  return `/match/${encodeURIComponent(match)}${query}#${hash}`;
}

/** "3 min ago", "2 h ago", "5 days ago". */
export function ago(then: number, now = Date.now()): string {
  const s = Math.max(0, Math.round((now - then) / 1000));
  if (s < 60) return "just now";
  if (s < 3600) return `${Math.floor(s / 60)} min ago`;
  if (s < 86400) return `${Math.floor(s / 3600)} h ago`;
  const d = Math.floor(s / 86400);
  return d === 1 ? "1 day ago" : `${d} days ago`;
}
