import type { GameWords } from "./types";

export const relativity: GameWords = {
  summary:
    "Two players, Space and Time, swap coins on a 4×6 board to join four coins of one number into a molecule.",
  params: {
    players: { label: "Players", meaning: "always two: Space and Time, swapping roles in the second round" },
    coins: {
      label: "First-round deal",
      meaning: "a fixed deal of the coins, top row first (as the notation writes it); empty deals at random",
    },
    coins2: {
      label: "Second-round deal",
      meaning: "the same for the second round; empty deals at random",
    },
    max_plies: {
      label: "Move limit",
      meaning: "not a rule: after this many moves the game is scored as it stands",
    },
  },
};
