// Conspiracy: The Largest Trading Card Game on Earth. Every agent is a business card drawn from
// the face the observation gives (`cards`: name, occupation, organisation, phone, city, country,
// shadow army, pro moves; only the cards this viewer can see are there). Each seat's field is a
// row of columns, front (exposed) at the top, rear (the one that may launch attacks) at the bottom;
// the active attack modes, master plans and bombs sit above; the viewer's hand below.
//
// Places (docs/games/conspiracy-tcg.md, Places): every card is `@N`; where a deployed card goes in
// the viewer's own field is `new`, `front cN`, `back cN`; a seat attacked is `seat N` (the seat's
// header strip). Choices made after the clicks (deploy-time pro moves, attack styles, mode changes)
// are buttons.
import { el, place, seatShape, svgRoot } from "../svg";
import { tcgMoveWords } from "./tcg-words";
import type { DrawContext, GameDrawer, Observation } from "./types";

/** A card's face as the observation gives it. */
export interface Face {
  name: string;
  occupation?: string;
  organisation?: string;
  phone?: string;
  city?: string;
  country?: string;
  army: string;
  pro_moves: string[];
}
interface SeatObs {
  deck: string;
  field: number[][];
  hand: (number | null)[];
  hand_size: number;
  hand_open: boolean;
  pile_count: number;
  pile_known: [number, number][];
  out: boolean;
}

const CW = 172; // a business card, 3.5 × 2 inches
const CH = 110;
const GAP = 10;
const STEP = CH + 8; // one card further back in a column
const SLOT = 24; // deploy slots above and below a column
const LEFT = 10;
const HEAD = 48; // a seat's header strip: a finger's height (44 px) on a phone, drawn a bit smaller
const PLAN_NAMES = ["Ancient Secrets", "Chemtrails", "Fluoride", "Mark of the Beast", "Soylent", "Vaccines"];

const fit = (s: string | undefined, n: number) => {
  const t = s ?? "";
  return t.length > n ? t.slice(0, n - 1) + "…" : t;
};
const faceOf = (obs: Observation, a: number): Face | undefined => obs.cards?.[String(a)];

/** What a card says, in one line (screen readers, titles, the private panel). */
export function cardText(a: number, f: Face | undefined): string {
  if (!f) return `@${a} (face unknown)`;
  const parts = [f.occupation, f.organisation, f.phone ? `phone ${f.phone}` : "no phone"];
  parts.push([f.city, f.country].filter(Boolean).join(", ") || "no location");
  parts.push(`shadow army ${f.army}`);
  parts.push(f.pro_moves.length ? `pro moves: ${f.pro_moves.join(", ")}` : "no pro moves");
  return `@${a} ${f.name}: ${parts.filter(Boolean).join("; ")}`;
}

/** Tags printed on a card (front/rear, master plan, bomb, danger): words, never colour alone. */
interface Tags {
  position?: string;
  notes: string[];
  danger?: boolean;
  /** What the top right corner says instead of `@a` (the deck page: the card's number). */
  corner?: string;
}

/** A business card for agent `a` at (x, y), as the place `@a`. */
function businessCard(obs: Observation, a: number, x: number, y: number, tags: Tags): SVGGElement {
  const f = faceOf(obs, a);
  const label =
    cardText(a, f) + (tags.position ? `; ${tags.position}` : "") + tags.notes.map((n) => `; ${n}`).join("");
  // The hit area is a little larger than the card and drawn last, so the picker's outline shows.
  const g = place(`@${a}`, x - 3, y - 3, CW + 6, CH + 6, label);
  const hit = g.querySelector(".hit")!;
  g.setAttribute("class", "tcg-card");
  g.append(el("title", {}, label));
  g.append(
    el("rect", {
      x: x + 1,
      y: y + 1,
      width: CW - 2,
      height: CH - 2,
      rx: 4,
      fill: "#fffef9",
      stroke: tags.danger ? "#a4161a" : "#6b5a3a",
      "stroke-width": tags.danger ? 3 : 1.2,
      "stroke-dasharray": tags.danger ? "5 3" : undefined,
    }),
  );
  const t = (dx: number, dy: number, text: string, attrs: Record<string, string | number> = {}) =>
    g.append(el("text", { x: x + dx, y: y + dy, "font-size": 10, ...attrs }, text));
  t(CW - 6, 13, tags.corner ?? `@${a}`, { "text-anchor": "end", "font-size": 9, fill: "#555" });
  if (!f) {
    t(8, 50, "face unknown", { "font-style": "italic" });
    g.append(hit);
    return g;
  }
  t(8, 16, fit(f.name, 22), { "font-size": 13, "font-weight": 700, "font-family": "Georgia, serif" });
  g.append(el("line", { x1: x + 8, y1: y + 21, x2: x + CW - 8, y2: y + 21, stroke: "#b8a98a" }));
  t(8, 32, fit(f.occupation, 30), { "font-style": "italic" });
  t(8, 43, fit(f.organisation, 30));
  t(8, 54, f.phone ? `☎ ${fit(f.phone, 26)}` : "☎ none");
  t(8, 65, fit([f.city, f.country].filter(Boolean).join(", ") || "no location", 30));
  t(8, 77, `SA: ${fit(f.army, 24)}`, { "font-weight": 700, "font-size": 9.5 });
  t(8, 88, f.pro_moves.length ? fit(f.pro_moves.join(", "), 36) : "no pro moves", { "font-size": 8.5 });
  const foot = [tags.position, ...tags.notes].filter(Boolean).join(" · ");
  if (foot) {
    g.append(el("rect", { x: x + 1, y: y + CH - 14, width: CW - 2, height: 13, fill: "#efe6d2" }));
    t(6, CH - 4, fit(foot, 36), { "font-size": 8.5, "font-weight": 700 });
  }
  g.append(hit);
  return g;
}

/**
 * One business card on its own, drawn as on the board (the deck page): `corner` is printed where
 * the board prints the agent's number, `danger` draws the dashed red edge (a card that needs an
 * army). The picture is an image labelled `label`; it is no place to click.
 */
export function businessCardSvg(face: Face, label: string, corner: string, danger = false): SVGSVGElement {
  const svg = el("svg", {
    viewBox: `0 0 ${CW} ${CH}`,
    class: "business-card",
    role: "img",
    "aria-label": label,
    xmlns: "http://www.w3.org/2000/svg",
  });
  const g = businessCard({ cards: { "0": face } }, 0, 0, 0, { notes: [], corner, danger });
  g.removeAttribute("data-place");
  g.removeAttribute("aria-label");
  g.querySelector("title")!.textContent = label;
  svg.append(g);
  return svg;
}

/** A card whose face this viewer does not know: its back. */
function cardBack(x: number, y: number, w = CW / 2, h = CH / 2): SVGGElement {
  const g = el("g", { class: "tcg-back" });
  g.append(el("title", {}, "a card you cannot see"));
  g.append(el("rect", { x, y, width: w, height: h, rx: 3, fill: "#e4dccb", stroke: "#6b5a3a" }));
  g.append(el("path", { d: `M${x + 4},${y + h - 4} L${x + w - 4},${y + 4}`, stroke: "#8c7a55" }));
  g.append(el("text", { x: x + w / 2, y: y + h / 2 + 5, "text-anchor": "middle", "font-size": 14 }, "?"));
  return g;
}

/** An empty slot a deployed card may go to (`new`, `front c2`, `back c2`, `span c2`). */
/** The Show/Hide button of a seat's area (DrawContext.folds), a finger's size, outside every place. */
function foldButton(key: string, x: number, y: number, folded: boolean, who: string): SVGGElement {
  const g = el("g", {
    class: "fold",
    "data-fold": key,
    role: "button",
    tabindex: 0,
    "aria-expanded": String(!folded),
    "aria-label": `${folded ? "show" : "hide"} the cards of ${who}`,
  });
  g.append(el("rect", { x, y, width: 56, height: HEAD, rx: 6, fill: "#fff", stroke: "#555" }));
  g.append(
    el(
      "text",
      { x: x + 28, y: y + HEAD / 2 + 5, "text-anchor": "middle", "font-size": 13 },
      folded ? "Show" : "Hide",
    ),
  );
  return g;
}

function slot(name: string, x: number, y: number, w: number, h: number, text: string): SVGGElement {
  const g = place(name, x, y, w, h, `deploy: ${text}`);
  g.setAttribute("class", "tcg-slot");
  g.append(
    el(
      "text",
      { x: x + w / 2, y: y + h / 2 + 4, "text-anchor": "middle", "font-size": 10, fill: "#555" },
      text,
    ),
  );
  return g;
}

export const conspiracyTcg: GameDrawer = {
  moveWords: tcgMoveWords,
  board(obs: Observation, ctx: DrawContext) {
    const seats: SeatObs[] = obs.seats ?? [];
    const n = seats.length;
    const name = (s: number) => ctx.seatNames[s] ?? `seat ${s}`;
    // Marks on field cards: master plans, bombs, the attack under way.
    const notes = new Map<number, string[]>();
    const note = (a: number, s: string) => notes.set(a, [...(notes.get(a) ?? []), s]);
    (obs.master_plans ?? []).forEach((h: number | null, k: number) => {
      if (h !== null && h !== undefined) note(h, `plan: ${PLAN_NAMES[k]}`);
    });
    for (const [p, q] of obs.bombs ?? []) {
      note(p, `bomb with @${q}`);
      note(q, `bomb with @${p}`);
    }
    const dying = new Set<number>(obs.attack?.would_die ?? []);
    if (obs.attack?.attacker !== null && obs.attack?.attacker !== undefined)
      note(obs.attack.attacker, "attacking");
    if (obs.doomed !== null && obs.doomed !== undefined) {
      note(obs.doomed, "dies at end of turn");
      dying.add(obs.doomed);
    }
    for (const a of dying) note(a, "would die");

    // Columns per row: four on a wide screen, two on a phone; more columns wrap to the next row,
    // so seven field columns keep the cards as readable as three.
    const narrow = typeof window !== "undefined" && window.innerWidth < 640;
    const perRow = narrow ? 2 : 4;
    const width = LEFT * 2 + perRow * (CW + GAP);
    const chars = Math.floor((width - 40) / 7); // what a line of 11–13 px text holds
    const parts: SVGElement[] = [];
    let y = 8;

    // Attack modes, master plans, bombs.
    const modes: string[] = obs.modes ?? [];
    parts.push(el("text", { x: LEFT, y: y + 16, "font-size": 14, "font-weight": 700 }, "Attack modes:"));
    for (let i = 0; i < 2; i++) {
      const x = LEFT + 114 + i * 122;
      const g = el("g", { class: "tcg-mode", "aria-label": `attack mode ${i + 1}: ${modes[i] ?? "none"}` });
      g.append(
        el("rect", {
          x,
          y,
          width: 114,
          height: 24,
          rx: 12,
          fill: modes[i] ? "#fff" : "none",
          stroke: "#333",
          "stroke-dasharray": modes[i] ? undefined : "4 3",
        }),
      );
      g.append(
        el(
          "text",
          { x: x + 57, y: y + 17, "text-anchor": "middle", "font-size": 13, "font-weight": 700 },
          modes[i] ?? "— none —",
        ),
      );
      parts.push(g);
    }
    parts.push(
      el(
        "text",
        { x: LEFT, y: y + 40, "font-size": 11 },
        modes.length === 2 ? "two modes active: attacks possible" : "attacks need two active modes",
      ),
    );
    y += 50;
    if (obs.phase === "old-school" && obs.proposed) {
      parts.push(
        el(
          "text",
          { x: LEFT, y: y + 10, "font-size": 11, "font-weight": 700 },
          `Proposed modes (Old School may prevent them): ${(obs.proposed as string[]).join(", ") || "none"}`,
        ),
      );
      y += 16;
    }
    const bombs = (obs.bombs ?? []).map(([p, q]: number[]) => `@${p} + @${q}`);
    parts.push(
      el(
        "text",
        { x: LEFT, y: y + 10, "font-size": 11 },
        `Bombs: ${bombs.length ? bombs.join(", ") : "none"}`,
      ),
    );
    y += 18;

    // The viewer's own field last, just above its hand.
    const order = [...Array(n).keys()].filter((s) => s !== ctx.viewer);
    if (ctx.viewer >= 0 && ctx.viewer < n) order.push(ctx.viewer);
    for (const s of order) {
      const st = seats[s];
      const own = s === ctx.viewer;
      // Another seat's area folds to its header strip (on a phone a player's page starts with it
      // folded while the game goes on), unless a legal move of the viewer names one of its cards.
      const cards = [...st.field.flat(), ...st.hand, ...st.pile_known.map(([, a]) => a)];
      const live = !own && cards.some((a) => a !== null && ctx.live?.has(`@${a}`));
      // Only where the page can fold (the match page and the replay pass `folds`; how to play does not).
      const foldable = !!ctx.folds && !own && !live && (st.field.length > 0 || st.hand.length > 0);
      // A spectator came to watch every seat: nothing starts folded for it, unless the page says so
      // (the replay on a phone, whose every seat would otherwise make it thousands of px tall).
      const folded =
        foldable &&
        (ctx.folds?.get(`seat-${s}`) ??
          ctx.foldByDefault ??
          (!!ctx.narrow && !obs.terminal && ctx.viewer >= 0));
      // The header strip is the place `seat N` (an attack's target).
      parts.push(el("rect", { x: LEFT - 4, y, width: width - 2 * LEFT + 8, height: HEAD, fill: "#f1ead9" }));
      const head = place(`seat ${s}`, LEFT - 4, y, width - 2 * LEFT + 8, HEAD, `seat ${s}: ${name(s)}`);
      head.append(seatShape(s, LEFT + 8, y + 13, 7));
      const hidden = st.hand.filter((c) => c === null).length;
      head.append(
        el(
          "text",
          { x: LEFT + 22, y: y + 17, "font-size": 13, "font-weight": 700 },
          fit(
            `${name(s)}${own ? " (you)" : ""}${obs.turn_of === s && !obs.terminal ? " ◀ turn" : ""}`,
            foldable ? chars - 8 : chars,
          ),
        ),
      );
      head.append(
        el(
          "text",
          { x: LEFT + 22, y: y + 33, "font-size": 11 },
          fit(
            `${st.deck}${st.out ? " — ELIMINATED" : ""} · ${folded ? `field ${st.field.flat().length} · ` : ""}` +
              `hand ${st.hand.length}/${st.hand_size}${st.hand_open ? " (face up)" : ""} · pile ${st.pile_count}`,
            foldable ? chars - 8 : chars,
          ),
        ),
      );
      parts.push(head);
      if (foldable) parts.push(foldButton(`seat-${s}`, width - LEFT - 52, y, folded, name(s)));
      y += HEAD + 6;
      if (folded) continue;
      // Columns side by side, `perRow` to a row (two on a phone), each with its deploy slots.
      const slots = own ? st.field.length + (st.field.length < 8 ? 1 : 0) : st.field.length;
      for (let first = 0; first < Math.max(slots, 1); first += perRow) {
        const cols = st.field.slice(first, first + perRow);
        const depth = Math.max(1, ...cols.map((c) => c.length));
        const top = own ? y + SLOT : y;
        cols.forEach((col, k) => {
          const c = first + k;
          const x = LEFT + k * (CW + GAP);
          parts.push(
            el(
              "text",
              { x: x + 2, y: top - (own ? SLOT + 2 : 2), "font-size": 10, "font-weight": 700 },
              `c${c + 1}`,
            ),
          );
          if (own && !st.out) {
            // The front slot takes the middle of the column's width; between two columns of a row
            // lies the Security Perimeter slot (`span cN`: in front of cN and cN+1 at once).
            parts.push(slot(`front c${c + 1}`, x + CW * 0.25, y, CW * 0.5, SLOT - 4, `front of c${c + 1}`));
            if (k + 1 < cols.length)
              parts.push(
                slot(`span c${c + 1}`, x + CW * 0.78, y, CW * 0.44 + GAP, SLOT - 4, `c${c + 1}+c${c + 2}`),
              );
            // The row's last column and the next row's first: the slot sits at this column's end.
            else if (c + 1 < st.field.length)
              parts.push(
                slot(`span c${c + 1}`, x + CW * 0.78, y, CW * 0.22 + GAP, SLOT - 4, `c${c + 1}+c${c + 2}`),
              );
          }
          col.forEach((a, d) => {
            const position =
              col.length === 1
                ? "front & rear"
                : d === 0
                  ? "front (exposed)"
                  : d === col.length - 1
                    ? "rear (may attack)"
                    : "middle";
            parts.push(
              businessCard(obs, a, x, top + d * STEP, {
                position,
                notes: notes.get(a) ?? [],
                danger: dying.has(a),
              }),
            );
          });
          if (own && !st.out)
            parts.push(slot(`back c${c + 1}`, x, top + col.length * STEP, CW, SLOT - 4, `behind c${c + 1}`));
        });
        const newAt = st.field.length - first;
        // An eliminated seat deploys nothing: no slots, no new column.
        if (own && !st.out && st.field.length < 8 && newAt >= 0 && newAt < perRow) {
          const x = LEFT + newAt * (CW + GAP);
          const g = slot("new", x, top, CW, CH, "new column");
          g.prepend(
            el("rect", {
              x: x + 1,
              y: top + 1,
              width: CW - 2,
              height: CH - 2,
              rx: 4,
              fill: "none",
              stroke: "#aaa",
              "stroke-dasharray": "4 4",
            }),
          );
          parts.push(g);
        }
        if (st.field.length === 0 && !own)
          parts.push(el("text", { x: LEFT, y: top + 20, "font-size": 11 }, "no field agents"));
        y = top + (st.field.length || own ? depth * STEP : 30) + (own ? SLOT : 0) + 4;
      }
      // What this viewer knows of another seat's hand (Hacking, Disguise) and pile (Scrying).
      if (!own) {
        // Once the match is over the record is public: the hand as its seat saw it, face up.
        const end: Observation | undefined = ctx.revealed?.[s];
        const endHand: (number | null)[] | undefined = end?.seats?.[s]?.hand;
        const shown = endHand && !endHand.includes(null) ? (endHand as number[]) : null;
        const known = shown ?? st.hand.filter((c): c is number => c !== null);
        const hiddenNow = shown ? 0 : hidden;
        if (st.hand.length) {
          parts.push(
            el(
              "text",
              { x: LEFT, y: y + 10, "font-size": 11, class: shown ? "hand-revealed" : "hand-known" },
              shown
                ? `Hand: ${known.length}, face up now that the record is public`
                : `Hand: ${known.length} known to you${hidden ? `, ${hidden} hidden` : ""}`,
            ),
          );
          y += 16;
          let x = LEFT;
          const inRow = Math.max(1, Math.floor((width - 2 * LEFT + GAP) / (CW + GAP)));
          known.forEach((a, i) => {
            if (i && i % inRow === 0) {
              x = LEFT;
              y += CH + GAP;
            }
            parts.push(businessCard(shown ? end : obs, a, x, y, { position: "in hand", notes: [] }));
            x += CW + GAP;
          });
          for (let i = 0; i < Math.min(hiddenNow, 9); i++) parts.push(cardBack(x + i * 24, y + 4, 40, 56));
          y += known.length ? CH + 8 : 66;
        }
      }
      if (st.pile_known.length) {
        parts.push(
          el(
            "text",
            { x: LEFT, y: y + 10, "font-size": 11 },
            `Cards you know in this seat's pile (1 = top):`,
          ),
        );
        y += 16;
        st.pile_known.forEach(([i, a], k) => {
          parts.push(
            businessCard(obs, a, LEFT + k * (CW + GAP), y, { position: `pile #${i + 1}`, notes: [] }),
          );
        });
        y += CH + 8;
      }
      y += 6;
    }

    // The viewer's hand: only its own (the observation names no other hand's cards).
    if (ctx.viewer >= 0 && ctx.viewer < n) {
      const hand = seats[ctx.viewer].hand;
      parts.push(el("text", { x: LEFT, y: y + 14, "font-size": 13, "font-weight": 700 }, "Your hand"));
      y += 20;
      hand.forEach((a, i) => {
        const x = LEFT + (i % perRow) * (CW + GAP);
        const yy = y + Math.floor(i / perRow) * (CH + GAP);
        parts.push(
          a === null
            ? cardBack(x, yy, CW, CH)
            : businessCard(obs, a, x, yy, { position: "in hand", notes: [] }),
        );
      });
      y += Math.ceil(hand.length / perRow) * (CH + GAP) + (hand.length ? 0 : 16);
    }

    // The discard pile, newest last (the last eight), wrapped to the board's width.
    const discarded: number[] = obs.discarded ?? [];
    const lines = [`Discard pile (${discarded.length}):`];
    for (const a of discarded.slice(-8)) {
      const item = ` @${a} ${faceOf(obs, a)?.name ?? ""} ·`;
      if (lines[lines.length - 1].length + item.length > chars * 1.2) lines.push(item.trimStart());
      else lines[lines.length - 1] += item;
    }
    for (const line of lines) {
      parts.push(el("text", { x: LEFT, y: y + 14, "font-size": 11 }, line.replace(/ ·$/, "")));
      y += 16;
    }
    y += 8;
    const svg = svgRoot(0, 0, width, y, "Conspiracy TCG board");
    // A tall board: it takes the full width (the page scrolls) so the cards stay readable.
    svg.classList.add("tall");
    svg.append(...parts);
    return svg;
  },

  status(obs: Observation, ctx: DrawContext) {
    const name = (s: number) => ctx.seatNames[s] ?? `seat ${s}`;
    if (obs.terminal) {
      if (obs.winner !== null && obs.winner !== undefined)
        return `Game over: ${name(obs.winner)} rules the world.`;
      return obs.stopped_by_ply_cap ? "Game over: stopped by the ply cap, a draw." : "Game over.";
    }
    const who = obs.to_move === null || obs.to_move === undefined ? "" : name(obs.to_move);
    const modes: string[] = obs.modes ?? [];
    let s = `Turn of ${name(obs.turn_of)}. Attack modes: ${modes.length ? modes.join(" and ") : "none"}.`;
    switch (obs.phase) {
      case "old-school":
        s += ` ${who} may discard an Old School agent to prevent the change to ${(obs.proposed ?? []).join(" and ") || "no modes"}, or allow it.`;
        break;
      case "arranging":
        s += ` ${who} arranges the cards seen at the top of seat ${obs.scry?.[0]}'s pile.`;
        break;
      case "emergency":
        s += ` ${who} has no field agent and must place one from the hand.`;
        break;
      case "attack-reaction":
        s += ` Attack: ${(obs.attack?.would_die ?? []).map((a: number) => "@" + a).join(", ") || "nobody"} would die; ${who} may react (Crash Clinic, Disguise) or allow.`;
        break;
      default:
        s += ` ${who} to act: deploy, attack or a pro move.`;
    }
    return s;
  },

  privateInfo(obs: Observation, ctx: DrawContext) {
    if (ctx.viewer < 0) return null;
    const seats: SeatObs[] = obs.seats ?? [];
    const me = seats[ctx.viewer];
    if (!me) return null;
    const div = document.createElement("div");
    const h3 = document.createElement("h3");
    h3.textContent = `Your hand (${me.hand.length} of ${me.hand_size}${me.hand_open ? ", face up to everyone" : ""})`;
    const ul = document.createElement("ul");
    ul.className = "tcg-hand";
    for (const a of me.hand) {
      const li = document.createElement("li");
      li.textContent = a === null ? "a card you cannot see" : cardText(a, faceOf(obs, a));
      ul.append(li);
    }
    div.append(h3, ul);
    // Cards of other seats this viewer has seen (Hacking, Scrying, All-Seeing Eye).
    const seen: string[] = [];
    seats.forEach((st, s) => {
      if (s === ctx.viewer) return;
      for (const a of st.hand) if (a !== null) seen.push(`${ctx.seatNames[s] ?? "seat " + s}'s hand: @${a}`);
      for (const [i, a] of st.pile_known)
        seen.push(`${ctx.seatNames[s] ?? "seat " + s}'s pile #${i + 1}: @${a}`);
    });
    for (const [i, a] of me.pile_known) seen.push(`your pile #${i + 1}: @${a}`);
    if (seen.length) {
      const p = document.createElement("p");
      p.textContent = `Cards you have seen: ${seen.join("; ")}`;
      div.append(p);
    }
    return div;
  },

  seatRole(obs: Observation, seat: number) {
    return obs.seats?.[seat]?.deck;
  },
};
