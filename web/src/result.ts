// A finished game's returns in words: who won, and each seat's share as a fraction ("−1/3", not
// "-0.3333333333333333"). The games' scales (core/game.h, Returns): +1 a win, −1 a loss, 0 a draw
// in two-player games; multiplayer games share out the same total, so thirds and halves appear.
import { h } from "./dom";

/** `x` as a whole number or a fraction with a small denominator ("+1", "−1/3", "0"), else rounded. */
export function formatReturn(x: number): string {
  if (!Number.isFinite(x)) return String(x);
  const sign = x > 0 ? "+" : x < 0 ? "−" : "";
  const a = Math.abs(x);
  for (let d = 1; d <= 12; d++) {
    const n = Math.round(a * d);
    if (Math.abs(n / d - a) < 1e-9) return n === 0 ? "0" : `${sign}${n}${d === 1 ? "" : "/" + d}`;
  }
  return `${sign}${a.toFixed(2)}`;
}

/** The headline ("Winner: seat 1", "Draw: no winner") and one line per seat. */
export function resultLines(returns: number[], names: string[]): { headline: string; seats: string[] } {
  const name = (i: number) => names[i] ?? `seat ${i}`;
  const best = Math.max(...returns);
  const winners = returns.map((r, i) => (r === best && best > 0 ? i : -1)).filter((i) => i >= 0);
  const allEven = returns.every((r) => Math.abs(r) < 1e-9);
  const headline = winners.length
    ? `${winners.length > 1 ? "Winners" : "Winner"}: ${winners.map(name).join(", ")}`
    : allEven
      ? "No winner: a draw"
      : "No winner";
  const seats = returns.map((r, i) => {
    const word = winners.includes(i) ? "won" : r < 0 ? "lost" : allEven ? "drew" : "neither won nor lost";
    return `${name(i)}: ${word} (${formatReturn(r)})`;
  });
  return { headline, seats };
}

/** The result panel's heading, winner, the server's reason (what ended the game) and the seats. */
export function resultNodes(
  result: { returns: number[] | null; reason: string },
  names: string[],
): HTMLElement[] {
  // An abandoned match has no returns: nobody won; the reason says why it ended.
  if (!result.returns) return [h("h2", {}, "Result"), h("p", { class: "reason" }, result.reason)];
  const lines = resultLines(result.returns, names);
  return [
    h("h2", {}, "Result"),
    h("p", { class: "winner" }, lines.headline),
    h("p", { class: "reason" }, result.reason),
    h("ul", { class: "returns" }, ...lines.seats.map((t) => h("li", {}, t))),
  ];
}
