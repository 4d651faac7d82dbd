// The lobby's "Your matches": the seats this browser holds (seat-store.ts), one line a match with
// its game, the seats held, whose turn it is and, where a clock runs, the time of the seat to
// move and yours (GET /api/matches/{id}: the public summary, no token
// goes with it), when this browser joined, Resume (the match page with the seat's token in the
// fragment) and Forget.
import { api, type GameInfo, type MatchSummary } from "./api";
import { myClockText } from "./clocks";
import { h } from "./dom";
import { ago, forgetSeats, type HeldSeat, readSeats, resumeUrl, seatsOf } from "./seat-store";

/**
 * What the summary says of the match for someone holding `seats` in it: `null` when the server
 * has no such match, `undefined` when it was not asked (past FETCH_MAX).
 */
export function matchState(
  m: MatchSummary | null | undefined,
  seats: HeldSeat[],
): { text: string; mine: boolean } {
  if (m === undefined) return { text: "not looked up", mine: false };
  if (m === null) return { text: "no longer on this server", mine: false };
  if (m.status === "finished") return { text: "finished", mine: false };
  if (m.status === "open") return { text: "waiting for players to take their seats", mine: false };
  const toMove = m.to_move;
  if (toMove === null || toMove === undefined) return { text: "running", mine: false };
  // Where a clock runs: the time of the seat to move, and yours beside it (clocks.ts).
  const left = myClockText(
    m.clock,
    seats.map((s) => s.seat ?? -1),
  );
  const time = left ? `, ${left}` : "";
  if (seats.some((s) => s.seat === toMove)) return { text: `your turn (seat ${toMove})${time}`, mine: true };
  const name = m.seats[toMove]?.name;
  const player = m.seats[toMove]?.player;
  const who = player ?? (name && name !== `seat ${toMove}` ? name : "");
  return {
    text: `seat ${toMove}${who ? ` (${who})` : ""} to move${time}`,
    mine: false,
  };
}

function matchLine(
  match: string,
  seats: HeldSeat[],
  summary: MatchSummary | null | undefined,
  gameName: string,
  redraw: () => void,
): HTMLElement {
  const state = matchState(summary, seats);
  const known = seats.filter((s) => s.seat !== null);
  const seatWords =
    known.length === 0
      ? "seats on this device"
      : known.length === 1
        ? `seat ${known[0].seat}`
        : `seats ${known.map((s) => s.seat).join(", ")}`;
  const resumes =
    seats.length === 1 || known.length !== seats.length
      ? [
          h(
            "a",
            { href: resumeUrl(match, seats), class: "resume" },
            summary?.status === "finished" ? "Result" : "Resume",
          ),
        ]
      : [
          ...seats.map((s) =>
            h(
              "a",
              { href: resumeUrl(match, [s]), class: "resume", "data-seat": s.seat! },
              `Resume seat ${s.seat}`,
            ),
          ),
          h("a", { href: resumeUrl(match, seats), class: "resume-all" }, "All here (hot-seat)"),
        ];
  return h(
    "li",
    { "data-match": match, class: state.mine ? "my-turn" : "" },
    h("span", { class: "what" }, `${gameName} · ${seatWords} · `),
    state.mine
      ? h("strong", { class: "match-state" }, state.text)
      : h("span", { class: "match-state" }, state.text),
    h("span", { class: "when" }, ` · joined ${ago(Math.min(...seats.map((s) => s.created)))} `),
    ...resumes.flatMap((a) => [a, " "]),
    summary?.status === "finished" ? h("a", { href: `/replay/${match}` }, "Replay") : null,
    " ",
    h(
      "button",
      {
        type: "button",
        class: "forget",
        "aria-label": `forget ${seatWords} of match ${match}`,
        onclick: () => {
          forgetSeats(seats.map((s) => s.token));
          redraw();
        },
      },
      "Forget",
    ),
  );
}

/** The most matches looked up one by one (GET /api/matches/{id}) beyond the lobby's own list. */
export const FETCH_MAX = 20;

/**
 * Draws "Your matches" into `section` (hidden while this browser holds no seat), each match's
 * state from `listed` (the lobby's list) or, for the newest FETCH_MAX not in it, its own summary.
 * Returns the seats held, for the lobby's other lists to offer Resume instead of Watch.
 */
export async function drawMyMatches(
  section: HTMLElement,
  byId: Map<string, GameInfo>,
  listed: MatchSummary[],
): Promise<HeldSeat[]> {
  const held = readSeats();
  const matches = [...new Set(held.map((s) => s.match))];
  const known = new Map<string, MatchSummary | null>(listed.map((m) => [m.id, m]));
  const missing = matches.filter((id) => !known.has(id)).slice(0, FETCH_MAX);
  const fetched = await Promise.all(missing.map((id) => api.match(id).catch(() => null)));
  missing.forEach((id, i) => known.set(id, fetched[i]));
  const summaries = matches.map((id) => known.get(id));
  const redraw = () => void drawMyMatches(section, byId, listed);
  section.hidden = held.length === 0;
  section.replaceChildren(
    h("h2", { id: "my-matches-h" }, "Your matches"),
    h(
      "p",
      { class: "hint" },
      "The seats this browser holds. Resume opens your seat; Forget removes it from this browser only.",
    ),
    h(
      "ul",
      {},
      ...matches.map((id, i) => {
        const seats = seatsOf(id, held);
        return matchLine(id, seats, summaries[i], byId.get(seats[0].game)?.name ?? seats[0].game, redraw);
      }),
    ),
  );
  return held;
}
