// Routes: "/" the lobby, "/match/{id}" a match (join links carry the token in the fragment),
// "/replay/{id}" the replay of a finished match, "/rules/{game}" how to play, "/decks[/{id}]" the
// card game's own decks.
import "./style.css";
import { showDecks } from "./deck-page";
import { showLobby } from "./lobby";
import { showMatch } from "./match";
import { showReplay } from "./replay";
import { showRules } from "./rules";

const root = document.getElementById("app")!;
const path = location.pathname;
const match = path.match(/^\/match\/([0-9a-f]+)/);
const replay = path.match(/^\/replay\/([0-9a-f]+)/);
const rules = path.match(/^\/rules(?:\/([a-z0-9-]+))?\/?$/);
const decks = path.match(/^\/decks(?:\/([0-9a-f]+))?\/?$/);
const fail = (e: unknown) => {
  root.textContent = `Something went wrong: ${(e as Error).message}`;
};
if (match) showMatch(root, match[1]).catch(fail);
else if (replay) showReplay(root, replay[1]).catch(fail);
else if (rules) showRules(root, rules[1]).catch(fail);
else if (decks) showDecks(root, decks[1]).catch(fail);
else showLobby(root).catch(fail);
