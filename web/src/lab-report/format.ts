// How the report writes its numbers and names.

/** A share as a percentage with one decimal: 0.123 → "12.3%". */
export function pct(x: number): string {
  return `${(100 * x).toFixed(1)}%`;
}

/** A signed number with `digits` decimals: "+1.20", "-0.50". */
export function signed(x: number, digits: number): string {
  const text = x.toFixed(digits);
  return x >= 0 && !text.startsWith("-") ? `+${text}` : text;
}

/** A number in its shortest plain form (up to six significant digits): 12, 0.25, 1500. */
export function short(x: number): string {
  return String(Number(x.toPrecision(6)));
}

/** "low – high" of two already formatted ends. */
export function range(low: string, high: string): string {
  return `${low} – ${high}`;
}

/** A figure whose numbers are labels (a suit, a seat, a player), by the name's ending. */
export function isCategory(name: string): boolean {
  return ["_suit", "_seat", "_player"].some((end) => name.endsWith(end));
}

/** "first_player_won" → "first player won": a figure's name as words. */
export function readable(id: string): string {
  return id.replaceAll("_", " ");
}
