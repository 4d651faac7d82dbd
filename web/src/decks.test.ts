import { afterEach, describe, expect, it, vi } from "vitest";
import {
  armyChoices,
  armyWhy,
  deckApi,
  deckSizeAdvice,
  deckNameFromFile,
  defaultSeatDeck,
  displayName,
  faceOf,
  forgetDeck,
  matchDecks,
  MY_DECKS_KEY,
  MY_DECKS_MAX,
  ownerKeyOf,
  placementText,
  proMoveLines,
  readMyDecks,
  rememberDeck,
  unsettled,
  type CheckedCard,
  type DeckAnswer,
} from "./decks";
import { testCard } from "./decks.fixture";
import { call } from "./api";

const card = (over: Partial<CheckedCard>): CheckedCard =>
  testCard({
    pro_moves: ["Crash Clinic", "Foreign Agents"],
    pro_move_reasons: {
      "Crash Clinic": 'the card says "pediatrician"',
      "Foreign Agents": "gives a country (USA): a foreign agent where the rest of the field is not",
    },
    ...over,
  });
const ambiguous = card({
  first_name: "Ana",
  last_name: "Silva",
  army: null,
  army_source: "needs an army",
  army_reason: 'ambiguous: Animals or Therapy ("pet", "therapist" in the occupation); annotate it',
  army_candidates: ["Animals", "Therapy"],
});
const unknown = card({
  army: null,
  army_source: "needs an army",
  army_reason: "needs an army: no word of the army table in the occupation, categories, organisation or note",
});
const ARMIES = ["Agriculture", "Animals", "Therapy", "All Others"];
const answer = (id: string, cards: CheckedCard[], name = "apple"): DeckAnswer => ({
  id,
  format: "vcf",
  deck: {
    name,
    cards,
    warnings: [],
    needs_army: [],
    playable: cards.every((c) => c.army),
    armies: ARMIES,
  },
});

/** A Storage in memory. */
function memory(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return {
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => void data.set(k, v),
    data,
  };
}
const ID1 = "0123456789abcdef0123456789abcdef";
const ID2 = "fedcba9876543210fedcba9876543210";
const KEY = "00112233445566778899aabbccddeeff";

describe("what the deck page says of a card", () => {
  it("names the card as the library files it, or by its organisation", () => {
    expect(displayName(card({}))).toBe("Hartley, Amelia");
    expect(displayName(card({ first_name: "", last_name: "" }))).toBe("Maple Children's Clinic");
    expect(displayName(card({ first_name: "", last_name: "Cher" }))).toBe("Cher");
  });
  it("gives the board's face, saying so when the army is missing", () => {
    expect(faceOf(card({}))).toMatchObject({ name: "Hartley, Amelia", army: "Medicine", city: "Burlington" });
    expect(faceOf(ambiguous).army).toBe("needs an army");
  });
  it("says where the army comes from", () => {
    expect(armyWhy(card({}))).toBe('Medicine: inferred from "pediatrician" (occupation)');
    expect(armyWhy(card({ army: "Animals", army_source: "annotation", army_reason: "annotation" }))).toBe(
      "Animals: annotated on the card (X-TABLETOP-ARMY)",
    );
    expect(armyWhy(ambiguous)).toMatch(/^ambiguous: Animals or Therapy/);
  });
  it("offers the candidates of an ambiguous card, every army when nothing matched", () => {
    expect(armyChoices(ambiguous, ARMIES)).toEqual(["Animals", "Therapy"]);
    expect(armyChoices(unknown, ARMIES)).toEqual(ARMIES);
  });
  it("gives each pro move with its reason", () => {
    expect(proMoveLines(card({}))).toEqual([
      { move: "Crash Clinic", why: 'the card says "pediatrician"' },
      {
        move: "Foreign Agents",
        why: "gives a country (USA): a foreign agent where the rest of the field is not",
      },
    ]);
    expect(proMoveLines(card({ pro_moves: ["Hacking"], pro_move_reasons: undefined }))).toEqual([
      { move: "Hacking", why: "" },
    ]);
  });
  it("says where the gazetteer puts a city-only card, or why not", () => {
    expect(placementText(card({}))).toBeNull();
    expect(
      placementText(
        card({
          city_placement: { placed: true, city: "Montpelier", region: "VT", country: "US", within_km: 25 },
        }),
      ),
    ).toBe("placed at Montpelier, VT, US (within 25 km)");
    expect(placementText(card({ city_placement: { placed: false, why: "ambiguous: 3 places" } }))).toBe(
      "not placed: ambiguous: 3 places",
    );
  });
  it("lists the cards that need an army by index", () => {
    expect(unsettled(answer(ID1, [card({}), ambiguous, card({}), unknown]).deck)).toEqual([1, 3]);
  });
});

describe("deck names and ids", () => {
  it("takes the base name of the file, as the server keeps it", () => {
    expect(deckNameFromFile("C:\\Users\\me\\Contacts export.vcf")).toBe("Contactsexport");
    expect(deckNameFromFile("/home/me/my-deck.JSON")).toBe("my-deck");
    expect(deckNameFromFile("ÄÖÜ.vcf")).toBe("deck");
    expect(deckNameFromFile("x".repeat(100) + ".vcf")).toHaveLength(64);
  });
});

describe("my decks in this browser", () => {
  it("remembers a deck, newest first, once per id", () => {
    const s = memory();
    rememberDeck(s, answer(ID1, [card({})], "one"), 1000);
    rememberDeck(s, answer(ID2, [ambiguous], "two"), 2000);
    expect(readMyDecks(s).map((d) => [d.name, d.cards, d.playable])).toEqual([
      ["two", 1, false],
      ["one", 1, true],
    ]);
    // Annotated later: the same id, refreshed and first again.
    rememberDeck(s, answer(ID1, [card({}), card({})], "one"), 3000);
    expect(readMyDecks(s).map((d) => [d.id, d.cards])).toEqual([
      [ID1, 2],
      [ID2, 1],
    ]);
    expect(forgetDeck(s, ID1).map((d) => d.id)).toEqual([ID2]);
    expect(readMyDecks(s).map((d) => d.id)).toEqual([ID2]);
  });
  it("keeps at most MY_DECKS_MAX, dropping the least recently seen", () => {
    const s = memory();
    for (let i = 0; i <= MY_DECKS_MAX; i++)
      rememberDeck(s, answer(i.toString(16).padStart(32, "0"), [card({})], `d${i}`), i);
    const kept = readMyDecks(s);
    expect(kept).toHaveLength(MY_DECKS_MAX);
    expect(kept.some((d) => d.name === "d0")).toBe(false);
  });
  it("ignores what is not such a list, and entries that are not decks", () => {
    expect(readMyDecks(memory({ [MY_DECKS_KEY]: "{not json" }))).toEqual([]);
    expect(readMyDecks(memory({ [MY_DECKS_KEY]: '{"id": 1}' }))).toEqual([]);
    expect(
      readMyDecks(
        memory({
          [MY_DECKS_KEY]: JSON.stringify([{ id: "../etc" }, { id: ID1, name: "ok", seen: "x" }, null, 7]),
        }),
      ),
    ).toEqual([{ id: ID1, name: "ok", seen: 0, cards: 0, playable: false }]);
    expect(readMyDecks(undefined)).toEqual([]);
  });
  it("keeps the owner key the upload answered, through later answers that do not give it", () => {
    const s = memory();
    rememberDeck(s, { ...answer(ID1, [ambiguous], "one"), owner_key: KEY }, 1000);
    rememberDeck(s, answer(ID2, [card({})], "two"), 2000);
    expect(ownerKeyOf(s, ID1)).toBe(KEY);
    expect(ownerKeyOf(s, ID2)).toBeUndefined();
    // The PATCH and GET answers carry no key: the one kept stays.
    rememberDeck(s, answer(ID1, [card({})], "one"), 3000);
    expect(readMyDecks(s)[0]).toEqual({
      id: ID1,
      name: "one",
      seen: 3000,
      cards: 1,
      playable: true,
      owner_key: KEY,
    });
    expect(JSON.parse(s.data.get(MY_DECKS_KEY)!)[0].owner_key).toBe(KEY);
    forgetDeck(s, ID1);
    expect(ownerKeyOf(s, ID1)).toBeUndefined();
  });
  it("reads the entries kept before owner keys, and drops a key that is not one", () => {
    const old = { id: ID1, name: "old", seen: 5, cards: 40, playable: true };
    const s = memory({
      [MY_DECKS_KEY]: JSON.stringify([old, { id: ID2, name: "odd", seen: 1, owner_key: "<script>" }]),
    });
    expect(readMyDecks(s)).toEqual([old, { id: ID2, name: "odd", seen: 1, cards: 0, playable: false }]);
    // Seen again: still without a key.
    rememberDeck(s, answer(ID1, [card({})], "old"), 9);
    expect(readMyDecks(s)[0]).not.toHaveProperty("owner_key");
  });
  it("lives without storage, and with storage that refuses to write", () => {
    expect(rememberDeck(undefined, answer(ID1, [card({})]))).toHaveLength(1);
    const full = {
      getItem: () => null,
      setItem: () => {
        throw new Error("QuotaExceededError");
      },
    };
    expect(rememberDeck(full, answer(ID1, [card({})]))).toHaveLength(1);
  });
});

describe("the decks of a new match's seats", () => {
  const samples = [
    { name: "agency-field-office", cards: 30 },
    { name: "illuminati-lodge", cards: 30 },
  ];
  it("gives each seat the sample it plays by default, in turn", () => {
    expect([0, 1, 2].map((s) => defaultSeatDeck(s, samples))).toEqual([
      "agency-field-office",
      "illuminati-lodge",
      "agency-field-office",
    ]);
  });
  it("leaves the field out when nothing changes, else names every seat's deck", () => {
    expect(matchDecks(["agency-field-office", "illuminati-lodge"], samples)).toBeUndefined();
    expect(matchDecks([ID1, "illuminati-lodge"], samples)).toEqual([ID1, "illuminati-lodge"]);
    expect(matchDecks(["illuminati-lodge", "illuminati-lodge"], samples)).toEqual([
      "illuminati-lodge",
      "illuminati-lodge",
    ]);
  });
});

describe("deleting a deck on the server", () => {
  afterEach(() => vi.unstubAllGlobals());
  it("sends DELETE to this site with the owner key as a bearer token", async () => {
    const fetch = vi.fn(async () => new Response(null, { status: 204 }));
    vi.stubGlobal("fetch", fetch);
    await expect(deckApi.remove(ID1, KEY)).resolves.toBeNull();
    expect(fetch).toHaveBeenCalledWith(`/api/decks/${ID1}`, {
      method: "DELETE",
      headers: { Authorization: `Bearer ${KEY}` },
      body: undefined,
    });
  });
  it("throws the server's sentence with its status", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(
        async () =>
          new Response(JSON.stringify({ error: "deleting deck x takes the owner_key" }), { status: 403 }),
      ),
    );
    await expect(deckApi.remove(ID1, KEY)).rejects.toMatchObject({
      message: "deleting deck x takes the owner_key",
      status: 403,
    });
  });
  it("never sends a request off this site", async () => {
    const fetch = vi.fn();
    vi.stubGlobal("fetch", fetch);
    for (const elsewhere of ["//evil.example/api/decks", "https://evil.example/api/decks", "api/decks"])
      await expect(
        call("DELETE", elsewhere, undefined, undefined, { Authorization: `Bearer ${KEY}` }),
      ).rejects.toThrow(/not a path on this site/);
    expect(fetch).not.toHaveBeenCalled();
  });
});

describe("what the rules advise about deck sizes", () => {
  it("says nothing for decks of 40-60 cards of roughly equal size", () => {
    expect(deckSizeAdvice([48, 52])).toEqual([]);
    expect(deckSizeAdvice([60, 50, 48])).toEqual([]);
  });
  it("names a deck under the suggested 40 cards", () => {
    expect(deckSizeAdvice([5, 48])).toEqual([
      "Seat 0's deck has 5 cards; the rules suggest 40–60.",
      "The decks have 5 to 48 cards; the rules say players should have decks of roughly equal size.",
    ]);
  });
  it("names decks that differ by more than a quarter", () => {
    expect(deckSizeAdvice([40, 51])).toEqual([
      "The decks have 40 to 51 cards; the rules say players should have decks of roughly equal size.",
    ]);
    expect(deckSizeAdvice([40, 50])).toEqual([]);
  });
});

describe("a card's army and place, in words", () => {
  it("does not repeat 'needs an army' under its heading", () => {
    expect(
      armyWhy(
        card({ army_source: "needs an army", army_reason: "needs an army: no word of the army table" }),
      ),
    ).toBe("no word of the army table");
  });
  it("drops a region given as a number", () => {
    expect(
      placementText(
        card({
          city_placement: { placed: true, city: "Stockholm", region: "26", country: "SE", within_km: 25 },
        }),
      ),
    ).toBe("placed at Stockholm, SE (within 25 km)");
  });
});
