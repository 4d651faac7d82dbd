// Culture Wars: the map of 24 tiles (2×2 squares each) in a 26×26 window of squares a–z × 1–26, with
// the seas (every square that is not land) drawn as water. Places are the squares ("k12"), land and
// sea alike (setup moves tiles into the sea). Each seat plays one suit: its coins carry the suit,
// its tokens the seat's shape and count.
import { cultureWarsMoveWords } from "./board-words";
import { coin, el, place, svgRoot, tokens, SUITS } from "../svg";
import type { DrawContext, GameDrawer, Observation } from "./types";

const U = 28;
const COLS = "abcdefghijklmnopqrstuvwxyz";

/** A seat's one name on the page: its name there and its suit ("seat 0 · Suns"). */
function seatName(ctx: DrawContext, seat: number): string {
  return `${ctx.seatNames[seat] ?? "seat " + seat} · ${SUITS[seat]}`;
}

/** A reserve's coins as a player says them: "Ace, 3 and 4". */
function coinWords(values: number[] | undefined): string {
  const words = (values ?? []).map((v: number) => (v === 1 ? "Ace" : String(v)));
  return words.length > 1 ? `${words.slice(0, -1).join(", ")} and ${words.at(-1)}` : (words[0] ?? "");
}

/**
 * Where the tokens and the coin on one square go: `tokens[i]` the centre of the i-th seat there
 * (fractions of the square's side), `r` their shapes' radius and `font(count)` their count's size
 * (both in map units), `coin` the coin's centre and radius. One seat takes the middle; two sit on
 * a diagonal; more, or a coin beside them, take the four quarters, the coin the lower right (or,
 * with four seats, the middle, small, the seats pressed into the corners). Sizes are chosen so
 * that no two counts' boxes overlap even with two digits each: a bold two-digit count is 1.4 of
 * its size wide and 1.1 high, and quarters lie half a square apart.
 */
interface SquareLayout {
  tokens: [number, number][];
  r: number;
  font: (count: number) => number;
  coin: [number, number, number];
}

function squareLayout(seats: number, coin: boolean): SquareLayout {
  const single = (count: number) => (count < 10 ? U * 0.46 : U * 0.42);
  // In a quarter, a count is less than half a square wide: it keeps clear of the counts in the
  // quarters beside it, on this square and the next.
  const quarter = (count: number) => (count < 10 ? U * 0.42 : U * 0.33);
  if (seats === 0 || (!coin && seats === 1))
    return { tokens: [[0.5, 0.5]], r: U * 0.42, font: single, coin: [0.5, 0.5, 0.4] };
  if (!coin && seats === 2)
    return {
      tokens: [
        [0.25, 0.25],
        [0.75, 0.75],
      ],
      r: U * 0.36,
      font: quarter,
      coin: [0.5, 0.5, 0.4],
    };
  if (!coin)
    return {
      tokens: [
        [0.25, 0.25],
        [0.75, 0.25],
        [0.25, 0.75],
        [0.75, 0.75],
      ],
      r: U * 0.3,
      font: quarter,
      coin: [0.5, 0.5, 0.4],
    };
  if (seats <= 3)
    return {
      tokens: [
        [0.25, 0.25],
        [0.75, 0.25],
        [0.25, 0.75],
      ],
      r: seats === 1 ? U * 0.36 : U * 0.3,
      font: quarter,
      coin: [0.68, 0.68, 0.3],
    };
  return {
    tokens: [
      [0.21, 0.21],
      [0.79, 0.21],
      [0.21, 0.79],
      [0.79, 0.79],
    ],
    r: U * 0.26,
    font: (count: number) => (count < 10 ? U * 0.42 : U * 0.3),
    coin: [0.5, 0.5, 0.2],
  };
}

function sq(name: string): [number, number] {
  return [COLS.indexOf(name[0]), Number(name.slice(1))];
}

export const cultureWars: GameDrawer = {
  board(seen: Observation, ctx: DrawContext) {
    // At the end the record shows every coin's number (DrawContext.recordView).
    const obs = ctx.recordView ?? seen;
    const land = new Set<string>();
    let minC = 99,
      maxC = -1,
      minR = 99,
      maxR = -1;
    for (const t of obs.tiles ?? []) {
      const [c, r] = sq(t);
      for (let dc = 0; dc < 2; dc++) for (let dr = 0; dr < 2; dr++) land.add(`${COLS[c + dc]}${r + dr}`);
      minC = Math.min(minC, c);
      maxC = Math.max(maxC, c + 1);
      minR = Math.min(minR, r);
      maxR = Math.max(maxR, r + 1);
    }
    // One ring of sea beyond the land (two during setup, where tiles move outward).
    const margin = obs.phase === "tile moves" ? 2 : 1;
    minC = Math.max(0, minC - margin);
    maxC = Math.min(25, maxC + margin);
    minR = Math.max(1, minR - margin);
    maxR = Math.min(26, maxR + margin);
    const w = (maxC - minC + 1) * U;
    const h = (maxR - minR + 1) * U;
    const X = (c: number) => 20 + (c - minC) * U;
    const Y = (r: number) => 4 + (maxR - r) * U;
    const svg = svgRoot(0, 0, w + 24, h + 24, "Culture Wars map");
    // A wide board: the match page gives the map its whole width (style.css, svg.board.wide), so
    // that a square and the tokens on it are a fingertip's size at 1280 px too.
    svg.classList.add("wide", "tall");
    const defs = el("defs");
    const pat = el("pattern", { id: "waves", width: 14, height: 8, patternUnits: "userSpaceOnUse" });
    pat.append(el("rect", { width: 14, height: 8, fill: "#cfe3f3" }));
    pat.append(
      el("path", { d: "M0,5 Q3.5,2 7,5 T14,5", fill: "none", stroke: "#7aa7cc", "stroke-width": 1 }),
    );
    defs.append(pat);
    svg.append(defs);
    svg.append(el("rect", { x: 20, y: 4, width: w, height: h, fill: "url(#waves)", class: "sea" }));
    // Tiles (land): grid back with one line per square.
    for (const t of obs.tiles ?? []) {
      const [c, r] = sq(t);
      svg.append(
        el("rect", {
          x: X(c) + 1,
          y: Y(r + 1) + 1,
          width: 2 * U - 2,
          height: 2 * U - 2,
          rx: 3,
          fill: "#efe4c8",
          stroke: "#6b5a3a",
          "stroke-width": 1.5,
          class: "tile",
        }),
      );
    }
    // Column and row labels.
    for (let c = minC; c <= maxC; c++)
      svg.append(
        el(
          "text",
          { x: X(c) + U / 2, y: h + 18, "text-anchor": "middle", "font-size": 9, class: "coord" },
          COLS[c],
        ),
      );
    for (let r = minR; r <= maxR; r++)
      svg.append(el("text", { x: 2, y: Y(r) + U / 2 + 3, "font-size": 9, class: "coord" }, String(r)));
    const coins = new Map<string, { suit: number; face: string; value?: number }>();
    for (const c of obs.coins ?? []) coins.set(c.square, c);
    const here = new Map<string, [number, number][]>();
    (obs.tokens ?? []).forEach((m: Record<string, number>, seat: number) => {
      for (const [s, n] of Object.entries(m)) here.set(s, [...(here.get(s) ?? []), [seat, n]]);
    });
    for (let c = minC; c <= maxC; c++)
      for (let r = minR; r <= maxR; r++) {
        const name = `${COLS[c]}${r}`;
        const isLand = land.has(name);
        const x = X(c);
        const y = Y(r);
        const parts: string[] = [name, isLand ? "land" : "sea"];
        const g = place(name, x, y, U, U);
        if (isLand)
          g.append(
            el("rect", {
              x: x + 0.5,
              y: y + 0.5,
              width: U - 1,
              height: U - 1,
              fill: "none",
              stroke: "#b7a77f",
              "stroke-width": 0.5,
            }),
          );
        const k = coins.get(name);
        const ts = here.get(name) ?? [];
        // A finger's worth on the map: each seat's tokens in its own part of the square, large
        // enough to read their count at 1280 px (squareLayout). The coin is drawn over them so its
        // number stays in sight.
        const layout = squareLayout(ts.length, k !== undefined);
        ts.forEach(([seat, n], i) => {
          const [fx, fy] = layout.tokens[i % layout.tokens.length];
          g.append(tokens(x + U * fx, y + U * fy, layout.r, seat, n, layout.font(n)));
          parts.push(`${n} token${n === 1 ? "" : "s"} of ${seatName(ctx, seat)}`);
        });
        if (k) {
          const settled = k.face === "suit";
          const value =
            k.value === undefined || k.value === null
              ? "?"
              : k.value === 1
                ? "A"
                : k.value === 0
                  ? "n"
                  : String(k.value);
          const [cx, cy, r] = layout.coin;
          g.append(
            coin(
              x + U * cx,
              y + U * cy,
              U * r,
              settled
                ? // A settlement's number is secret until the end's record shows it (a badge).
                  { side: "suit", suit: k.suit, badge: ctx.recordView && value !== "?" ? value : undefined }
                : { side: "number", suit: k.suit, text: value },
            ),
          );
          parts.push(
            settled ? `settlement of ${SUITS[k.suit]}` : `coin ${k.value ?? "unseen"} of ${SUITS[k.suit]}`,
          );
        }
        g.setAttribute("aria-label", parts.join(", "));
        svg.append(g);
      }
    return svg;
  },
  status(obs: Observation, ctx: DrawContext) {
    const seats = (obs.seats ?? [])
      .map(
        (s: { settlements: number; tokens: number }, i: number) =>
          `${seatName(ctx, i)}: ${s.settlements} settlements, ${s.tokens} tokens in reserve`,
      )
      .join("; ");
    if (obs.terminal) return `Game over. ${seats}`;
    const who = seatName(ctx, obs.to_move);
    const order = (obs.order ?? []).map((s: number) => seatName(ctx, s)).join(", ");
    return `Round ${obs.round}, ${obs.phase}: ${who} to move. Order: ${order}. ${seats}`;
  },
  privateInfo(obs: Observation, ctx: DrawContext) {
    if (ctx.recordView) {
      // At the end the record names every seat's reserve coins.
      const ul = document.createElement("ul");
      (ctx.recordView.seats ?? []).forEach((s: Observation, i: number) => {
        const li = document.createElement("li");
        li.textContent = `${seatName(ctx, i)}: reserve ${s.tokens} tokens, coins ${coinWords(s.coins) || "none"}`;
        ul.append(li);
      });
      return ul;
    }
    if (ctx.viewer < 0) return null;
    const me = obs.seats?.[ctx.viewer];
    if (!me) return null;
    const p = document.createElement("p");
    // Reserve coins lie suit side up: those whose number this seat has seen, and how many not.
    const known = coinWords(me.coins);
    const n: number = me.unseen_coins ?? 0;
    const numbers = `number${n === 1 ? "" : "s"} you have not seen`;
    const coins =
      known && n
        ? `the ${known}, and ${n} more whose ${numbers}`
        : known
          ? `the ${known}`
          : n
            ? `${n} coin${n === 1 ? "" : "s"} whose ${numbers}`
            : "none";
    p.textContent = `Your suit: ${SUITS[ctx.viewer]}. In your reserve: ${me.tokens} tokens; coins: ${coins}.`;
    return p;
  },
  moveWords: (move: string) => cultureWarsMoveWords(move),
  /** The seat's suit: the page names a seat by its number and suit only (seat list: "seat 0 — Suns"). */
  seatRole(_obs: Observation, seat: number) {
    return seat >= 0 && seat < 4 ? SUITS[seat] : undefined;
  },
  /** The engine's log names seats by letter ("seat A (0)"); the page by number and suit ("seat 0 · Suns"). */
  logLine(line: string, ctx: DrawContext) {
    return line.replace(/\bseat ([A-D]) \((\d)\)/g, (_, _letter, n) => seatName(ctx, Number(n)));
  },
  /** A setup tile move: the tile outlined where it lands (its lower-left square is TO). */
  preview(move: string, _obs: Observation, board: SVGSVGElement) {
    const m = /^tile:([a-z])(\d+)-([a-z])(\d+)$/.exec(move.trim());
    if (!m) return null;
    const hit = board.querySelector(`[data-place="${m[3]}${m[4]}"] rect.hit`);
    if (!hit) return null;
    const x = Number(hit.getAttribute("x"));
    const y = Number(hit.getAttribute("y")) - U;
    const g = el("g", { class: "tile-preview", "aria-label": `the tile lands on ${m[3]}${m[4]}` });
    g.append(
      el("rect", {
        x: x + 1,
        y: y + 1,
        width: 2 * U - 2,
        height: 2 * U - 2,
        rx: 3,
        fill: "#efe4c8",
        "fill-opacity": 0.75,
        stroke: "#b5361f",
        "stroke-width": 3,
        "stroke-dasharray": "6 3",
        "pointer-events": "none",
      }),
      el(
        "text",
        {
          x: x + U,
          y: y + U + 4,
          "text-anchor": "middle",
          "font-size": 9,
          "font-weight": 700,
          fill: "#b5361f",
        },
        "lands here",
      ),
    );
    return g;
  },
};
