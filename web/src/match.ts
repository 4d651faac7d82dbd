// The match page: the board of the view this browser holds, the generic move picker, the notation
// box, undo, the hot-seat hand-over, the computer's thinking progress, the log and the result.
// Nothing is shown before the server says so: no optimistic updates, every move waits for its ack
// and the state that follows.
import { api, type GameInfo } from "./api";
import { h, seatLabel, tokensFromHash } from "./dom";
import { DRAWERS } from "./games";
import type { DrawContext } from "./games/types";
import { MovePicker } from "./picker";
import { MatchConnection, type StateMsg, type View } from "./protocol";
import { seatShape, svgRoot } from "./svg";

interface Ui {
  banner: HTMLElement;
  boardBox: HTMLElement;
  status: HTMLElement;
  turn: HTMLElement;
  seats: HTMLElement;
  privateBox: HTMLElement;
  moves: HTMLElement;
  message: HTMLElement;
  thinking: HTMLElement;
  result: HTMLElement;
  log: HTMLElement;
  handover: HTMLElement;
  help: HTMLElement;
  noteInput: HTMLInputElement;
  undo: HTMLButtonElement;
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
    status: h("p", { class: "status", "aria-live": "polite" }),
    turn: h("p", { class: "turn" }),
    seats: h("ul", { class: "seat-list" }),
    privateBox: h("section", { class: "private", "aria-label": "your private information" }),
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
      placeholder: "e.g. d3#e3",
    }),
    undo: h("button", { type: "button", class: "undo", hidden: true }, "Undo my last move"),
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
      h("section", { class: "board-area", "aria-label": "board" }, ui.turn, ui.boardBox, ui.thinking),
      h(
        "aside",
        { class: "side" },
        ui.status,
        ui.seats,
        ui.privateBox,
        h(
          "section",
          { class: "controls", "aria-label": "moves", hidden: tokens.length === 0 },
          h("h2", {}, "Your move"),
          ui.moves,
          noteForm,
          ui.help,
          ui.undo,
        ),
        ui.message,
        ui.result,
        h("section", { class: "log-section" }, h("h2", {}, "Log"), h("div", { class: "log-box" }, ui.log)),
      ),
    ),
    ui.handover,
  );

  let state: StateMsg | null = null;
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
      ui.message.textContent = `Move accepted (now at step ${seq}).`;
      ui.message.className = "message ok";
    },
    reject(_seq, reason) {
      pending = null;
      ui.message.textContent = `Move refused: ${reason}`;
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
      pending = { seq: state.seq, move };
      ui.message.textContent = `Sent ${move}; waiting for the server…`;
      ui.message.className = "message";
      render();
    } else {
      ui.message.textContent = "Not connected: the move was not sent.";
      ui.message.className = "message bad";
    }
  };

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
    const left = picker.candidates();
    ui.moves.append(
      h(
        "p",
        { class: "picking" },
        picked.length
          ? `Selected ${picked.join(" → ")}: ${left.length} move${left.length === 1 ? "" : "s"} left; choose a lit place${picker.buttons().length ? " or a button" : ""}.`
          : picker.targets().size
            ? `Choose a lit place on the board${picker.buttons().length ? " or a move below" : ""}.`
            : "Choose a move.",
      ),
    );
    for (const m of picker.buttons()) {
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

  const onPlace = (name: string) => {
    if (!picker || pending) return;
    const r = picker.click(name);
    if (r.kind === "chosen") send(r.move.move);
    else highlight();
  };

  ui.boardBox.addEventListener("click", (ev) => {
    const g = (ev.target as Element).closest("[data-place]");
    if (g) onPlace(g.getAttribute("data-place")!);
  });
  ui.boardBox.addEventListener("keydown", (ev) => {
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
    ui.help.replaceChildren(
      h(
        "p",
        {},
        info?.notation ??
          `Moves are written in ${info?.name ?? state.match.game}'s notation (see docs/games/${state.match.game}.md).`,
      ),
      legal.length
        ? h("p", {}, "Legal now: ", h("code", {}, legal.map((m) => m.move).join("  ")))
        : h("p", {}, "No move of yours is legal now."),
    );
  };
  ui.undo.addEventListener("click", () => {
    const view = currentView();
    if (!view || view.seat < 0) return;
    if (!conn.undo(view.seat)) ui.message.textContent = "Not connected: undo was not sent.";
  });

  const render = () => {
    if (!state) return;
    const s = state;
    const drawer = DRAWERS[s.match.game];
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
    const ctx: DrawContext = { viewer: view.seat, seatNames: seatNames() };
    if (drawer) {
      ui.boardBox.replaceChildren(drawer.board(view.observation, ctx));
      ui.status.textContent = drawer.status(view.observation, ctx);
      const priv = drawer.privateInfo?.(view.observation, ctx) ?? null;
      ui.privateBox.replaceChildren(
        h(
          "h2",
          {},
          view.seat >= 0
            ? `What ${seatLabel(view.seat, s.match.seats[view.seat]?.name)} sees`
            : "Spectator view (public information only)",
        ),
        ...(priv ? [priv] : []),
      );
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
    ui.log.replaceChildren(...view.log.slice(-200).map((line) => h("li", {}, line)));
    ui.log.parentElement!.scrollTop = ui.log.parentElement!.scrollHeight;
    picker = view.legal.length ? new MovePicker(view.legal) : null;
    highlight();
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
    // Result.
    if (s.result) {
      const best = Math.max(...s.result.returns);
      const winners = s.result.returns.map((r, i) => (r === best && best > 0 ? i : -1)).filter((i) => i >= 0);
      ui.result.replaceChildren(
        h("h2", {}, "Result"),
        h(
          "p",
          { class: "winner" },
          winners.length
            ? `Winner: ${winners.map((w) => seatLabel(w, s.match.seats[w]?.name)).join(", ")}`
            : "No winner",
        ),
        h("p", { class: "reason" }, s.result.reason),
        h(
          "ul",
          {},
          ...s.result.returns.map((r, i) =>
            h("li", {}, `${seatLabel(i, s.match.seats[i]?.name)}: ${r > 0 ? "+" : ""}${r}`),
          ),
        ),
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
    } else ui.result.replaceChildren();
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
