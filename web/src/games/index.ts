// The drawing of each game, by game id. A new game adds its file and one line here.
import { conspiracy } from "./conspiracy";
import { conspiracyTcg } from "./conspiracy-tcg";
import { cultureWars } from "./culture-wars";
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
