import { describe, expect, it } from "vitest";
import { TurnNotice, turnTitle } from "./turn-notice";

function page(hidden: boolean) {
  document.head.innerHTML =
    '<link rel="icon" href="/favicon.svg" type="image/svg+xml" /><link rel="icon" href="/favicon.ico" sizes="32x32" />';
  Object.defineProperty(document, "hidden", { configurable: true, get: () => hidden });
  const sent: string[][] = [];
  const notice = new TurnNotice(() => ({ document, notify: (t, b, tag) => sent.push([t, b, tag]) }));
  const icon = () =>
    document.querySelector<HTMLLinkElement>('link[type="image/svg+xml"]')!.getAttribute("href");
  return { notice, sent, icon };
}

describe("the turn notice", () => {
  it("puts 'Your turn' in the title and a badge on the icon while it is the viewer's turn", () => {
    const { notice, icon } = page(false);
    notice.update(true, "Tabletop — siege abc", "abc");
    expect(document.title).toBe("Your turn — Tabletop — siege abc");
    expect(icon()).toBe("/favicon-turn.svg");
    notice.update(false, "Tabletop — siege abc", "abc");
    expect(document.title).toBe(turnTitle("Tabletop — siege abc", false));
    expect(icon()).toBe("/favicon.svg");
  });

  it("notifies once when the turn comes while the tab is in the background", () => {
    const { notice, sent } = page(true);
    notice.update(false, "T", "abc");
    notice.update(true, "T", "abc");
    notice.update(true, "T", "abc"); // the same turn: no second notification
    expect(sent).toEqual([["Your turn", "T: it is your turn.", "tabletop-abc"]]);
    notice.update(false, "T", "abc");
    notice.update(true, "T", "abc");
    expect(sent.length).toBe(2);
  });

  it("does not notify a tab in view", () => {
    const { notice, sent } = page(false);
    notice.update(false, "T", "abc");
    notice.update(true, "T", "abc");
    expect(sent).toEqual([]);
  });
});
