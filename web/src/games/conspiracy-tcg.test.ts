import { describe, expect, it } from "vitest";
import { conspiracyTcg } from "./conspiracy-tcg";

// An observation in the shape TcgState::observation gives (seat 0's view of a two-seat game).
const face = (name: string, army: string, pro: string[] = []) => ({
  name,
  occupation: "Dentist",
  organisation: `${name} & Co`,
  phone: "215-555-0100",
  city: "Philadelphia",
  country: "USA",
  army,
  pro_moves: pro,
});
const obs = {
  game: "conspiracy-tcg",
  viewer: 0,
  seats: [
    {
      deck: "agency-field-office",
      field: [[2, 3], [4]],
      hand: [10, 11],
      hand_size: 6,
      hand_open: false,
      pile_count: 30,
      pile_known: [],
      out: false,
    },
    {
      deck: "illuminati-lodge",
      field: [[50]],
      hand: [null, 61, null],
      hand_size: 6,
      hand_open: false,
      pile_count: 30,
      pile_known: [[0, 70]],
      out: false,
    },
  ],
  cards: {
    "2": face("Waters, Helen", "Performance"),
    "3": face("Okafor, Kwame", "Medicine", ["Crash Clinic"]),
    "4": face("Al's Pies-on-the-fly", "Food"),
    "10": face("Ng, Ida", "Computers", ["Hacking"]),
    "11": face("Roe, Abe", "Law", ["Legal Maneuvering"]),
    "50": face("Marsh, Obed", "Religion"),
    "61": face("Seen, Byhack", "Crafts"),
    "70": face("Top, Ofpile", "Travel"),
  },
  modes: ["AAA", "NEAR"],
  master_plans: [null, null, 4, null, null, null],
  bombs: [[2, 50]],
  discarded: [],
  phase: "main",
  turn_of: 0,
  to_move: 0,
  attack: { would_die: [], attacker: null },
  doomed: null,
  terminal: false,
};
const ctx = { viewer: 0, seatNames: ["seat 0", "seat 1"] };

describe("Conspiracy TCG board", () => {
  const svg = conspiracyTcg.board(obs, ctx);
  const places = [...svg.querySelectorAll("[data-place]")].map((e) => e.getAttribute("data-place"));

  it("draws every card the viewer sees as the place @N, once, with its face in words", () => {
    for (const a of [2, 3, 4, 10, 11, 50, 61, 70])
      expect(places.filter((p) => p === `@${a}`)).toHaveLength(1);
    const helen = svg.querySelector('[data-place="@2"]')!;
    expect(helen.getAttribute("aria-label")).toMatch(
      /^@2 Waters, Helen: Dentist; Waters, Helen & Co; phone 215-555-0100; Philadelphia, USA; shadow army Performance; no pro moves; front \(exposed\); bomb with @50$/,
    );
    expect(svg.querySelector('[data-place="@3"]')!.getAttribute("aria-label")).toMatch(/rear \(may attack\)/);
    expect(svg.querySelector('[data-place="@4"]')!.getAttribute("aria-label")).toMatch(
      /front & rear; plan: Fluoride/,
    );
  });

  it("offers deploy slots in the viewer's own field only, and each seat's strip", () => {
    expect(places.filter((p) => !p!.startsWith("@")).sort()).toEqual(
      ["back c1", "back c2", "front c1", "front c2", "new", "seat 0", "seat 1", "span c1"].sort(),
    );
  });

  it("draws the hidden hand cards of another seat as backs, with no place", () => {
    expect(svg.querySelectorAll("g.tcg-back")).toHaveLength(2);
    expect(svg.textContent).toMatch(/Hand: 1 known to you, 2 hidden/);
  });

  it("writes the modes, bombs and whose turn it is in words", () => {
    expect(svg.textContent).toContain("AAA");
    expect(svg.textContent).toContain("NEAR");
    expect(svg.textContent).toContain("Bombs: @2 + @50");
    expect(conspiracyTcg.status(obs, ctx)).toBe(
      "Turn of seat 0. Attack modes: AAA and NEAR. seat 0 to act: deploy, attack or a pro move.",
    );
  });

  it("lists the viewer's hand and the cards it has seen in the private panel", () => {
    const panel = conspiracyTcg.privateInfo!(obs, ctx)!;
    expect(panel.querySelectorAll("ul.tcg-hand li")).toHaveLength(2);
    expect(panel.textContent).toContain("@10 Ng, Ida: Dentist");
    expect(panel.textContent).toContain("seat 1's hand: @61; seat 1's pile #1: @70");
    expect(conspiracyTcg.privateInfo!(obs, { ...ctx, viewer: -1 })).toBeNull();
  });

  it("draws no deploy slot and no new column for an eliminated viewer", () => {
    const out = { ...obs, seats: [{ ...obs.seats[0], out: true }, obs.seats[1]] };
    const board = conspiracyTcg.board(out, ctx);
    const names = [...board.querySelectorAll("[data-place]")].map((e) => e.getAttribute("data-place"));
    expect(names.filter((p) => !p!.startsWith("@")).sort()).toEqual(["seat 0", "seat 1"]);
    expect(board.textContent).not.toContain("new column");
  });

  it("draws no hand and no deploy slot for a spectator", () => {
    const spectator = conspiracyTcg.board({ ...obs, viewer: -1 }, { ...ctx, viewer: -1 });
    const names = [...spectator.querySelectorAll("[data-place]")].map((e) => e.getAttribute("data-place"));
    expect(names).not.toContain("new");
    expect(spectator.textContent).not.toContain("Your hand");
  });
});
