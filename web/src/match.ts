// The match page: wires its parts together. match-layout.ts builds the page, match-connection.ts
// holds the match over the WebSocket (states, the move on its way, undo), match-view.ts draws each
// state (board, status, seats, log, result, hand-over), match-controls.ts picks and sends moves
// (picker, buttons, notation, undo, hints).
import { api, type GameInfo } from "./api";
import { ChatPanel } from "./chat";
import { ClockPanel } from "./clocks";
import { h, seatLabel, tokensFromHash } from "./dom";
import { SeatConnection } from "./match-connection";
import { MatchControls } from "./match-controls";
import { layOutMatch, say } from "./match-layout";
import { MatchView } from "./match-view";
import { NameForm } from "./seat-name";
import { keepOpenedSeats, watchingNotice } from "./watching";

export async function showMatch(root: HTMLElement, id: string): Promise<void> {
  const tokens = tokensFromHash(location.hash);
  let games: GameInfo[] = [];
  try {
    games = await api.games();
  } catch {
    /* the board still works without the notation help */
  }
  const ui = layOutMatch(root, id, tokens.length > 0);
  // With a token the page keeps its seats for the lobby's "Your matches"; without, it says it watches.
  if (tokens.length) void keepOpenedSeats(id, tokens);
  else root.querySelector("header.top")?.after(watchingNotice(id));

  const conn: SeatConnection = new SeatConnection(id, tokens, {
    changed: () => render(),
    say: (text, kind) => say(ui, text, kind),
    thinking: (seat, progress, waiting) =>
      view.showThinking(
        seatLabel(seat, conn.state?.match.seats[seat]?.name, conn.state?.match.seats[seat]?.player),
        progress,
        waiting,
      ),
    hint: (msg) => controls.answerHint(msg),
    chat: (msg) => chat.receive(msg),
    connection(up) {
      ui.banner.textContent = up ? "Connected" : "Connection lost — reconnecting…";
      ui.banner.className = up ? "banner up" : "banner down";
    },
  });
  const view = new MatchView(
    ui,
    games,
    () => render(),
    (seat) => conn.takeover(seat),
  );
  const controls = new MatchControls(ui, games, conn, tokens.length > 0);
  const chat = new ChatPanel(id, tokens.length > 0, (text) => conn.chat(text));
  // Ending early (docs/server.md, Resign and abandon), each after a confirmation.
  const resign = h("button", { type: "button", class: "resign", hidden: true }, "Resign");
  resign.addEventListener("click", () => {
    if (confirm("Resign this match? What happens then is what its creator chose.")) conn.resign();
  });
  const abandon = h("button", { type: "button", class: "abandon", hidden: true }, "Abandon the match");
  abandon.addEventListener("click", () => {
    if (confirm("Abandon this match for everyone? It ends now and is kept for replay.")) conn.abandon();
  });
  // A seat's personal name, shown to the table (docs/server.md, Seat names).
  const nameForm = tokens.length
    ? new NameForm(
        (name) => conn.name(name),
        (text) => say(ui, text, "bad"),
      )
    : null;
  root
    .querySelector("aside.side")
    ?.append(...(nameForm ? [nameForm.el] : []), h("p", { class: "ending" }, resign, " ", abandon), chat.el);
  // Every seat's clock under the status (docs/server.md, Clocks); hidden in a match without one.
  const clocks = new ClockPanel();
  ui.status.after(clocks.el);
  ui.boardBox.addEventListener("click", (ev) => {
    if (!view.fold(ev)) controls.click(ev);
  });
  ui.boardBox.addEventListener("keydown", (ev) => {
    if (!view.fold(ev)) controls.key(ev);
  });

  const render = () => {
    const s = conn.state;
    if (!s) return;
    const held = conn.heldSeats();
    // Hot-seat: the seat to move takes the device; nothing private is drawn until its owner says so.
    if (held.length > 1) {
      const next = s.to_move !== null && held.includes(s.to_move) ? s.to_move : (conn.shownSeat ?? held[0]);
      if (next !== conn.shownSeat) {
        controls.clear();
        view.showHandover(seatLabel(next, s.match.seats[next]?.name, s.match.seats[next]?.player), () => {
          conn.shownSeat = next;
          render();
        });
        return;
      }
    }
    view.hideHandover();
    const shown = conn.currentView();
    if (!shown) return;
    const names = conn.seatNames();
    view.draw(s, shown, names, conn.played);
    controls.update(s, shown);
    view.finish(s, names);
    chat.setSeats(names);
    chat.setSpectatorChat(s.match.spectator_chat ?? "read");
    clocks.update(s.clock, names);
    const live = s.match.status === "running" || s.match.status === "open";
    resign.hidden = !live || shown.seat < 0;
    if (nameForm) {
      nameForm.el.hidden = !live || shown.seat < 0;
      if (shown.seat >= 0) nameForm.update(s.match.seats[shown.seat]?.player);
    }
    // The creator holds the first seat the creation gave a token for.
    const creator = s.match.seats.find((seat) => seat.kind === "human" && !seat.open)?.seat;
    abandon.hidden = !live || creator === undefined || !held.includes(creator);
  };

  conn.connect();
}
