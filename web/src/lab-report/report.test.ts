// The report page drawn from a real run's figures (fixture.ts: summary.fixture.json,
// report.fixture.json and replay.fixture.json, written by `npm run fixture:lab-summary` from the
// lab-summary block of `tabletop sim relativity -n 6 -j 2 --rotate --agents random,greedy --sweep
// max_plies=10000,40 --seed 3 --report report` with the replays cut to the shortest game; `make
// test-web` fails when a fresh run differs): every section and chart is there and every figure in a
// table is the JSON's.
import { beforeEach, describe, expect, it } from "vitest";
import { summary } from "./fixture";
import { pct, range, signed } from "./format";
import { renderReport } from "./main";

let root: HTMLElement;

/** The cells of each row of `table` (the header row left out). */
function rows(table: Element): string[][] {
  return [...table.querySelectorAll("tr")]
    .slice(1)
    .map((tr) => [...tr.children].map((c) => c.textContent ?? ""));
}

/** The first table after the heading or paragraph of `section` whose first header cell is `first`. */
function tableStartingWith(section: Element, first: string): HTMLTableElement {
  const table = [...section.querySelectorAll("table")].find(
    (t) => t.querySelector("th")?.textContent === first,
  );
  if (!table) throw new Error(`no table starting with "${first}"`);
  return table;
}

beforeEach(() => {
  document.body.innerHTML = "<main id='report'></main>";
  root = document.getElementById("report")!;
  renderReport(root, summary);
});

describe("the lab report", () => {
  it("names the game and the command line that made it", () => {
    expect(root.querySelector("h1")?.textContent).toBe("Balance lab: relativity");
    expect(root.querySelector("pre")?.textContent).toBe(summary.report.command_line);
    expect(document.title).toBe("Balance lab: relativity");
  });

  it("draws each condition's charts and the differences' chart", () => {
    const titles = [...root.querySelectorAll("svg.chart > title")].map((t) => t.textContent);
    const perCondition = [
      "Decisive share per seat, 95% Wilson",
      "Agent decisive share over all seats, 95% Wilson",
      "Plies per game (games in each bar)",
    ];
    for (const title of perCondition) expect(titles.filter((t) => t === title)).toHaveLength(2);
    expect(titles).toContain("Win rate minus max_plies=10000, points, 95% paired");
    expect(titles).toContain("Each seat's estimated return, by turn");
    expect(titles).toContain("trophies per seat, by turn");
  });

  it("shows each seat's figures as the JSON has them", () => {
    const sections = root.querySelectorAll("section.condition");
    expect(sections).toHaveLength(summary.conditions.length);
    summary.conditions.forEach((c, i) => {
      const seats = rows(tableStartingWith(sections[i], "seat"));
      expect(seats).toHaveLength(c.players);
      c.seats.forEach((s, k) => {
        expect(seats[k][0]).toBe(`seat ${s.seat}`);
        expect(seats[k][1]).toBe(String(s.wins));
        expect(seats[k][2]).toBe(pct(s.share_of_decisive));
        expect(seats[k][3]).toBe(range(pct(s.share_95[0]), pct(s.share_95[1])));
        expect(seats[k][5]).toBe(signed(s.mean_return, 3));
      });
      const agents = rows(tableStartingWith(sections[i], "agent"));
      c.slots.forEach((s, k) =>
        expect(agents[k].slice(0, 3)).toEqual([
          `agent ${s.slot} ${s.agent}`,
          String(s.wins),
          pct(s.share_of_decisive),
        ]),
      );
      const length = rows(tableStartingWith(sections[i], ""));
      expect(length[0]).toEqual([
        "plies",
        c.plies.mean.toFixed(1),
        c.plies.median.toFixed(1),
        range(c.plies.q1.toFixed(1), c.plies.q3.toFixed(1)),
        c.plies.max.toFixed(1),
      ]);
    });
  });

  it("shows every quality measure with its meaning", () => {
    const quality = root.querySelector("section.condition table.quality")!;
    const measures = Object.values(summary.conditions[0].quality);
    expect(rows(quality).map((r) => [r[0], r[3]])).toEqual(measures.map((m) => [m.name, m.meaning]));
  });

  it("says which games the quality measures come from", () => {
    const note = () =>
      root.querySelector("section.condition table.quality")!.previousElementSibling!.textContent;
    expect(summary.conditions[0].quality_games).toBe(summary.conditions[0].games);
    expect(note()).toContain("at every ply of every game");
    const sampled = structuredClone(summary);
    sampled.quality_every = 4;
    sampled.conditions[0].quality_games = 4;
    renderReport(root, sampled);
    expect(note()).toContain(
      `at every ply of 4 of the ${summary.conditions[0].games} games, those of one deal in 4`,
    );
  });

  it("shows the paired differences in points, flagged where the interval excludes 0", () => {
    const section = root.querySelector("section.comparisons")!;
    const capped = rows(tableStartingWith(section, "variant")).find((r) => r[1] === "capped rate")!;
    const p = summary.comparisons[0].capped_rate;
    expect(capped[2]).toBe(signed(100 * p.difference, 1));
    expect(capped[3]).toBe(range(signed(100 * p.paired_95![0], 1), signed(100 * p.paired_95![1], 1)));
    const flagged = [...section.querySelectorAll("td.flag")].map((td) => td.textContent);
    expect(flagged).toContain(capped[3]);
  });

  it("links each outlier to its record and, when embedded, to its replay", () => {
    const links = [...root.querySelectorAll<HTMLAnchorElement>("p.outliers a")];
    const outliers = summary.report.conditions.flatMap((c) => c.outliers);
    expect(links.map((a) => a.getAttribute("href"))).toEqual(outliers.map((o) => o.record));
    expect(links.map((a) => a.dataset.replay)).toEqual(outliers.map((o) => o.replay));
    expect(root.querySelector("#replay")?.hasAttribute("hidden")).toBe(true);
  });
});

describe("a report of a run without decisive games", () => {
  it("says the shares are undefined instead of drawing them", () => {
    const undecided = structuredClone(summary);
    const c = undecided.conditions[0];
    c.decisive = 0;
    c.seats.forEach((s) => (s.advantage_flagged = false));
    renderReport(root, undecided);
    const section = root.querySelector("section.condition")!;
    expect(section.textContent).toContain("No game was decisive: the seats' shares are undefined (—).");
    expect(rows(tableStartingWith(section, "seat"))[0][3]).toBe("— (no decisive game)");
  });
});
