// The lobby's inputs for a game's parameters (GET /api/games' `params`), in plain words
// (games/words): the player count first, the rule choices under "Variants", the engine's settings
// folded under "Advanced". A parameter with a few possible values is a select; each input carries
// its parameter's name (readParams reads them back), and its label and one-line meaning are the
// game's words, never the name.
import type { GameInfo, ParamSpec } from "./api";
import { h } from "./dom";
import { GAME_WORDS, paramWords } from "./games/words";

function paramInput(game: string, p: ParamSpec): HTMLElement {
  const id = `param-${p.name}`;
  const words = paramWords(game, p.name, p.description);
  const common = { id, name: p.name, "data-type": p.type, "aria-describedby": `${id}-desc` };
  let input: HTMLInputElement | HTMLSelectElement;
  if (words.choices) {
    input = h(
      "select",
      common,
      ...words.choices.map((c) => h("option", { value: String(c.value) }, c.label)),
    );
    input.value = String(p.default ?? "");
  } else if (p.type === "bool") {
    input = h("input", { ...common, type: "checkbox" });
    input.checked = p.default === true || p.default === "true";
  } else if (p.type === "int") {
    input = h("input", {
      ...common,
      type: "number",
      min: p.min,
      // What the server takes from a request (the command line's range is wider).
      max: p.network_max ?? p.max,
      value: String(p.default ?? ""),
      // Nothing to choose (Relativity's 2 players): shown, not editable.
      readonly: p.min !== undefined && p.min === p.max,
    });
  } else if (words.default) {
    input = h("input", {
      ...common,
      type: "text",
      maxlength: p.max_length,
      value: "",
      placeholder: `${words.default} (the default)`,
    });
  } else {
    input = h("input", {
      ...common,
      type: "text",
      maxlength: p.max_length,
      value: String(p.default ?? ""),
      placeholder: "default",
    });
  }
  return h(
    "div",
    { class: "param" },
    h("label", { for: id }, words.label),
    input,
    h("small", { id: `${id}-desc` }, words.meaning),
  );
}

/** The one-line summary of a game, from its words (empty for a game this client does not know). */
export function gameSummary(g: GameInfo): string {
  return GAME_WORDS[g.id]?.summary ?? "";
}

/** The inputs of `g`'s parameters: players, then "Variants", then "Advanced" (folded). */
export function paramInputs(g: GameInfo): HTMLElement[] {
  const players = g.params.filter((p) => p.kind === "players");
  const variants = g.params.filter((p) => p.kind === "variant");
  const engine = g.params.filter((p) => p.kind !== "players" && p.kind !== "variant");
  return [
    ...players.map((p) => paramInput(g.id, p)),
    ...(variants.length
      ? [
          h(
            "fieldset",
            { class: "variants" },
            h("legend", {}, "Variants"),
            h("p", { class: "hint" }, "Optional rules and readings; the defaults play the rules as written."),
            ...variants.map((p) => paramInput(g.id, p)),
          ),
        ]
      : []),
    ...(engine.length
      ? [
          h(
            "details",
            { class: "advanced" },
            h("summary", {}, "Advanced"),
            h("p", { class: "hint" }, "Settings of the program, not of the game's rules."),
            ...engine.map((p) => paramInput(g.id, p)),
          ),
        ]
      : []),
  ];
}

/** The parameters the inputs in `form` set away from their defaults. */
export function readParams(form: HTMLElement, game: GameInfo): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const p of game.params) {
    const input = form.querySelector<HTMLInputElement | HTMLSelectElement>(`[name="${p.name}"]`);
    if (!input) continue;
    if (p.type === "bool") {
      const checked = (input as HTMLInputElement).checked;
      if (checked !== (p.default === true || p.default === "true")) out[p.name] = checked;
    } else if (p.type === "int") {
      if (input.value !== "" && Number(input.value) !== Number(p.default)) out[p.name] = Number(input.value);
    } else if (input.value !== "" && input.value !== String(p.default ?? "")) out[p.name] = input.value;
  }
  return out;
}
