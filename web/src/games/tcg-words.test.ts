import { describe, expect, it } from "vitest";
import { tcgMoveWords } from "./tcg-words";

const obs = { cards: { "17": { name: "Ann Lee" }, "9": { name: "Bo Ray" } } };
const names = ["seat 0", "seat 1 · computer (easy)", "seat 2"];

describe("the card game's moves in words", () => {
  it("says each kind of move as the rulebook does, naming the cards the viewer can see", () => {
    const cases: [string, string][] = [
      ["deploy @17 new", "Deploy Ann Lee (@17) in a new column"],
      ["deploy @17 front c2 scry 1", "Deploy Ann Lee (@17) at the front of column 2, then Scrying 1"],
      [
        "deploy @9 back c1 plan vaccines",
        "Deploy Bo Ray (@9) at the back of column 1, with the Master Plan vaccines",
      ],
      ["deploy @17 span c1", "Deploy Ann Lee (@17) in front of columns 1 and 2 (Security Perimeter)"],
      [
        "deploy @17 new legal FAR>AAA",
        "Deploy Ann Lee (@17) in a new column, then Legal Maneuvering: change the FAR attack mode to AAA",
      ],
      ["attack @17 1", "Attack seat 1 · computer (easy) with Ann Lee (@17)"],
      ["attack @17 1 ninja c3", "Attack seat 1 · computer (easy) with Ann Lee (@17) (Ninja Ops on column 3)"],
      [
        "attack @17 1+2 onslaught @9",
        "Attack seat 1 · computer (easy) and seat 2 with Ann Lee (@17) (Onslaught, with Bo Ray (@9))",
      ],
      ["pro legal @9 FAR>AAA", "Use Legal Maneuvering with Bo Ray (@9): change the FAR attack mode to AAA"],
      ["pro rolling @5 none>AAA", "Use Getting the Ball Rolling with agent @5: set a new attack mode AAA"],
      ["pro bomb @5 @40 @41", "Use Planting Bombs with agent @5: agent @40, agent @41"],
      ["pro takeover @5 2", "Use Hostile Takeover with agent @5: against seat 2"],
      ["save @12 @30", "Save agent @12 with agent @30 (Crash Clinic)"],
      ["allow", "Allow it"],
      ["pass", "Pass"],
    ];
    for (const [move, words] of cases) expect(tcgMoveWords(move, obs, names), move).toBe(words);
  });

  it("leaves a move it does not know as its notation", () => {
    expect(tcgMoveWords("something new", obs, names)).toBeUndefined();
  });
});
