// What the lobby shows once a match is created: each human seat's join link written out in full
// (from the address this page was opened with, so a friend on the same network gets a link that
// reaches this server), with a copy button and a QR code for a phone at the table; the hot-seat
// link, the watch link. The panel is scrolled into view and its heading focused: on a long form
// the button that made it is far below where it appears.
import type { MatchSeat } from "./api";
import { h } from "./dom";
import { qrSvg } from "./qr";

export interface Created {
  id: string;
  seats: MatchSeat[];
  watch_url: string;
}

/** Whether the page was opened through the loopback address: links then reach this machine only. */
export function isLoopback(hostname: string): boolean {
  return hostname === "localhost" || hostname === "[::1]" || hostname === "::1" || /^127\./.test(hostname);
}

/**
 * The origin join links name: this page's own, unless it was opened through the loopback address
 * and the server knows where other machines reach it (`urls`, GET /api/addresses): then the first
 * of those, so a friend's link works without editing.
 */
export function linkOrigin(pageOrigin: string, urls: string[]): string {
  if (!isLoopback(new URL(pageOrigin).hostname)) return pageOrigin;
  for (const u of urls) {
    try {
      const url = new URL(u);
      if ((url.protocol === "http:" || url.protocol === "https:") && !isLoopback(url.hostname))
        return url.origin;
    } catch {
      // not an address: skip it
    }
  }
  return pageOrigin;
}

/** A copy button: the text goes to the clipboard; where the browser refuses, a prompt shows it. */
export function copyButton(text: string, label: string): HTMLButtonElement {
  const b = h("button", { type: "button", class: "copy", "aria-label": label }, "Copy link");
  b.addEventListener("click", async () => {
    try {
      await navigator.clipboard.writeText(text);
      b.textContent = "Copied";
    } catch {
      window.prompt("Copy this link", text);
    }
  });
  return b;
}

function linkText(url: string, label: string): HTMLInputElement {
  const input = h("input", {
    type: "text",
    readonly: true,
    class: "link-text",
    value: url,
    "aria-label": label,
  });
  input.addEventListener("focus", () => input.select());
  return input;
}

function seatItem(s: MatchSeat, origin: string): HTMLElement {
  if (!s.join_url)
    return h(
      "li",
      { "data-seat": s.seat },
      h("strong", {}, `Seat ${s.seat}: `),
      s.open ? "open to anyone in the lobby" : (s.name ?? `computer (${s.strength})`),
    );
  const url = origin + s.join_url;
  return h(
    "li",
    { class: "invite", "data-seat": s.seat },
    h(
      "div",
      { class: "invite-text" },
      h("strong", {}, `Seat ${s.seat}`),
      linkText(url, `join link of seat ${s.seat}`),
      h(
        "span",
        { class: "invite-actions" },
        copyButton(url, `copy the join link of seat ${s.seat}`),
        " ",
        h("a", { href: s.join_url, class: "join-link", "data-seat": s.seat }, "Open here"),
      ),
    ),
    qrSvg(url, `QR code of seat ${s.seat}'s join link`),
  );
}

/** Fills `panel` with the links of `created`, then brings it into view with the focus on its heading. */
export function showInvites(panel: HTMLElement, created: Created, origin = location.origin): void {
  const mine = created.seats.filter((s) => s.token);
  const hot =
    mine.length > 1 ? `/match/${created.id}#${mine.map((s) => "token=" + s.token).join("&")}` : null;
  const heading = h("h2", { id: "created-h", tabindex: -1 }, `Match ${created.id} created`);
  panel.setAttribute("aria-labelledby", "created-h");
  const parts: (Node | null)[] = [
    heading,
    mine.length
      ? h(
          "p",
          {},
          "Send each player the link of their seat: it is their seat, so send it to them alone. " +
            "This browser keeps the seats under “Your matches”.",
        )
      : null,
    mine.length && isLoopback(new URL(origin).hostname)
      ? h(
          "p",
          { class: "loopback-note" },
          `These links name ${new URL(origin).host}, which reaches this computer only. For a friend on ` +
            "another device, open this lobby at this computer's network address: the links then name it.",
        )
      : null,
    h("ul", { class: "links" }, ...created.seats.map((s) => seatItem(s, origin))),
    hot
      ? h(
          "p",
          {},
          h(
            "a",
            { href: hot, class: "hot-seat-link" },
            `Play all ${mine.length} human seats on this device (hot-seat)`,
          ),
        )
      : null,
    h(
      "p",
      {},
      h("a", { href: created.watch_url, class: "watch-link" }, "Watch as a spectator"),
      " ",
      copyButton(origin + created.watch_url, "copy the watch link"),
    ),
  ];
  panel.replaceChildren(...parts.filter((p): p is Node => p !== null));
  panel.scrollIntoView({ block: "start" });
  heading.focus({ preventScroll: true });
}
