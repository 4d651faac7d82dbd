import type { GameWords } from "./types";

export const conspiracyTcg: GameWords = {
  summary:
    "Every business card is a secret agent: attack by comparing names, numbers and places; the last player with agents wins.",
  params: {
    players: { label: "Players", meaning: "two to six, each with a deck of business cards" },
    venue: {
      label: "Where you play",
      meaning: "the place NEAR and FAR measure from: a city (Paris, FR) or latitude,longitude",
      default: "Philadelphia",
    },
    perimeter_in_both_columns: {
      label: "Security Perimeter guards both columns",
      meaning: "a Security Perimeter agent stands in both columns it defends; untick for its own column only",
    },
    library_order: {
      label: "Alphabetical order",
      meaning: "how names are filed for the AAA and ZZZ attacks",
      choices: [
        { value: "word-by-word", label: "word by word: “de la Cruz” before “Dean” (library rules)" },
        { value: "letter-by-letter", label: "letter by letter, spaces ignored: “de la Cruz” after “Dean”" },
      ],
    },
    brainwashing_defuses_bombs: {
      label: "Brainwashing defuses bombs",
      meaning:
        "a bombed agent captured by Brainwashing loses its bomb; unticked, the bomb stays, as the card text says",
    },
    dead_position_shared: {
      label: "Survivors share a dead end",
      meaning:
        "when no one can ever be the last standing, everyone still in shares the win; unticked, a draw",
    },
    max_plies: {
      label: "Move limit",
      meaning: "not a rule: after this many moves the game ends as a draw",
    },
  },
};
