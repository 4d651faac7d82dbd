// How to play: the lobby's and the match page's link to /rules/{game}. The text is the game's own
// how-to-play (GET /api/games, `how_to_play`, the same text as `tabletop rules GAME`), drawn from
// Markdown; each ```position block of the text (the page's Setup part has one) is drawn with the
// client's own board drawing, from the spectator's view of that position the server played with
// the game's own code (`how_to_positions`), captioned with the
// moves the block shows legal and not legal there; the full rule text's source and licence are
// named where the server gives them.
// Nothing is written here about any game: a field the server does not send is left out.
import { api, type GameInfo } from "./api";
import { h } from "./dom";
import { drawerFor } from "./games";
import { markdown } from "./markdown";

/** The how-to-play panel of one game. */
export function rulesPanel(g: GameInfo): HTMLElement {
  const source = g.rules_source;
  return h(
    "article",
    { class: "rules", "data-game": g.id },
    h("h2", {}, `How to play ${g.name}`),
    h(
      "p",
      { class: "game-facts" },
      `${playersText(g)}${g.hidden_information ? " · hidden information" : ""}${g.has_chance ? " · chance" : ""}`,
    ),
    ...(g.how_to_play
      ? markdown(g.how_to_play, (kind, i, lines) =>
          kind === "position" ? positionFigure(g, i, lines) : null,
        )
      : [h("p", { class: "no-rules" }, "The server sends no how-to-play text for this game.")]),
    // The full rule text is not served here: its title and author say where to find it, and its
    // licence links to the licence's own text when it has one.
    source?.title
      ? h(
          "p",
          { class: "rules-source" },
          "The full rules: ",
          h("cite", {}, source.title),
          source.author ? ` by ${source.author}` : "",
          ...(source.licence
            ? [
                " (licence: ",
                source.licence_url ? h("a", { href: source.licence_url }, source.licence) : source.licence,
                ")",
              ]
            : []),
          ".",
        )
      : null,
  );
}

/** The picture of the how-to's position block `index` (lines: its text), or null when none. */
export function positionFigure(g: GameInfo, index: number, lines: string[]): HTMLElement | null {
  const drawer = drawerFor(g.id);
  const view = g.how_to_positions?.[index];
  if (!drawer || !view) return null;
  const names = Array.from({ length: g.max_players }, (_, i) => `seat ${i}`);
  const moves = (name: string) =>
    lines
      .filter((l) => l.trim().startsWith(`${name}:`))
      .flatMap((l) => l.slice(l.indexOf(":") + 1).split(";"))
      .map((m) => m.trim())
      .filter((m) => m);
  const caption: (Node | string)[] = [];
  const list = (label: string, ms: string[]) => {
    if (!ms.length) return;
    caption.push(caption.length ? " " : "", label, " ");
    ms.forEach((m, k) => caption.push(k ? ", " : "", h("code", {}, m)));
    caption.push(".");
  };
  list("Legal here:", moves("legal"));
  list("Not legal here:", moves("illegal"));
  return h(
    "figure",
    { class: "position board-box", "data-position": String(index) },
    drawer.board(view, { viewer: -1, seatNames: names }),
    caption.length ? h("figcaption", {}, ...caption) : null,
  );
}

/** "2 players", "2–5 players". */
export function playersText(g: { min_players: number; max_players: number }): string {
  return g.min_players === g.max_players
    ? `${g.min_players} player${g.min_players === 1 ? "" : "s"}`
    : `${g.min_players}–${g.max_players} players`;
}

/** The page /rules/{id} (or /rules: every game). */
export async function showRules(root: HTMLElement, id: string | undefined): Promise<void> {
  const games = await api.games();
  const shown = id ? games.filter((g) => g.id === id) : games;
  document.title = `Tabletop — how to play${shown.length === 1 ? " " + shown[0].name : ""}`;
  root.replaceChildren(
    h(
      "header",
      { class: "top" },
      h("h1", {}, h("a", { href: "/" }, "Tabletop")),
      h("p", {}, "How to play"),
      h(
        "nav",
        { "aria-label": "games" },
        ...games.flatMap((g) => [h("a", { href: `/rules/${g.id}` }, g.name), " "]),
      ),
    ),
    h(
      "main",
      { class: "rules-page" },
      ...(shown.length ? shown.map(rulesPanel) : [h("p", { class: "error" }, `No game '${id}' here.`)]),
      h("p", {}, h("a", { href: "/" }, "Back to the lobby")),
    ),
  );
}
