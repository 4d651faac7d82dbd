import type { GameWords } from "./types";

export const siege: GameWords = {
  summary:
    "Two to four kingdoms roll dice to march hidden armies; walk your Commander onto an enemy's home base to win.",
  params: {
    players: {
      label: "Players",
      meaning: "2 play NE and SW; 3 play NE, SE and SW; 4 take every corner",
    },
    straight_moves: {
      label: "Straight moves only",
      meaning: "each die moves its piece in one straight line, never turning on the way",
    },
    max_plies: {
      label: "Move limit",
      meaning: "not a rule: after this many moves the game ends with no winner",
    },
  },
};
