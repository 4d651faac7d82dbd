import type { GameWords } from "./types";

export const conspiracy: GameWords = {
  summary:
    "Secret conspiracies push piecepack tiles through time; show your hidden suit and number in the Present row to win.",
  params: {
    players: {
      label: "Players",
      meaning: "4 is the rulebook's count; 3 and 5 are variants the author invites",
    },
    progress_markers: {
      label: "Progress marker",
      meaning: "a win needs one of your goal's marks made on an earlier turn; untick to win without it",
    },
    spiral_any_number: {
      label: "Wild spiral counts as any number",
      meaning: "a wild spiral pointing at a coin to reveal counts as any number at all, not only 0 to 5",
    },
    max_rounds: {
      label: "Round limit",
      meaning:
        "not a rule: 0 plays on until somebody wins; a number ends the game with no winner after that round",
    },
  },
};
