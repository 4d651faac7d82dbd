// The match page's two links to "Your matches" (seat-store.ts): a page opened with a seat's token
// keeps the seat in this browser, so the lobby can resume it after the tab is closed; a page opened
// without one says plainly that it only watches, and how to get a seat back (Resume on this device
// when it holds one, else from the device that joined, or the creator's link).
import { api } from "./api";
import { h } from "./dom";
import { keepSeats, readSeats, resumeUrl, seatsOf } from "./seat-store";

/**
 * Keeps the seats of a match page's tokens: with one token the link's `?seat=` says which seat
 * (the server's join links carry it); a hot-seat link's seats are not named in it and stay
 * unnamed. The game comes from the match's public summary.
 */
export async function keepOpenedSeats(
  match: string,
  tokens: string[],
  search = location.search,
): Promise<void> {
  if (!tokens.length) return;
  const known = new Set(readSeats().map((s) => s.token));
  if (tokens.every((t) => known.has(t))) return;
  const summary = await api.match(match).catch(() => null);
  if (!summary) return;
  const seatParam = new URLSearchParams(search).get("seat");
  const seat =
    tokens.length === 1 && seatParam !== null && /^\d+$/.test(seatParam) ? Number(seatParam) : null;
  keepSeats(tokens.map((token) => ({ token, match, game: summary.game, seat })));
}

/**
 * The notice a page without a token shows while the match is not over: you are watching, and how
 * to get your seat back. Drawn into the returned section once the match's summary is read.
 */
export function watchingNotice(match: string): HTMLElement {
  const section = h("section", {
    class: "watching",
    role: "note",
    "aria-labelledby": "watching-h",
    hidden: true,
  });
  void api
    .match(match)
    .catch(() => null)
    .then((summary) => {
      if (summary?.status === "finished") return;
      section.replaceChildren(...noticeParts(match));
      section.hidden = false;
    });
  return section;
}

function noticeParts(match: string): HTMLElement[] {
  const mine = seatsOf(match, readSeats());
  return [
    h("h2", { id: "watching-h" }, "You are watching"),
    mine.length
      ? h(
          "p",
          {},
          "This page holds no seat, but this browser holds ",
          mine.length === 1 && mine[0].seat !== null ? `seat ${mine[0].seat}` : "seats",
          " of this match: ",
          h("a", { href: resumeUrl(match, mine), class: "resume" }, "Resume your seat"),
          ".",
        )
      : h(
          "p",
          {},
          "This page holds no seat: you see what a spectator sees and cannot move. To play your seat, " +
            "open “Your matches” in the ",
          h("a", { href: "/" }, "lobby"),
          " on the device that joined and press Resume, or ask the match's creator for your seat's link.",
        ),
  ];
}
