// The card game's own decks in the browser (docs/server.md, "Card-game decks"): the answers of
// /api/decks, what the deck page says of each card (its army and why, its pro moves and why, where
// the gazetteer puts it), the list of "my decks" this browser keeps (their ids, in localStorage:
// the id is the only key to a deck, so it lives nowhere else; with the owner key the upload
// answered, which deletes the deck on the server), and the decks a new match's seats play. No drawing here (deck-page.ts draws); everything is a function of the server's answers.
import { call } from "./api";
import type { Face } from "./games/conspiracy-tcg";
import { type KeyValue, readStoredList, writeStoredList } from "./stored-list";

/** One card as `tabletop deck check --json` and /api/decks give it (deck_check.h). */
export interface CheckedCard {
  first_name?: string;
  last_name?: string;
  organisation?: string;
  occupation?: string;
  phone?: string;
  email?: string;
  website?: string;
  address?: string;
  city?: string;
  region?: string;
  country?: string;
  /** The army the game will use; null while the card needs one. */
  army: string | null;
  army_source: "annotation" | "inferred" | "needs an army";
  army_reason: string;
  /** A card that needs an army: the ambiguous ones; empty: any of the 33. */
  army_candidates: string[];
  pro_moves: string[];
  /** Why the card earns each of its pro moves. */
  pro_move_reasons?: Record<string, string>;
  city_placement?: {
    placed: boolean;
    city?: string;
    region?: string;
    country?: string;
    within_km?: number;
    why?: string;
  };
  /** "file:line" of the card in the uploaded file. */
  source: string;
}
export interface CheckedDeck {
  name: string;
  cards: CheckedCard[];
  warnings: string[];
  needs_army: string[];
  playable: boolean;
  error?: string;
  /** The 33 shadow armies, for a card whose candidates are "any". */
  armies: string[];
}
export interface DeckAnswer {
  id: string;
  format: "vcf" | "json";
  deck: CheckedDeck;
  /** The key that deletes the deck: in the upload's answer only. */
  owner_key?: string;
}
export interface SampleDeck {
  name: string;
  cards: number;
}

export const deckApi = {
  samples: () => call<{ samples: SampleDeck[] }>("GET", "/api/decks").then((r) => r.samples),
  /** The file's bytes as they are (a Windows-1252 vCard stays one: the server reads it). */
  upload: (file: Blob, name: string) =>
    call<DeckAnswer>("POST", `/api/decks?name=${encodeURIComponent(name)}`, undefined, file),
  get: (id: string) => call<DeckAnswer>("GET", `/api/decks/${id}`),
  annotate: (id: string, card: number, army: string | null) =>
    call<DeckAnswer>("PATCH", `/api/decks/${id}`, { card, army }),
  /** Deletes the deck on the server (204; 403 with another key; 404 once gone). */
  remove: (id: string, ownerKey: string) =>
    call<null>("DELETE", `/api/decks/${id}`, undefined, undefined, { Authorization: `Bearer ${ownerKey}` }),
};

/** "Waters, Helen", or the organisation of a card with no individual's name (display_name). */
export function displayName(c: CheckedCard): string {
  const last = c.last_name ?? "";
  const first = c.first_name ?? "";
  if (!last && !first) return c.organisation ?? "";
  return last && first ? `${last}, ${first}` : last || first;
}

/** The face the board would draw for this card (the army says so when there is none yet). */
export function faceOf(c: CheckedCard): Face {
  return {
    name: displayName(c),
    occupation: c.occupation,
    organisation: c.organisation,
    phone: c.phone,
    city: c.city,
    country: c.country,
    army: c.army ?? "needs an army",
    pro_moves: c.pro_moves,
  };
}

/** Where the card's army comes from, in words. */
export function armyWhy(c: CheckedCard): string {
  if (c.army_source === "annotation") return `${c.army}: annotated on the card (X-TABLETOP-ARMY)`;
  if (c.army_source === "inferred") return `${c.army}: ${c.army_reason}`;
  // The page heads this with "Needs an army:" already.
  return c.army_reason.replace(/^needs an army:\s*/i, "");
}

/** The rules' suggested deck size: "The suggested deck size is 40-60 cards" (no upper limit). */
export const SUGGESTED_DECK_CARDS = 40;

/**
 * What the rules advise about the decks of one match, seat by seat (`sizes[i]`: seat i's deck's
 * cards): a deck under the suggested 40 cards, and decks not "of roughly equal size" (the largest
 * more than a quarter above the smallest). Empty: nothing to say.
 */
export function deckSizeAdvice(sizes: number[]): string[] {
  const out: string[] = [];
  sizes.forEach((n, seat) => {
    if (n < SUGGESTED_DECK_CARDS) out.push(`Seat ${seat}'s deck has ${n} cards; the rules suggest 40–60.`);
  });
  if (sizes.length > 1) {
    const least = Math.min(...sizes);
    const most = Math.max(...sizes);
    if (most > least * 1.25)
      out.push(
        `The decks have ${least} to ${most} cards; the rules say players should have decks of roughly equal size.`,
      );
  }
  return out;
}

/** The armies a card may be annotated with: its candidates, or all of them when it has none. */
export function armyChoices(c: CheckedCard, armies: string[]): string[] {
  return c.army_candidates.length ? c.army_candidates : armies;
}

/** Each pro move with why the card earns it. */
export function proMoveLines(c: CheckedCard): { move: string; why: string }[] {
  return c.pro_moves.map((move) => ({ move, why: c.pro_move_reasons?.[move] ?? "" }));
}

/** Where the gazetteer puts a card that gives only a city, or null when that does not apply. */
export function placementText(c: CheckedCard): string | null {
  const p = c.city_placement;
  if (!p) return null;
  if (!p.placed) return `not placed: ${p.why ?? "unknown"}`;
  // A region given as a number (a gazetteer's administrative code, "26") means nothing to a reader.
  const region = p.region && !/^\d+$/.test(p.region) ? p.region : "";
  const where = [p.city, region, p.country].filter(Boolean).join(", ");
  return `placed at ${where} (within ${p.within_km ?? "?"} km)`;
}

/** The indexes of the cards that still need an army. */
export function unsettled(deck: CheckedDeck): number[] {
  return deck.cards.flatMap((c, i) => (c.army_source === "needs an army" ? [i] : []));
}

/** A deck's name from its file's name: the base name, the characters the server keeps. */
export function deckNameFromFile(filename: string): string {
  const base = filename.replace(/^.*[\\/]/, "").replace(/\.(vcf|vcard|json)$/i, "");
  return base.replace(/[^A-Za-z0-9._-]/g, "").slice(0, 64) || "deck";
}

/** An uploaded deck's id: 32 lower-case hex digits (128 random bits). */
export function isDeckId(s: string): boolean {
  return /^[0-9a-f]{32}$/.test(s);
}

/** An owner key as the server makes them: 32 lower-case hex digits. */
export function isOwnerKey(s: unknown): s is string {
  return typeof s === "string" && /^[0-9a-f]{32}$/.test(s);
}

// ---------------------------------------------------------------------------------------------
// My decks: what this browser remembers.

export interface MyDeck {
  id: string;
  name: string;
  /** When it was uploaded or last seen here (ms since the epoch). */
  seen: number;
  cards: number;
  playable: boolean;
  /** The key that deletes it, when this browser uploaded it (absent for decks kept before). */
  owner_key?: string;
}
export const MY_DECKS_KEY = "tabletop.my-decks";
/** The most decks remembered; the least recently seen go first. */
export const MY_DECKS_MAX = 50;

/** My decks, most recently seen first; anything in storage that is not such a list is ignored. */
export function readMyDecks(storage: KeyValue | undefined): MyDeck[] {
  return readStoredList(storage, MY_DECKS_KEY)
    .filter((d): d is MyDeck => {
      if (typeof d !== "object" || d === null) return false;
      const x = d as Record<string, unknown>;
      return typeof x.id === "string" && isDeckId(x.id) && typeof x.name === "string";
    })
    .map((d) => ({
      id: d.id,
      name: d.name,
      seen: Number(d.seen) || 0,
      cards: Number(d.cards) || 0,
      playable: d.playable === true,
      ...(isOwnerKey(d.owner_key) ? { owner_key: d.owner_key } : {}),
    }))
    .sort((a, b) => b.seen - a.seen);
}

function write(storage: KeyValue | undefined, decks: MyDeck[]): MyDeck[] {
  return writeStoredList(storage, MY_DECKS_KEY, decks, MY_DECKS_MAX);
}

/**
 * Remembers (or refreshes) a deck from the server's answer, with its owner key: the upload's
 * answer gives it, a later answer (GET, PATCH) does not, and the key kept before stays.
 */
export function rememberDeck(storage: KeyValue | undefined, answer: DeckAnswer, now = Date.now()): MyDeck[] {
  const before = readMyDecks(storage);
  const key = isOwnerKey(answer.owner_key)
    ? answer.owner_key
    : before.find((d) => d.id === answer.id)?.owner_key;
  const entry: MyDeck = {
    id: answer.id,
    name: answer.deck.name,
    seen: now,
    cards: answer.deck.cards.length,
    playable: answer.deck.playable,
    ...(key ? { owner_key: key } : {}),
  };
  return write(storage, [entry, ...before.filter((d) => d.id !== answer.id)]);
}

/** The owner key this browser holds for a deck, if any. */
export function ownerKeyOf(storage: KeyValue | undefined, id: string): string | undefined {
  return readMyDecks(storage).find((d) => d.id === id)?.owner_key;
}

/** Forgets a deck (the server keeps it until it expires; whoever has its id may still use it). */
export function forgetDeck(storage: KeyValue | undefined, id: string): MyDeck[] {
  return write(
    storage,
    readMyDecks(storage).filter((d) => d.id !== id),
  );
}

// ---------------------------------------------------------------------------------------------
// The decks of a new match's seats.

/** What seat `seat` plays when the match names no decks: the samples in turn. */
export function defaultSeatDeck(seat: number, samples: SampleDeck[]): string {
  return samples.length ? samples[seat % samples.length].name : "";
}

/**
 * The `decks` field of POST /api/matches for these per-seat choices (deck ids or sample names),
 * or undefined when every seat plays what it would anyway (the field is then left out).
 */
export function matchDecks(choices: string[], samples: SampleDeck[]): string[] | undefined {
  return choices.every((c, s) => c === defaultSeatDeck(s, samples)) ? undefined : choices;
}
