// Telling a player that it is their turn when they are looking elsewhere: while it is their turn the
// page's title begins "Your turn" and the tab's icon carries a badge (favicon-turn.svg: a second
// file, since the page's Content-Security-Policy allows images from this site only); when the turn
// comes to them while the tab is in the background, a Notification says so, if the person allowed
// notifications (askButton asks, on a click: browsers refuse to ask otherwise). Nothing here reads
// the game: the match page says whose turn it is.

const ICON = "/favicon.svg";
const TURN_ICON = "/favicon-turn.svg";

/** The page title: "Your turn — " before `base` while it is the viewer's turn. */
export function turnTitle(base: string, yourTurn: boolean): string {
  return yourTurn ? `Your turn — ${base}` : base;
}

/** What the notice needs of the browser (a test passes its own). */
export interface NoticeHost {
  document: Document;
  /** Shows a notification when allowed; null where the browser has none or it is not allowed. */
  notify: ((title: string, body: string, tag: string) => void) | null;
}

function browserHost(): NoticeHost {
  const allowed = typeof Notification !== "undefined" && Notification.permission === "granted";
  return {
    document,
    notify: allowed ? (title, body, tag) => void new Notification(title, { body, tag }) : null,
  };
}

/**
 * One match page's notice. `update` is called with each new state: `yourTurn` (the seat this page
 * holds is to move), the page's title, and the match id (one notification per match at a time).
 */
export class TurnNotice {
  private wasYourTurn = false;

  constructor(private readonly host: () => NoticeHost = browserHost) {}

  update(yourTurn: boolean, base: string, matchId: string): void {
    const { document: doc, notify } = this.host();
    doc.title = turnTitle(base, yourTurn);
    for (const link of doc.querySelectorAll<HTMLLinkElement>('link[rel="icon"][type="image/svg+xml"]'))
      link.href = yourTurn ? TURN_ICON : ICON;
    if (yourTurn && !this.wasYourTurn && doc.hidden && notify)
      notify("Your turn", `${base}: it is your turn.`, `tabletop-${matchId}`);
    this.wasYourTurn = yourTurn;
  }
}

/**
 * A button asking the browser's permission to notify the player of their turn; gone once the
 * person has answered (or where the browser has no notifications).
 */
export function askButton(): HTMLButtonElement | null {
  if (typeof Notification === "undefined" || Notification.permission !== "default") return null;
  const b = document.createElement("button");
  b.type = "button";
  b.className = "ask-notify";
  b.textContent = "Tell me when it is my turn";
  b.title = "A notification when your turn comes while this tab is in the background";
  b.addEventListener("click", () => {
    void Notification.requestPermission().then(() => b.remove());
  });
  return b;
}
