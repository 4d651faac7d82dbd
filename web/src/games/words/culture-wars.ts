import type { GameWords } from "./types";

export const cultureWars: GameWords = {
  summary:
    "Two to four cultures grow, migrate and clash over a map of tiles; hold enough settlements for a full round to win.",
  params: {
    players: { label: "Players", meaning: "two to four cultures" },
    tech_advantage: {
      label: "Technological Advantage",
      meaning: "the optional rule: in a conflict, the player with fewer settlements removes tokens first",
    },
    handicap_seat: {
      label: "Handicap",
      meaning: "a less experienced player places a third population token in setup (the rules' handicap)",
      choices: [
        { value: -1, label: "none" },
        { value: 0, label: "seat 0 places a third token" },
        { value: 1, label: "seat 1 places a third token" },
        { value: 2, label: "seat 2 places a third token" },
        { value: 3, label: "seat 3 places a third token" },
      ],
    },
    conflict_stops_at_one_seat: {
      label: "Conflict ends with one culture left",
      meaning:
        "removing tokens in a conflict stops once one player is left on the square; the survivor's other tokens then go on against settlements",
    },
    tech_inferior_loses_all_first: {
      label: "Weaker side loses all first",
      meaning:
        "with Technological Advantage, the player with fewer settlements loses every token before the other loses any",
    },
    setup_tiles_move_again: {
      label: "Setup tiles may move again",
      meaning: "in a two-culture game, a tile already moved in setup may be moved again, or back",
    },
    setup_tiles_move_once: {
      label: "Setup tiles move once",
      meaning: "in a three- or four-culture game too, a tile moved in setup may not be moved again",
    },
    tokens_restart_reverse_order: {
      label: "Tokens placed in reverse order",
      meaning: "placing population tokens starts again from the last player instead of going on in turn",
    },
    max_rounds: {
      label: "Round limit",
      meaning: "not a rule: after this many rounds the game ends with no winner",
    },
  },
};
