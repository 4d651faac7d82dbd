// Piecepack pieces drawn in SVG: tiles (grid back, suit-and-rank face), coins (number side, suit side
// with its direction mark), dice, pawns and tokens. Every piece carries a text label or a shape besides
// its colour, so nothing is told by colour alone. Games compose these; they draw no pieces of their own.

export const NS = "http://www.w3.org/2000/svg";

type Attrs = Record<string, string | number | undefined | null>;

/** An SVG element with attributes (undefined/null ones are left out) and children. */
export function el<K extends keyof SVGElementTagNameMap>(
  tag: K,
  attrs: Attrs = {},
  ...children: (SVGElement | string | null | undefined)[]
): SVGElementTagNameMap[K] {
  const e = document.createElementNS(NS, tag);
  for (const [k, v] of Object.entries(attrs)) if (v !== undefined && v !== null) e.setAttribute(k, String(v));
  for (const c of children) {
    if (c === null || c === undefined) continue;
    e.append(typeof c === "string" ? document.createTextNode(c) : c);
  }
  return e;
}

/** The four piecepack suits in their usual order. */
export const SUITS = ["Suns", "Moons", "Crowns", "Arms"] as const;
export const SUIT_LETTERS = "SMCA";
/**
 * The suits' inks: muted and apart from SEAT_COLOURS, so a coin's suit never reads as a seat; the
 * suit symbol drawn beside every suit is what tells suits apart.
 */
export const SUIT_COLOURS = ["#8a6d00", "#2b2b2b", "#6b4a2b", "#4d5966"];

/** A rank as a piecepack prints it: 0 null "n", 1 ace "A", then the number. */
export function rankLabel(rank: number): string {
  return rank === 0 ? "n" : rank === 1 ? "A" : String(rank);
}

/** Suit symbol centred at (cx, cy), radius r. */
export function suitSymbol(suit: number, cx: number, cy: number, r: number, colour?: string): SVGGElement {
  const fill = colour ?? SUIT_COLOURS[suit] ?? "#555";
  const g = el("g", { transform: `translate(${cx} ${cy}) scale(${r})`, class: `suit suit-${suit}` });
  g.append(el("title", {}, SUITS[suit] ?? "suit"));
  if (suit === 0) {
    g.append(el("circle", { r: 0.45, fill }));
    for (let i = 0; i < 8; i++) {
      const a = (i * Math.PI) / 4;
      g.append(
        el("line", {
          x1: 0.6 * Math.cos(a),
          y1: 0.6 * Math.sin(a),
          x2: 0.95 * Math.cos(a),
          y2: 0.95 * Math.sin(a),
          stroke: fill,
          "stroke-width": 0.16,
          "stroke-linecap": "round",
        }),
      );
    }
  } else if (suit === 1) {
    g.append(el("path", { d: "M0.25,-0.85 A0.88,0.88 0 1 0 0.25,0.85 A0.68,0.68 0 1 1 0.25,-0.85 Z", fill }));
  } else if (suit === 2) {
    g.append(
      el("path", {
        d: "M-0.85,0.6 L-0.85,-0.45 L-0.42,0.05 L0,-0.75 L0.42,0.05 L0.85,-0.45 L0.85,0.6 Z",
        fill,
      }),
    );
  } else {
    g.append(
      el("path", { d: "M-0.65,-0.75 L0.65,-0.75 L0.65,0 Q0.65,0.6 0,0.9 Q-0.65,0.6 -0.65,0 Z", fill }),
    );
    g.append(
      el("path", { d: "M0,-0.55 L0,0.55 M-0.4,-0.1 L0.4,-0.1", stroke: "#fff", "stroke-width": 0.14 }),
    );
  }
  return g;
}

/** A tile's back: a square of `cells`×`cells` grid squares. */
export function tileBack(x: number, y: number, size: number, cells = 2): SVGGElement {
  const g = el("g", { class: "tile tile-back" });
  g.append(
    el("rect", {
      x,
      y,
      width: size,
      height: size,
      rx: size * 0.04,
      fill: "#f4ecd8",
      stroke: "#6b5a3a",
      "stroke-width": 1.5,
    }),
  );
  const step = size / cells;
  for (let i = 1; i < cells; i++) {
    g.append(
      el("line", {
        x1: x + i * step,
        y1: y + 2,
        x2: x + i * step,
        y2: y + size - 2,
        stroke: "#8c7a55",
        "stroke-width": 1,
      }),
    );
    g.append(
      el("line", {
        x1: x + 2,
        y1: y + i * step,
        x2: x + size - 2,
        y2: y + i * step,
        stroke: "#8c7a55",
        "stroke-width": 1,
      }),
    );
  }
  return g;
}

/** A tile face up: suit symbol and rank. `label` (e.g. "Moons 3") is read by screen readers. */
export function tileFace(
  x: number,
  y: number,
  size: number,
  suit: number,
  rank: number,
  rankText?: string,
): SVGGElement {
  const g = el("g", { class: "tile tile-face" });
  g.append(el("title", {}, `${SUITS[suit] ?? "?"} ${rankText ?? rankLabel(rank)} tile`));
  g.append(
    el("rect", {
      x,
      y,
      width: size,
      height: size,
      rx: size * 0.04,
      fill: "#fffaf0",
      stroke: "#6b5a3a",
      "stroke-width": 1.5,
    }),
  );
  g.append(suitSymbol(suit, x + size * 0.5, y + size * 0.36, size * 0.24));
  g.append(
    el(
      "text",
      {
        x: x + size * 0.5,
        y: y + size * 0.88,
        "text-anchor": "middle",
        "font-size": size * 0.3,
        "font-weight": 700,
        fill: SUIT_COLOURS[suit],
      },
      rankText ?? rankLabel(rank),
    ),
  );
  return g;
}

/** A face-down tile in a hand or a stack we may not see: its grid back, small. */
export function tileUnknown(x: number, y: number, size: number): SVGGElement {
  const g = tileBack(x, y, size, 2);
  g.prepend(el("title", {}, "face-down tile"));
  return g;
}

/** The eight compass directions in the order games name them; north is up. */
export const DIRECTIONS = ["n", "ne", "e", "se", "s", "sw", "w", "nw"];

export interface CoinSpec {
  /** "number": rank showing; "suit": suit showing (with direction mark when `dir` is given). */
  side: "number" | "suit";
  suit?: number;
  rank?: number;
  /** Text to print on the number side (defaults to rankLabel(rank)); "?" for an unknown value. */
  text?: string;
  /** Direction the coin points, one of DIRECTIONS. */
  dir?: string;
  /** A small known-value badge on a suit-side-up coin (e.g. a revealed Siege army). */
  badge?: string;
}

/** A coin of radius r centred at (cx, cy). */
export function coin(cx: number, cy: number, r: number, spec: CoinSpec): SVGGElement {
  const g = el("g", { class: `coin coin-${spec.side}` });
  const suitName = spec.suit !== undefined ? SUITS[spec.suit] : undefined;
  const label =
    spec.side === "number"
      ? `coin ${spec.text ?? (spec.rank !== undefined ? rankLabel(spec.rank) : "?")}${suitName ? " of " + suitName : ""}`
      : `${suitName ?? ""} coin, suit side up${spec.badge ? " (value " + spec.badge + ")" : ""}`;
  g.append(el("title", {}, label + (spec.dir ? `, pointing ${spec.dir}` : "")));
  const ink = spec.suit !== undefined ? SUIT_COLOURS[spec.suit] : "#333";
  g.append(
    el("circle", { cx, cy, r, fill: "#fdfbf5", stroke: ink, "stroke-width": Math.max(1.5, r * 0.12) }),
  );
  if (spec.dir) {
    const i = DIRECTIONS.indexOf(spec.dir);
    const a = (i * Math.PI) / 4 - Math.PI / 2;
    const tip = [cx + Math.cos(a) * r * 0.98, cy + Math.sin(a) * r * 0.98];
    const b1 = [cx + Math.cos(a - 0.35) * r * 0.7, cy + Math.sin(a - 0.35) * r * 0.7];
    const b2 = [cx + Math.cos(a + 0.35) * r * 0.7, cy + Math.sin(a + 0.35) * r * 0.7];
    g.append(el("polygon", { points: `${tip} ${b1} ${b2}`, fill: ink, class: "coin-dir" }));
  }
  if (spec.side === "number") {
    // A coin of a known suit shows its suit symbol above the number: the colour is never the only sign.
    const suited = spec.suit !== undefined;
    if (suited) g.append(suitSymbol(spec.suit!, cx, cy - r * 0.5, r * 0.27));
    g.append(
      el(
        "text",
        {
          x: cx,
          y: cy + (suited ? r * 0.6 : r * 0.36),
          "text-anchor": "middle",
          "font-size": suited ? r * 0.9 : r * 1.05,
          "font-weight": 700,
          fill: ink,
        },
        spec.text ?? (spec.rank !== undefined ? rankLabel(spec.rank) : "?"),
      ),
    );
  } else if (spec.suit !== undefined) {
    g.append(suitSymbol(spec.suit, cx, cy, r * 0.55));
  }
  if (spec.badge) {
    // Top left of the coin: a square's name sits in its bottom right corner, Siege's "moved" mark
    // in its top right, and a last-move mark takes a corner clear of them (last-move.ts).
    g.append(
      el("circle", {
        cx: cx - r * 0.7,
        cy: cy - r * 0.7,
        r: r * 0.42,
        fill: "#fff",
        stroke: "#333",
        "stroke-width": 1,
      }),
    );
    g.append(
      el(
        "text",
        {
          x: cx - r * 0.7,
          y: cy - r * 0.54,
          "text-anchor": "middle",
          "font-size": r * 0.55,
          "font-weight": 700,
        },
        spec.badge,
      ),
    );
  }
  return g;
}

/** A die showing `text` (a rank label), square of side s at (x, y). */
export function die(x: number, y: number, s: number, text: string, suit?: number): SVGGElement {
  const g = el("g", { class: "die" });
  g.append(el("title", {}, `die showing ${text}`));
  g.append(
    el("rect", {
      x,
      y,
      width: s,
      height: s,
      rx: s * 0.18,
      fill: "#fff",
      stroke: suit !== undefined ? SUIT_COLOURS[suit] : "#333",
      "stroke-width": 2,
    }),
  );
  g.append(
    el(
      "text",
      { x: x + s / 2, y: y + s * 0.7, "text-anchor": "middle", "font-size": s * 0.6, "font-weight": 700 },
      text,
    ),
  );
  return g;
}

/** A pawn (Commander) of height h standing at its foot (cx, cy), labelled for screen readers. */
export function pawn(cx: number, cy: number, h: number, suit: number, label: string): SVGGElement {
  const g = el("g", { class: "pawn" });
  g.append(el("title", {}, label));
  const c = SUIT_COLOURS[suit] ?? "#555";
  g.append(
    el("path", {
      d: `M${cx - h * 0.32},${cy} L${cx + h * 0.32},${cy} L${cx + h * 0.14},${cy - h * 0.55} L${cx - h * 0.14},${cy - h * 0.55} Z`,
      fill: c,
      stroke: "#000",
      "stroke-width": 1,
    }),
  );
  g.append(el("circle", { cx, cy: cy - h * 0.72, r: h * 0.22, fill: c, stroke: "#000", "stroke-width": 1 }));
  g.append(suitSymbol(suit, cx, cy - h * 0.25, h * 0.14, "#fff"));
  return g;
}

/** Seat markers: a shape and a number for each seat, so seats differ by more than colour. */
export const SEAT_SHAPES = ["circle", "square", "triangle", "diamond", "star"];
export const SEAT_COLOURS = ["#b8312f", "#1f4f9e", "#1e7a34", "#7a3fa0", "#b8660b"];

/** A seat's marker shape of radius r at (cx, cy). */
export function seatShape(seat: number, cx: number, cy: number, r: number, fill?: string): SVGElement {
  const f = fill ?? SEAT_COLOURS[seat % SEAT_COLOURS.length];
  const common = { fill: f, stroke: "#000", "stroke-width": 1 };
  switch (SEAT_SHAPES[seat % SEAT_SHAPES.length]) {
    case "circle":
      return el("circle", { cx, cy, r, ...common });
    case "square":
      return el("rect", { x: cx - r * 0.85, y: cy - r * 0.85, width: r * 1.7, height: r * 1.7, ...common });
    case "triangle":
      return el("polygon", {
        points: `${cx},${cy - r} ${cx + r},${cy + r * 0.8} ${cx - r},${cy + r * 0.8}`,
        ...common,
      });
    case "diamond":
      return el("polygon", {
        points: `${cx},${cy - r} ${cx + r},${cy} ${cx},${cy + r} ${cx - r},${cy}`,
        ...common,
      });
    default: {
      const pts: string[] = [];
      for (let i = 0; i < 10; i++) {
        const a = (i * Math.PI) / 5 - Math.PI / 2;
        const rr = i % 2 ? r * 0.45 : r;
        pts.push(`${cx + Math.cos(a) * rr},${cy + Math.sin(a) * rr}`);
      }
      return el("polygon", { points: pts.join(" "), ...common });
    }
  }
}

/**
 * A stack of `count` tokens of `seat` at (cx, cy): the seat's shape of radius `r` with the count
 * written on it, centred, `fontSize` high.
 */
export function tokens(
  cx: number,
  cy: number,
  r: number,
  seat: number,
  count: number,
  fontSize = r * 1.1,
): SVGGElement {
  const g = el("g", { class: "tokens" });
  g.append(el("title", {}, `${count} token${count === 1 ? "" : "s"} of seat ${seat}`));
  g.append(seatShape(seat, cx, cy, r));
  g.append(
    el(
      "text",
      {
        x: cx,
        // Centred on (cx, cy): a digit's box reaches 0.9 of the size above the baseline, 0.2 below.
        y: cy + fontSize * 0.35,
        "text-anchor": "middle",
        "font-size": fontSize,
        "font-weight": 700,
        fill: "#fff",
        stroke: "#000",
        "stroke-width": 0.4,
      },
      String(count),
    ),
  );
  return g;
}

/**
 * A board place: a group carrying data-place with a transparent hit area (rect) that the move picker
 * lights up, and a tooltip that starts with the place's name. Children are drawn on top of the hit
 * area.
 */
export function place(name: string, x: number, y: number, w: number, h: number, label?: string): SVGGElement {
  const g = el("g", { "data-place": name, "aria-label": label ?? name });
  // The tooltip names the place as the notation, the log and the hints do.
  const tip = label && !label.startsWith(name) ? `${name}: ${label}` : (label ?? name);
  g.append(
    el("title", {}, tip),
    el("rect", { x, y, width: w, height: h, class: "hit", fill: "transparent" }),
  );
  return g;
}

/**
 * A square's name drawn small in the bottom-right corner of the square (x, y, size), as the notation
 * and the log name it; the match page can hide every one (class "coord") with a toggle.
 */
export function coordLabel(name: string, x: number, y: number, size: number): SVGTextElement {
  return el(
    "text",
    {
      x: x + size - 3,
      y: y + size - 4,
      // 12 at least: still 8 px on a phone with the whole board in view.
      "font-size": Math.max(12, Math.round(size / 5)),
      "text-anchor": "end",
      class: "coord",
      "aria-hidden": "true",
    },
    name,
  );
}

/** A root <svg> with a viewBox, scaled to its container. */
export function svgRoot(x: number, y: number, w: number, h: number, title: string): SVGSVGElement {
  const s = el("svg", {
    viewBox: `${x} ${y} ${w} ${h}`,
    class: "board",
    role: "group",
    "aria-label": title,
    xmlns: NS,
  });
  s.append(el("title", {}, title));
  return s;
}
