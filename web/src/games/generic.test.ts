import { describe, expect, it } from "vitest";
import { DRAWERS, drawerFor } from "./index";
import { generic } from "./generic";

// A game without a drawing of its own is drawn generically: every place a legal move names is a
// clickable place, and the observation's fields are shown as text.
describe("the generic drawing", () => {
  it("is what a game without its own drawing gets, and no drawn game gets it", () => {
    expect(drawerFor("a-new-game")).toBe(generic);
    for (const id of Object.keys(DRAWERS)) expect(drawerFor(id)).toBe(DRAWERS[id]);
  });
  it("draws every live place as a place the picker can click, and the fields as text", () => {
    const svg = generic.board(
      { to_move: 1, heap: [3, 4], note: "x" },
      { viewer: 0, seatNames: ["a", "b"], live: new Set(["h1", "h0"]) },
    );
    const places = [...svg.querySelectorAll("[data-place]")].map((e) => e.getAttribute("data-place"));
    expect(places).toEqual(["h0", "h1"]);
    expect(svg.textContent).toContain("heap: [3,4]");
    expect(svg.textContent).toContain("note: x");
    expect(generic.status({ to_move: 1 }, { viewer: 0, seatNames: [] })).toBe("Seat 2 to move");
    expect(generic.status({}, { viewer: 0, seatNames: [] })).toBe("");
  });
});
