import { beforeEach, describe, expect, it } from "vitest";
import {
  ChatPanel,
  KEPT_LINES,
  loadMuted,
  mergeLines,
  saveMuted,
  shownLines,
  speaker,
  spectatorNote,
  type ChatLine,
} from "./chat";

const line = (n: number, seat = 0, text = `line ${n}`): ChatLine => ({
  n,
  seat,
  name: `seat ${seat}`,
  at: 1,
  text,
});

describe("table talk", () => {
  beforeEach(() => localStorage.clear());

  it("keeps each line once, in the server's order, however often the recent lines come again", () => {
    const once = mergeLines([], [line(0), line(1)]);
    const again = mergeLines(once, [line(1), line(0), line(2)]);
    expect(again.map((l) => l.n)).toEqual([0, 1, 2]);
    const many = mergeLines(
      [],
      Array.from({ length: KEPT_LINES + 5 }, (_, i) => line(i)),
    );
    expect(many).toHaveLength(KEPT_LINES);
    expect(many[0].n).toBe(5);
  });

  it("hides a muted seat's lines and keeps the mutes per match in this browser", () => {
    const lines = [line(0, 0), line(1, 1), line(2, 0)];
    expect(shownLines(lines, new Set([0])).map((l) => l.n)).toEqual([1]);
    saveMuted("m1", new Set([1]));
    expect([...loadMuted("m1")]).toEqual([1]);
    expect([...loadMuted("m2")]).toEqual([]);
    saveMuted("m1", new Set());
    expect(localStorage.length).toBe(0);
    localStorage.setItem("tabletop.chat-muted.m3", "not json");
    expect([...loadMuted("m3")]).toEqual([]);
  });

  it("draws text as text, offers the box only to a seat, and mutes from its button", () => {
    const sent: string[] = [];
    const panel = new ChatPanel("m1", true, (t) => (sent.push(t), true));
    panel.setSeats(["seat 0", "seat 1"]);
    panel.receive({ type: "chat", lines: [line(0, 1, "<b>hi</b>")] });
    expect(panel.el.querySelector(".chat-text")!.textContent).toBe("<b>hi</b>");
    expect(panel.el.querySelector("b")).toBeNull();
    const input = panel.el.querySelector<HTMLInputElement>("input")!;
    input.value = "  gl hf ";
    panel.el.querySelector("form")!.dispatchEvent(new Event("submit", { cancelable: true }));
    expect(sent).toEqual(["gl hf"]);
    expect(input.value).toBe("");
    const mute = [...panel.el.querySelectorAll<HTMLButtonElement>(".chat-mute")].find((b) =>
      b.textContent!.includes("seat 1"),
    )!;
    mute.click();
    expect(panel.el.querySelectorAll(".chat-line")).toHaveLength(0);
    expect([...loadMuted("m1")]).toEqual([1]);
    const watching = new ChatPanel("m2", false, () => true);
    expect(watching.el.querySelector<HTMLFormElement>("form")!.hidden).toBe(true);
    expect(watching.el.textContent).toContain("Spectators read");
  });

  it("names a line by its seat and its person, a spectator's as a spectator's", () => {
    expect(speaker(line(0, 1))).toBe("seat 1");
    expect(speaker({ ...line(0, 1), player: "Ana" })).toBe("seat 1 · Ana");
    expect(speaker({ ...line(0, -1), name: "spectator" })).toBe("spectator");
    const panel = new ChatPanel("m1", true, () => true);
    panel.receive({ type: "chat", lines: [{ ...line(0, 0, "hi"), player: "Ana" }] });
    expect(panel.el.querySelector(".chat-name")!.textContent).toBe("seat 0 · Ana: ");
  });

  it("gives a spectator what the creator chose: read only, nothing, or a talk of their own", () => {
    const sent: string[] = [];
    const watching = new ChatPanel("m4", false, (t) => (sent.push(t), true));
    const form = watching.el.querySelector<HTMLFormElement>("form")!;
    const lines = watching.el.querySelector<HTMLElement>(".chat-lines")!;
    watching.setSpectatorChat("none");
    expect(form.hidden).toBe(true);
    expect(lines.hidden).toBe(true);
    expect(watching.el.querySelector<HTMLElement>(".chat-mutes")!.hidden).toBe(true);
    expect(watching.el.textContent).toContain(spectatorNote("none"));
    watching.setSpectatorChat("apart");
    expect(form.hidden).toBe(false);
    expect(lines.hidden).toBe(false);
    expect(watching.el.textContent).toContain("the players do not see it");
    watching.el.querySelector("input")!.value = "go red";
    form.dispatchEvent(new Event("submit", { cancelable: true }));
    expect(sent).toEqual(["go red"]);
    watching.setSpectatorChat("read");
    expect(form.hidden).toBe(true);
    expect(watching.el.textContent).toContain("Spectators read");
    // A seat's page keeps its box whatever the spectators have.
    const playing = new ChatPanel("m5", true, () => true);
    playing.setSpectatorChat("none");
    expect(playing.el.querySelector<HTMLFormElement>("form")!.hidden).toBe(false);
    expect(playing.el.querySelector<HTMLElement>(".chat-lines")!.hidden).toBe(false);
  });
});
