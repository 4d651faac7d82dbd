// The drawing of each game, by game id. A game's own drawing adds its file and one line here; a
// game without one is drawn by the generic drawing (generic.ts).
import { conspiracy } from "./conspiracy";
import { conspiracyTcg } from "./conspiracy-tcg";
import { cultureWars } from "./culture-wars";
import { generic } from "./generic";
import { relativity } from "./relativity";
import { siege } from "./siege";
import type { GameDrawer } from "./types";

export const DRAWERS: Record<string, GameDrawer> = {
  relativity,
  siege,
  conspiracy,
  "culture-wars": cultureWars,
  "conspiracy-tcg": conspiracyTcg,
};

/** The drawing of game `id`: its own, else the generic one. */
export function drawerFor(id: string): GameDrawer {
  return DRAWERS[id] ?? generic;
}
