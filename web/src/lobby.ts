// The lobby: the games and their parameters (from GET /api/games, never repeated here), seats
// (human, open to anyone, or a computer at a strength named in words), creating a match and copying
// each seat's join link, and the lists of open, running and finished matches.
import { api, type GameInfo, type MatchSummary, type ParamSpec } from "./api";
import { seatDeckSelect } from "./deck-page";
import { browserStorage, deckApi, isDeckId, matchDecks, readMyDecks, type SampleDeck } from "./decks";
import { h } from "./dom";
import { levelOption } from "./levels";
import { playersText, rulesPanel } from "./rules";

function paramInput(p: ParamSpec): HTMLElement {
  const id = `param-${p.name}`;
  let input: HTMLInputElement;
  if (p.type === "bool") {
    input = h("input", { type: "checkbox", id, name: p.name, "data-type": "bool" });
    input.checked = p.default === true || p.default === "true";
  } else if (p.type === "int") {
    input = h("input", {
      type: "number",
      id,
      name: p.name,
      "data-type": "int",
      min: p.min,
      // What the server takes from a request (the command line's range is wider).
      max: p.network_max ?? p.max,
      value: String(p.default ?? ""),
      // Nothing to choose (Relativity's 2 players): shown, not editable.
      readonly: p.min !== undefined && p.min === p.max,
    });
  } else {
    input = h("input", {
      type: "text",
      id,
      name: p.name,
      "data-type": "string",
      maxlength: p.max_length,
      value: String(p.default ?? ""),
      placeholder: "default",
    });
  }
  return h(
    "div",
    { class: "param" },
    h("label", { for: id }, p.name),
    input,
    h("small", { id: `${id}-desc` }, p.description),
  );
}

function readParams(form: HTMLElement, game: GameInfo): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const p of game.params) {
    const input = form.querySelector<HTMLInputElement>(`[name="${p.name}"]`);
    if (!input) continue;
    if (p.type === "bool") {
      if (input.checked !== (p.default === true || p.default === "true")) out[p.name] = input.checked;
    } else if (p.type === "int") {
      if (input.value !== "" && Number(input.value) !== Number(p.default)) out[p.name] = Number(input.value);
    } else if (input.value !== "" && input.value !== String(p.default ?? "")) out[p.name] = input.value;
  }
  return out;
}

function copyButton(text: string, label: string): HTMLButtonElement {
  const b = h("button", { type: "button", class: "copy", "aria-label": label }, "Copy link");
  b.addEventListener("click", async () => {
    try {
      await navigator.clipboard.writeText(text);
      b.textContent = "Copied";
    } catch {
      window.prompt("Copy this link", text);
    }
  });
  return b;
}

export async function showLobby(root: HTMLElement): Promise<void> {
  document.title = "Tabletop — lobby";
  const games = await api.games();
  const byId = new Map(games.map((g) => [g.id, g]));
  // The card game's seats each play a deck: a sample or one of mine (deck-page.ts); "?deck=ID"
  // (the deck page's "Play it" link) preselects it for seat 0.
  const samples: SampleDeck[] = byId.has("conspiracy-tcg") ? await deckApi.samples().catch(() => []) : [];
  const wanted = new URLSearchParams(location.search).get("deck") ?? "";
  const result = h("section", { class: "created", "aria-live": "polite" });
  const form = h("form", { class: "new-match", "aria-labelledby": "new-match-h" });
  const gameSelect = h(
    "select",
    { id: "game", name: "game" },
    ...games.map((g) => h("option", { value: g.id }, g.name)),
  );
  const paramsBox = h("div", { class: "params" });
  const seatsBox = h("fieldset", { class: "seats" });
  const undo = h("input", { type: "checkbox", id: "undo", name: "undo" });
  const hints = h("input", { type: "checkbox", id: "hints", name: "hints" });
  const takeover = h("input", {
    type: "number",
    id: "takeover",
    name: "takeover",
    min: 10,
    placeholder: "never",
  });
  const error = h("p", { class: "error", role: "alert" });

  const players = (g: GameInfo) => {
    const input = paramsBox.querySelector<HTMLInputElement>(`[name="players"]`);
    const n = input ? Number(input.value) : g.min_players;
    return Math.min(g.max_players, Math.max(g.min_players, Number.isFinite(n) ? n : g.min_players));
  };
  const drawSeats = () => {
    const g = byId.get(gameSelect.value)!;
    const n = players(g);
    const old = [...seatsBox.querySelectorAll<HTMLSelectElement>("select.seat-kind")].map((s) => s.value);
    const oldDecks = [...seatsBox.querySelectorAll<HTMLSelectElement>("select.seat-deck")].map(
      (s) => s.value,
    );
    seatsBox.replaceChildren(h("legend", {}, "Seats"));
    for (let i = 0; i < n; i++) {
      const sel = h(
        "select",
        { id: `seat-${i}`, name: `seat-${i}`, class: "seat-kind", "aria-label": `seat ${i}` },
        h("option", { value: "human" }, "Human — I send the link"),
        h("option", { value: "open" }, "Human — open: anyone in the lobby may take it"),
        ...g.strengths.map((s, i) =>
          h("option", { value: `computer:${s.name}` }, levelOption(s, n, g.strengths[i - 1])),
        ),
      );
      sel.value =
        old[i] ??
        (i === 0 ? "human" : `computer:${g.strengths[Math.min(1, g.strengths.length - 1)]?.name ?? "easy"}`);
      seatsBox.append(h("div", { class: "seat-choice" }, h("label", { for: `seat-${i}` }, `Seat ${i}`), sel));
      if (g.id === "conspiracy-tcg" && samples.length)
        seatsBox.append(
          h(
            "div",
            { class: "seat-choice" },
            h("label", { for: `deck-${i}` }, "Deck"),
            seatDeckSelect(i, samples, readMyDecks(browserStorage()), oldDecks[i] ?? (i === 0 ? wanted : "")),
          ),
        );
    }
    if (g.id === "conspiracy-tcg")
      seatsBox.append(
        h(
          "p",
          {},
          h("a", { href: "/decks", class: "my-decks-link" }, "Upload your own business cards (my decks)"),
        ),
      );
  };
  const rulesLink = h("a", { class: "rules-link", href: "/rules" }, "How to play");
  const rulesBox = h("details", { class: "rules-box" });
  const drawParams = () => {
    const g = byId.get(gameSelect.value)!;
    rulesLink.href = `/rules/${g.id}`;
    rulesLink.textContent = `How to play ${g.name} (own page)`;
    rulesBox.replaceChildren(h("summary", {}, `How to play ${g.name}`), rulesPanel(g));
    const main = g.params.filter((p) => p.kind !== "engine");
    const engine = g.params.filter((p) => p.kind === "engine");
    paramsBox.replaceChildren(
      h(
        "p",
        { class: "game-facts" },
        `${playersText(g)}${g.hidden_information ? " · hidden information" : ""}${g.has_chance ? " · chance" : ""}`,
      ),
      ...main.map(paramInput),
      ...(engine.length
        ? [h("details", {}, h("summary", {}, "Engine settings (not rules)"), ...engine.map(paramInput))]
        : []),
    );
    paramsBox.querySelector(`[name="players"]`)?.addEventListener("input", drawSeats);
    drawSeats();
  };
  gameSelect.addEventListener("change", drawParams);
  if (isDeckId(wanted) && byId.has("conspiracy-tcg")) gameSelect.value = "conspiracy-tcg";

  form.append(
    h("h2", { id: "new-match-h" }, "New match"),
    h("div", { class: "param" }, h("label", { for: "game" }, "Game"), gameSelect),
    rulesBox,
    h("p", {}, rulesLink),
    paramsBox,
    seatsBox,
    h(
      "div",
      { class: "param" },
      h("label", { for: "undo" }, "Allow undo"),
      undo,
      h("small", {}, "hot-seat games and games against the computer"),
    ),
    h(
      "div",
      { class: "param" },
      h("label", { for: "hints" }, "Allow hints"),
      hints,
      h("small", {}, "a player may ask what the hard computer would play"),
    ),
    h(
      "div",
      { class: "param" },
      h("label", { for: "takeover" }, "Computer takes a left seat after (seconds)"),
      takeover,
    ),
    h("button", { type: "submit", class: "primary" }, "Create match"),
    error,
  );
  form.addEventListener("submit", async (ev) => {
    ev.preventDefault();
    error.textContent = "";
    const g = byId.get(gameSelect.value)!;
    const params = readParams(paramsBox, g);
    const seats = [...seatsBox.querySelectorAll<HTMLSelectElement>("select.seat-kind")].map((s) =>
      s.value === "human"
        ? { kind: "human" }
        : s.value === "open"
          ? { kind: "human", open: true }
          : { kind: "computer", strength: s.value.split(":")[1] },
    );
    const decks = matchDecks(
      [...seatsBox.querySelectorAll<HTMLSelectElement>("select.seat-deck")].map((s) => s.value),
      samples,
    );
    try {
      const created = await api.create({
        game: g.id,
        ...(g.id === "conspiracy-tcg" && decks ? { decks } : {}),
        params: { ...params, players: seats.length },
        seats,
        undo: undo.checked,
        hints: hints.checked,
        takeover_after_s: takeover.value ? Number(takeover.value) : null,
      });
      const mine = created.seats.filter((s) => s.token);
      const origin = location.origin;
      const hot =
        mine.length > 0 ? `/match/${created.id}#${mine.map((s) => "token=" + s.token).join("&")}` : null;
      result.replaceChildren(
        h("h2", {}, `Match ${created.id} created`),
        h(
          "ul",
          { class: "links" },
          ...created.seats.map((s) =>
            h(
              "li",
              {},
              `Seat ${s.seat}: `,
              s.join_url
                ? h(
                    "span",
                    {},
                    h("a", { href: s.join_url, class: "join-link", "data-seat": s.seat }, "join link"),
                    " ",
                    copyButton(origin + s.join_url, `copy the join link of seat ${s.seat}`),
                  )
                : s.open
                  ? "open to anyone in the lobby"
                  : (s.name ?? `computer (${s.strength})`),
            ),
          ),
        ),
        ...(hot && mine.length > 1
          ? [
              h(
                "p",
                {},
                h(
                  "a",
                  { href: hot, class: "hot-seat-link" },
                  `Play all ${mine.length} human seats on this device (hot-seat)`,
                ),
              ),
            ]
          : []),
        h(
          "p",
          {},
          h("a", { href: created.watch_url, class: "watch-link" }, "Watch as a spectator"),
          " ",
          copyButton(origin + created.watch_url, "copy the watch link"),
        ),
      );
      void refreshLists();
    } catch (e) {
      error.textContent = (e as Error).message;
    }
  });

  const lists = h("section", { class: "matches", "aria-labelledby": "matches-h" });
  const refreshLists = async () => {
    const all = await api.matches().catch(() => [] as MatchSummary[]);
    const section = (status: string, title: string) => {
      const ms = all.filter((m) => m.status === status);
      return h(
        "div",
        { class: `list list-${status}` },
        h("h3", {}, `${title} (${ms.length})`),
        ms.length === 0
          ? h("p", {}, "none")
          : h("ul", {}, ...ms.map((m) => matchItem(m, byId.get(m.game)?.name ?? m.game))),
      );
    };
    lists.replaceChildren(
      h(
        "h2",
        { id: "matches-h" },
        "Matches ",
        h("button", { type: "button", onclick: () => void refreshLists() }, "Refresh"),
      ),
      section("open", "Open — seats to take"),
      section("running", "Running"),
      section("finished", "Finished"),
    );
  };
  const matchItem = (m: MatchSummary, name: string) => {
    const li = h(
      "li",
      { "data-match": m.id },
      `${name} · ${m.seats.length} seats · ${m.seats.map((s) => s.name ?? s.kind).join(", ")} `,
    );
    for (const s of m.seats.filter((s) => s.open && !s.claimed)) {
      li.append(
        h(
          "button",
          {
            type: "button",
            onclick: async () => {
              try {
                const j = await api.join(m.id, s.seat);
                location.href = j.join_url;
              } catch (e) {
                error.textContent = (e as Error).message;
              }
            },
          },
          `Take seat ${s.seat}`,
        ),
        " ",
      );
    }
    li.append(h("a", { href: `/match/${m.id}` }, m.status === "finished" ? "Result" : "Watch"));
    if (m.status === "finished") li.append(" ", h("a", { href: `/replay/${m.id}` }, "Replay"));
    return li;
  };

  root.replaceChildren(
    h(
      "header",
      { class: "top" },
      h("h1", {}, "Tabletop"),
      h("p", {}, "Board games and a card game, with friends and computer players."),
      h("a", { href: "/decks" }, "My card-game decks"),
    ),
    h("main", { class: "lobby" }, form, result, lists),
  );
  drawParams();
  await refreshLists();
}
