#include "sim/report_replay.h"

#include <string_view>

namespace tabletop::sim {

json replay_frames(const Game& game, const Record& record, const std::string& title) {
  Chance chance(record.seed);
  chance.script(record.chance);
  chance.set_journal(true);
  std::unique_ptr<State> state;
  try {
    state = game.new_initial_state(std::move(chance));
  } catch (const std::exception& e) {
    throw BadRecord(std::string("replay: the deal does not replay: ") + e.what());
  }
  state->set_recording(true);
  const int n = state->num_players();
  json out = {{"title", title}, {"game", game.info().name}, {"seats", json::array()}};
  for (int s = 0; s < n; ++s)
    out["seats"].push_back(
        {{"name", game.seat_name(s)},
         {"agent", std::size_t(s) < record.seats.size() ? record.seats[std::size_t(s)] : ""}});
  if (record.result) out["result"] = *record.result;
  std::size_t seen = 0;
  std::string previous_board;
  auto frame = [&](json f) {
    f["ply"] = state->ply();
    f["log"] = state->log().for_viewer(kSpectator, seen);
    seen = state->log().events().size();
    std::string board = state->render(kSpectator);
    if (board != previous_board || state->ply() == 0) f["board"] = board;
    previous_board = std::move(board);
    if (std::string status = state->turn_status(kSpectator); !status.empty()) f["status"] = status;
    Returns estimate{};
    if (state->is_terminal()) {
      estimate = state->returns();
      f["estimate"] = std::vector<double>(estimate.begin(), estimate.begin() + n);
    } else if (state->estimate_returns(estimate)) {
      f["estimate"] = std::vector<double>(estimate.begin(), estimate.begin() + n);
    }
    out["frames"].push_back(std::move(f));
  };
  out["frames"] = json::array();
  frame(json::object());
  for (std::size_t i = 0; i < record.moves.size(); ++i) {
    const Seat mover = state->current_player();
    try {
      state->apply_text(record.moves[i]);
    } catch (const std::exception& e) {
      throw BadRecord("replay: move " + std::to_string(i + 1) + " does not replay: " + e.what());
    }
    json f = {{"mover", game.seat_name(mover)}};
    if (!game.info().hidden_information) f["move"] = record.moves[i];
    frame(std::move(f));
  }
  return out;
}

namespace {

// The JSON inside <script type="application/json">: no "<" at all, so neither "</script>" nor
// "<!--" can end or change the block whatever a seat name or log line says.
std::string script_safe(const json& j) {
  const std::string text = j.dump();
  std::string out;
  out.reserve(text.size());
  for (char c : text) {
    if (c == '<')
      out += "\\u003c";
    else
      out += c;
  }
  return out;
}

const char* kReplayPanel = R"html(<section id="replay" class="replay" hidden>
<h2>Replay: <span id="replay-title"></span></h2>
<p id="replay-seats" class="note"></p>
<div class="controls"><button id="replay-first" title="the deal (Home)">&#x25C0;&#x25C0; start</button>
<button id="replay-prev" title="one step back (&#x2190;)">&#x25C0; back</button>
<button id="replay-next" title="one step on (&#x2192;)">next &#x25B6;</button>
<button id="replay-last" title="the end (End)">end &#x25B6;&#x25B6;</button>
<input id="replay-slider" type="range" min="0" max="0" value="0" aria-label="step">
<span id="replay-at"></span> <button id="replay-close">close</button></div>
<p id="replay-move"></p><pre id="replay-board" class="board"></pre><p id="replay-status" class="note"></p>
<svg id="replay-estimate" class="replay-chart" role="img" viewBox="0 0 700 150" width="700" height="150"></svg>
<p class="note">The board, the moves and the log are what a spectator saw (a hidden-information game's
moves show only who moved); the curves are each seat's estimated return by the game's
<code>estimate_returns</code>, which the lab reads from the complete state (the final step shows the
returns), with the step marked.</p>
<h3>Log up to this step</h3><ol id="replay-log"></ol>
</section>
)html";

const char* kReplayScript = R"js(<script>
(() => {
  const data = JSON.parse(document.getElementById('replay-data').textContent);
  const panel = document.getElementById('replay');
  const el = (id) => document.getElementById('replay-' + id);
  const colours = ['#1f5fa8', '#c0392b', '#2e8b57', '#8e44ad', '#d35400', '#555'];
  const ns = el('estimate').namespaceURI;  // SVG's, without naming an address
  let game = null, boards = [], at = 0;
  function svg(name, attrs) {
    const e = document.createElementNS(ns, name);
    for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
    return e;
  }
  function drawEstimate() {
    const chart = el('estimate');
    chart.replaceChildren();
    const frames = game.frames, last = frames.length - 1;
    const has = frames.filter((f) => f.estimate);
    chart.style.display = has.length > 1 ? '' : 'none';
    if (has.length < 2) return;
    let lo = Infinity, hi = -Infinity;
    for (const f of has) for (const v of f.estimate) { lo = Math.min(lo, v); hi = Math.max(hi, v); }
    if (hi - lo < 1e-9) hi = lo + 1;
    const left = 50, width = 500, top = 10, height = 110;
    const x = (i) => left + (last ? i / last : 0) * width;
    const y = (v) => top + ((hi - v) / (hi - lo)) * height;
    game.seats.forEach((seat, s) => {
      let d = '';
      frames.forEach((f, i) => { if (f.estimate) d += (d ? 'L' : 'M') + x(i) + ',' + y(f.estimate[s]); });
      chart.append(svg('path', { d, fill: 'none', stroke: colours[s % 6], 'stroke-width': 2 }));
      const key = svg('text', { x: left + width + 10, y: top + 12 + 16 * s, fill: colours[s % 6], 'font-size': 12 });
      key.textContent = seat.name;
      chart.append(key);
    });
    for (const [v, yy] of [[hi, top + 4], [lo, top + height]]) {
      const t = svg('text', { x: left - 6, y: yy, 'text-anchor': 'end', 'font-size': 11, fill: '#555' });
      t.textContent = v.toPrecision(2);
      chart.append(t);
    }
    const label = svg('text', { x: left + width / 2, y: top + height + 18, 'text-anchor': 'middle', 'font-size': 11, fill: '#555' });
    label.textContent = 'estimated return by step';
    chart.append(label);
    chart.append(svg('line', { id: 'replay-cursor', x1: left, x2: left, y1: top, y2: top + height, stroke: '#222', 'stroke-dasharray': '3 2' }));
    chart.dataset.x0 = left; chart.dataset.w = width;
  }
  function show(i) {
    const frames = game.frames, last = frames.length - 1;
    at = Math.max(0, Math.min(last, i));
    const f = frames[at];
    el('board').textContent = boards[at];
    el('at').textContent = at === 0 ? 'the deal, of ' + last + ' moves' : 'move ' + at + ' of ' + last;
    el('move').textContent = at === 0 ? 'Before the first move.'
      : 'Move ' + at + ': ' + f.mover + (f.move ? ' plays ' + f.move : ' moves') + '.';
    el('status').textContent = f.status || '';
    const log = el('log');
    log.replaceChildren();
    for (let k = 0; k <= at; k++)
      for (const line of frames[k].log) {
        const li = document.createElement('li');
        li.textContent = line;
        if (k === at) li.className = 'now';
        log.append(li);
      }
    log.scrollTop = log.scrollHeight;
    el('slider').value = String(at);
    const cursor = document.getElementById('replay-cursor');
    if (cursor) {
      const chart = el('estimate');
      const cx = Number(chart.dataset.x0) + (last ? at / last : 0) * Number(chart.dataset.w);
      cursor.setAttribute('x1', cx);
      cursor.setAttribute('x2', cx);
    }
    document.body.dataset.replayStep = String(at);
  }
  function open(key) {
    game = data[key];
    if (!game) return;
    let board = '';
    boards = game.frames.map((f) => (board = f.board ?? board));
    el('title').textContent = game.title;
    el('seats').textContent = game.seats.map((s) => s.name + ': ' + s.agent).join(', ') +
      (game.result ? '. Result: ' + game.result.map((r) => String(r)).join(', ') + '.' : '');
    el('slider').max = String(game.frames.length - 1);
    panel.hidden = false;
    drawEstimate();
    show(0);
    document.body.dataset.replayOpen = key;
    panel.scrollIntoView();
  }
  document.addEventListener('click', (e) => {
    const link = e.target.closest('a[data-replay]');
    if (!link) return;
    e.preventDefault();
    open(link.dataset.replay);
  });
  el('first').onclick = () => show(0);
  el('prev').onclick = () => show(at - 1);
  el('next').onclick = () => show(at + 1);
  el('last').onclick = () => show(Infinity);
  el('slider').oninput = (e) => show(Number(e.target.value));
  el('close').onclick = () => { panel.hidden = true; delete document.body.dataset.replayOpen; };
  document.addEventListener('keydown', (e) => {
    if (panel.hidden || !game || e.target.tagName === 'INPUT') return;
    const step = { ArrowLeft: at - 1, ArrowRight: at + 1, Home: 0, End: Infinity }[e.key];
    if (step === undefined) return;
    e.preventDefault();
    show(step);
  });
  document.body.dataset.replays = String(Object.keys(data).length);
})();
</script>
)js";

}  // namespace

std::string replay_panel(const json& replays) {
  if (replays.empty()) return {};
  return std::string(kReplayPanel) + "<script type=\"application/json\" id=\"replay-data\">" +
         script_safe(replays) + "</script>\n" + kReplayScript;
}

}  // namespace tabletop::sim
