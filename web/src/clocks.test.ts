import { afterEach, describe, expect, it, vi } from "vitest";
import { clockRequest } from "./clock-form";
import {
  ClockPanel,
  clockLeft,
  describeClock,
  formatClock,
  lowTime,
  type MatchClock,
  myClockText,
} from "./clocks";

const realTime: MatchClock = {
  mode: "real-time",
  on_timeout: "computer",
  base_ms: 600_000,
  increment_ms: 10_000,
  remaining_ms: [594_000, 600_000],
  running: 0,
  now_ms: 1_800_000_000_000,
};
const turnBased: MatchClock = {
  mode: "turn-based",
  on_timeout: "loss",
  per_move_ms: 3 * 86_400_000,
  remaining_ms: [3 * 86_400_000, 2 * 86_400_000 + 3 * 3_600_000],
  running: 1,
  now_ms: 1_800_000_000_000,
};

describe("formatClock", () => {
  it("writes real-time as m:ss, h:mm:ss from an hour on, rounding up to the next second", () => {
    expect(formatClock(600_000, "real-time")).toBe("10:00");
    expect(formatClock(65_000, "real-time")).toBe("1:05");
    expect(formatClock(4_001, "real-time")).toBe("0:05");
    expect(formatClock(0, "real-time")).toBe("0:00");
    expect(formatClock(-5_000, "real-time")).toBe("0:00");
    expect(formatClock(3_600_000 + 62_000, "real-time")).toBe("1:01:02");
  });
  it("writes turn-based time in days, hours and minutes left", () => {
    expect(formatClock(2 * 86_400_000 + 3 * 3_600_000, "turn-based")).toBe("2 days 3 h left");
    expect(formatClock(86_400_000, "turn-based")).toBe("1 day left");
    expect(formatClock(5 * 3_600_000 + 12 * 60_000, "turn-based")).toBe("5 h 12 min left");
    expect(formatClock(12 * 60_000 + 5_000, "turn-based")).toBe("12 min left");
    expect(formatClock(30_000, "turn-based")).toBe("under a minute left");
    expect(formatClock(0, "turn-based")).toBe("no time left");
  });
});

describe("clockLeft and lowTime", () => {
  it("counts only the running seat down, never below zero", () => {
    expect(clockLeft(realTime, 0, 4_000)).toBe(590_000);
    expect(clockLeft(realTime, 1, 4_000)).toBe(600_000);
    expect(clockLeft(realTime, 0, 10_000_000)).toBe(0);
  });
  it("marks the last minute of a ten-minute clock and the last quarter of a move's days", () => {
    expect(lowTime(realTime, 61_000)).toBe(false);
    expect(lowTime(realTime, 59_000)).toBe(true);
    expect(lowTime({ ...realTime, base_ms: 60_000 }, 11_000)).toBe(false);
    expect(lowTime({ ...realTime, base_ms: 60_000 }, 9_000)).toBe(true);
    expect(lowTime(turnBased, 19 * 3_600_000)).toBe(false);
    expect(lowTime(turnBased, 17 * 3_600_000)).toBe(true);
  });
  it("says the time control and the rule in words", () => {
    expect(describeClock(realTime)).toBe("real-time, 10 min + 10 s a move; out of time: a computer plays on");
    expect(describeClock(turnBased)).toBe("turn-based, 3 days a move; out of time loses");
  });
  it("tells your matches the time of the seat to move and, on another's turn, yours", () => {
    expect(myClockText(turnBased, [1])).toBe("2 days 3 h left");
    expect(myClockText(turnBased, [0])).toBe("2 days 3 h left (yours: 3 days left)");
    expect(myClockText(realTime, [0])).toBe("9:54 on your clock");
    expect(myClockText(realTime, [1])).toBe("9:54 on its clock (yours: 10:00)");
    expect(myClockText({ ...realTime, remaining_ms: [594_000, 600_000, 480_000] }, [1, 2])).toBe(
      "9:54 on its clock (yours: seat 1 10:00, seat 2 8:00)",
    );
    expect(myClockText(realTime, [-1])).toBe("9:54 on its clock");
  });
  it("says nothing of a clock that does not run", () => {
    expect(myClockText(null, [0])).toBe("");
    expect(myClockText({ ...realTime, running: null }, [0])).toBe("");
  });
});

describe("ClockPanel", () => {
  afterEach(() => vi.useRealTimers());
  it("counts the running seat down every second and marks low time in words", () => {
    vi.useFakeTimers();
    let now = 0;
    const panel = new ClockPanel(() => now);
    panel.update({ ...realTime, remaining_ms: [62_000, 600_000] }, ["Ann", "Bo"]);
    const line = (seat: number) => panel.el.querySelector(`li[data-seat="${seat}"]`)!;
    expect(panel.el.hidden).toBe(false);
    expect(line(0).textContent).toBe("Ann ▶ 1:02");
    expect(line(0).getAttribute("aria-current")).toBe("true");
    expect(line(1).textContent).toBe("Bo 10:00");
    now = 3_000;
    vi.advanceTimersByTime(1_000);
    expect(line(0).textContent).toBe("Ann ▶ 0:59 ⚠ low time");
    expect(line(0).classList.contains("low")).toBe(true);
    now = 70_000;
    vi.advanceTimersByTime(1_000);
    expect(line(0).textContent).toBe("Ann ▶ 0:00 ⚠ out of time");
    // A match without a clock hides the panel and stops counting.
    panel.update(null, ["Ann", "Bo"]);
    expect(panel.el.hidden).toBe(true);
    expect(vi.getTimerCount()).toBe(0);
  });
});

describe("clockRequest", () => {
  it("asks for the clock the form says, and none for no clock", () => {
    expect(clockRequest("real-time", 10, 10, 3, false)).toEqual({
      mode: "real-time",
      minutes: 10,
      increment_s: 10,
      on_timeout: "computer",
    });
    expect(clockRequest("turn-based", 10, 10, 3, true)).toEqual({
      mode: "turn-based",
      days: 3,
      on_timeout: "loss",
    });
    expect(clockRequest("none", 10, 10, 3, true)).toBeNull();
  });
});
