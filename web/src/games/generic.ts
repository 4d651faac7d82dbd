// The drawing of a game that has no drawing of its own yet: every place some legal move names, as
// a labelled button in a grid (so the generic move picker can take clicks), and the observation's
// top-level fields as text. A game reads properly once it adds its own file (types.ts); until
// then it is playable from the lobby as it is from the terminal.
import { el, place, svgRoot } from "../svg";
import type { DrawContext, GameDrawer, Observation } from "./types";

const COLUMNS = 6;
const CELL_W = 90;
const CELL_H = 36;
const LINE_H = 16;

/** A field's value in one short line. */
function shown(value: unknown): string {
  const text = typeof value === "string" ? value : JSON.stringify(value);
  return text.length > 80 ? `${text.slice(0, 77)}…` : text;
}

export const generic: GameDrawer = {
  board(obs: Observation, ctx: DrawContext): SVGSVGElement {
    const places = [...(ctx.live ?? [])].sort();
    const fields = obs && typeof obs === "object" ? Object.entries(obs as Record<string, unknown>) : [];
    const rows = Math.ceil(places.length / COLUMNS);
    const width = COLUMNS * CELL_W;
    const height = rows * CELL_H + fields.length * LINE_H + 8;
    const svg = svgRoot(0, 0, width, Math.max(height, CELL_H), "the game's state");
    places.forEach((name, i) => {
      const x = (i % COLUMNS) * CELL_W;
      const y = Math.floor(i / COLUMNS) * CELL_H;
      const g = place(name, x + 2, y + 2, CELL_W - 4, CELL_H - 4);
      g.append(
        el("rect", {
          x: x + 2,
          y: y + 2,
          width: CELL_W - 4,
          height: CELL_H - 4,
          rx: 4,
          fill: "none",
          stroke: "#888",
        }),
        el(
          "text",
          { x: x + CELL_W / 2, y: y + CELL_H / 2 + 4, "text-anchor": "middle", "font-size": 12 },
          name,
        ),
      );
      svg.append(g);
    });
    fields.forEach(([key, value], i) => {
      const y = rows * CELL_H + (i + 1) * LINE_H;
      svg.append(el("text", { x: 4, y, "font-size": 12 }, `${key}: ${shown(value)}`));
    });
    return svg;
  },
  status(obs: Observation): string {
    const toMove = obs && typeof obs === "object" ? (obs as { to_move?: unknown }).to_move : undefined;
    return typeof toMove === "number" ? `Seat ${toMove + 1} to move` : "";
  },
};
