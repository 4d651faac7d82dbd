import { describe, expect, it } from "vitest";
import { orList, pickPrompt, unlitWhy } from "./pick-words";
import { relativity } from "./games/relativity";
import { siege } from "./games/siege";

describe("pick words", () => {
  it("lists places plainly, and gives up on long lists", () => {
    expect(orList(["d3"])).toBe("d3");
    expect(orList(["f4", "b2", "d3"])).toBe("b2, d3 or f4");
    expect(orList(["a", "b", "c"], 2, "a lit coin")).toBe("a lit coin");
  });

  it("says what to do next without counting moves", () => {
    expect(pickPrompt({ picked: [], lit: new Set(["c3"]), buttons: 1 })).toBe(
      "Click a lit place to start a move, or choose a move below.",
    );
    const s = pickPrompt({ picked: ["c3", "c5"], lit: new Set(["d5"]), buttons: 2 });
    expect(s).toBe(
      "You picked c3, then c5. Click a lit place to go on, or choose a move below; click c5 again to take it back.",
    );
    expect(s).not.toMatch(/moves? left/);
  });

  it("says why a click did nothing", () => {
    expect(unlitWhy("e6", "no-move", [])).toBe(
      "Nothing happened: no move you can make now uses e6. The lit places are where a move can start.",
    );
    expect(unlitWhy("c5", "not-next", [])).toMatch(
      /^Nothing happened: c5 is part of a move you can make, but not where it starts\./,
    );
    expect(unlitWhy("e6", "not-next", ["c3"])).toBe(
      "Nothing happened: no move you can make now goes on from c3 to e6. Click a lit place to go on from c3, or click c3 again to take it back.",
    );
  });

  it("speaks Relativity's and Siege's own words", () => {
    expect(relativity.pickPrompt!({ picked: ["c3"], lit: new Set(["f4", "b2", "d3"]), buttons: 0 }, {})).toBe(
      "Swap the coin on c3 with b2, d3 or f4: click it, or click c3 again to put it back.",
    );
    const obs = { board: "c3=NE3 d5=SE? NE=NEC" };
    expect(siege.pickPrompt!({ picked: ["c3"], lit: new Set(["c4", "c5"]), buttons: 0 }, obs)).toBe(
      "The piece on c3: click c4 or c5 to move it there; click c3 again to put it back.",
    );
    expect(siege.pickPrompt!({ picked: ["c3", "c5"], lit: new Set(["d5"]), buttons: 2 }, obs)).toBe(
      "The piece on c3 moves to c5: choose the die below that moves it, or click the enemy piece on d5 to attack it from there.",
    );
  });
});
