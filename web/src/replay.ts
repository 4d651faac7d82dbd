// Replay of a finished match, step by step forward and back, from the public views the server
// builds for each step (GET /api/matches/{id}/replay, finished matches only), and export of the
// record (GET /api/matches/{id}/record).
import { analysisChart } from "./analysis";
import { api } from "./api";
import { fitNumbers, h, narrow, seatLabel, wireFolds } from "./dom";
import { drawerFor } from "./games";
import { resultNodes } from "./result";
import { stepControls } from "./step-controls";

export async function showReplay(root: HTMLElement, id: string): Promise<void> {
  const summary = await api.match(id);
  const names = summary.seats.map((s) => seatLabel(s.seat, s.name, s.player));
  const board = h("div", { class: "board-box" });
  const status = h("p", { class: "status", "aria-live": "polite" });
  const stepText = h("p", { class: "step", "aria-live": "polite" });
  const log = h("ol", { class: "log replay-log" });
  const ending = h("section", { class: "result", hidden: true, "aria-live": "polite" });
  let at = 0;
  const go = (to: number) => {
    at = Math.max(0, Math.min(steps.length - 1, to));
    show();
  };
  const controls = stepControls({ sliderId: "replay-step", at: () => at, go: (to) => go(to) });
  const error = h("p", { class: "error", role: "alert" });
  const recordLink = h(
    "a",
    { href: `/api/matches/${id}/record`, download: `${summary.game}-${id}.json`, class: "export-link" },
    "Export the record (JSON)",
  );
  root.replaceChildren(
    h(
      "header",
      { class: "top" },
      h("h1", {}, h("a", { href: "/" }, "Tabletop")),
      h("p", {}, `Replay of ${summary.game} match ${id}`),
      h("a", { href: `/rules/${summary.game}` }, "How to play"),
    ),
    h(
      "main",
      { class: "match" },
      h("section", { class: "board-area" }, board),
      h(
        "aside",
        { class: "side" },
        stepText,
        controls.buttons,
        controls.slider,
        status,
        ending,
        h("p", {}, recordLink, " · ", h("a", { href: `/match/${id}` }, "Match page")),
        error,
        h("section", {}, h("h2", {}, "Moves"), h("div", { class: "log-box" }, log)),
      ),
    ),
  );
  if (summary.status !== "finished") {
    error.textContent = "The replay opens once the match is finished.";
    return;
  }
  const steps: { move: string | null; observation: unknown; log: string[] }[] = [];
  try {
    // Page by page (a long match's replay comes in several, once the server has built it).
    for (let from: number | null = 0; from !== null;) {
      const page = await api.replay(id, from);
      if (page.status === "building") {
        error.textContent = "Preparing the replay…";
        await new Promise((done) => setTimeout(done, page.retry_after_ms ?? 500));
        continue;
      }
      error.textContent = "";
      steps.push(...page.steps);
      from = page.next;
    }
  } catch (e) {
    error.textContent = `No replay: ${(e as Error).message}`;
    return;
  }
  const drawer = drawerFor(summary.game);
  // The win-chance curve under the board (analysis.ts); a click on a move goes to its step.
  const chart = analysisChart(id, names, (step) => go(step));
  board.after(chart.el);
  controls.setLast(steps.length - 1);
  fitNumbers(log, steps.length - 1);
  // Parts folded or unfolded by their fold buttons (the card game's seat areas), kept from step to
  // step; on a phone every seat starts folded to its header strip.
  const folds = new Map<string, boolean>();
  const show = () => {
    const s = steps[at];
    const ctx = { viewer: -1, seatNames: names, narrow: narrow(), folds, foldByDefault: narrow() };
    board.replaceChildren(drawer.board(s.observation, ctx));
    status.textContent = drawer.status(s.observation, ctx);
    stepText.textContent = `Step ${at} of ${steps.length - 1}${s.move ? ": " + s.move : " (the start)"}`;
    controls.show(at);
    chart.setStep(at);
    // The last step: who won and what ended the game (the server's reason, the game's own words).
    const result = summary.result;
    ending.hidden = !(at === steps.length - 1 && result);
    if (!ending.hidden && result) {
      ending.replaceChildren(...resultNodes(result, names));
    }
    // Every step with its notation and its log lines; a click goes there.
    log.replaceChildren(
      ...steps
        .slice(1)
        .map((st, i) =>
          h(
            "li",
            { class: i + 1 === at ? "current" : "", "aria-current": i + 1 === at ? "step" : undefined },
            h("button", { type: "button", "data-goto": i + 1 }, st.move ?? ""),
            st.log.length ? h("ul", { class: "step-log" }, ...st.log.map((l) => h("li", {}, l))) : null,
          ),
        ),
    );
    // Scroll the list (not the page) so the current step is in its middle.
    const current = log.querySelector<HTMLElement>("li.current");
    const box = log.parentElement!;
    box.scrollTop = current ? current.offsetTop - box.clientHeight / 2 : 0;
  };
  const onFold = wireFolds(board, folds, () => show());
  board.addEventListener("click", onFold);
  board.addEventListener("keydown", onFold);
  log.addEventListener("click", (ev) => {
    const b = (ev.target as Element).closest("button[data-goto]");
    if (b) go(Number(b.getAttribute("data-goto")));
  });
  show();
}
