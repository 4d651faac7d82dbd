// Relativity: a 4×6 board of coins on six grid-side-up tiles (2×3), the Night (Moons) and Day (Suns)
// trophy tiles, the roles Space and Time. Places are the squares a1–f4 (columns a–f left to right,
// rows 1–4 bottom to top), as in the game's notation.
import { relativityMoveWords } from "./board-words";
import { coin, coordLabel, el, place, svgRoot, tileBack, tileFace, seatShape } from "../svg";
import { orList, type PickState } from "../pick-words";
import type { DrawContext, GameDrawer, Observation } from "./types";

const RANK_OF: Record<string, number> = { n: 0, a: 1, "2": 2, "3": 3, "4": 4, "5": 5 };
const CELL = 60;

function trophyRank(t: string | number): number {
  return typeof t === "number" ? t : (RANK_OF[String(t).toLowerCase()] ?? Number(t));
}

export const relativity: GameDrawer = {
  board(obs: Observation, ctx: DrawContext) {
    const rows: string[] = obs.board;
    const boardW = 6 * CELL;
    const boardH = 4 * CELL;
    const top = 70;
    const svg = svgRoot(0, 0, boardW + 20, top + 10 + boardH + 72, "Relativity board");
    // Trophy rows: Night (Moons) above the board, Day (Suns) below.
    const taken = new Map<string, number>();
    (obs.trophies ?? []).forEach((t: { night: unknown[]; day: unknown[] }, seat: number) => {
      for (const r of t.night ?? []) taken.set(`night${trophyRank(r as string)}`, seat);
      for (const r of t.day ?? []) taken.set(`day${trophyRank(r as string)}`, seat);
    });
    const trophyRow = (y: number, round: "night" | "day", suit: number) => {
      const g = el("g", {
        class: `trophies trophies-${round}`,
        "aria-label": `${round === "night" ? "Night (Moons)" : "Day (Suns)"} trophies`,
      });
      g.append(
        el(
          "text",
          { x: 10, y: y + 12, "font-size": 12 },
          round === "night" ? "Night trophies" : "Day trophies",
        ),
      );
      for (let r = 0; r < 6; r++) {
        const x = 10 + r * 60 + 4;
        const tile = tileFace(x, y + 16, 40, suit, r);
        const holder = taken.get(`${round}${r}`);
        if (holder !== undefined) {
          tile.append(seatShape(holder, x + 36, y + 20, 8));
          tile.append(el("title", {}, `won by ${ctx.seatNames[holder] ?? "seat " + holder}`));
        } else {
          tile.setAttribute("opacity", "0.45");
        }
        g.append(tile);
      }
      return g;
    };
    svg.append(trophyRow(0, "night", 1));
    const bx = 10;
    const by = top + 10;
    for (let ty = 0; ty < 2; ty++)
      for (let tx = 0; tx < 3; tx++)
        svg.append(tileBack(bx + tx * 2 * CELL, by + ty * 2 * CELL, 2 * CELL, 2));
    const last: string[] = obs.last_swap ? String(obs.last_swap).split("#") : [];
    rows.forEach((row, i) => {
      const rank = 4 - i;
      for (let c = 0; c < 6; c++) {
        const name = `${"abcdef"[c]}${rank}`;
        const x = bx + c * CELL;
        const y = by + i * CELL;
        const ch = row[c];
        const p = place(
          name,
          x,
          y,
          CELL,
          CELL,
          `${name}: coin ${ch === "n" ? "null" : ch === "a" ? "ace" : ch}`,
        );
        if (last.includes(name))
          p.append(
            el("rect", {
              x: x + 3,
              y: y + 3,
              width: CELL - 6,
              height: CELL - 6,
              class: "last-move",
              fill: "none",
            }),
          );
        p.append(
          coin(x + CELL / 2, y + CELL / 2, CELL * 0.36, {
            side: "number",
            rank: RANK_OF[ch],
            text: ch === "n" ? "n" : ch === "a" ? "A" : ch,
          }),
        );
        p.append(coordLabel(name, x, y, CELL));
        svg.append(p);
      }
    });
    svg.append(trophyRow(by + boardH + 10, "day", 0));
    return svg;
  },
  status(obs: Observation, ctx: DrawContext) {
    const who = obs.to_move;
    const name = who === null || who === undefined ? "" : (ctx.seatNames[who] ?? `seat ${who}`);
    const counts = (obs.trophies ?? [])
      .map((t: { count: number }, s: number) => `${ctx.seatNames[s] ?? s}: ${t.count}`)
      .join(", ");
    if (obs.terminal) return `Game over. Trophies — ${counts}`;
    return `${obs.round} round ${obs.round_number ?? ""}: ${obs.role_to_move === "space" ? "Space" : "Time"} (${name}) to swap. Trophies — ${counts}`;
  },
  moveWords: (move: string) => relativityMoveWords(move),
  pickPrompt(s: PickState) {
    // A swap names its two coins in no order: either may be clicked first.
    if (s.picked.length === 0)
      return "Your swap: click either of its two coins (each lit coin is in a legal swap).";
    const c = s.picked[0];
    return `Swap the coin on ${c} with ${orList(s.lit, 8, "a lit coin")}: click it, or click ${c} again to put it back.`;
  },
  seatRole(obs: Observation, seat: number) {
    if (!obs.roles) return undefined;
    return obs.roles.space === seat ? "Space" : obs.roles.time === seat ? "Time" : undefined;
  },
};
