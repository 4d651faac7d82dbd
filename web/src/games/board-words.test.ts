import { describe, expect, it } from "vitest";
import {
  conspiracyGoalWords,
  conspiracyMoveWords,
  cultureWarsMoveWords,
  relativityMoveWords,
  siegeMoveWords,
} from "./board-words";

describe("the board games' moves in words", () => {
  it("Relativity: a swap names both squares", () => {
    expect(relativityMoveWords("b2#c3")).toBe("Swap the coins on b2 and c3");
    expect(relativityMoveWords("nonsense")).toBeUndefined();
  });

  it("Siege: the die by its name, the move, the attack", () => {
    expect(siegeMoveWords("3:f8-e6")).toBe("With the 3: move the piece on f8 to e6");
    expect(siegeMoveWords("5:f8-d6xc6")).toBe(
      "With the 5: move the piece on f8 to d6, then attack c6 from there",
    );
    expect(siegeMoveWords("0:d4xd5")).toBe("With the Null: attack d5 from d4");
    expect(siegeMoveWords("1:g7-NE")).toBe("With the Ace: move the piece on g7 to NE");
    expect(siegeMoveWords("end")).toMatch(/^End the turn/);
  });

  it("Culture Wars: setup, steps and settlements", () => {
    expect(cultureWarsMoveWords("tile:m11-h7")).toBe(
      "Move the tile at m11 so that its lower-left square is h7",
    );
    expect(cultureWarsMoveWords("coin:k12")).toBe("Place a coin from your reserve, suit side up, on k12");
    expect(cultureWarsMoveWords("token:k12")).toBe("Place a token on k12");
    expect(cultureWarsMoveWords("3k12-k13")).toBe("Move 3 tokens from k12 to k13");
    expect(cultureWarsMoveWords("k12-k13")).toBe("Move a token from k12 to k13");
    expect(cultureWarsMoveWords("settle:k12=a")).toBe("Build a settlement on k12 with your Ace");
    expect(cultureWarsMoveWords("settle:k12")).toBe("Build a settlement on k12");
  });

  it("Conspiracy: coins by suit and number, seats by name, directions in words", () => {
    const names = ["seat 0", "seat 1 · Ann"];
    expect(conspiracyMoveWords("attack C3 pay C2 to 1", names)).toBe(
      "Attack Coin with the Crowns 3, paying the Crowns 2 to seat 1 · Ann (1 action point)",
    );
    expect(conspiracyMoveWords("reveal M2 pay S1 to 0", names)).toBe(
      "Reveal the tile at position M2, paying the Suns spiral to seat 0 (2 action points)",
    );
    expect(conspiracyMoveWords("c5 ne", names)).toBe("Put the coin on c5, pointing north-east");
    expect(conspiracyMoveWords("save none", names)).toBe("Keep no coin: discard them all");
    expect(conspiracyMoveWords("goal A0", names)).toBe("Choose the Arms blank as your secret goal");
    // A goal is a suit and a number, never the tile of that name.
    expect(conspiracyGoalWords("A4")).toBe("the suit Arms and the number 4, on two Present tiles (A4)");
    expect(conspiracyGoalWords("C0")).toBe("the suit Crowns and the blank, on two Present tiles (C0)");
    expect(conspiracyGoalWords("not chosen")).toBe("not chosen");
  });
});
