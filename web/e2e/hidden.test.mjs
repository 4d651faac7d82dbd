// Two browser contexts hold different seats of a Siege match and of a Conspiracy match; neither
// page's DOM nor WebSocket traffic ever holds the other seat's secrets. A spectator sees only public
// information.
import assert from "node:assert/strict";
import { test } from "node:test";
import { assertNoConsoleErrors, withServerAndBrowser, playRounds, screenshot, states } from "./harness.mjs";

const env = withServerAndBrowser();

const open = (path) => env.open(path);

test("Siege: two seats in two browser contexts; Army values stay unknown to both", async () => {
  const created = await env.server.api("POST", "/api/matches", {
    game: "siege",
    params: { players: 2 },
    seats: [{ kind: "human" }, { kind: "human" }],
  });
  const a = await open(created.seats[0].join_url);
  const b = await open(created.seats[1].join_url);
  await playRounds([a, b], 8);
  await screenshot(a, "siege");
  for (const [page, seat] of [
    [a, 0],
    [b, 1],
  ]) {
    for (const s of states(page)) {
      assert.deepEqual(
        s.views.map((v) => v.seat),
        [seat],
        "a page holds only its own seat",
      );
      for (const v of s.views) {
        const obs = v.observation;
        // An Army's value is known to nobody, its owner included, until a battle turns it up: a
        // value shows only once the log holds an attack ("3:c3-c5xd5").
        const fought = v.log.some((line) => /:\S*x[a-h1-8NESW]/.test(line));
        for (const st of obs.stacks) if (!fought) assert.match(st, /^\?*$/, "stack values are never sent");
        for (const piece of String(obs.board).split(/\s+/).filter(Boolean))
          assert.match(piece, fought ? /=(NE|SE|SW|NW)[?C0-5]$/ : /=(NE|SE|SW|NW)[?C]$/);
        if (s.to_move !== seat) assert.equal(v.legal.length, 0, "no legal moves for a seat not to move");
      }
    }
    for (const t of page.received) assert.doesNotMatch(t, /"(seed|chance|state|revealed)":/);
    // Siege hides nothing from one seat that it shows another: both pages saw the same observation
    // at every step.
    const other = page === a ? b : a;
    for (const s of states(page)) {
      const twin = states(other).find((o) => o.seq === s.seq);
      if (twin) assert.deepEqual(twin.views[0].observation, s.views[0].observation);
    }
    assert.doesNotMatch(await page.content(), /token=[0-9a-f]{32}.*token=[0-9a-f]{32}/s);
  }
  for (const p of [a, b]) assertNoConsoleErrors(p);
  await a.context().close();
  await b.context().close();
});

test("Conspiracy: goals, hands and tiles of one seat never reach the other seat's page or a spectator", async () => {
  const created = await env.server.api("POST", "/api/matches", {
    game: "conspiracy",
    params: { players: 3 },
    seats: [{ kind: "human" }, { kind: "human" }, { kind: "computer", strength: "easy" }],
  });
  const a = await open(created.seats[0].join_url);
  const b = await open(created.seats[1].join_url);
  const watcher = await open(created.watch_url);
  await playRounds([a, b], 6);
  await screenshot(a, "conspiracy");
  await screenshot(watcher, "conspiracy-spectator");

  // What each seat holds, as its own page received it.
  const secretsOf = (page, seat) => {
    const out = new Set();
    for (const s of states(page))
      for (const v of s.views.filter((v) => v.seat === seat)) {
        const e = v.observation.seats[seat];
        if (!["secret", "not chosen"].includes(e[10])) out.add(`goal:${e[10]}`);
        for (const t of String(e[5]).split(" ").filter(Boolean)) out.add(`tile:${t}`);
        for (const c of String(v.observation.my_setup_coins ?? "")
          .split(" ")
          .filter(Boolean))
          out.add(`setup:${c}`);
      }
    return out;
  };
  const aSecrets = secretsOf(a, 0);
  const bSecrets = secretsOf(b, 1);
  assert.ok(
    [...aSecrets].some((x) => x.startsWith("goal:")),
    "seat 0 chose a goal",
  );
  assert.ok(
    [...aSecrets].some((x) => x.startsWith("tile:")),
    "seat 0 holds tiles",
  );
  assert.ok(
    [...bSecrets].some((x) => x.startsWith("goal:")),
    "seat 1 chose a goal",
  );

  // The coins a page's own seat held (hand or bonus) up to each state: the only coins of another
  // seat's hand it may name, since a coin reaches a hand from the bag (seen by the drawer alone), a
  // payment (seen by payer and payee) or the drawer's own saved coin. A seat that paid seat 0 a
  // coin knows it is there until seat 0's hand is shuffled by a payment of its own.
  const heldSoFar = (page) => {
    const held = new Set();
    return states(page).map((s) => {
      for (const v of s.views.filter((v) => v.seat >= 0)) {
        const e = v.observation.seats[v.seat];
        for (const c of `${e[1]} ${e[3]}`.split(" ").filter(Boolean)) held.add(c);
      }
      return new Set(held);
    });
  };

  const checkBlind = async (page, other, label) => {
    const held = heldSoFar(page);
    states(page).forEach((s, i) => {
      for (const v of s.views) {
        const e = v.observation.seats[other];
        assert.ok(
          ["secret", "not chosen"].includes(e[10]),
          `${label}: the goal of seat ${other} stays secret`,
        );
        assert.equal(e[5], "", `${label}: the tiles seat ${other} holds are not named`);
        for (const c of String(e[1]).split(" ").filter(Boolean))
          assert.ok(
            held[i].has(c),
            `${label}: seat ${other}'s hand is named only where this seat paid the coin (${c})`,
          );
        if (v.seat === -1) assert.equal(e[1], "", `${label}: the hand of seat ${other} is not named`);
        if (v.seat === -1) assert.equal(v.observation.my_setup_coins, undefined);
        if (v.seat === -1)
          for (const t of v.observation.tiles)
            assert.doesNotMatch(t, /\(/, `${label}: no face-down tile is named`);
      }
    });
    const dom = await page.content();
    // The page lists every seat's goal as it knows it: seat `other`'s reads "secret" (or "not
    // chosen"), and the goal that seat's own page showed appears nowhere beside its name.
    assert.match(dom, new RegExp(`<li>seat ${other}[^<]*: goal (secret|not chosen)`));
    const own = other === 0 ? aSecrets : other === 1 ? bSecrets : new Set();
    const goal = [...own].find((x) => x.startsWith("goal:"))?.slice(5);
    if (goal)
      assert.doesNotMatch(
        dom,
        new RegExp(`<li>seat ${other}[^<]*: goal ${goal}\\b`),
        `${label}: the DOM does not show seat ${other}'s goal`,
      );
  };
  await checkBlind(b, 0, "seat 1's page");
  await checkBlind(a, 1, "seat 0's page");
  await checkBlind(watcher, 0, "the spectator");
  await checkBlind(watcher, 1, "the spectator");
  await checkBlind(watcher, 2, "the spectator");
  for (const s of states(watcher)) {
    assert.deepEqual(
      s.views.map((v) => v.seat),
      [-1],
    );
    assert.equal(s.views[0].legal.length, 0);
  }
  assert.match(await watcher.locator(".private h2").textContent(), /Spectator view/);
  for (const p of [a, b, watcher])
    for (const t of p.received) assert.doesNotMatch(t, /"(seed|chance|state)":/);
  for (const p of [a, b, watcher]) assertNoConsoleErrors(p);
  for (const p of [a, b, watcher]) await p.context().close();
});
