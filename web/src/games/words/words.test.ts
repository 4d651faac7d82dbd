import { describe, expect, it } from "vitest";
import catalog from "./catalog.fixture.json";
import { GAME_WORDS, paramWords } from "./index";

// The fixture is GET /api/games of a built server (scripts/catalog-fixture.mjs);
// e2e/lobby.test.mjs fails when the served catalog no longer matches it.
describe("the lobby's words for every game of the catalog", () => {
  it("has words only for games of the catalog", () => {
    const ids = catalog.map((g) => g.id);
    for (const id of Object.keys(GAME_WORDS)) expect(ids).toContain(id);
  });
  it("gives a game without words of its own the server's words for its parameters", () => {
    const p = { name: "pile_size", description: "tiles in each pile" };
    expect(paramWords("a-new-game", p.name, p.description)).toEqual({
      label: "Pile size",
      meaning: "tiles in each pile",
    });
  });
  // A game's words, where it has them (a game added later reads with the server's words until
  // then), cover every parameter the server lists.
  for (const game of catalog.filter((g) => GAME_WORDS[g.id])) {
    describe(game.id, () => {
      const words = GAME_WORDS[game.id];
      it("has a one-line summary", () => {
        expect(words.summary.length).toBeGreaterThan(20);
        expect(words.summary).not.toMatch(/\n/);
      });
      for (const p of game.params) {
        it(`labels ${p.name} in words and says what it means`, () => {
          const w = words.params[p.name];
          expect(w, `${game.id}.${p.name} has no words`).toBeDefined();
          expect(w.label).not.toBe(p.name);
          // No engine spelling: no underscores, no parameter name of the game in the words.
          for (const text of [w.label, w.meaning]) {
            expect(text).not.toMatch(/_/);
            for (const other of game.params.filter((o) => o.name.length > 6))
              expect(text).not.toContain(other.name);
            expect(text).not.toMatch(/\bRulings?\b|\bfalse\b|\btrue\b/);
          }
          expect(w.meaning.length).toBeGreaterThan(10);
          expect(paramWords(game.id, p.name, p.description)).toBe(w);
        });
        if (words.params[p.name]?.choices && p.type === "string")
          it(`offers ${p.name} as a choice among the values its description names`, () => {
            const values = words.params[p.name].choices!.map((c) => String(c.value));
            expect(values).toContain(p.default);
            for (const v of values) expect(p.description).toContain(v);
          });
        if (p.type === "int" && words.params[p.name]?.choices)
          it(`offers ${p.name}'s choices within its range`, () => {
            for (const c of words.params[p.name].choices!) {
              expect(c.value).toBeGreaterThanOrEqual(p.min!);
              expect(c.value).toBeLessThanOrEqual(p.max!);
            }
          });
      }
      it("shows a default in words only for a text parameter", () => {
        for (const p of game.params.filter((p) => words.params[p.name]?.default))
          expect([p.name, p.type]).toEqual([p.name, "string"]);
      });
      it("has no words for a parameter the server does not list", () => {
        const listed = new Set(game.params.map((p) => p.name));
        expect(Object.keys(words.params).filter((k) => !listed.has(k))).toEqual([]);
      });
    });
  }
  it("offers the card game's library order as a choice, not free text", () => {
    const values = GAME_WORDS["conspiracy-tcg"].params.library_order.choices?.map((c) => c.value);
    expect(values).toEqual(["word-by-word", "letter-by-letter"]);
  });
  it("makes words for a parameter a newer server lists", () => {
    expect(paramWords("siege", "new_rule", "what it does")).toEqual({
      label: "New rule",
      meaning: "what it does",
    });
  });
});
