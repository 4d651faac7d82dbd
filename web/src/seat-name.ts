// A seat's personal name on the match page (docs/server.md, Seat names): a box for a page that
// holds a seat, showing the seat's name, or, while it has none, the name this browser last gave
// (kept in this browser alone). The server cleans and judges every name; a refusal comes back as
// a reject and is said on the page.
import { h } from "./dom";

/** The server's cap on a name, in bytes as UTF-8. */
export const NAME_MAX_BYTES = 40;

const key = "tabletop.player-name";

/** The name this browser last gave a seat ("" when none). */
export function rememberedName(storage: Storage = localStorage): string {
  return storage.getItem(key) ?? "";
}

export function rememberName(name: string, storage: Storage = localStorage): void {
  if (name.trim()) storage.setItem(key, name.trim());
  else storage.removeItem(key);
}

/** Whether `name` is within the server's cap. */
export function nameFits(name: string): boolean {
  return new TextEncoder().encode(name).length <= NAME_MAX_BYTES;
}

/** What the box shows for a seat named `player` (undefined: none), and its button's word. */
export function nameBox(player: string | undefined, remembered: string): { value: string; button: string } {
  return player ? { value: player, button: "Rename" } : { value: remembered, button: "Set name" };
}

/** The form: `send` gives the seat the name (false: not connected), `say` tells the person why not. */
export class NameForm {
  readonly el: HTMLFormElement;
  private readonly input: HTMLInputElement;
  private readonly button: HTMLButtonElement;
  private player: string | undefined | null = null; // null: no state seen yet

  constructor(send: (name: string) => boolean, say: (text: string) => void) {
    this.input = h("input", {
      type: "text",
      name: "player",
      autocomplete: "nickname",
      maxlength: NAME_MAX_BYTES,
      placeholder: "your name (optional)",
      "aria-label": "your name, shown to the table",
    });
    this.button = h("button", { type: "submit" }, "Set name");
    this.el = h("form", { class: "seat-name" }, h("label", {}, "Your name ", this.input), this.button);
    this.el.addEventListener("submit", (ev) => {
      ev.preventDefault();
      const name = this.input.value.trim();
      if (!nameFits(name)) {
        say(`A name holds at most ${NAME_MAX_BYTES} bytes.`);
        return;
      }
      if (send(name)) rememberName(name);
      else say("Not connected: the name was not sent.");
    });
  }

  /** The seat's name as the latest state says; the box follows it unless the person is typing. */
  update(player: string | undefined): void {
    if (player === this.player) return;
    this.player = player;
    const box = nameBox(player, rememberedName());
    this.button.textContent = box.button;
    if (document.activeElement !== this.input) this.input.value = box.value;
  }
}
