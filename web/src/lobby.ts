// The lobby: "Your matches" (the seats this browser holds) first, then a new match: the games and
// their parameters (from GET /api/games, in the plain words of games/words), seats (human, open to
// anyone, or a computer named by what it does, its measured strength folded under "details"),
// "Quick game" (you against the computer), creating a match and its invites (invite.ts); then the
// lists of open, running and finished matches.
import { api, type GameInfo, type MatchSummary } from "./api";
import { clockForm } from "./clock-form";
import { seatDeckSelect } from "./deck-page";
import { deckApi, deckSizeAdvice, isDeckId, matchDecks, readMyDecks, type SampleDeck } from "./decks";
import { h } from "./dom";
import { isLoopback, linkOrigin, showInvites } from "./invite";
import { levelDetails } from "./levels";
import { gameSummary, paramInputs, readParams } from "./lobby-params";
import { drawMyMatches } from "./my-matches";
import { playersText, rulesPanel } from "./rules";
import { NAME_MAX_BYTES, nameFits, rememberName, rememberedName } from "./seat-name";
import { seatKindSelect } from "./seat-kind";
import { type HeldSeat, keepSeats, resumeUrl, seatsOf } from "./seat-store";
import { browserStorage } from "./stored-list";

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
  // Undo starts on in a match of one person against computers, off otherwise, until the player
  // ticks or unticks it.
  let undoChosen = false;
  undo.addEventListener("change", () => (undoChosen = true));
  seatsBox.addEventListener("change", (ev) => {
    if ((ev.target as Element).matches("select.seat-kind")) defaultUndo();
  });
  const defaultUndo = () => {
    if (undoChosen) return;
    const kinds = [...seatsBox.querySelectorAll<HTMLSelectElement>("select.seat-kind")].map((s) => s.value);
    undo.checked = kinds.filter((k) => !k.startsWith("computer:")).length === 1 && kinds.length > 1;
  };
  const hints = h("input", { type: "checkbox", id: "hints", name: "hints" });
  // What spectators have of the table talk (docs/server.md, Table talk), and the creator's name.
  const spectatorChat = h(
    "select",
    { id: "spectator-chat", name: "spectator_chat" },
    h("option", { value: "read" }, "read the players' talk"),
    h("option", { value: "none" }, "see no talk"),
    h("option", { value: "apart" }, "talk among themselves"),
  );
  const playerName = h("input", {
    type: "text",
    id: "player-name",
    name: "player",
    maxlength: NAME_MAX_BYTES,
    autocomplete: "nickname",
    placeholder: "optional",
    value: rememberedName(),
  });
  // The name that goes with a seat taken from the open list (POST /join "player").
  const joinName = h("input", {
    type: "text",
    id: "join-name",
    name: "join-player",
    maxlength: NAME_MAX_BYTES,
    autocomplete: "nickname",
    placeholder: "optional",
    value: rememberedName(),
  });
  const joinError = h("p", { class: "error", role: "alert" });
  const joinNameBox = h(
    "p",
    { class: "join-name" },
    h("label", { for: "join-name" }, "Your name "),
    joinName,
    h("small", {}, " shown to the table beside a seat you take"),
  );
  const clockChoice = clockForm();
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
    const detailsOpen = seatsBox.querySelector<HTMLDetailsElement>("details.level-details")?.open ?? false;
    seatsBox.replaceChildren(h("legend", {}, "Seats"));
    for (let i = 0; i < n; i++) {
      const sel = seatKindSelect(g, n, i, old[i]);
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
    defaultUndo();
    if (g.id === "conspiracy-tcg") {
      // What the rules advise about the chosen decks' sizes, kept current as seats change decks.
      const advice = h("ul", {
        class: "deck-advice",
        role: "status",
        "aria-label": "about the decks' sizes",
      });
      const advise = () => {
        const sizes = [...seatsBox.querySelectorAll<HTMLSelectElement>("select.seat-deck")].map((s) =>
          Number(s.selectedOptions[0]?.dataset.cards ?? 0),
        );
        advice.replaceChildren(...deckSizeAdvice(sizes).map((line) => h("li", {}, line)));
      };
      for (const s of seatsBox.querySelectorAll("select.seat-deck")) s.addEventListener("change", advise);
      seatsBox.append(
        advice,
        h(
          "p",
          {},
          h("a", { href: "/decks", class: "my-decks-link" }, "Upload your own business cards (my decks)"),
        ),
      );
      advise();
    }
    seatsBox.append(
      h(
        "details",
        { class: "level-details", open: detailsOpen },
        h("summary", {}, `details: how strong the computer measured at ${n} players`),
        h(
          "dl",
          {},
          ...g.strengths.flatMap((s, i) => [
            h("dt", {}, `Computer that ${s.description}`),
            h("dd", {}, levelDetails(s, n, g.strengths[i - 1]).join(" ")),
          ]),
        ),
      ),
    );
  };
  const rulesLink = h("a", { class: "rules-link", href: "/rules" }, "How to play");
  const summary = h("p", { class: "game-summary", id: "game-summary" });
  const quick = h("button", { type: "button", class: "quick" }, "Quick game: you against the computer");
  const rulesBox = h("details", { class: "rules-box" });
  const drawParams = () => {
    const g = byId.get(gameSelect.value)!;
    rulesLink.href = `/rules/${g.id}`;
    rulesLink.textContent = `How to play ${g.name} (own page)`;
    rulesBox.replaceChildren(h("summary", {}, `How to play ${g.name}`), rulesPanel(g));
    summary.textContent = gameSummary(g);
    paramsBox.replaceChildren(
      h(
        "p",
        { class: "game-facts" },
        `${playersText(g)}${g.hidden_information ? " · hidden information" : ""}${g.has_chance ? " · chance" : ""}`,
      ),
      ...paramInputs(g),
    );
    paramsBox.querySelector(`[name="players"]`)?.addEventListener("input", drawSeats);
    drawSeats();
  };
  gameSelect.addEventListener("change", drawParams);
  if (isDeckId(wanted) && byId.has("conspiracy-tcg")) gameSelect.value = "conspiracy-tcg";

  form.append(
    h("h2", { id: "new-match-h" }, "New match"),
    h("div", { class: "param" }, h("label", { for: "game" }, "Game"), gameSelect),
    summary,
    h(
      "p",
      { class: "quick-line" },
      quick,
      " ",
      h(
        "small",
        {},
        "the fewest players, the rules as written, the computer at its usual level, undo allowed",
      ),
    ),
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
    h(
      "div",
      { class: "param" },
      h("label", { for: "spectator-chat" }, "Spectators"),
      spectatorChat,
      h("small", {}, "what people watching have of the table talk"),
    ),
    h(
      "div",
      { class: "param" },
      h("label", { for: "player-name" }, "Your name"),
      playerName,
      h("small", {}, "shown to the table beside your seat"),
    ),
    clockChoice.el,
    h("button", { type: "submit", class: "primary" }, "Create match"),
    error,
  );
  form.addEventListener("submit", async (ev) => {
    ev.preventDefault();
    error.textContent = "";
    const g = byId.get(gameSelect.value)!;
    const params = readParams(paramsBox, g);
    const seats: Record<string, unknown>[] = [
      ...seatsBox.querySelectorAll<HTMLSelectElement>("select.seat-kind"),
    ].map((s) =>
      s.value === "human"
        ? { kind: "human" }
        : s.value === "open"
          ? { kind: "human", open: true }
          : { kind: "computer", strength: s.value.split(":")[1] },
    );
    // The creator's name goes to the first seat they hold (the others' holders name their own).
    const name = playerName.value.trim();
    const own = seats.find((s) => s.kind === "human" && !s.open);
    if (name && own) own.player = name;
    rememberName(name);
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
        spectator_chat: spectatorChat.value,
        clock: clockChoice.read(),
      });
      keepSeats(
        created.seats
          .filter((s) => s.token)
          .map((s) => ({ token: s.token!, match: created.id, game: g.id, seat: s.seat })),
      );
      const urls = isLoopback(location.hostname)
        ? (await api.addresses().catch(() => ({ urls: [] }))).urls
        : [];
      showInvites(result, created, linkOrigin(location.origin, urls));
      void refreshLists();
    } catch (e) {
      error.textContent = (e as Error).message;
    }
  });

  // You against the computer: the fewest seats the game allows, every parameter at its default,
  // the other seats the level the seat choice starts on; the page goes straight to the match.
  quick.addEventListener("click", async () => {
    error.textContent = "";
    const g = byId.get(gameSelect.value)!;
    const level = g.strengths[Math.min(1, g.strengths.length - 1)]?.name ?? "medium";
    const seats = [
      { kind: "human" },
      ...Array.from({ length: g.min_players - 1 }, () => ({ kind: "computer", strength: level })),
    ];
    try {
      const created = await api.create({
        game: g.id,
        params: { players: seats.length },
        seats,
        undo: true,
        hints: false,
        takeover_after_s: null,
      });
      const mine = created.seats.find((s) => s.token && s.join_url)!;
      keepSeats([{ token: mine.token!, match: created.id, game: g.id, seat: mine.seat }]);
      location.href = mine.join_url!;
    } catch (e) {
      error.textContent = (e as Error).message;
    }
  });

  const lists = h("section", { class: "matches", "aria-labelledby": "matches-h" });
  const myMatches = h("section", { class: "my-matches", "aria-labelledby": "my-matches-h", hidden: true });
  let held: HeldSeat[] = [];
  const refreshLists = async () => {
    const all = await api.matches().catch(() => [] as MatchSummary[]);
    held = await drawMyMatches(myMatches, byId, all);
    const section = (status: string, title: string) => {
      const ms = all.filter((m) => m.status === status);
      return h(
        "div",
        { class: `list list-${status}` },
        h("h3", {}, `${title} (${ms.length})`),
        status === "open" && ms.length > 0 ? joinNameBox : null,
        status === "open" ? joinError : null,
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
              joinError.textContent = "";
              const name = joinName.value.trim();
              if (!nameFits(name)) {
                joinError.textContent = `A name holds at most ${NAME_MAX_BYTES} bytes.`;
                return;
              }
              try {
                const j = await api.join(m.id, s.seat, name);
                if (name) rememberName(name);
                keepSeats([{ token: j.token, match: m.id, game: m.game, seat: j.seat }]);
                location.href = j.join_url;
              } catch (e) {
                joinError.textContent = (e as Error).message;
              }
            },
          },
          `Take seat ${s.seat}`,
        ),
        " ",
      );
    }
    const mine = seatsOf(m.id, held);
    li.append(
      mine.length && m.status !== "finished"
        ? h("a", { href: resumeUrl(m.id, mine), class: "resume" }, "Resume")
        : h("a", { href: `/match/${m.id}` }, m.status === "finished" ? "Result" : "Watch"),
    );
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
    h("main", { class: "lobby" }, myMatches, form, result, lists),
  );
  drawParams();
  await refreshLists();
}
