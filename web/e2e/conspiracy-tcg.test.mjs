// Conspiracy TCG in two browser contexts (seats 0 and 1) against a hard computer (seat 2): the
// board of business cards, moves by clicking, the computer's thinking shown only as progress, and
// neither page's DOM nor WebSocket traffic ever holding a card of the other seat's hand.
import assert from "node:assert/strict";
import { test } from "node:test";
import {
  assertNoConsoleErrors,
  playOneMoveByKeyboard,
  playRounds,
  screenshot,
  states,
  withServerAndBrowser,
} from "./harness.mjs";

const env = withServerAndBrowser();

/** Records every look of the thinking box (hidden, text, bar value) into window.__thinking. */
async function watchThinking(page) {
  await page.evaluate(() => {
    const box = document.querySelector(".thinking");
    window.__thinking = [];
    new MutationObserver(() => {
      const bar = box.querySelector("progress");
      window.__thinking.push({ hidden: box.hidden, text: box.textContent, value: bar ? bar.value : null });
    }).observe(box, { subtree: true, childList: true, attributes: true });
  });
}

/** Agents the observation shows `viewer` anywhere but in the card faces (`cards`). */
function shownAgents(obs) {
  const out = new Set(obs.discarded);
  for (const st of obs.seats) {
    for (const col of st.field) for (const a of col) out.add(a);
    for (const a of st.hand) if (a !== null) out.add(a);
    for (const [, a] of st.pile_known) out.add(a);
  }
  return out;
}

test("Conspiracy TCG: business cards in two browser contexts; no page holds the other seat's hand; the computer's thinking is only progress", async () => {
  const created = await env.server.api("POST", "/api/matches", {
    game: "conspiracy-tcg",
    params: { players: 3 },
    seats: [{ kind: "human" }, { kind: "human" }, { kind: "computer", strength: "hard" }],
  });
  const a = await env.open(created.seats[0].join_url);
  const b = await env.open(created.seats[1].join_url);
  await watchThinking(a);
  // Every agent on the board is a business card with its name, phone and army written on it.
  const card = a.locator('svg.board g.tcg-card[data-place^="@"]').first();
  assert.match(await card.getAttribute("aria-label"), /^@\d+ .+: .*(phone|no phone).*shadow army \w+/);

  // Seat 0's first move by keyboard only (lit cards and slots are focusable; Enter picks).
  const acks = () => a.received.filter((t) => JSON.parse(t).type === "ack").length;
  await playOneMoveByKeyboard(a);
  assert.equal(acks(), 1, "the keyboard move was acknowledged");
  await playRounds([a, b], 4);
  await screenshot(a, "conspiracy-tcg");
  await screenshot(b, "conspiracy-tcg-seat-1");

  // The hard computer (seat 2) thought between the seats' moves: a progress bar, no move text.
  const looks = await a.evaluate(() => window.__thinking);
  const shown = looks.filter((l) => !l.hidden && l.value !== null);
  assert.ok(shown.length > 0, "the thinking bar was shown");
  assert.ok(
    shown.some((l) => l.value > 0),
    `the bar showed progress: ${JSON.stringify(shown.slice(0, 3))}`,
  );
  for (const l of shown) {
    assert.match(l.text, /^seat 2 · computer \(hard\) is thinking…\d+%$/);
    assert.doesNotMatch(l.text, /@\d|deploy|attack|pro |pass/);
  }
  for (const page of [a, b]) {
    const frames = page.received.map((t) => JSON.parse(t));
    const thinking = frames.filter((m) => m.type === "thinking");
    assert.ok(thinking.length > 0, "thinking progress was sent");
    for (const m of thinking) {
      assert.deepEqual(Object.keys(m).sort(), ["progress", "seat", "type"]);
      assert.ok(m.progress >= 0 && m.progress <= 1);
    }
    for (const s of states(page))
      if (s.thinking) assert.deepEqual(Object.keys(s.thinking).sort(), ["progress", "seat"]);
  }

  // Secrecy: at every step, the cards in one seat's hand (as its own page received them) that the
  // other seat's observation does not show appear nowhere in the other page's views — neither as
  // agents (`@N`, a card face) nor by name — and not in its DOM at the end.
  const pages = [a, b];
  let checked = 0;
  for (const [viewer, owner] of [
    [0, 1],
    [1, 0],
  ]) {
    const ownerStates = new Map(states(pages[owner]).map((s) => [s.seq, s]));
    for (const frame of pages[viewer].received) {
      const msg = JSON.parse(frame);
      if (msg.type !== "state") continue;
      // What the frame says of the game (the match's board_places list every agent by number).
      const text = JSON.stringify(msg.views);
      assert.deepEqual(
        msg.views.map((v) => v.seat),
        [viewer],
      );
      const mine = ownerStates.get(msg.seq);
      if (!mine) continue;
      const theirs = mine.views[0].observation;
      const obs = msg.views[0].observation;
      assert.equal(obs.seats[owner].hand.length, theirs.seats[owner].hand.length);
      const shown = shownAgents(obs);
      // Two different cards may carry the same name: a name this viewer sees on a card it may see
      // says nothing.
      const seenNames = new Set(Object.values(obs.cards).map((f) => f.name));
      for (const agent of theirs.seats[owner].hand) {
        if (shown.has(agent)) continue; // seen by this viewer (or the same agent in its own deck)
        const name = theirs.cards[String(agent)].name;
        assert.equal(obs.cards[String(agent)], undefined, `seat ${viewer} gets no face of @${agent}`);
        if (!seenNames.has(name))
          assert.ok(!text.includes(name), `seat ${viewer}'s frame names ${name} of seat ${owner}'s hand`);
        assert.doesNotMatch(text, new RegExp(`@${agent}(?!\\d)`));
        checked++;
      }
    }
    const last = states(pages[owner]).at(-1).views[0].observation;
    const dom = await pages[viewer].content();
    const shownNow = shownAgents(states(pages[viewer]).at(-1).views[0].observation);
    const namesNow = new Set(
      Object.values(states(pages[viewer]).at(-1).views[0].observation.cards).map((f) => f.name),
    );
    for (const agent of last.seats[owner].hand)
      if (!shownNow.has(agent) && !namesNow.has(last.cards[String(agent)].name))
        assert.ok(
          !dom.includes(last.cards[String(agent)].name),
          `seat ${viewer}'s page shows a card of seat ${owner}'s hand`,
        );
    // Its own hand is drawn, and listed in the private panel.
    for (const agent of states(pages[viewer]).at(-1).views[0].observation.seats[viewer].hand)
      assert.equal(await pages[viewer].locator(`svg.board [data-place="@${agent}"]`).count(), 1);
  }
  assert.ok(checked > 20, `hidden hand cards checked: ${checked}`);
  for (const p of pages) for (const t of p.received) assert.doesNotMatch(t, /"(seed|chance|pile)":/);

  // A spectator at phone width: no sideways scrolling, no hand named.
  const phone = await env.open(created.watch_url, { viewport: { width: 390, height: 844 } });
  const overflow = await phone.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(overflow <= 1, `no sideways scrolling at phone width (overflow ${overflow}px)`);
  await screenshot(phone, "conspiracy-tcg-phone");
  for (const s of states(phone))
    assert.deepEqual(
      s.views.map((v) => v.seat),
      [-1],
    );
  for (const p of [a, b, phone]) assert.deepEqual(p.errors ?? [], []);
  for (const p of [a, b, phone]) assertNoConsoleErrors(p);
  for (const p of [a, b, phone]) await p.context().close();
});
