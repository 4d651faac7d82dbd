#include "sim/report_replay.h"

#include <string_view>

namespace tabletop::sim {

namespace {

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> out;
  std::size_t start = 0;
  for (std::size_t end; (end = text.find('\n', start)) != std::string::npos; start = end + 1)
    out.push_back(text.substr(start, end - start));
  out.push_back(text.substr(start));
  return out;
}

}  // namespace

json replay_frames(const Game& game, const Record& record) {
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
  const int plies = int(record.moves.size());
  json out = {{"game", game.info().name}, {"plies", plies}, {"seats", json::array()}};
  for (int s = 0; s < n; ++s)
    out["seats"].push_back(
        {{"name", game.seat_name(s)},
         {"agent", std::size_t(s) < record.seats.size() ? record.seats[std::size_t(s)] : ""}});
  if (record.result) out["result"] = *record.result;
  out["frames"] = json::array();
  std::size_t seen = 0;
  std::vector<std::string> previous;  // the last embedded frame's board lines; empty: none
  int gap = 0;
  auto frame = [&](json f) {
    f["ply"] = state->ply();
    if (gap) f["gap"] = gap;
    gap = 0;
    f["log"] = state->log().for_viewer(kSpectator, seen);
    seen = state->log().events().size();
    const std::string board = state->render(kSpectator);
    std::vector<std::string> lines = lines_of(board);
    if (previous.empty()) {
      f["board"] = board;
    } else {
      json set = json::array();
      for (std::size_t i = 0; i < lines.size(); ++i)
        if (i >= previous.size() || lines[i] != previous[i]) set.push_back({i, lines[i]});
      if (!set.empty() || lines.size() != previous.size())
        f["patch"] = {{"n", lines.size()}, {"set", std::move(set)}};
    }
    previous = std::move(lines);
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
  frame(json::object());
  const int half = kReplaySteps / 2;
  for (int i = 0; i < plies; ++i) {
    const Seat mover = state->current_player();
    try {
      state->apply_text(record.moves[std::size_t(i)]);
    } catch (const std::exception& e) {
      throw BadRecord("replay: move " + std::to_string(i + 1) + " does not replay: " + e.what());
    }
    if (i + 1 > half && i + 1 <= plies - half) {  // left out: the next frame shows the whole board
      ++gap;
      seen = state->log().events().size();
      previous.clear();
      continue;
    }
    json f = {{"mover", game.seat_name(mover)}};
    if (!game.info().hidden_information) f["move"] = record.moves[std::size_t(i)];
    frame(std::move(f));
  }
  return out;
}

void Replays::add(const std::string& key, const std::string& title, const Game& game,
                  const Record& record) {
  std::size_t index = 0;
  while (index < records_.size() &&
         !(records_[index]->seed == record.seed && records_[index]->seats == record.seats &&
           records_[index]->moves == record.moves && records_[index]->params == record.params))
    ++index;
  if (index == records_.size()) {
    json_["games"].push_back(replay_frames(game, record));
    records_.push_back(&record);
  }
  json_["links"][key] = {{"game", index}, {"title", title}};
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
  const where = (f) => (game.plies ? f.ply / game.plies : 0);  // the frame's place in the game
  function svg(name, attrs) {
    const e = document.createElementNS(ns, name);
    for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
    return e;
  }
  function drawEstimate() {
    const chart = el('estimate');
    chart.replaceChildren();
    const frames = game.frames;
    const has = frames.filter((f) => f.estimate);
    chart.style.display = has.length > 1 ? '' : 'none';
    if (has.length < 2) return;
    let lo = Infinity, hi = -Infinity;
    for (const f of has) for (const v of f.estimate) { lo = Math.min(lo, v); hi = Math.max(hi, v); }
    if (hi - lo < 1e-9) hi = lo + 1;
    const left = 50, width = 500, top = 10, height = 110;
    const x = (i) => left + where(frames[i]) * width;
    const y = (v) => top + ((hi - v) / (hi - lo)) * height;
    game.seats.forEach((seat, s) => {
      let d = '';
      // A new stroke after a gap: the moves left out are not drawn as a straight line.
      frames.forEach((f, i) => { if (f.estimate) d += (d && !f.gap ? 'L' : 'M') + x(i) + ',' + y(f.estimate[s]); });
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
    el('at').textContent = f.ply === 0 ? 'the deal, of ' + game.plies + ' moves'
      : 'move ' + f.ply + ' of ' + game.plies;
    el('move').textContent = (f.gap ? 'Moves ' + (f.ply - f.gap) + '\u2013' + (f.ply - 1) +
        ' are left out here (the record beside this page has them all: tabletop replay --step). ' : '') +
      (f.ply === 0 ? 'Before the first move.'
        : 'Move ' + f.ply + ': ' + f.mover + (f.move ? ' plays ' + f.move : ' moves') + '.');
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
      const cx = Number(chart.dataset.x0) + where(f) * Number(chart.dataset.w);
      cursor.setAttribute('x1', cx);
      cursor.setAttribute('x2', cx);
    }
    document.body.dataset.replayStep = String(f.ply);
  }
  function open(key) {
    const link = data.links[key];
    if (!link) return;
    game = data.games[link.game];
    let lines = [];
    boards = game.frames.map((f) => {
      if (f.board !== undefined) {
        lines = f.board.split('\n');
      } else if (f.patch) {
        lines = lines.slice(0, f.patch.n);
        while (lines.length < f.patch.n) lines.push('');
        for (const [i, text] of f.patch.set) lines[i] = text;
      }
      return lines.join('\n');
    });
    el('title').textContent = link.title;
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
  document.body.dataset.replays = String(Object.keys(data.links).length);
})();
</script>
)js";

}  // namespace

std::string replay_panel(const Replays& replays) {
  if (replays.empty()) return {};
  return std::string(kReplayPanel) + "<script type=\"application/json\" id=\"replay-data\">" +
         script_safe(replays.to_json()) + "</script>\n" + kReplayScript;
}

}  // namespace tabletop::sim
