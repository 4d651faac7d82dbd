// Siege by Number: the pinwheel of eight face-down tiles and four Ace tiles (Home Bases). Places are
// the squares a1–h8 of the notation and the Home Bases NE, SE, SW, NW. Armies are coins suit side up
// (face down) with a badge once a battle has revealed their value; Commanders are pawns.
import { siegeMoveWords } from "./board-words";
import { coin, coordLabel, die, el, pawn, place, svgRoot, tileBack, tileFace, SUITS } from "../svg";
import { orList, type PickState } from "../pick-words";
import type { DrawContext, GameDrawer, Observation } from "./types";

const U = 44; // one square
/** Each compass point's suit (its colour): the seats' pieces are told apart by suit symbol too. */
const SUIT_OF: Record<string, number> = { NE: 0, SE: 1, SW: 2, NW: 3 };
/** Lower-left square (column 0 = a, row 1 = 1) of each arm tile and each Home Base's Ace tile. */
const ARM: Record<string, [number, number]> = { NE: [5, 7], SE: [6, 2], SW: [1, 1], NW: [0, 6] };
const HOME: Record<string, [number, number]> = { NE: [6, 9], SE: [8, 1], SW: [0, -1], NW: [-2, 7] };

// Board coordinates: columns -2..9, rows -1..10; Y(r) is the top edge of row r - 1 (bottom of row r).
const X = (col: number) => (col + 2) * U;
const Y = (row: number) => (11 - row) * U;

function squareName(col: number, row: number) {
  return `${"abcdefgh"[col]}${row}`;
}

function boardSquares(points: string[]): string[] {
  const out: string[] = [];
  for (let c = 2; c <= 5; c++) for (let r = 3; r <= 6; r++) out.push(squareName(c, r));
  for (const p of points) {
    const [c0, r0] = ARM[p];
    for (let dc = 0; dc < 2; dc++) for (let dr = 0; dr < 2; dr++) out.push(squareName(c0 + dc, r0 + dr));
  }
  return out;
}

/** An Army's value as the rulebook names it: "Null", "Ace", "2" … "5". */
function valueName(what: string): string {
  return what === "0" ? "Null" : what === "1" ? "Ace" : what;
}

interface Piece {
  owner: string;
  what: string; // "?", a digit, or "C"
}

function parseBoard(text: string): Map<string, Piece> {
  const m = new Map<string, Piece>();
  for (const part of (text ?? "").split(/\s+/)) {
    if (!part) continue;
    const [sq, piece] = part.split("=");
    m.set(sq.toLowerCase() === sq ? sq : sq.toUpperCase(), {
      owner: piece.slice(0, 2),
      what: piece.slice(2),
    });
  }
  return m;
}

function drawPiece(g: SVGGElement, p: Piece, cx: number, cy: number, size: number) {
  const suit = SUIT_OF[p.owner] ?? 0;
  if (p.what === "C") g.append(pawn(cx, cy + size * 0.38, size * 0.8, suit, `${p.owner} Commander`));
  else
    g.append(
      coin(cx, cy, size * 0.36, {
        side: "suit",
        suit,
        badge: p.what === "?" ? undefined : p.what === "0" ? "n" : p.what === "1" ? "A" : p.what,
      }),
    );
}

export const siege: GameDrawer = {
  board(obs: Observation, ctx: DrawContext) {
    const points: string[] = String(obs.seats ?? "NE SE SW NW").split(/\s+/);
    const svg = svgRoot(0, 0, 12 * U, 12 * U, "Siege by Number board");
    // Tiles: the 2×2 centre, the arms, the Ace tiles.
    for (const [c, r] of [
      [2, 3],
      [4, 3],
      [2, 5],
      [4, 5],
    ])
      svg.append(tileBack(X(c), Y(r + 2), 2 * U, 2));
    for (const p of points) {
      const [c, r] = ARM[p];
      svg.append(tileBack(X(c), Y(r + 2), 2 * U, 2));
    }
    // At the end the record names every Army (drawn as known ones are).
    const pieces = parseBoard((ctx.recordView ?? obs).board);
    const moved = new Set(
      String(obs.moved ?? "")
        .split(/\s+/)
        .filter(Boolean),
    );
    for (const sq of boardSquares(points)) {
      const col = "abcdefgh".indexOf(sq[0]);
      const row = Number(sq.slice(1));
      const g = place(sq, X(col), Y(row + 1), U, U);
      const p = pieces.get(sq);
      if (p) {
        drawPiece(g, p, X(col) + U / 2, Y(row + 1) + U / 2, U);
        g.setAttribute(
          "aria-label",
          `${sq}: ${p.owner} ${p.what === "C" ? "Commander" : "Army" + (p.what === "?" ? "" : " " + valueName(p.what))}`,
        );
      }
      g.append(coordLabel(sq, X(col), Y(row + 1), U));
      // In the square's top right, clear of a piece's value badge (its coin's top left) in
      // DejaVu Sans, the page's font, and of the square's name (bottom right).
      if (moved.has(sq))
        g.append(
          el(
            "text",
            {
              x: X(col) + U - 2,
              y: Y(row + 1) + 9,
              "font-size": 8,
              "text-anchor": "end",
              class: "moved-mark",
            },
            "moved",
          ),
        );
      svg.append(g);
    }
    points.forEach((p, seat) => {
      const [c, r] = HOME[p];
      const x = X(c);
      const y = Y(r + 2);
      const g = place(p, x, y, 2 * U, 2 * U, `${p} Home Base of ${ctx.seatNames[seat] ?? "seat " + seat}`);
      g.append(tileFace(x, y, 2 * U, SUIT_OF[p], 1));
      g.append(el("text", { x: x + 4, y: y + 14, "font-size": 12, "font-weight": 700 }, p));
      const piece = pieces.get(p);
      if (piece) {
        drawPiece(g, piece, x + U * 1.4, y + U * 1.4, U);
        g.setAttribute(
          "aria-label",
          `${p} Home Base: ${piece.owner} ${piece.what === "C" ? "Commander" : "Army"}`,
        );
      }
      svg.append(g);
    });
    // Dice left this turn, below the board.
    const dice: number[] = obs.dice ?? [];
    const dy = 8;
    svg.append(
      el("text", { x: 8, y: dy + 12, "font-size": 13 }, dice.length ? "Dice left:" : "No dice left"),
    );
    dice.forEach((d, i) =>
      svg.append(
        die(
          80 + i * 52,
          dy,
          44,
          d === 0 ? "n" : d === 1 ? "A" : String(d),
          SUIT_OF[points[obs.to_move ?? 0]],
        ),
      ),
    );
    return svg;
  },
  status(obs: Observation, ctx: DrawContext) {
    const points: string[] = String(obs.seats ?? "").split(/\s+/);
    if (obs.terminal) {
      const w = obs.winner;
      return w === null || w === undefined
        ? "Game over: no winner"
        : `Game over: ${points[w]} (${ctx.seatNames[w]}) took an enemy Home Base`;
    }
    const s = obs.to_move;
    const dice: number[] = obs.dice ?? [];
    const dl = dice.map((d) => (d === 0 ? "n" : d === 1 ? "A" : String(d))).join(" ");
    // Said of the seat to move: its turn has just begun when nothing of its own moved yet.
    const moved = obs.moved
      ? `pieces it moved this turn: ${obs.moved}`
      : "no piece of its moved yet this turn";
    return `${points[s]} (${ctx.seatNames[s] ?? "seat " + s}) to move — dice left: ${dl || "none"}; ${moved}`;
  },
  privateInfo(seen: Observation, ctx: DrawContext) {
    // Siege hides Army values from everybody, owners included; what is known is public: the stacks
    // (top first, revealed values shown) are drawn here for everyone. At the end the record shows
    // every value.
    const obs = ctx.recordView ?? seen;
    const points: string[] = String(obs.seats ?? "").split(/\s+/);
    const div = document.createElement("div");
    div.className = "stacks";
    const h = document.createElement("h3");
    h.textContent = ctx.recordView
      ? "Army stacks (top first; every value, as the record shows them)"
      : "Army stacks (top first; ? not yet revealed)";
    div.append(h);
    const ul = document.createElement("ul");
    (obs.stacks ?? []).forEach((st: string, i: number) => {
      const li = document.createElement("li");
      const cmd = obs.commanders?.[i];
      // A revealed Null or Ace reads as the dice and the badges write them (n, A), not as 0 or 1.
      const stack = [...(st ?? "")].map((c) => (c === "0" ? "n" : c === "1" ? "A" : c)).join(" ");
      li.textContent = `${points[i]} (${SUITS[SUIT_OF[points[i]]]}): ${stack || "empty"}; Commander ${cmd ? "on " + cmd : "off the board"}`;
      ul.append(li);
    });
    div.append(ul);
    return div;
  },
  moveWords: (move: string) => siegeMoveWords(move),
  pickPrompt(s: PickState, obs: Observation) {
    // In sequence: the piece, the square it moves to (none when it attacks from where it stands),
    // the enemy piece it attacks; several dice that make the same move are buttons.
    const pieces = parseBoard(obs.board);
    const enemies = [...s.lit].filter((p) => pieces.has(p));
    const squares = [...s.lit].filter((p) => !pieces.has(p));
    const attack = enemies.length
      ? `the enemy piece on ${orList(enemies, 4, "a lit square")} to attack it`
      : "";
    if (s.picked.length === 0)
      return s.lit.size
        ? `Click a lit piece of yours to move it or attack with it${s.buttons ? ", or use a button below" : ""}.`
        : "Use a button below.";
    const [from, to] = s.picked;
    if (s.picked.length === 1) {
      const move = squares.length ? `${orList(squares, 4, "a lit square")} to move it there` : "";
      return `The piece on ${from}: click ${[move, attack].filter(Boolean).join(", or ")}; click ${from} again to put it back.`;
    }
    const die = s.buttons ? "choose the die below that moves it" : "";
    const then = attack ? `click ${attack} from there` : "";
    return `The piece on ${from} moves to ${to}: ${[die, then].filter(Boolean).join(", or ")}.`;
  },
  seatRole(obs: Observation, seat: number) {
    return String(obs.seats ?? "").split(/\s+/)[seat];
  },
};
