// The deck page, "/decks" and "/decks/{id}": upload a contacts export (.vcf) or a JSON deck (file
// picker or drag and drop), see every card drawn as the board draws it with its shadow army and why,
// choose an army for each card that needs one (PATCH /api/decks/{id}), see each card's pro moves and
// why, download the annotated file, and keep the deck's id in this browser (decks.ts) so the lobby
// offers it for a seat of a new card-game match (seatDeckSelect). A deck uploaded from this browser
// (its owner key kept with it) may be deleted on the server. The model is decks.ts.
import { ApiError } from "./api";
import { h } from "./dom";
import { businessCardSvg } from "./games/conspiracy-tcg";
import {
  armyChoices,
  armyWhy,
  deckApi,
  defaultSeatDeck,
  deckNameFromFile,
  displayName,
  faceOf,
  forgetDeck,
  isDeckId,
  placementText,
  proMoveLines,
  readMyDecks,
  rememberDeck,
  SUGGESTED_DECK_CARDS,
  unsettled,
  type CheckedCard,
  type DeckAnswer,
  type MyDeck,
  type SampleDeck,
} from "./decks";
import { browserStorage } from "./stored-list";

/** What one card says, in one line (the picture's label). */
function cardLabel(i: number, c: CheckedCard): string {
  const parts = [c.occupation, c.organisation, c.phone ? `phone ${c.phone}` : "no phone"];
  parts.push([c.city, c.region, c.country].filter(Boolean).join(", ") || "no location");
  parts.push(c.army ? `shadow army ${c.army}` : "needs a shadow army");
  return `card ${i + 1}, ${displayName(c)}: ${parts.filter(Boolean).join("; ")}`;
}

/** A form choosing an army for card `i` among `choices`; `onChoose` sends it. */
function armyForm(
  i: number,
  choices: string[],
  label: string,
  onChoose: (army: string) => Promise<void>,
): HTMLFormElement {
  const id = `army-${i}`;
  const select = h(
    "select",
    { id, name: id, required: true },
    h("option", { value: "" }, "— choose —"),
    ...choices.map((a) => h("option", { value: a }, a)),
  );
  const form = h(
    "form",
    { class: "army-form" },
    h("label", { for: id }, label),
    select,
    h("button", { type: "submit", class: "primary" }, "Set army"),
  );
  form.addEventListener("submit", (ev) => {
    ev.preventDefault();
    if (select.value) void onChoose(select.value);
  });
  return form;
}

/** One card: its picture, its army and why (with the way to fix it), pro moves and why, place. */
function cardArticle(
  answer: DeckAnswer,
  i: number,
  annotate: (card: number, army: string | null) => Promise<void>,
): HTMLElement {
  const c = answer.deck.cards[i];
  const needs = c.army_source === "needs an army";
  const art = h(
    "article",
    { class: "deck-card", id: `card-${i}`, "data-card": i, "data-army-source": c.army_source, tabindex: -1 },
    businessCardSvg(faceOf(c), cardLabel(i, c), `#${i + 1}`, needs),
    h(
      "p",
      { class: needs ? "army needs" : "army" },
      h("strong", {}, needs ? "Needs an army: " : "Shadow army "),
      armyWhy(c),
    ),
  );
  if (needs) {
    art.append(
      armyForm(
        i,
        armyChoices(c, answer.deck.armies),
        c.army_candidates.length ? "Which one?" : "Its army",
        (army) => annotate(i, army),
      ),
    );
  } else if (c.army_source === "annotation") {
    art.append(
      h(
        "button",
        { type: "button", class: "unannotate", onclick: () => void annotate(i, null) },
        "Remove my annotation",
      ),
    );
  } else {
    art.append(
      h(
        "details",
        { class: "other-army" },
        h("summary", {}, "Not right? Choose its army"),
        armyForm(i, answer.deck.armies, "Its army", (army) => annotate(i, army)),
      ),
    );
  }
  const moves = proMoveLines(c);
  art.append(
    moves.length
      ? h(
          "ul",
          { class: "pro-moves", "aria-label": "pro moves" },
          ...moves.map((m) => h("li", {}, h("strong", {}, m.move), m.why ? ` — ${m.why}` : "")),
        )
      : h("p", { class: "pro-moves" }, "No pro moves."),
  );
  const where = placementText(c);
  if (where) art.append(h("p", { class: "placement" }, `City only: ${where}`));
  art.append(h("p", { class: "source" }, `From ${c.source}`));
  return art;
}

/** The whole deck: its state, downloads, warnings, the cards that need an army, every card. */
function deckSection(
  answer: DeckAnswer,
  annotate: (card: number, army: string | null) => Promise<void>,
): HTMLElement {
  const d = answer.deck;
  const open = unsettled(d);
  const base = `/api/decks/${answer.id}`;
  return h(
    "section",
    { class: "deck", "aria-labelledby": "deck-h", "data-deck": answer.id },
    h("h2", { id: "deck-h" }, `Deck ${d.name}`),
    h(
      "p",
      { class: d.playable ? "deck-state ok" : "deck-state bad", role: "status" },
      `${d.cards.length} cards${d.cards.length < SUGGESTED_DECK_CARDS ? " (the rules suggest 40–60)" : ""} · ` +
        (d.playable
          ? "playable: every card has its shadow army"
          : `${open.length} card${open.length === 1 ? " needs" : "s need"} an army before the deck can be played`),
    ),
    h(
      "p",
      { class: "deck-actions" },
      answer.format === "vcf"
        ? h(
            "a",
            { href: `${base}.vcf`, download: `${d.name}.vcf`, class: "download-vcf" },
            "Download the annotated vCard",
          )
        : null,
      " ",
      h(
        "a",
        { href: `${base}.json`, download: `${d.name}.json`, class: "download-json" },
        "Download as JSON",
      ),
      " ",
      d.playable
        ? h(
            "a",
            { href: `/?game=conspiracy-tcg&deck=${answer.id}`, class: "play-deck" },
            "Play it in a new match",
          )
        : null,
    ),
    d.warnings.length
      ? h(
          "details",
          { class: "warnings", open: true },
          h(
            "summary",
            {},
            `${d.warnings.length} warning${d.warnings.length === 1 ? "" : "s"} from reading the file`,
          ),
          h("ul", {}, ...d.warnings.map((w) => h("li", {}, w))),
        )
      : null,
    open.length
      ? h(
          "nav",
          { class: "needs-list", "aria-label": "cards that need an army" },
          h("h3", {}, "Cards that need an army"),
          h(
            "ul",
            {},
            ...open.map((i) =>
              h("li", {}, h("a", { href: `#card-${i}` }, displayName(d.cards[i]) || `card ${i + 1}`)),
            ),
          ),
        )
      : null,
    h("div", { class: "deck-cards" }, ...d.cards.map((_, i) => cardArticle(answer, i, annotate))),
  );
}

/** Why a deck was not deleted, in plain words. */
export function deleteFailure(name: string, e: unknown): string {
  const why =
    e instanceof ApiError
      ? e.status === 403
        ? "the server did not accept this browser's owner key for it"
        : e.message
      : `the server could not be reached (${(e as Error).message})`;
  return `Deck ${name} was not deleted: ${why}.`;
}

/** My decks: each opens its page and may be forgotten; one this browser uploaded may be deleted. */
function myDecksList(
  decks: MyDeck[],
  current: string | undefined,
  onForget: (id: string) => void,
  onDelete: (deck: MyDeck) => void,
): HTMLElement {
  return h(
    "section",
    { class: "my-decks", "aria-labelledby": "my-decks-h" },
    h("h2", { id: "my-decks-h" }, "My decks"),
    decks.length
      ? h(
          "ul",
          {},
          ...decks.map((d) =>
            h(
              "li",
              { "data-deck": d.id },
              h(
                "a",
                { href: `/decks/${d.id}`, "aria-current": d.id === current ? "page" : undefined },
                d.name,
              ),
              ` · ${d.cards} cards · ${d.playable ? "playable" : "needs armies"} `,
              h(
                "button",
                { type: "button", "aria-label": `forget deck ${d.name}`, onclick: () => onForget(d.id) },
                "Forget",
              ),
              d.owner_key ? " " : null,
              d.owner_key
                ? h(
                    "button",
                    {
                      type: "button",
                      class: "delete-deck",
                      "aria-label": `delete deck ${d.name} from the server`,
                      onclick: () => onDelete(d),
                    },
                    "Delete",
                  )
                : null,
            ),
          ),
        )
      : h(
          "p",
          {},
          "None yet: the decks you upload here are listed (their ids are kept in this browser only).",
        ),
  );
}

export async function showDecks(root: HTMLElement, id?: string): Promise<void> {
  document.title = "Tabletop — my card-game decks";
  const storage = browserStorage();
  const error = h("p", { class: "error", role: "alert" });
  const status = h("p", { class: "upload-status", role: "status" });
  const listBox = h("div");
  const deckBox = h("div");
  let current: string | undefined;

  const drawList = () =>
    listBox.replaceChildren(
      myDecksList(
        readMyDecks(storage),
        current,
        (gone) => {
          forgetDeck(storage, gone);
          drawList();
        },
        (d) => void remove(d),
      ),
    );
  const remove = async (d: MyDeck) => {
    const sure = window.confirm(
      `Delete deck ${d.name} from the server? This cannot be undone: its link stops working for ` +
        "everyone; matches already made with it keep their copy.",
    );
    if (!sure || !d.owner_key) return;
    error.textContent = "";
    try {
      await deckApi.remove(d.id, d.owner_key);
      status.textContent = `Deck ${d.name} deleted.`;
    } catch (e) {
      if (!(e instanceof ApiError && e.status === 404)) {
        error.textContent = deleteFailure(d.name, e);
        return;
      }
      status.textContent = `Deck ${d.name} was already gone from the server.`;
    }
    forgetDeck(storage, d.id);
    if (current === d.id) {
      current = undefined;
      deckBox.replaceChildren();
      history.pushState({}, "", "/decks");
    }
    drawList();
  };
  const show = (answer: DeckAnswer) => {
    current = answer.id;
    rememberDeck(storage, answer);
    deckBox.replaceChildren(deckSection(answer, annotate));
    drawList();
  };
  const annotate = async (card: number, army: string | null) => {
    if (!current) return;
    error.textContent = "";
    try {
      const y = window.scrollY;
      show(await deckApi.annotate(current, card, army));
      window.scrollTo(0, y);
      deckBox.querySelector<HTMLElement>(`#card-${card}`)?.focus({ preventScroll: true });
    } catch (e) {
      error.textContent = (e as Error).message;
    }
  };
  const upload = async (file: File) => {
    error.textContent = "";
    status.textContent = `Reading ${file.name}…`;
    try {
      const answer = await deckApi.upload(file, deckNameFromFile(file.name));
      status.textContent = `${file.name}: ${answer.deck.cards.length} cards read.`;
      history.pushState({}, "", `/decks/${answer.id}`);
      show(answer);
    } catch (e) {
      status.textContent = "";
      error.textContent = `${file.name}: ${(e as Error).message}`;
    }
  };

  const input = h("input", {
    type: "file",
    id: "deck-file",
    name: "deck-file",
    accept: ".vcf,.vcard,.json,text/vcard,text/x-vcard,application/json",
  });
  input.addEventListener("change", () => {
    const file = input.files?.[0];
    if (file) void upload(file);
    input.value = "";
  });
  const drop = h(
    "label",
    { class: "drop-zone", for: "deck-file" },
    h("span", {}, "Choose a .vcf or .json file, or drop it here"),
    input,
  );
  drop.addEventListener("dragover", (ev) => {
    ev.preventDefault();
    drop.classList.add("over");
  });
  drop.addEventListener("dragleave", () => drop.classList.remove("over"));
  drop.addEventListener("drop", (ev) => {
    ev.preventDefault();
    drop.classList.remove("over");
    const file = ev.dataTransfer?.files?.[0];
    if (file) void upload(file);
  });

  root.replaceChildren(
    h(
      "header",
      { class: "top" },
      h("h1", {}, h("a", { href: "/" }, "Tabletop")),
      h("p", {}, "Conspiracy TCG: play your own business cards"),
    ),
    h(
      "main",
      { class: "decks" },
      h(
        "section",
        { class: "upload", "aria-labelledby": "upload-h" },
        h("h2", { id: "upload-h" }, "Upload a deck"),
        h(
          "p",
          {},
          "Export your contacts as a vCard file (Apple Contacts, Google Contacts, Outlook and most phones " +
            "can), or write a JSON deck. Each card's shadow army is read from the occupation where that is " +
            "clear; where it is not, you choose it here, and the file you download carries your choices.",
        ),
        drop,
        status,
        error,
      ),
      listBox,
      deckBox,
    ),
  );
  // Back and forward between the decks shown (pushState above): draw the page of that address.
  window.addEventListener("popstate", () => location.reload(), { once: true });
  drawList();
  if (id) {
    try {
      show(await deckApi.get(id));
    } catch (e) {
      if (isDeckId(id)) forgetDeck(storage, id);
      drawList();
      error.textContent = `${(e as Error).message} (an unused deck is removed after a while; upload the file again)`;
    }
  }
}

/**
 * The deck a card-game seat plays, for the lobby: the sample decks, then my uploaded decks (those
 * that still need an army are listed but cannot be chosen). Preselected: `chosen` when it is one of
 * them that may be chosen, else the sample the seat would play anyway.
 */
export function seatDeckSelect(
  seat: number,
  samples: SampleDeck[],
  mine: MyDeck[],
  chosen: string,
): HTMLSelectElement {
  const select = h(
    "select",
    { id: `deck-${seat}`, name: `deck-${seat}`, class: "seat-deck", "aria-label": `deck of seat ${seat}` },
    h(
      "optgroup",
      { label: "Sample decks" },
      ...samples.map((s) =>
        h("option", { value: s.name, "data-cards": s.cards }, `${s.name} (${s.cards} cards)`),
      ),
    ),
    mine.length
      ? h(
          "optgroup",
          { label: "My decks" },
          ...mine.map((d) =>
            h(
              "option",
              { value: d.id, disabled: !d.playable, "data-cards": d.cards },
              `${d.name} (${d.cards} cards${d.playable ? "" : ", needs armies"})`,
            ),
          ),
        )
      : null,
  );
  select.value = chosen;
  if (select.value !== chosen || chosen === "" || select.selectedOptions[0]?.disabled)
    select.value = defaultSeatDeck(seat, samples);
  return select;
}
