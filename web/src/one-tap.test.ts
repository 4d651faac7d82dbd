import { describe, expect, it } from "vitest";
import { asksFirst } from "./one-tap";
import { MovePicker, type LegalMove } from "./picker";

const surge = (undoable?: boolean): LegalMove => ({
  move: "surge @24 none>AGENCY",
  places: ["@24"],
  steps: [1],
  ...(undoable === undefined ? {} : { undoable }),
});

describe("asksFirst", () => {
  it("asks about a one-tap move undo could not take back, and sends one it could at once", () => {
    expect(asksFirst(surge(false), 0, false)).toBe(true);
    expect(asksFirst(surge(true), 0, false)).toBe(false);
  });

  it("asks when the server did not say (an older server): it could not be taken back", () => {
    expect(asksFirst(surge(), 0, false)).toBe(true);
  });

  it("sends a move chosen by a second click as it is, undoable or not", () => {
    expect(asksFirst(surge(false), 1, false)).toBe(false);
    expect(asksFirst(surge(true), 2, false)).toBe(false);
  });

  it("always asks about a move the game draws a preview of", () => {
    for (const undoable of [true, false])
      for (const clicks of [0, 1]) expect(asksFirst(surge(undoable), clicks, true)).toBe(true);
  });

  it("follows the picker: the one tap that chooses a move is asked about only when it cannot be undone", () => {
    const legal: LegalMove[] = [
      { move: "surge @24 none>AGENCY", places: ["@24"], steps: [1], undoable: true },
      { move: "deploy @9 new", places: ["@9", "new"], steps: [1, 1], undoable: false },
      { move: "deploy @9 front c1", places: ["@9", "front c1"], steps: [1, 1], undoable: false },
      { move: "pro rolling @5 none>000", places: ["@5"], steps: [1], undoable: false },
    ];
    const ask = (clicks: string[]) => {
      const picker = new MovePicker(legal);
      let asked: boolean | null = null;
      clicks.forEach((place, i) => {
        const r = picker.click(place);
        if (r.kind === "chosen") asked = asksFirst(r.move, i, false);
      });
      return asked;
    };
    expect(ask(["@24"])).toBe(false);
    expect(ask(["@5"])).toBe(true);
    expect(ask(["@9", "new"])).toBe(false);
    expect(ask(["@9"])).toBe(null);
  });
});
