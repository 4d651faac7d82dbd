// The match page: the board of the view this browser holds, the generic move picker, the notation
// box, undo, the hot-seat hand-over, the computer's thinking progress, the log and the result.
// Nothing is shown before the server says so: no optimistic updates, every move waits for its ack
// and the state that follows.
import { BoardZoom } from "./board-zoom";
import { api, type GameInfo } from "./api";
import { fitNumbers, h, narrow, seatLabel, tokensFromHash, wireFolds } from "./dom";
import { drawerFor } from "./games";
import type { DrawContext } from "./games/types";
import { HintPanel } from "./hint";
import { markdown, section } from "./markdown";
import { MovePicker } from "./picker";
import { pickPrompt, unlitWhy } from "./pick-words";
import { MatchConnection, type StateMsg, type View } from "./protocol";
import { resultNodes } from "./result";
import { seatShape, svgRoot } from "./svg";
import { keepOpenedSeats, watchingNotice } from "./watching";

interface Ui {
  banner: HTMLElement;
  boardBox: HTMLElement;
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
  noteInput: HTMLInputElement;
  undo: HTMLButtonElement;
  controls: HTMLElement;
  allMoves: HTMLDetailsElement;
}

export async function showMatch(root: HTMLElement, id: string): Promise<void> {
  const tokens = tokensFromHash(location.hash);
  let games: GameInfo[] = [];
  try {
    games = await api.games();
  } catch {
    /* the board still works without the notation help */
  }
  const ui: Ui = {
    banner: h("p", { class: "banner", role: "status", "aria-live": "polite" }, "Connecting…"),
    boardBox: h("div", { class: "board-box" }),
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
    noteInput: h("input", {
      type: "text",
      id: "notation",
      name: "notation",
      autocomplete: "off",
      placeholder: "a move",
    }),
    undo: h("button", { type: "button", class: "undo", hidden: true }, "Undo my last move"),
    controls: h("section", { class: "controls", "aria-label": "moves", hidden: tokens.length === 0 }),
    allMoves: h("details", { class: "all-moves", hidden: true }),
  };
  const noteForm = h(
    "form",
    { class: "notation" },
    h("label", { for: "notation" }, "Move in notation"),
    ui.noteInput,
    h("button", { type: "submit" }, "Send"),
    h(
      "button",
      { type: "button", class: "help-toggle", "aria-expanded": "false", "aria-controls": "notation-help" },
      "Notation help",
    ),
  );
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
        h(
          "p",
          { class: "board-tools" },
          h("button", { type: "button", class: "zoom", "aria-pressed": "false" }, "Zoom the board"),
          " ",
          h(
            "button",
            { type: "button", class: "coords-toggle", "aria-pressed": "true", hidden: true },
            "Square names",
          ),
          " ",
          h("a", { href: "/rules", class: "rules-link" }, "How to play"),
        ),
        ui.boardBox,
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

  // With a token the page keeps its seats for the lobby's "Your matches"; without, it says it watches.
  if (tokens.length) void keepOpenedSeats(id, tokens);
  else root.querySelector("header.top")?.after(watchingNotice(id));
  ui.controls.append(h("h2", {}, "Your move"), ui.moves, ui.allMoves, noteForm, ui.help, ui.undo);
  // On a phone the status line shows its first two lines until "More" is pressed.
  let statusOpen = false;
  ui.statusMore.addEventListener("click", () => {
    statusOpen = !statusOpen;
    fitStatus();
  });
  const fitStatus = () => {
    ui.status.classList.toggle("clamped", narrow() && !statusOpen);
    const overflows = ui.status.scrollHeight > ui.status.clientHeight + 1;
    ui.statusMore.hidden = !narrow() || (!statusOpen && !overflows) || !ui.status.textContent;
    ui.statusMore.textContent = statusOpen ? "Less" : "More";
    ui.statusMore.setAttribute("aria-expanded", String(statusOpen));
  };
  // Parts of the board folded or unfolded by a tap on their fold button (the card game's seat
  // areas), by their data-fold key; a part not in here has the drawer's default.
  const folds = new Map<string, boolean>();
  // Square names on a grid board: shown until the player hides them.
  const coordsToggle = root.querySelector<HTMLButtonElement>("button.coords-toggle")!;
  coordsToggle.addEventListener("click", () => {
    const shown = coordsToggle.getAttribute("aria-pressed") !== "true";
    coordsToggle.setAttribute("aria-pressed", String(shown));
    ui.boardBox.classList.toggle("hide-coords", !shown);
  });
  const zoom = new BoardZoom(ui.boardBox, root.querySelector<HTMLButtonElement>("button.zoom")!);
  let state: StateMsg | null = null;
  let sentUndo = false;
  // The seq an undo was sent at, and how often it was re-sent because a computer moved meanwhile.
  let undoAt: number | null = null;
  let undoRetries = 0;
  let picker: MovePicker | null = null;
  let pending: { seq: number; move: string } | null = null;
  let shownSeat: number | null = null; // hot-seat: the seat whose owner confirmed the hand-over
  const heldSeats = () => (state?.views ?? []).filter((v) => v.seat >= 0).map((v) => v.seat);

  const conn = new MatchConnection(id, tokens, {
    state(s) {
      state = s;
      if (pending && s.seq !== pending.seq) pending = null;
      render();
    },
    ack(seq) {
      ui.message.textContent = sentUndo
        ? `Undone: now at step ${seq}.`
        : `Move accepted (now at step ${seq}).`;
      sentUndo = false;
      ui.message.className = "message ok";
    },
    reject(_seq, reason) {
      pending = null;
      // "Undo my last move" still means the same after a computer's move that crossed it: send it
      // again at the state that move produced (a few times at most), rather than ask the player to.
      const view = currentView();
      if (
        sentUndo &&
        reason.startsWith("stale") &&
        undoAt !== null &&
        conn.seq > undoAt &&
        undoRetries < 3 &&
        view?.can_undo &&
        conn.undo(view.seat)
      ) {
        undoAt = conn.seq;
        undoRetries++;
        return;
      }
      ui.message.textContent = `${sentUndo ? "Undo" : "Move"} refused: ${reason}`;
      sentUndo = false;
      ui.message.className = "message bad";
      render();
    },
    thinking(seat, progress, waiting) {
      showThinking(seat, progress, waiting);
    },
    error(message) {
      ui.message.textContent = `Server: ${message}`;
      ui.message.className = "message bad";
    },
    hint: (msg) => hints.answer(msg),
    connection(up) {
      ui.banner.textContent = up ? "Connected" : "Connection lost — reconnecting…";
      ui.banner.className = up ? "banner up" : "banner down";
    },
  });

  const showThinking = (seat: number, progress: number, waiting = false) => {
    const name = seatLabel(seat, state?.match.seats[seat]?.name);
    ui.thinking.hidden = false;
    ui.thinking.replaceChildren(
      h(
        "label",
        { for: "thinking-bar" },
        waiting ? `${name} is waiting for a free computer…` : `${name} is thinking…`,
      ),
      h("progress", { id: "thinking-bar", max: 1, value: progress }, `${Math.round(progress * 100)}%`),
    );
  };

  /** The view to draw: the hot-seat seat confirmed, the only seat held, or the spectator's. */
  const currentView = (): View | null => {
    if (!state) return null;
    const held = heldSeats();
    if (held.length <= 1) return state.views[0] ?? null;
    return state.views.find((v) => v.seat === shownSeat) ?? null;
  };

  const seatNames = () => (state?.match.seats ?? []).map((s) => seatLabel(s.seat, s.name));

  const send = (move: string) => {
    const view = currentView();
    if (!state || !view || view.seat < 0 || pending) return;
    if (conn.move(view.seat, move)) {
      sentUndo = false;
      pending = { seq: state.seq, move };
      ui.message.textContent = `Sent ${move}; waiting for the server…`;
      ui.message.className = "message";
      render();
    } else {
      ui.message.textContent = "Not connected: the move was not sent.";
      ui.message.className = "message bad";
    }
  };

  const hints = new HintPanel(
    (seat) => conn.hint(seat),
    (move) => send(move),
    ui.boardBox,
  );
  ui.controls.append(hints.el);

  const highlight = () => {
    const svg = ui.boardBox.querySelector("svg");
    if (!svg) return;
    const targets = picker && !pending ? picker.targets() : new Set<string>();
    const picked = new Set(picker?.picked ?? []);
    for (const g of svg.querySelectorAll<SVGGElement>("[data-place]")) {
      const name = g.getAttribute("data-place")!;
      const t = targets.has(name);
      g.classList.toggle("target", t);
      g.classList.toggle("picked", picked.has(name));
      if (t || picked.has(name)) {
        g.setAttribute("tabindex", "0");
        g.setAttribute("role", "button");
      } else {
        g.removeAttribute("tabindex");
        g.removeAttribute("role");
      }
    }
    drawMoveButtons();
  };

  const drawMoveButtons = () => {
    const view = currentView();
    ui.moves.replaceChildren();
    ui.allMoves.hidden = true;
    if (!view || view.legal.length === 0 || !picker) {
      ui.moves.append(
        h(
          "p",
          {},
          pending
            ? `Waiting for the server to accept ${pending.move}…`
            : view && view.seat >= 0
              ? "Not your turn."
              : "You are watching.",
        ),
      );
      return;
    }
    if (pending) {
      ui.moves.append(h("p", {}, `Waiting for the server to accept ${pending.move}…`));
      return;
    }
    const picked = picker.picked;
    const at = { picked, lit: picker.targets(), buttons: picker.buttons().length };
    const words = (state && drawerFor(state.match.game).pickPrompt?.(at, view.observation)) ?? pickPrompt(at);
    ui.moves.append(h("p", { class: "picking" }, words));
    // Every legal move on the board as a button too, folded away: the fallback for clicking.
    const buttons = picker.buttons();
    const onBoard = picker.candidates().filter((m) => !buttons.includes(m));
    ui.allMoves.hidden = picked.length > 0 || onBoard.length === 0;
    if (!ui.allMoves.hidden) {
      const was = ui.allMoves.open;
      ui.allMoves.replaceChildren(
        h(
          "summary",
          {},
          `The ${onBoard.length === 1 ? "move" : `${onBoard.length} moves`} on the board, as a list`,
        ),
        ...onBoard.map((m) =>
          h(
            "button",
            { type: "button", class: "move-listed", "data-move": m.move, onclick: () => send(m.move) },
            m.text ?? m.move,
          ),
        ),
      );
      ui.allMoves.open = was;
    }
    for (const m of buttons) {
      ui.moves.append(
        h(
          "button",
          { type: "button", class: "move", "data-move": m.move, onclick: () => send(m.move) },
          m.text ?? m.move,
        ),
      );
    }
    if (picked.length)
      ui.moves.append(
        h(
          "button",
          {
            type: "button",
            class: "clear",
            onclick: () => {
              picker?.reset();
              highlight();
            },
          },
          "Clear selection",
        ),
      );
  };

  /** Says in the message line why a click on the board did nothing. */
  const explain = (text: string) => {
    ui.message.textContent = text;
    ui.message.className = "message unlit";
  };
  const onPlace = (name: string) => {
    const view = currentView();
    if (pending) return explain(`Nothing happened: ${pending.move} is on its way to the server.`);
    if (!picker) {
      if (!view || view.seat < 0) return explain("Nothing happened: you are watching this match.");
      if (state?.result) return explain("Nothing happened: the game is over.");
      const toMove = state?.to_move;
      return explain(
        toMove === null || toMove === undefined
          ? "Nothing happened: it is nobody's turn."
          : `Nothing happened: it is ${seatLabel(toMove, state?.match.seats[toMove]?.name)}'s turn, not yours.`,
      );
    }
    const before = [...picker.picked];
    const r = picker.click(name);
    if (r.kind === "ignored") return explain(unlitWhy(name, r.why, before));
    if (ui.message.classList.contains("unlit")) {
      ui.message.textContent = "";
      ui.message.className = "message";
    }
    if (r.kind === "chosen") send(r.move.move);
    else highlight();
  };

  const onFold = wireFolds(ui.boardBox, folds, () => render());
  ui.boardBox.addEventListener("click", (ev) => {
    if (onFold(ev)) return;
    const g = (ev.target as Element).closest("[data-place]");
    if (g) onPlace(g.getAttribute("data-place")!);
  });
  ui.boardBox.addEventListener("keydown", (ev) => {
    if (onFold(ev)) return;
    const g = (ev.target as Element).closest?.("[data-place]");
    if (!g) return;
    if (ev.key === "Enter" || ev.key === " ") {
      ev.preventDefault();
      const name = g.getAttribute("data-place")!;
      onPlace(name);
      ui.boardBox.querySelector<SVGGElement>(`[data-place="${name}"][tabindex]`)?.focus();
    }
  });
  document.addEventListener("keydown", (ev) => {
    if (ev.key === "Escape" && picker) {
      picker.reset();
      highlight();
    }
  });
  noteForm.addEventListener("submit", (ev) => {
    ev.preventDefault();
    const text = ui.noteInput.value.trim();
    if (!text) return;
    // Sent as typed: the server answers with the game's own reason when it is not legal.
    send(picker?.find(text)?.move ?? text);
    ui.noteInput.value = "";
  });
  const helpToggle = noteForm.querySelector<HTMLButtonElement>(".help-toggle")!;
  helpToggle.addEventListener("click", () => {
    ui.help.hidden = !ui.help.hidden;
    helpToggle.setAttribute("aria-expanded", String(!ui.help.hidden));
    drawHelp();
  });
  const drawHelp = () => {
    if (ui.help.hidden || !state) return;
    const info = games.find((g) => g.id === state!.match.game);
    const legal = currentView()?.legal ?? [];
    // The how-to's own "Notation" section, with a link to the whole how-to.
    const notation = section(info?.how_to_play ?? "", "Notation");
    ui.help.replaceChildren(
      ...(notation ? markdown(notation) : []),
      h(
        "p",
        {},
        h("a", { href: `/rules/${state.match.game}` }, `How to play ${info?.name ?? state.match.game}`),
        notation ? " (the whole how-to)." : " says how moves are written.",
      ),
      legal.length
        ? h("p", {}, "Legal now: ", h("code", {}, legal.map((m) => m.move).join("  ")))
        : h("p", {}, "No move of yours is legal now."),
    );
  };
  ui.undo.addEventListener("click", () => {
    const view = currentView();
    if (!view || view.seat < 0) return;
    if (conn.undo(view.seat)) {
      sentUndo = true;
      undoAt = conn.seq;
      undoRetries = 0;
    } else ui.message.textContent = "Not connected: undo was not sent.";
  });

  const render = () => {
    if (!state) return;
    const s = state;
    const drawer = drawerFor(s.match.game);
    const held = heldSeats();
    // Hot-seat: the seat to move takes the device; nothing private is drawn until its owner says so.
    if (held.length > 1) {
      const next = s.to_move !== null && held.includes(s.to_move) ? s.to_move : (shownSeat ?? held[0]);
      if (next !== shownSeat) {
        showHandover(next);
        return;
      }
    }
    ui.handover.hidden = true;
    const view = currentView();
    if (!view) return;
    document.title = `Tabletop — ${s.match.game} ${s.match.id}`;
    const ctx: DrawContext = {
      viewer: view.seat,
      seatNames: seatNames(),
      revealed: s.revealed,
      recordView: s.record_view,
      narrow: narrow(),
      folds,
      // Every place some legal move names: a drawer never folds one of them away.
      live: new Set(view.legal.flatMap((m) => m.places ?? [])),
    };
    const info = games.find((g) => g.id === s.match.game);
    root.querySelector<HTMLAnchorElement>("a.rules-link")!.href = `/rules/${s.match.game}`;
    root.querySelector<HTMLAnchorElement>("a.rules-link")!.textContent =
      `How to play ${info?.name ?? s.match.game}`;
    if (drawer) {
      ui.boardBox.replaceChildren(drawer.board(view.observation, ctx));
      coordsToggle.hidden = !ui.boardBox.querySelector(".coord");
      ui.status.textContent = drawer.status(view.observation, ctx);
      const priv = drawer.privateInfo?.(view.observation, ctx) ?? null;
      // No heading over nothing: a game without private information (Relativity) shows none.
      ui.privateBox.replaceChildren(
        ...(priv
          ? [
              h(
                "summary",
                {},
                h(
                  "h2",
                  {},
                  view.seat >= 0
                    ? `What ${seatLabel(view.seat, s.match.seats[view.seat]?.name)} sees`
                    : s.result
                      ? "Spectator view (the record is public now)"
                      : "Spectator view (public information only)",
                ),
              ),
              priv,
            ]
          : []),
      );
      ui.privateBox.hidden = !priv;
    } else {
      ui.boardBox.replaceChildren(svgRoot(0, 0, 10, 10, "no drawing for this game"));
      ui.status.textContent = `No board drawing for ${s.match.game}: use the notation box.`;
    }
    const toMove = s.to_move;
    ui.turn.textContent = s.result
      ? "The game is over."
      : toMove === null
        ? ""
        : view.seat === toMove
          ? "Your turn."
          : `Waiting for ${seatLabel(toMove, s.match.seats[toMove]?.name)}.`;
    ui.turn.className = view.seat === toMove ? "turn mine" : "turn";
    // The seat list folds (on a phone it starts folded) under a line that names who is to move.
    const moverName = toMove === null ? null : seatLabel(toMove, s.match.seats[toMove]?.name);
    ui.seatsBox.replaceChildren(
      h(
        "summary",
        {},
        h("h2", {}, `Seats (${s.match.seats.length})`),
        s.result
          ? " · game over"
          : moverName
            ? ` · ${toMove === view.seat ? "your turn" : moverName + " to move"}`
            : "",
      ),
      ui.seats,
    );
    ui.seats.replaceChildren(
      ...s.match.seats.map((seat) => {
        const icon = svgRoot(0, 0, 20, 20, `marker of seat ${seat.seat}`);
        icon.setAttribute("class", "seat-icon");
        icon.append(seatShape(seat.seat, 10, 10, 8));
        const role = drawer?.seatRole?.(view.observation, seat.seat);
        return h(
          "li",
          { class: seat.seat === toMove ? "to-move" : "" },
          icon,
          ` ${seatLabel(seat.seat, seat.name)}${role ? " — " + role : ""}${seat.kind === "human" ? (seat.connected ? " (connected)" : " (away)") : seat.name?.includes(seat.kind) ? "" : ` (${seat.kind})`}`,
          seat.seat === toMove ? h("strong", {}, " ◀ to move") : null,
          seat.seat === view.seat ? h("em", {}, " (you)") : null,
          // A left human seat may be handed to a computer by the others once the match's timeout
          // has passed; the server decides and says why not otherwise.
          seat.kind === "human" &&
            !seat.connected &&
            seat.seat === toMove &&
            view.seat >= 0 &&
            s.match.takeover_after_s
            ? h(
                "button",
                { type: "button", class: "takeover", onclick: () => conn.takeover(seat.seat) },
                `Hand seat ${seat.seat} to the computer`,
              )
            : null,
        );
      }),
    );
    // A seat that may be handed to the computer: its button is not folded away.
    if (ui.seats.querySelector("button.takeover")) ui.seatsBox.open = true;
    // The last 200 lines, each numbered by the move (ply) that wrote it; 0 is the setup. A server
    // without log_plies: numbered as lines of the whole log.
    // (A long log arrives from its line `log_base` on: the server sends its last lines only.)
    const base = view.log_base ?? 0;
    const first = Math.max(0, view.log.length - 200);
    const plies = view.log_plies?.length === view.log.length ? view.log_plies : null;
    ui.log.setAttribute("start", String(base + first + 1));
    ui.log.classList.toggle("by-ply", !!plies);
    fitNumbers(ui.log, plies ? (plies.at(-1) ?? 0) : base + view.log.length);
    ui.log.replaceChildren(
      ...view.log
        .slice(first)
        .map((line, i) =>
          h("li", plies ? { value: plies[first + i], title: `move ${plies[first + i]}` } : {}, line),
        ),
    );
    ui.log.parentElement!.scrollTop = ui.log.parentElement!.scrollHeight;
    fitStatus();
    picker = view.legal.length ? new MovePicker(view.legal) : null;
    // An example in this game's own notation (a Relativity swap means nothing in Siege).
    if (view.legal.length) ui.noteInput.placeholder = `e.g. ${view.legal[0].move}`;
    highlight();
    zoom.update();
    hints.update(s, view, !!pending);
    drawHelp();
    // Undo.
    ui.undo.hidden = !s.match.undo || view.seat < 0 || !!s.result;
    ui.undo.disabled = !view.can_undo || !!pending;
    ui.undo.title = view.can_undo ? "Take back your last decision" : (view.why_no_undo ?? "");
    ui.undo.textContent = view.can_undo
      ? "Undo my last move"
      : `Undo not possible: ${view.why_no_undo ?? ""}`;
    // Thinking.
    if (s.thinking && !s.result) showThinking(s.thinking.seat, s.thinking.progress, s.thinking.waiting);
    else if (toMove === null || s.match.seats[toMove]?.kind !== "computer") ui.thinking.hidden = true;
    else showThinking(toMove, 0);
    // After the end: no move controls, no stale "Move accepted"; the result says it all.
    ui.controls.hidden = tokens.length === 0 || !!s.result;
    if (s.result && /^(Move accepted|Undone|Sent)/.test(ui.message.textContent ?? "")) {
      ui.message.textContent = "";
      ui.message.className = "message";
    }
    // Result.
    if (s.result) {
      ui.result.hidden = false;
      ui.result.replaceChildren(
        ...resultNodes(s.result, seatNames()),
        ...(s.result.takeovers ?? []).map((t) =>
          h("p", {}, `Seat ${t.seat} was handed to the computer (${t.strength}) at move ${t.at_move}.`),
        ),
        h(
          "p",
          {},
          h("a", { href: `/replay/${s.match.id}`, class: "replay-link" }, "Replay step by step"),
          " · ",
          h(
            "a",
            {
              href: `/api/matches/${s.match.id}/record`,
              download: `${s.match.game}-${s.match.id}.json`,
              class: "export-link",
            },
            "Export the record (JSON)",
          ),
        ),
      );
    } else {
      ui.result.replaceChildren();
      ui.result.hidden = true;
    }
  };

  const showHandover = (seat: number) => {
    // Clear everything private before showing the screen: the next owner must not see the last one's.
    ui.boardBox.replaceChildren();
    ui.privateBox.replaceChildren();
    ui.status.textContent = "";
    ui.turn.textContent = "";
    ui.seats.replaceChildren();
    ui.help.replaceChildren();
    ui.log.replaceChildren();
    ui.moves.replaceChildren();
    picker = null;
    const name = seatLabel(seat, state?.match.seats[seat]?.name);
    const ok = h("button", { type: "button", class: "primary handover-ok" }, `I am ${name}: show my view`);
    ok.addEventListener("click", () => {
      shownSeat = seat;
      render();
    });
    ui.handover.replaceChildren(
      h(
        "div",
        { class: "handover-card" },
        h("h2", { id: "handover-h" }, `Hand the device to ${name}`),
        h("p", {}, "The next view is private to that seat."),
        ok,
      ),
    );
    ui.handover.hidden = false;
    ok.focus();
  };

  conn.connect();
}
