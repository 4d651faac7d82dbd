// The match page's elements and where they sit: header, board area, side panel, hand-over screen.
// The other match modules fill them (match-view.ts, match-controls.ts); nothing here reacts.
import { h, narrow } from "./dom";

export interface MatchUi {
  banner: HTMLElement;
  boardBox: HTMLElement;
  lastMoves: HTMLElement;
  status: HTMLElement;
  statusMore: HTMLButtonElement;
  turn: HTMLElement;
  seats: HTMLElement;
  seatsBox: HTMLDetailsElement;
  privateBox: HTMLDetailsElement;
  moves: HTMLElement;
  message: HTMLElement;
  thinking: HTMLElement;
  result: HTMLElement;
  log: HTMLElement;
  handover: HTMLElement;
  help: HTMLElement;
  helpToggle: HTMLButtonElement;
  noteForm: HTMLFormElement;
  noteInput: HTMLInputElement;
  undo: HTMLButtonElement;
  controls: HTMLElement;
  allMoves: HTMLDetailsElement;
  zoom: HTMLButtonElement;
  coordsToggle: HTMLButtonElement;
  rulesLink: HTMLAnchorElement;
}

/** Builds the page of match `id` into `root`; `playing`: this browser holds a seat (a token). */
export function layOutMatch(root: HTMLElement, id: string, playing: boolean): MatchUi {
  const noteInput = h("input", {
    type: "text",
    id: "notation",
    name: "notation",
    autocomplete: "off",
    placeholder: "a move",
  });
  const helpToggle = h(
    "button",
    { type: "button", class: "help-toggle", "aria-expanded": "false", "aria-controls": "notation-help" },
    "Notation help",
  );
  const ui: MatchUi = {
    banner: h("p", { class: "banner", role: "status", "aria-live": "polite" }, "Connecting…"),
    boardBox: h("div", { class: "board-box" }),
    lastMoves: h("p", { class: "last-moves", "aria-live": "polite" }),
    status: h("p", { class: "status", id: "match-status", "aria-live": "polite" }),
    statusMore: h(
      "button",
      { type: "button", class: "status-more", hidden: true, "aria-controls": "match-status" },
      "More",
    ),
    turn: h("p", { class: "turn" }),
    seats: h("ul", { class: "seat-list" }),
    seatsBox: h("details", { class: "seats-section", open: !narrow() }),
    privateBox: h("details", { class: "private", "aria-label": "your private information", open: !narrow() }),
    moves: h("div", { class: "move-buttons" }),
    message: h("p", { class: "message", role: "status", "aria-live": "assertive" }),
    thinking: h("div", { class: "thinking", hidden: true }),
    result: h("section", { class: "result", "aria-live": "polite" }),
    log: h("ol", { class: "log", "aria-label": "your log" }),
    handover: h("div", {
      class: "handover",
      hidden: true,
      role: "dialog",
      "aria-modal": "true",
      "aria-labelledby": "handover-h",
    }),
    help: h("div", { class: "help", hidden: true, id: "notation-help" }),
    helpToggle,
    noteForm: h(
      "form",
      { class: "notation" },
      h("label", { for: "notation" }, "Move in notation"),
      noteInput,
      h("button", { type: "submit" }, "Send"),
      helpToggle,
    ),
    noteInput,
    undo: h("button", { type: "button", class: "undo", hidden: true }, "Undo my last move"),
    controls: h("section", { class: "controls", "aria-label": "moves", hidden: !playing }),
    allMoves: h("details", { class: "all-moves", hidden: true }),
    zoom: h("button", { type: "button", class: "zoom", "aria-pressed": "false" }, "Zoom the board"),
    coordsToggle: h(
      "button",
      { type: "button", class: "coords-toggle", "aria-pressed": "true", hidden: true },
      "Square names",
    ),
    rulesLink: h("a", { href: "/rules", class: "rules-link" }, "How to play"),
  };
  root.replaceChildren(
    h(
      "header",
      { class: "top" },
      h("h1", {}, h("a", { href: "/" }, "Tabletop")),
      h("p", { class: "match-title" }, `Match ${id}`),
      ui.banner,
    ),
    h(
      "main",
      { class: "match" },
      // The result comes first: on a phone it is what the page opens on once the game is over.
      ui.result,
      h(
        "section",
        { class: "board-area", "aria-label": "board" },
        ui.turn,
        h("p", { class: "board-tools" }, ui.zoom, " ", ui.coordsToggle, " ", ui.rulesLink),
        ui.boardBox,
        ui.lastMoves,
        ui.thinking,
      ),
      h(
        "aside",
        { class: "side" },
        ui.status,
        ui.statusMore,
        ui.seatsBox,
        ui.privateBox,
        ui.controls,
        ui.message,
        h(
          "details",
          { class: "log-section", open: !narrow() },
          h("summary", {}, h("h2", {}, "Log")),
          h("div", { class: "log-box" }, ui.log),
        ),
      ),
    ),
    ui.handover,
  );
  ui.controls.append(h("h2", {}, "Your move"), ui.moves, ui.allMoves, ui.noteForm, ui.help, ui.undo);
  // On a phone the move buttons are a bar fixed at the bottom (style.css): the page keeps room for it.
  new ResizeObserver(() =>
    document.body.style.setProperty("--move-bar", `${ui.moves.offsetHeight + 8}px`),
  ).observe(ui.moves);
  return ui;
}

/** Writes the message line; `kind` ("ok", "bad", "unlit", "" plain) colours it, undefined keeps its colour. */
export function say(ui: MatchUi, text: string, kind?: string): void {
  ui.message.textContent = text;
  if (kind !== undefined) ui.message.className = kind ? `message ${kind}` : "message";
}
