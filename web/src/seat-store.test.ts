import { describe, expect, it } from "vitest";
import {
  ago,
  forgetSeats,
  keepSeats,
  readSeats,
  resumeUrl,
  SEATS_KEY,
  SEATS_MAX,
  seatsOf,
} from "./seat-store";

class Memory {
  data = new Map<string, string>();
  getItem(k: string) {
    return this.data.get(k) ?? null;
  }
  setItem(k: string, v: string) {
    this.data.set(k, v);
  }
}
const T0 = "0123456789abcdef0123456789abcdef";
const T1 = "fedcba9876543210fedcba9876543210";

describe("the seats this browser holds", () => {
  it("keeps a seat with its match, game, seat and time, newest first", () => {
    const m = new Memory();
    keepSeats([{ token: T0, match: "3f9a0c1d2e4b5a69", game: "siege", seat: 0 }], m, 1000);
    keepSeats([{ token: T1, match: "aa", game: "relativity", seat: 1 }], m, 2000);
    expect(readSeats(m)).toEqual([
      { token: T1, match: "aa", game: "relativity", seat: 1, created: 2000 },
      { token: T0, match: "3f9a0c1d2e4b5a69", game: "siege", seat: 0, created: 1000 },
    ]);
  });
  it("keeps a seat once, with its first time, and learns the seat of a hot-seat entry", () => {
    const m = new Memory();
    keepSeats([{ token: T0, match: "aa", game: "siege", seat: null }], m, 1000);
    keepSeats([{ token: T0, match: "aa", game: "siege", seat: 2 }], m, 5000);
    expect(readSeats(m)).toEqual([{ token: T0, match: "aa", game: "siege", seat: 2, created: 1000 }]);
  });
  it("forgets a seat", () => {
    const m = new Memory();
    keepSeats(
      [
        { token: T0, match: "aa", game: "siege", seat: 0 },
        { token: T1, match: "aa", game: "siege", seat: 1 },
      ],
      m,
    );
    expect(forgetSeats([T0], m).map((s) => s.token)).toEqual([T1]);
    expect(readSeats(m).map((s) => s.token)).toEqual([T1]);
  });
  it("ignores what is not a seat (another page's data, a hand-edited entry)", () => {
    const m = new Memory();
    m.setItem(SEATS_KEY, "not json");
    expect(readSeats(m)).toEqual([]);
    m.setItem(
      SEATS_KEY,
      JSON.stringify([
        { token: "x", match: "aa", game: "siege", seat: 0, created: 1 },
        { token: T0, match: "../api", game: "siege", seat: 0, created: 1 },
        { token: T0, match: "aa", game: "siege", seat: -1, created: 1 },
        { token: T1, match: "bb", game: "siege", seat: 3, created: 7, extra: "dropped" },
      ]),
    );
    expect(readSeats(m)).toEqual([{ token: T1, match: "bb", game: "siege", seat: 3, created: 7 }]);
  });
  it(`keeps at most ${SEATS_MAX}, the newest`, () => {
    const m = new Memory();
    for (let i = 0; i < SEATS_MAX + 5; i++)
      keepSeats([{ token: `${T0}${String(i).padStart(4, "0")}`, match: "aa", game: "siege", seat: 0 }], m, i);
    const held = readSeats(m);
    expect(held).toHaveLength(SEATS_MAX);
    expect(held[0].created).toBe(SEATS_MAX + 4);
  });
  it("resumes a seat through a same-origin path with the token in the fragment only", () => {
    const seats = [
      { token: T1, match: "aa", game: "siege", seat: 1, created: 0 },
      { token: T0, match: "aa", game: "siege", seat: 0, created: 0 },
      { token: T0 + "00", match: "bb", game: "siege", seat: 0, created: 0 },
    ];
    const mine = seatsOf("aa", seats);
    expect(mine.map((s) => s.seat)).toEqual([0, 1]);
    expect(resumeUrl("aa", [mine[1]])).toBe(`/match/aa?seat=1#token=${T1}`);
    expect(resumeUrl("aa", mine)).toBe(`/match/aa#token=${T0}&token=${T1}`);
    const url = new URL(resumeUrl("aa", [mine[1]]), "http://example.test");
    expect(url.origin).toBe("http://example.test");
    expect(url.pathname + url.search).not.toContain(T1);
  });
  it("says how long ago in words", () => {
    expect(ago(0, 30_000)).toBe("just now");
    expect(ago(0, 5 * 60_000)).toBe("5 min ago");
    expect(ago(0, 3 * 3600_000)).toBe("3 h ago");
    expect(ago(0, 86400_000)).toBe("1 day ago");
    expect(ago(0, 4 * 86400_000)).toBe("4 days ago");
  });
});
