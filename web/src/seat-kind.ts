// A new match's seat choice: a human (sent the link, or open to anyone in the lobby) or a computer
// of one of the game's levels, named by what it does (levels.ts). A level the server does not offer
// at the player count (GET /api/games' `offered`) stays listed, disabled, its text saying why; a
// choice kept from another count that is not offered at this one falls back to the seat's start.
import type { GameInfo } from "./api";
import { h } from "./dom";
import { levelOption, offered } from "./levels";

/** The start of seat `seat`: the creator's own seat is human, the others the second level. */
export function seatStart(g: GameInfo, seat: number): string {
  return seat === 0
    ? "human"
    : `computer:${g.strengths[Math.min(1, g.strengths.length - 1)]?.name ?? "easy"}`;
}

/** Seat `seat`'s choice at `players` seats, on `previous` where that is still offered. */
export function seatKindSelect(
  g: GameInfo,
  players: number,
  seat: number,
  previous?: string,
): HTMLSelectElement {
  const sel = h(
    "select",
    { id: `seat-${seat}`, name: `seat-${seat}`, class: "seat-kind", "aria-label": `seat ${seat}` },
    h("option", { value: "human" }, "Human — I send the link"),
    h("option", { value: "open" }, "Human — open: anyone in the lobby may take it"),
    ...g.strengths.map((s, i) =>
      h(
        "option",
        { value: `computer:${s.name}`, disabled: !offered(s, players) },
        levelOption(s, players, g.strengths[i - 1]),
      ),
    ),
  );
  const kept = [...sel.options].find((o) => o.value === previous && !o.disabled);
  sel.value = kept ? kept.value : seatStart(g, seat);
  return sel;
}
