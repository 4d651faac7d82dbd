// The match page: wires its parts together. match-layout.ts builds the page, match-connection.ts
// holds the match over the WebSocket (states, the move on its way, undo), match-view.ts draws each
// state (board, status, seats, log, result, hand-over), match-controls.ts picks and sends moves
// (picker, buttons, notation, undo, hints).
import { api, type GameInfo } from "./api";
import { seatLabel, tokensFromHash } from "./dom";
import { SeatConnection } from "./match-connection";
import { MatchControls } from "./match-controls";
import { layOutMatch, say } from "./match-layout";
import { MatchView } from "./match-view";
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
      view.showThinking(seatLabel(seat, conn.state?.match.seats[seat]?.name), progress, waiting),
    hint: (msg) => controls.answerHint(msg),
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
        view.showHandover(seatLabel(next, s.match.seats[next]?.name), () => {
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
  };

  conn.connect();
}
