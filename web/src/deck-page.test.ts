// The deck page against a fetch that answers as the server does (docs/server.md, "Card-game
// decks"): an upload is sent as the file's bytes, a card that needs an army is fixed by a PATCH
// naming one of its candidates, and the deck is remembered in this browser.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { seatDeckSelect, showDecks } from "./deck-page";
import { MY_DECKS_KEY, type CheckedCard, type DeckAnswer } from "./decks";
import { testCard } from "./decks.fixture";

const ID = "0123456789abcdef0123456789abcdef";
const base: CheckedCard = testCard();
const silva: CheckedCard = {
  ...base,
  first_name: "Ana",
  last_name: "Silva",
  occupation: "Pet therapist",
  army: null,
  army_source: "needs an army",
  army_reason: "ambiguous: Animals or Therapy",
  army_candidates: ["Animals", "Therapy"],
  source: "apple:13",
};
const deck = (cards: CheckedCard[]): DeckAnswer => ({
  id: ID,
  format: "vcf",
  deck: {
    name: "apple",
    cards,
    warnings: ["apple:20: the same card as apple:1 (Hartley, Amelia)"],
    needs_army: [],
    playable: cards.every((c) => c.army),
    armies: ["Animals", "Medicine", "Therapy"],
  },
});

const KEY = "00112233445566778899aabbccddeeff";
const OTHER = "fedcba9876543210fedcba9876543210";

let calls: { method: string; url: string; body: unknown; headers?: HeadersInit }[];
beforeEach(() => {
  localStorage.clear();
  window.scrollTo = () => {};
  history.replaceState({}, "", "/decks");
  calls = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init: RequestInit) => {
      calls.push({ method: init.method ?? "GET", url, body: init.body, headers: init.headers });
      let answer: DeckAnswer;
      if (init.method === "DELETE") {
        return (init.headers as Record<string, string>).Authorization === `Bearer ${KEY}`
          ? new Response(null, { status: 204 })
          : new Response(JSON.stringify({ error: "deleting deck takes the owner_key" }), { status: 403 });
      } else if (init.method === "PATCH") {
        const { card, army } = JSON.parse(String(init.body));
        const cards = [base, { ...silva }];
        cards[card] = { ...cards[card], army, army_source: "annotation", army_reason: "annotation" };
        answer = deck(cards);
      } else if (init.method === "POST") {
        answer = { ...deck([base, silva]), owner_key: KEY };
      } else if (url === "/api/decks/" + ID) {
        answer = deck([base, silva]);
      } else {
        return new Response(JSON.stringify({ error: "no deck" }), { status: 404 });
      }
      return new Response(JSON.stringify(answer), { status: init.method === "POST" ? 201 : 200 });
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const settle = () => new Promise((r) => setTimeout(r, 0));

describe("the deck page", () => {
  it("uploads the file's bytes, draws every card, and fixes a card among its candidates", async () => {
    const root = document.createElement("div");
    await showDecks(root);
    const file = new File(["BEGIN:VCARD\r\nEND:VCARD\r\n"], "My Contacts.vcf", { type: "text/vcard" });
    const input = root.querySelector<HTMLInputElement>("#deck-file")!;
    Object.defineProperty(input, "files", { value: [file] });
    input.dispatchEvent(new Event("change"));
    await settle();
    await settle();
    expect(calls[0]).toMatchObject({ method: "POST", url: "/api/decks?name=MyContacts" });
    expect(calls[0].body).toBe(file);
    expect(location.pathname).toBe(`/decks/${ID}`);

    // Two cards, each a business card; the second needs an army and says so.
    const cards = root.querySelectorAll(".deck-card");
    expect(cards).toHaveLength(2);
    expect(cards[0].querySelector("svg.business-card")?.getAttribute("aria-label")).toMatch(
      /^card 1, Hartley, Amelia: Pediatrician;.*shadow army Medicine$/,
    );
    expect(cards[0].textContent).toContain('Medicine: inferred from "pediatrician"');
    expect(cards[0].querySelector(".pro-moves")?.textContent).toBe(
      'Crash Clinic — the card says "pediatrician"',
    );
    expect(root.querySelector(".deck-state")?.textContent).toBe(
      "2 cards (the rules suggest 40–60) · 1 card needs an army before the deck can be played",
    );
    expect(root.querySelector(".warnings li")?.textContent).toContain("the same card as apple:1");
    expect(root.querySelector(".needs-list a")?.getAttribute("href")).toBe("#card-1");
    expect(root.querySelector(".download-vcf")?.getAttribute("href")).toBe(`/api/decks/${ID}.vcf`);
    expect(root.querySelector(".play-deck")).toBeNull();
    const select = cards[1].querySelector<HTMLSelectElement>("select")!;
    expect([...select.options].map((o) => o.value)).toEqual(["", "Animals", "Therapy"]);

    select.value = "Animals";
    cards[1].querySelector("form")!.dispatchEvent(new Event("submit"));
    await settle();
    await settle();
    expect(calls[1]).toMatchObject({ method: "PATCH", url: `/api/decks/${ID}` });
    expect(JSON.parse(String(calls[1].body))).toEqual({ card: 1, army: "Animals" });
    expect(root.querySelector(".deck-state")?.textContent).toBe(
      "2 cards (the rules suggest 40–60) · playable: every card has its shadow army",
    );
    expect(root.querySelector("#card-1 .army")?.textContent).toContain("Animals: annotated on the card");
    expect(root.querySelector(".play-deck")?.getAttribute("href")).toBe(`/?game=conspiracy-tcg&deck=${ID}`);

    // Remembered in this browser, and listed.
    expect(JSON.parse(localStorage.getItem(MY_DECKS_KEY)!)).toMatchObject([
      { id: ID, name: "apple", playable: true },
    ]);
    expect(root.querySelector(".my-decks a")?.getAttribute("href")).toBe(`/decks/${ID}`);
  });

  it("takes a file dropped on the page as it takes a chosen one", async () => {
    const root = document.createElement("div");
    await showDecks(root);
    const drop = root.querySelector<HTMLElement>(".drop-zone")!;
    const over = new Event("dragover", { cancelable: true });
    drop.dispatchEvent(over);
    expect(over.defaultPrevented).toBe(true);
    expect(drop.classList.contains("over")).toBe(true);
    const file = new File(['{"name": "x", "cards": []}'], "friends.json", { type: "application/json" });
    const ev = new Event("drop", { cancelable: true });
    Object.defineProperty(ev, "dataTransfer", { value: { files: [file] } });
    drop.dispatchEvent(ev);
    await settle();
    await settle();
    expect(ev.defaultPrevented).toBe(true);
    expect(drop.classList.contains("over")).toBe(false);
    expect(calls[0]).toMatchObject({ method: "POST", url: "/api/decks?name=friends" });
    expect(calls[0].body).toBe(file);
    expect(root.querySelectorAll(".deck-card")).toHaveLength(2);
  });

  it("says why a file is refused", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(
        async () =>
          new Response(JSON.stringify({ error: "a deck is at most 60 KiB; this one has 70000 bytes" }), {
            status: 413,
          }),
      ),
    );
    const root = document.createElement("div");
    await showDecks(root);
    const input = root.querySelector<HTMLInputElement>("#deck-file")!;
    Object.defineProperty(input, "files", { value: [new File(["x"], "big.vcf")] });
    input.dispatchEvent(new Event("change"));
    await settle();
    await settle();
    expect(root.querySelector(".error")?.textContent).toBe(
      "big.vcf: a deck is at most 60 KiB; this one has 70000 bytes",
    );
    expect(localStorage.getItem(MY_DECKS_KEY)).toBeNull();
  });

  it("forgets a remembered deck the server no longer has", async () => {
    const gone = "ffffffffffffffffffffffffffffffff";
    localStorage.setItem(
      MY_DECKS_KEY,
      JSON.stringify([{ id: gone, name: "old", seen: 1, cards: 3, playable: true }]),
    );
    const root = document.createElement("div");
    await showDecks(root, gone);
    expect(root.querySelector(".error")?.textContent).toMatch(/^no deck/);
    expect(JSON.parse(localStorage.getItem(MY_DECKS_KEY)!)).toEqual([]);
  });
});

describe("deleting a deck from the deck page", () => {
  const remembered = (owner_key?: string) =>
    localStorage.setItem(
      MY_DECKS_KEY,
      JSON.stringify([
        { id: ID, name: "apple", seen: 2, cards: 2, playable: false, ...(owner_key ? { owner_key } : {}) },
        { id: OTHER, name: "old", seen: 1, cards: 3, playable: true },
      ]),
    );
  const deleteButton = (root: HTMLElement, id: string) =>
    root.querySelector<HTMLButtonElement>(`.my-decks li[data-deck="${id}"] button.delete-deck`);

  it("offers Delete beside Forget only for a deck this browser holds the owner key of", async () => {
    const root = document.createElement("div");
    await showDecks(root);
    const file = new File(["BEGIN:VCARD\r\nEND:VCARD\r\n"], "apple.vcf");
    const input = root.querySelector<HTMLInputElement>("#deck-file")!;
    Object.defineProperty(input, "files", { value: [file] });
    input.dispatchEvent(new Event("change"));
    await settle();
    await settle();
    expect(JSON.parse(localStorage.getItem(MY_DECKS_KEY)!)[0]).toMatchObject({ id: ID, owner_key: KEY });
    const item = root.querySelector(`.my-decks li[data-deck="${ID}"]`)!;
    expect([...item.querySelectorAll("button")].map((b) => b.textContent)).toEqual(["Forget", "Delete"]);

    remembered();
    await showDecks(root);
    expect(deleteButton(root, ID)).toBeNull();
    expect(root.querySelector(`.my-decks li[data-deck="${OTHER}"] button`)?.textContent).toBe("Forget");
  });

  it("asks first, deletes with the owner key, then forgets the deck here", async () => {
    remembered(KEY);
    const confirm = vi.spyOn(window, "confirm").mockReturnValueOnce(false).mockReturnValueOnce(true);
    const root = document.createElement("div");
    await showDecks(root, ID);
    expect(root.querySelector(".deck")).not.toBeNull();

    deleteButton(root, ID)!.click();
    await settle();
    expect(confirm.mock.calls[0][0]).toMatch(/^Delete deck apple from the server\? This cannot be undone/);
    expect(calls.filter((c) => c.method === "DELETE")).toEqual([]);

    deleteButton(root, ID)!.click();
    await settle();
    await settle();
    const del = calls.filter((c) => c.method === "DELETE");
    expect(del).toHaveLength(1);
    expect(del[0].url).toBe(`/api/decks/${ID}`);
    expect(del[0].headers).toEqual({ Authorization: `Bearer ${KEY}` });
    expect(JSON.parse(localStorage.getItem(MY_DECKS_KEY)!).map((d: { id: string }) => d.id)).toEqual([OTHER]);
    expect(root.querySelector(".deck")).toBeNull();
    expect(location.pathname).toBe("/decks");
    expect(root.querySelector(".upload-status")?.textContent).toBe("Deck apple deleted.");
  });

  it("forgets a deck the server no longer has when asked to delete it", async () => {
    remembered(KEY);
    vi.spyOn(window, "confirm").mockReturnValue(true);
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => new Response(JSON.stringify({ error: "no deck" }), { status: 404 })),
    );
    const root = document.createElement("div");
    await showDecks(root);
    deleteButton(root, ID)!.click();
    await settle();
    await settle();
    expect(root.querySelector(".upload-status")?.textContent).toBe(
      "Deck apple was already gone from the server.",
    );
    expect(root.querySelector(".error")?.textContent).toBe("");
    expect(JSON.parse(localStorage.getItem(MY_DECKS_KEY)!).map((d: { id: string }) => d.id)).toEqual([OTHER]);
  });

  it("says in plain words when the server refuses the key, and keeps the deck", async () => {
    remembered(OTHER);
    vi.spyOn(window, "confirm").mockReturnValue(true);
    const root = document.createElement("div");
    await showDecks(root);
    deleteButton(root, ID)!.click();
    await settle();
    await settle();
    expect(root.querySelector(".error")?.textContent).toBe(
      "Deck apple was not deleted: the server did not accept this browser's owner key for it.",
    );
    expect(JSON.parse(localStorage.getItem(MY_DECKS_KEY)!)).toHaveLength(2);
    expect(deleteButton(root, ID)).not.toBeNull();
  });
});

describe("the lobby's deck of a seat", () => {
  const samples = [
    { name: "agency-field-office", cards: 30 },
    { name: "illuminati-lodge", cards: 30 },
  ];
  const mine = [
    { id: ID, name: "apple", seen: 2, cards: 32, playable: true },
    { id: "ffffffffffffffffffffffffffffffff", name: "todo", seen: 1, cards: 5, playable: false },
  ];
  it("offers the samples and my decks, an unplayable one disabled", () => {
    const s = seatDeckSelect(1, samples, mine, "");
    expect(s.value).toBe("illuminati-lodge");
    expect([...s.options].map((o) => [o.value, o.disabled])).toEqual([
      ["agency-field-office", false],
      ["illuminati-lodge", false],
      [ID, false],
      ["ffffffffffffffffffffffffffffffff", true],
    ]);
    expect(seatDeckSelect(0, samples, mine, ID).value).toBe(ID);
    // One that still needs an army, or that this browser does not know: the seat's default.
    expect(seatDeckSelect(0, samples, mine, "ffffffffffffffffffffffffffffffff").value).toBe(
      "agency-field-office",
    );
    expect(seatDeckSelect(0, samples, mine, "eeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee").value).toBe(
      "agency-field-office",
    );
  });
});
