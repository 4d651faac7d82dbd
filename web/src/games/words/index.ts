// The plain words of each game, by game id (types.ts). A game without a file here reads with the
// server's words: its parameters' names and descriptions (paramWords), no summary.
import { conspiracy } from "./conspiracy";
import { conspiracyTcg } from "./conspiracy-tcg";
import { cultureWars } from "./culture-wars";
import { relativity } from "./relativity";
import { siege } from "./siege";
import type { GameWords, ParamWords } from "./types";

export type { Choice, GameWords, ParamWords } from "./types";

export const GAME_WORDS: Record<string, GameWords> = {
  relativity,
  conspiracy,
  siege,
  "culture-wars": cultureWars,
  "conspiracy-tcg": conspiracyTcg,
};

/**
 * A parameter's words; for one this client does not know yet (a server newer than the client),
 * words made from its name and the server's description, so the page still reads.
 */
export function paramWords(game: string, name: string, description: string): ParamWords {
  const known = GAME_WORDS[game]?.params[name];
  if (known) return known;
  const label = name.replace(/_/g, " ");
  return { label: label.charAt(0).toUpperCase() + label.slice(1), meaning: description };
}
