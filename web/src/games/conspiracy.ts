// Conspiracy (piecepack edition): three tile columns L, M, R and rows Present (P), Future 1, 2, …
// downward; each tile is 2×2 squares, so coins sit on square columns a–f and square rows 1, 2, …
// from the top. Places (docs/games/conspiracy.md, Places): squares ("c5") and tile positions ("M2",
// "MP"); coins and tiles in hand, directions and payments are chosen with buttons.
import { conspiracyGoalWords, conspiracyMoveWords } from "./board-words";
import {
  coin,
  DIRECTIONS,
  el,
  place,
  seatShape,
  svgRoot,
  tileBack,
  tileFace,
  tileUnknown,
  SUITS,
} from "../svg";
import type { LegalMove } from "../picker";
import type { DrawContext, GameDrawer, Observation } from "./types";

const U = 40;
const LETTERS = "SMCA";
const COLS = ["L", "M", "R"];
// The 1 is the spiral of the rules; it is drawn "1", as the notation and the log write it (S1, M1).
const rankText = (r: number) => String(r);

function rowIndex(row: string): number {
  return row === "P" ? 0 : Number(row);
}
function positionName(col: number, row: number): string {
  return `${COLS[col]}${row === 0 ? "P" : row}`;
}
function parsePiece(name: string): { suit: number; rank: number } {
  return { suit: LETTERS.indexOf(name[0]), rank: Number(name[1]) };
}
function seatEntry(obs: Observation, s: number) {
  const e = obs.seats?.[s] ?? [];
  return {
    handN: e[0] as number,
    hand: String(e[1] ?? ""),
    bonusN: e[2] as number,
    bonus: String(e[3] ?? ""),
    heldN: e[4] as number,
    held: String(e[5] ?? ""),
    saved: e[6] as string | number | null,
    marker: e[7] as string | null,
    goal: String(e[10] ?? ""),
  };
}
/** The observation's phase (conspiracy_internal.h, kPhaseNames) in words. */
export function phaseWords(phase: string): string {
  const words: Record<string, string> = {
    goal: "setup, choosing secret goals",
    jump: "spiral holders choose whether to jump in",
    action: "actions",
    place: "placing a coin (a tile may be laid for it first)",
    // The tile is already laid: the coin goes on it.
    place_tile: "placing the coin on the tile just laid",
    attack_end: "after a successful attack (flip or remove the coin)",
    save: "end of turn, saving a coin",
    declare: "declaring progress or victory",
    over: "game over",
  };
  return words[phase] ?? String(phase).replace(/_/g, " ");
}
const names = (s: string) => s.split(/\s+/).filter(Boolean);

/** The compass directions' names, as a coin's direction reads ("n" points toward the Present). */
const DIRECTION_WORDS: Record<string, string> = {
  n: "north (toward the Present)",
  ne: "north-east",
  e: "east",
  se: "south-east",
  s: "south (away from the Present)",
  sw: "south-west",
  w: "west",
  nw: "north-west",
};

/**
 * Arrows around the coin on `square` for the directions `moves` (all "c5 ne"-like, one square) may
 * point it, each carrying its move; null when the moves are not such a choice.
 */
export function directionArrows(moves: LegalMove[], board: SVGSVGElement): SVGElement | null {
  const parsed = moves.map((m) => /^([a-f]\d+) (n|ne|e|se|s|sw|w|nw)$/.exec(m.move));
  if (!parsed.length || parsed.some((p) => !p) || new Set(parsed.map((p) => p![1])).size !== 1) return null;
  const square = parsed[0]![1];
  const hit = board.querySelector(`[data-place="${square}"] rect.hit`);
  if (!hit) return null;
  const cx = Number(hit.getAttribute("x")) + U / 2;
  const cy = Number(hit.getAttribute("y")) + U / 2;
  const g = el("g", { class: "direction-choice", "aria-label": `directions for the coin on ${square}` });
  moves.forEach((m, i) => {
    const dir = parsed[i]![2];
    const a = (DIRECTIONS.indexOf(dir) * Math.PI) / 4 - Math.PI / 2;
    const ax = cx + Math.cos(a) * U * 0.8;
    const ay = cy + Math.sin(a) * U * 0.8;
    const r = U * 0.27;
    const tip = (k: number, d: number) => `${ax + Math.cos(a + k) * d},${ay + Math.sin(a + k) * d}`;
    const arrow = el(
      "g",
      {
        class: "direction",
        "data-move": m.move,
        "aria-label": `point the coin ${DIRECTION_WORDS[dir]} (${m.move})`,
      },
      el("title", {}, `Point the coin on ${square} ${DIRECTION_WORDS[dir]} (${m.move})`),
      el("circle", { cx: ax, cy: ay, r, class: "direction-hit" }),
      el("polygon", {
        points: `${tip(0, r * 0.8)} ${tip(2.4, r * 0.7)} ${tip(-2.4, r * 0.7)}`,
        class: "direction-arrow",
      }),
    );
    g.append(arrow);
  });
  return g;
}

export const conspiracy: GameDrawer = {
  board(obs: Observation, ctx: DrawContext) {
    const tiles = new Map<string, string>(); // position -> "C3" | "(C3)" | "down"
    let deepest = 1;
    for (const t of obs.tiles ?? []) {
      const [pos, what] = String(t).split(" ");
      tiles.set(pos, what);
      deepest = Math.max(deepest, rowIndex(pos.slice(1)));
    }
    // Once the match is over its record is public: a face-down tile or coin is named (it stays face
    // down, as it lies on the table), from what the seats saw and what the record shows.
    const publicAtEnd = new Map<string, string>(); // tile position or coin square -> "C3"
    for (const seen of [...(ctx.revealed ?? []), ...(ctx.recordView ? [ctx.recordView] : [])]) {
      for (const t of seen?.tiles ?? []) {
        const [pos, what] = String(t).split(" ");
        if (what?.startsWith("(")) publicAtEnd.set(pos, what.slice(1, 3));
      }
      for (const c of seen?.coins ?? []) {
        const [sq, , , known] = String(c).split(" ");
        if (known) publicAtEnd.set(sq, known);
      }
    }
    for (const [pos, what] of tiles)
      if (what === "down" && publicAtEnd.has(pos)) tiles.set(pos, `[${publicAtEnd.get(pos)}]`);
      // A spectator knows a face-down tile only when everyone does (it lay face up once): named
      // as public, not "known to you".
      else if (ctx.viewer < 0 && what.startsWith("(")) tiles.set(pos, `[${what.slice(1, 3)}]`);
    const rows = deepest + 2; // Present + Futures down to one below the deepest tile
    const left = 40;
    const top = 24;
    const gap = 6;
    const tileX = (c: number) => left + c * (2 * U + gap);
    const tileY = (r: number) => top + r * (2 * U + gap);
    const width = left + 3 * (2 * U + gap) + 160;
    const handTop = tileY(rows) + 10;
    const svg = svgRoot(0, 0, width, handTop + 190, "Conspiracy board");
    const labels: SVGElement[] = []; // face-down tiles' names, drawn over the coins
    COLS.forEach((c, i) => {
      svg.append(
        el(
          "text",
          { x: tileX(i) + U, y: 15, "text-anchor": "middle", "font-size": 14, "font-weight": 700 },
          c,
        ),
      );
    });
    // Markers by tile name.
    const markers = new Map<string, number[]>();
    (obs.seats ?? []).forEach((_: unknown, s: number) => {
      const m = seatEntry(obs, s).marker;
      if (m) markers.set(m, [...(markers.get(m) ?? []), s]);
    });
    for (let r = 0; r < rows; r++) {
      svg.append(el("text", { x: 4, y: tileY(r) + U + 5, "font-size": 12 }, r === 0 ? "P" : `F${r}`));
      for (let c = 0; c < 3; c++) {
        const pos = positionName(c, r);
        const what = tiles.get(pos);
        const x = tileX(c);
        const y = tileY(r);
        if (what === undefined) {
          const g = place(pos, x, y, 2 * U, 2 * U, `${pos}: no tile`);
          g.append(
            el("rect", {
              x: x + 1,
              y: y + 1,
              width: 2 * U - 2,
              height: 2 * U - 2,
              fill: "none",
              stroke: "#bbb",
              "stroke-dasharray": "4 4",
            }),
          );
          svg.append(g);
          continue;
        }
        if (what === "down" || what.startsWith("(") || what.startsWith("[")) {
          svg.append(tileBack(x, y, 2 * U, 2));
          if (what !== "down") {
            // Over the coins (drawn after them), on a halo of the board's colour to stay readable.
            labels.push(
              el(
                "text",
                {
                  // Low on the tile: clear of its bottom coins' numbers.
                  x: x + 2 * U - 4,
                  y: y + 2 * U - 2,
                  "text-anchor": "end",
                  "font-size": what.startsWith("(") ? 10 : 9,
                  class: what.startsWith("(") ? "known-tile" : "public-tile",
                  "paint-order": "stroke",
                  stroke: "#fffdf8",
                  "stroke-width": 3,
                },
                what.startsWith("(")
                  ? `(${what.slice(1, 3)} known to you)`
                  : `(${what.slice(1, 3)}, face down)`,
              ),
            );
          }
          // Squares of a face-down tile.
          for (let dr = 0; dr < 2; dr++)
            for (let dc = 0; dc < 2; dc++) {
              const sq = `${"abcdef"[2 * c + dc]}${2 * r + dr + 1}`;
              svg.append(place(sq, x + dc * U, y + dr * U, U, U, `${sq} (on ${pos})`));
            }
        } else {
          const p = parsePiece(what);
          svg.append(tileFace(x, y, 2 * U, p.suit, p.rank, rankText(p.rank)));
          (markers.get(what) ?? []).forEach((s, i) => svg.append(seatShape(s, x + 10 + i * 14, y + 10, 6)));
        }
        // The tile's own place (reveal, lay on): a tab at its corner so it does not cover the squares.
        const tab = place(pos, x + 2 * U - 22, y - 2, 24, 14, `tile ${pos}`);
        // Its name to the right of and above the top right square's coin (whose number never reaches
        // past x + 1.6 U), so the two labels never overlap.
        tab.append(el("text", { x: x + 2 * U - 8, y: y + 8, "text-anchor": "middle", "font-size": 9 }, pos));
        svg.append(tab);
      }
    }
    // Coins on the board, then the face-down tiles' names over them.
    for (const entry of obs.coins ?? []) {
      const [sq, face, dir, seen] = String(entry).split(" ");
      const known = seen ?? publicAtEnd.get(sq);
      const col = "abcdef".indexOf(sq[0]);
      const row = Number(sq.slice(1)) - 1;
      const cx = tileX(Math.floor(col / 2)) + (col % 2) * U + U / 2;
      const cy = tileY(Math.floor(row / 2)) + (row % 2) * U + U / 2;
      const symbol = LETTERS.includes(face);
      const k = known ? parsePiece(known) : undefined;
      const existing = svg.querySelector(`[data-place="${sq}"]`);
      const c = coin(
        cx,
        cy,
        U * 0.38,
        symbol
          ? { side: "suit", suit: LETTERS.indexOf(face), dir }
          : { side: "number", rank: Number(face), text: rankText(Number(face)), dir, suit: k?.suit },
      );
      if (existing) {
        existing.append(c);
        existing.setAttribute(
          "aria-label",
          `${sq}: coin ${symbol ? SUITS[LETTERS.indexOf(face)] + " symbol side up" : face}${known ? " (" + known + ")" : ""} pointing ${dir}`,
        );
      } else svg.append(c);
    }
    svg.append(...labels);
    // The viewer's hand, bonus coins and held tiles.
    if (ctx.viewer >= 0) {
      const me = seatEntry(obs, ctx.viewer);
      let x = 10;
      svg.append(el("text", { x: 10, y: handTop + 12, "font-size": 12 }, "Your coins (hand, then bonus):"));
      for (const n of [...names(me.hand), ...names(me.bonus)]) {
        const p = parsePiece(n);
        // A place (hand-C3): the coin played by place, attack and save, or paid by an attack or a
        // reveal (docs/games/conspiracy.md, Places).
        const g = place(
          `hand-${n}`,
          x,
          handTop + 18,
          40,
          40,
          `your coin ${SUITS[p.suit]} ${rankText(p.rank)} (${n})`,
        );
        g.append(
          coin(x + 20, handTop + 38, 17, {
            side: "number",
            rank: p.rank,
            text: rankText(p.rank),
            suit: p.suit,
          }),
        );
        svg.append(g);
        x += 44;
      }
      x = 10;
      svg.append(el("text", { x: 10, y: handTop + 82, "font-size": 12 }, "Your tiles:"));
      for (const n of names(me.held)) {
        const p = parsePiece(n);
        const g = el("g", { "aria-label": `your tile ${SUITS[p.suit]} ${rankText(p.rank)}` });
        g.append(tileFace(x + 2, handTop + 90, 40, p.suit, p.rank, rankText(p.rank)));
        svg.append(g);
        x += 48;
      }
    }
    // Every seat's public counts, as small rows of face-down pieces; each row is the place of the
    // seat (seat-1), where an attack, a reveal or a removal pays its coin.
    let y = ctx.viewer >= 0 ? handTop + 150 : handTop + 10;
    (obs.seats ?? []).forEach((_: unknown, s: number) => {
      const e = seatEntry(obs, s);
      const row = place(`seat-${s}`, 2, y - 12, width - 4, 26, `pay ${ctx.seatNames[s]}`);
      row.append(seatShape(s, 16, y + 1, 6));
      row.append(
        el(
          "text",
          { x: 26, y: y + 5, "font-size": 11 },
          s === ctx.viewer
            ? `${ctx.seatNames[s]} (you)`
            : `${ctx.seatNames[s]}: ${e.handN} coins, ${e.bonusN} bonus, ${e.heldN} tiles`,
        ),
      );
      if (s !== ctx.viewer)
        for (let i = 0; i < Math.min(e.heldN, 8); i++) row.append(tileUnknown(330 + i * 14, y - 5, 12));
      svg.append(row);
      y += 28;
    });
    svg.setAttribute("viewBox", `0 0 ${width} ${y + 10}`);
    return svg;
  },
  choiceOnBoard: directionArrows,
  moveWords: (move: string, _obs: Observation, names: string[]) => conspiracyMoveWords(move, names),
  status(obs: Observation, ctx: DrawContext) {
    if (obs.phase === "over") {
      return obs.winner === null || obs.winner === undefined
        ? "Game over: no winner"
        : `Game over: ${ctx.seatNames[obs.winner]} declared victory`;
    }
    const who = obs.to_move === null ? "" : (ctx.seatNames[obs.to_move] ?? `seat ${obs.to_move}`);
    const order = (obs.order ?? []).map((s: number) => ctx.seatNames[s] ?? s).join(", ");
    let s = `Round ${obs.round}, ${phaseWords(obs.phase)}: ${who} to decide.`;
    if (obs.phase === "action" || obs.action_points > 0) s += ` Action points left: ${obs.action_points}.`;
    if (obs.action && obs.action !== "none")
      s += ` Action under way: ${obs.action}${obs.action_coin ? " with " + obs.action_coin : ""}.`;
    if (order) s += ` Order: ${order}.`;
    s += ` Bag: ${obs.bag} coins.`;
    return s;
  },
  privateInfo(obs: Observation, ctx: DrawContext) {
    const div = document.createElement("div");
    const add = (label: string, text: string) => {
      const p = document.createElement("p");
      const b = document.createElement("strong");
      b.textContent = label + ": ";
      p.append(b, text);
      div.append(p);
    };
    if (ctx.viewer >= 0) {
      const me = seatEntry(obs, ctx.viewer);
      add(
        "Your goal",
        me.goal === "not chosen"
          ? "not chosen yet" + (obs.my_setup_coins ? ` (choose from ${obs.my_setup_coins})` : "")
          : conspiracyGoalWords(me.goal),
      );
      add("Your hand", me.hand || "none");
      add("Your bonus coins", me.bonus || "none");
      add("Your tiles", me.held || "none");
      if (me.saved !== null && me.saved !== undefined) add("Your saved coin", String(me.saved));
      if (obs.my_jump_answer) add("Your answer", obs.my_jump_answer);
    }
    const ul = document.createElement("ul");
    (obs.seats ?? []).forEach((_: unknown, s: number) => {
      const e = seatEntry(obs, s);
      // Once the match is over the record is public: it names each goal, saved coin and hand.
      const end = ctx.recordView ? seatEntry(ctx.recordView, s) : null;
      const goal = end?.goal ?? (ctx.revealed?.[s] ? seatEntry(ctx.revealed[s], s).goal : e.goal);
      const li = document.createElement("li");
      li.textContent =
        `${ctx.seatNames[s]}: goal ${goal}, saved ${end?.saved ?? e.saved ?? "none"}, marker ${e.marker ?? "none"}` +
        (end ? `; hand ${end.hand || "empty"}, tiles ${end.held || "none"}` : "");
      ul.append(li);
    });
    div.append(ul);
    return div;
  },
};
