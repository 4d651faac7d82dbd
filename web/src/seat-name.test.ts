import { beforeEach, describe, expect, it } from "vitest";
import { joinBody } from "./api";
import { seatLabel } from "./dom";
import { matchState } from "./my-matches";
import { NAME_MAX_BYTES, NameForm, nameBox, nameFits, rememberName, rememberedName } from "./seat-name";

describe("a seat's personal name", () => {
  beforeEach(() => localStorage.clear());

  it("follows the seat's label, never replaces it", () => {
    expect(seatLabel(1, "seat 1", "Ana")).toBe("seat 1 · Ana");
    expect(seatLabel(1, "seat 1")).toBe("seat 1");
    expect(seatLabel(2, "Red", "Bo")).toBe("seat 2 · Red · Bo");
    expect(seatLabel(0, "computer (easy)")).toBe("seat 0 · computer (easy)");
  });

  it("counts the cap in bytes as the server does", () => {
    expect(nameFits("x".repeat(NAME_MAX_BYTES))).toBe(true);
    expect(nameFits("x".repeat(NAME_MAX_BYTES + 1))).toBe(false);
    expect(nameFits("é".repeat(21))).toBe(false); // 42 bytes in 21 characters
  });

  it("shows the seat's name, or the one this browser last gave while the seat has none", () => {
    expect(nameBox("Ana", "Bo")).toEqual({ value: "Ana", button: "Rename" });
    expect(nameBox(undefined, "Bo")).toEqual({ value: "Bo", button: "Set name" });
    rememberName("  Bo ");
    expect(rememberedName()).toBe("Bo");
    rememberName("");
    expect(rememberedName()).toBe("");
  });

  it("sends the name typed, refuses one past the cap, and remembers what it sent", () => {
    const sent: string[] = [];
    const said: string[] = [];
    const form = new NameForm(
      (name) => (sent.push(name), true),
      (text) => said.push(text),
    );
    form.update(undefined);
    const input = form.el.querySelector("input")!;
    input.value = " Ana ";
    form.el.dispatchEvent(new Event("submit", { cancelable: true }));
    expect(sent).toEqual(["Ana"]);
    expect(rememberedName()).toBe("Ana");
    input.value = "é".repeat(30);
    form.el.dispatchEvent(new Event("submit", { cancelable: true }));
    expect(sent).toEqual(["Ana"]);
    expect(said[0]).toContain(`${NAME_MAX_BYTES} bytes`);
    form.update("Ana");
    expect(input.value).toBe("Ana");
    expect(form.el.querySelector("button")!.textContent).toBe("Rename");
  });

  it("names the person to move in Your matches", () => {
    const held = [{ token: "0123456789abcdef", match: "aa", game: "siege", seat: 0, created: 0 }];
    const m = {
      id: "aa",
      game: "siege",
      params: {},
      status: "running",
      seats: [
        { seat: 0, kind: "human", name: "seat 0" },
        { seat: 1, kind: "human", name: "seat 1", player: "Bo" },
      ],
      to_move: 1,
    };
    expect(matchState(m, held).text).toBe("seat 1 (Bo) to move");
  });
});

describe("taking a seat with a name", () => {
  it("sends the name with the seat when one is given, trimmed, and no name field otherwise", () => {
    expect(joinBody(1, "  Ana ")).toEqual({ seat: 1, player: "Ana" });
    expect(joinBody(2, "")).toEqual({ seat: 2 });
    expect(joinBody(0, "   ")).toEqual({ seat: 0 });
  });
});
