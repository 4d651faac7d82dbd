// What the lobby says about a game in plain words: a one-line summary, and for each parameter the
// server lists (GET /api/games, each game's ParamSpec) a label, a one-line meaning and, where the
// value is one of a few, the choices. The server's own descriptions speak the engine's language
// (names of other parameters, "false: …", ruling numbers); these are for players. words.test.ts
// checks every parameter of every game in the served catalog (catalog.fixture.json) has its words.

/** One value a parameter may take, as the lobby offers it. */
export interface Choice {
  value: string | number;
  label: string;
}

export interface ParamWords {
  /** The name shown beside the input ("Straight moves only"). */
  label: string;
  /** One line under it: what choosing it changes. */
  meaning: string;
  /**
   * A text parameter's default in words ("Philadelphia"), shown in its empty box instead of the
   * server's spelling of it; an empty box sends nothing, so the server's default applies.
   */
  default?: string;
  /** The values a select offers, when the parameter takes one of a few. */
  choices?: Choice[];
}

export interface GameWords {
  /** One line: what the game is, for someone who has never played it. */
  summary: string;
  params: Record<string, ParamWords>;
}
