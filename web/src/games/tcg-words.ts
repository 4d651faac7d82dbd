// The card game's moves in the rulebook's words ("Use Legal Maneuvering with Ann Lee: change the
// FAR attack mode to AAA"), from the notation of conspiracy_tcg.h and the card faces the viewer can
// see; the notation itself stays in the button's tooltip. A move not described here reads as its
// notation.
import type { Observation } from "./types";

const PRO_NAMES: Record<string, string> = {
  rolling: "Getting the Ball Rolling",
  legal: "Legal Maneuvering",
  tabula: "Tabula Recta",
  spysat: "Spy Satellite",
  wiretap: "Wiretap",
  clockwork: "Clockwork (Wo)man",
  paperwork: "Paperwork",
  bomb: "Planting Bombs",
  defuse: "defuse bombs",
  shakeup: "Shakeup",
  takeover: "Hostile Takeover",
  bigcon: "Big Con",
  hack: "Hacking",
  scry: "Scrying",
  eye: "All-Seeing Eye",
  surge: "Shadow Surge",
};

/** "Ann Lee (@17)", or "agent @17" when the viewer cannot see its face. */
function agent(obs: Observation, token: string): string {
  const name = obs?.cards?.[token.slice(1)]?.name;
  return name ? `${name} (${token})` : `agent ${token}`;
}

function place(words: string[]): string {
  const [kind, col] = words;
  const n = (c: string) => c?.replace(/^c/, "");
  if (kind === "new") return "in a new column";
  if (kind === "front") return `at the front of column ${n(col)}`;
  if (kind === "back") return `at the back of column ${n(col)}`;
  if (kind === "behind") return `behind column ${n(col)}`;
  if (kind === "span") return `in front of columns ${n(col)} and ${Number(n(col)) + 1} (Security Perimeter)`;
  return words.join(" ");
}

function modeChange(change: string): string {
  const [from, to] = change.split(">");
  return from === "none" ? `set a new attack mode ${to}` : `change the ${from} attack mode to ${to}`;
}

function seats(list: string, names: string[]): string {
  const who = list.split("+").map((s) => names[Number(s)] ?? `seat ${s}`);
  return who.length > 1 ? `${who.slice(0, -1).join(", ")} and ${who.at(-1)}` : who[0];
}

/** `move` in words, or undefined when it has no description here. */
export function tcgMoveWords(move: string, obs: Observation, names: string[]): string | undefined {
  const w = move.trim().split(/\s+/);
  switch (w[0]) {
    case "deploy": {
      const at = w[2] === "new" ? 3 : 4;
      let s = `Deploy ${agent(obs, w[1])} ${place(w.slice(2, at))}`;
      const extra = w.slice(at);
      if (extra[0] === "plan") s += `, with the Master Plan ${extra[1]}`;
      else if (extra[0] === "legal" || extra[0] === "surge")
        s += `, then ${PRO_NAMES[extra[0]]}: ${modeChange(extra[1])}`;
      else if (extra.length) s += `, then ${PRO_NAMES[extra[0]] ?? extra[0]} ${extra.slice(1).join(" ")}`;
      return s;
    }
    case "attack": {
      let s = `Attack ${seats(w[2], names)} with ${agent(obs, w[1])}`;
      if (w[3] === "ninja")
        s += w[4] === "all" ? " (Ninja Ops, every column)" : ` (Ninja Ops on column ${w[4].slice(1)})`;
      else if (w[3] === "onslaught") s += ` (Onslaught, with ${agent(obs, w[4])})`;
      else if (w[3] === "burglary") s += ` (Burglary, with ${agent(obs, w[4])})`;
      else if (w[3] === "inside") s += ` (Inside Job by ${agent(obs, w[4])})`;
      return s;
    }
    case "pro": {
      const name = PRO_NAMES[w[1]] ?? w[1];
      let s = `Use ${name} with ${agent(obs, w[2])}`;
      const rest = w.slice(3);
      if (rest.length === 1 && rest[0].includes(">")) s += `: ${modeChange(rest[0])}`;
      else if (w[1] === "bomb" || w[1] === "defuse") s += `: ${rest.map((a) => agent(obs, a)).join(", ")}`;
      else if (w[1] === "takeover") s += `: against ${seats(rest[0], names)}`;
      else if (rest.length) s += `: ${rest.join(" ")}`;
      return s;
    }
    case "surge":
      return `Shadow Surge with ${agent(obs, w[1])}: ${modeChange(w[2])}`;
    case "brainwash":
      return w[2]?.startsWith("@")
        ? `Brainwash ${agent(obs, w[1])} with ${agent(obs, w[2])}, ${place(w.slice(3))}`
        : `Brainwash ${agent(obs, w[1])}, ${place(w.slice(2))}`;
    case "put":
      return `Put ${agent(obs, w[1])} ${place(w.slice(2))}`;
    case "replace":
      return `Replace ${agent(obs, w[1])} with ${agent(obs, w[2])}`;
    case "place":
      return `Place ${agent(obs, w[1])} in your field`;
    case "oldschool":
      return `Discard ${agent(obs, w[1])} (Old School) to prevent the change`;
    case "save":
      return `Save ${agent(obs, w[1])} with ${agent(obs, w[2])} (Crash Clinic)`;
    case "disguise":
      return `Switch ${agent(obs, w[1])} with ${agent(obs, w[2])} (Disguise)`;
    case "arrange":
      return `Put the cards back in the order ${w.slice(1).join(" ")}`;
    case "allow":
      return "Allow it";
    case "pass":
      return "Pass";
    case "done":
      return "Done";
    case "end":
      return "End the turn";
    default:
      return undefined;
  }
}
