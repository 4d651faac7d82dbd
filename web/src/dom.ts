// Small helpers for building HTML without a framework.

type Child = Node | string | null | undefined | false;

export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attrs: Record<string, string | number | boolean | undefined | null | EventListener> = {},
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === undefined || v === null || v === false) continue;
    if (k.startsWith("on") && typeof v === "function") e.addEventListener(k.slice(2), v as EventListener);
    else if (v === true) e.setAttribute(k, "");
    else e.setAttribute(k, String(v));
  }
  for (const c of children) if (c !== null && c !== undefined && c !== false) e.append(c);
  return e;
}

/**
 * Seat names with the seat number, e.g. "seat 1 · computer (easy)", and the seat's personal name
 * after them when it has one ("seat 1 · Ana"; docs/server.md, Seat names): the label always first.
 */
export function seatLabel(seat: number, name?: string, player?: string): string {
  const label = name && name !== `seat ${seat}` ? `seat ${seat} · ${name}` : `seat ${seat}`;
  return player ? `${label} · ${player}` : label;
}

/** Reads the tokens of a join link's fragment: "#token=A" or "#token=A&token=B" (hot-seat). */
export function tokensFromHash(hash: string): string[] {
  const params = new URLSearchParams(hash.replace(/^#/, ""));
  return params
    .getAll("token")
    .flatMap((t) => t.split(","))
    .filter(Boolean);
}

/** Room on the left of a numbered list for its largest number (no clipped "1775."). */
export function fitNumbers(list: HTMLElement, largest: number): void {
  list.style.paddingLeft = `${String(Math.max(1, largest)).length * 0.62 + 1.2}em`;
}

/**
 * Wires the fold buttons a drawer draws (DrawContext.folds: elements with `data-fold` and
 * `aria-expanded`) inside `box`: a tap, Enter or Space records the new state in `folds`, calls
 * `redraw` and gives the redrawn button the focus again. Returns whether an event was a fold's, so
 * a page can hand the others to its own listeners.
 */
export function wireFolds(
  box: HTMLElement,
  folds: Map<string, boolean>,
  redraw: () => void,
): (ev: Event) => boolean {
  const toggle = (button: Element) => {
    const key = button.getAttribute("data-fold")!;
    folds.set(key, button.getAttribute("aria-expanded") === "true");
    redraw();
    box.querySelector<SVGGElement>(`[data-fold="${key}"]`)?.focus();
  };
  return (ev: Event) => {
    const button = (ev.target as Element).closest?.("[data-fold]");
    if (!button) return false;
    if (ev instanceof KeyboardEvent) {
      if (ev.key !== "Enter" && ev.key !== " ") return false;
      ev.preventDefault();
    }
    toggle(button);
    return true;
  };
}

/** A phone-sized screen (the width at which style.css stacks the side panel under the board). */
export const narrow = (): boolean => window.matchMedia("(max-width: 800px)").matches;
