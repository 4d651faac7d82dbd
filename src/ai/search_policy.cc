#include "ai/search_policy.h"

#include <array>
#include <cmath>

#include "ai/greedy_agent.h"

namespace tabletop::ai {

namespace {

constexpr uint32_t kNone = SearchTree::kNone;
using Node = SearchTree::Node;

// Natural logarithms of small counts, looked up in the selection loop.
double ln(uint32_t n) {
  static const std::array<float, 1 << 16> table = [] {
    std::array<float, 1 << 16> t{};
    for (std::size_t i = 1; i < t.size(); ++i) t[i] = float(std::log(double(i)));
    return t;
  }();
  return n < table.size() ? double(table[n]) : std::log(double(n));
}

// An order-independent fingerprint of a set of moves.
uint64_t fingerprint(const MoveList& moves) {
  uint64_t sum = 0;
  for (Move m : moves) {
    uint64_t z = m.bits + 0x9e3779b97f4a7c15ULL;
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    sum += z ^ (z >> 31);
  }
  return sum;
}

// The value selection reads for child `c`: its mean return, mixed with its implicit minimax
// value when Config::minimax is on.
double mean_value(const Node& c, const SearchPolicy::Config& config) {
  const double mean = c.value / c.visits;
  return config.minimax > 0 ? (1 - config.minimax) * mean + config.minimax * c.best : mean;
}

}  // namespace

SearchPolicy::SearchPolicy(uint64_t seed, SearchTree& tree, bool owner, Evaluation eval)
    : rng_(seed), eval_(eval), tree_(tree), owner_(owner) {}

void SearchPolicy::start_move_averages() {
  if (!averages_) {
    averages_ = std::make_unique<MoveAverages>();
    averaged_.reserve(kAveragedPlies);
    // gibbs_pick's scratch at its largest, so that no iteration grows it
    mast_weights_.resize(MoveList::kCapacity);
  }
  averages_->clear();
}

uint64_t SearchPolicy::iterate(const State& base, Seat seat, const Config& config) {
  std::unique_ptr<State> state = base.determinize(seat, rng_);
  path_.clear();
  averaged_.clear();
  if (tree_.shared()) {
    const double lo = tree_.lo();
    virtual_loss_ = std::isfinite(lo) ? lo : 0.0;
  }
  uint64_t plies = 0;
  descend(*state, seat, config, plies);
  const Returns r = play_out(*state, seat, config, plies);
  for (int s = 0; s < base.num_players(); ++s) tree_.widen_range(r[std::size_t(s)]);
  back_up_path(r, config);
  return plies;
}

// Step 2: from the root down to a new leaf (or the end of the game, or a full tree), recording
// the path; returns the last node reached.
uint32_t SearchPolicy::descend(State& state, Seat seat, const Config& config, uint64_t& plies) {
  uint32_t node = 0;
  while (!state.is_terminal()) {
    const Seat mover = state.current_player();
    if (config.model_opponents && mover != seat) {
      const Move modelled = modelled_move(state, mover);
      state.apply(modelled);
      note_played(config, mover, modelled);
      ++plies;
      continue;
    }
    state.legal_moves(moves_);
    Move move{0};
    bool expanded = false;
    const uint32_t child = select(node, mover, config, move, expanded);
    assert(moves_.contains(move) && "the search chose a move illegal in its sample");
    state.apply(move);
    ++plies;
    if (child == kNone) break;  // the tree is full: play out from here
    path_.push_back({node, child, mover});
    node = child;
    if (expanded) break;
  }
  return node;
}

// Step 3: the playout and the evaluation at its end.
Returns SearchPolicy::play_out(State& state, Seat seat, const Config& config, uint64_t& plies) {
  Returns r{};
  int depth = 0;
  // With modelled opponents: the others' replies to the leaf's move are played up to the
  // searching seat's next decision (at most kModelledPlies of them) before `depth` counts;
  // after that every ply counts, the others' still modelled.
  int replies = 0;
  bool replied = !config.model_opponents;
  for (;;) {
    if (state.is_terminal()) return state.returns();
    const Seat to_move = state.current_player();
    if (to_move == seat || replies >= kModelledPlies) replied = true;
    if (replied && config.depth >= 0 && depth >= config.depth) {
      if (!eval_.estimate(state, r)) r = state.returns();
      return r;
    }
    if (config.model_opponents && to_move != seat) {
      const Move modelled = modelled_move(state, to_move);
      state.apply(modelled);
      note_played(config, to_move, modelled);
      ++plies;
      if (replied)
        ++depth;
      else
        ++replies;
      continue;
    }
    state.legal_moves(moves_);
    const Move played = config.mast > 0 ? moves_[mast_pick(config, to_move, moves_)]
                                        : moves_[rng_.uniform(uint32_t(moves_.size()))];
    state.apply(played);
    note_played(config, to_move, played);
    ++plies;
    ++depth;
  }
}

// Step 4: the returns into every node of the path (and MAST's averages).
void SearchPolicy::back_up_path(const Returns& r, const Config& config) {
  if (config.mast > 0) {
    for (const Step& step : path_)
      averages_->add(step.mover, tree_.node(step.node).move, r[std::size_t(step.mover)]);
    for (const auto& [mover, move] : averaged_) averages_->add(mover, move, r[std::size_t(mover)]);
  }
  // The root's visit is counted under the lock the first step's backup takes (the root's: the
  // most contended node, taken once, not twice).
  {
    auto hold = lock(0);
    Node& root = tree_.node(0);
    SearchTree::set_visits(root, root.visits + 1);
    if (!path_.empty()) back_up(path_[0], r);
  }
  for (std::size_t i = 1; i < path_.size(); ++i) {
    auto hold = lock(path_[i].parent);
    back_up(path_[i], r);
  }
  if (config.minimax > 0) back_up_best();
}

// Adds the iteration's returns `r` to the node `step` entered (its parent's lock held on a
// shared tree, where the visit was counted by the selection's virtual loss, now taken off).
void SearchPolicy::back_up(const Step& step, const Returns& r) {
  Node& n = tree_.node(step.node);
  const double x = r[std::size_t(step.mover)];
  if (tree_.shared()) {
    n.value += x - virtual_loss_;  // the virtual visit becomes real
  } else {
    SearchTree::set_visits(n, n.visits + 1);
    n.value += x;
  }
}

// Config::minimax, after an iteration's backup: from the leaf up, a node with children where its
// mover moves again takes the best of theirs; a node without children its mean (its evaluation:
// the leaf's estimate, or a terminal's returns); a node whose children are other seats' moves
// keeps its own evaluation.
void SearchPolicy::back_up_best() {
  for (std::size_t i = path_.size(); i-- > 0;) {
    const Step& step = path_[i];
    Node& n = tree_.node(step.node);
    float best = -std::numeric_limits<float>::infinity();
    bool has_children;
    {
      auto hold = lock(step.node);
      has_children = n.child_count > 0;
      for (uint32_t j = 0; j < n.child_count; ++j) {
        const Node& c = tree_.node(tree_.child(n.child_begin + j).node);
        if (c.mover == n.mover) best = std::max(best, c.best);
      }
    }
    auto hold = lock(step.parent);
    if (!has_children)
      n.best = float(n.value / n.visits);
    else if (best > -std::numeric_limits<float>::infinity())
      n.best = best;
  }
}

void SearchPolicy::seed_root(const State& base, Seat seat, uint32_t visits, int samples) {
  if (tree_.root_seeded) return;
  tree_.root_seeded = true;
  base.legal_moves(moves_);
  one_ply_scores(base, seat, moves_, samples, rng_, eval_, prior_sum_);
  prior_moves_.clear();
  prior_moves_.append(moves_.begin(), moves_.end());
  prior_samples_ = samples;
  for (std::size_t i = 0; i < moves_.size(); ++i) {
    uint32_t child = tree_.find_child(0, moves_[i]);
    const bool fresh = child == kNone;
    if (fresh) child = tree_.insert_child(0, moves_[i], seat);
    Node& c = tree_.node(child);
    const double value = prior_sum_[i] / samples;
    if (fresh) c.best = float(value);
    SearchTree::set_visits(c, c.visits + visits);
    c.avail += visits;
    c.value += value * visits;
    tree_.widen_range(value);
  }
}

double SearchPolicy::prior_score(Move move, std::size_t hint) const {
  if (!tree_.root_seeded || prior_samples_ == 0) return std::numeric_limits<double>::quiet_NaN();
  if (hint < prior_moves_.size() && prior_moves_[hint] == move)
    return prior_sum_[hint] / prior_samples_;
  for (std::size_t i = 0; i < prior_moves_.size(); ++i)
    if (prior_moves_[i] == move) return prior_sum_[i] / prior_samples_;
  return std::numeric_limits<double>::quiet_NaN();
}

// Config::model_opponents: `mover`'s move in the sample `state`, as greedy would play it with one
// sample (one_ply_scores: the sample seen from `mover`'s side, every legal move scored by
// `mover`'s estimate one ply later), ties broken uniformly at random (reservoir sampling: each tie
// kept with chance 1/ties).
Move SearchPolicy::modelled_move(const State& state, Seat mover) {
  state.legal_moves(model_moves_);
  if (model_moves_.size() == 1) return model_moves_[0];
  one_ply_scores(state, mover, model_moves_, 1, rng_, eval_, model_score_);
  double best = -std::numeric_limits<double>::infinity();
  uint32_t ties = 0;
  Move pick = model_moves_[0];
  for (std::size_t i = 0; i < model_moves_.size(); ++i) {
    const double v = model_score_[i];
    if (v > best + 1e-9) {
      best = v;
      ties = 1;
      pick = model_moves_[i];
    } else if (v >= best - 1e-9 && rng_.uniform(++ties) == 0) {
      pick = model_moves_[i];
    }
  }
  return pick;
}

// At `node` with the sample's legal moves in moves_: adds a child for an untried move (setting
// `expanded`) or picks an available child by UCB. Sets `move`; returns the child, or kNone when
// an untried move was picked but the tree is full. On a shared tree it holds the node's lock
// throughout and puts the iteration's virtual loss on the child it returns.
uint32_t SearchPolicy::select(uint32_t node, Seat mover, const Config& config, Move& move,
                              bool& expanded) {
  const uint32_t k = uint32_t(moves_.size());
  const uint64_t fp = fingerprint(moves_);
  auto hold = lock(node);
  Node& n = tree_.node(node);
  uint32_t child = kNone;
  // The fast path: the children are exactly this legal set (the count guards against children
  // added, for other samples, after the fingerprint was taken).
  const bool all_children = n.legal_count == k && n.child_count == k && n.legal_fp == fp;
  if (!all_children) {
    // Which children are legal in this sample, and which legal moves have no child yet.
    mark_.assign(n.child_count, 0);
    untried_.clear();
    for (Move m : moves_) {
      const uint32_t slot = tree_.find_slot(node, m);
      if (slot == kNone)
        untried_.push_back(m);
      else
        mark_[slot - n.child_begin] = 1;
    }
    if (!untried_.empty()) {
      // Every legal move is tried once before any is revisited.
      for (uint32_t i = 0; i < n.child_count; ++i)
        if (mark_[i]) ++tree_.node(tree_.child(n.child_begin + i).node).avail;
      move = config.mast > 0 ? untried_[mast_pick(config, mover, untried_)]
                             : untried_[rng_.uniform(uint32_t(untried_.size()))];
      if (tree_.full(n, config.max_nodes)) return kNone;
      child = tree_.insert_child(node, move, mover);
      expanded = true;
      if (untried_.size() == 1 && n.child_count == k) {
        n.legal_count = uint16_t(k);
        n.legal_fp = fp;
      }
    } else if (n.child_count == k) {
      // the children are exactly this legal set
      n.legal_count = uint16_t(k);
      n.legal_fp = fp;
    }
  }
  if (child == kNone) {
    const uint32_t slot = pick_available(node, all_children, config);
    move = tree_.child(slot).move;
    child = tree_.child(slot).node;
  }
  if (tree_.shared()) {
    Node& c = tree_.node(child);
    SearchTree::set_visits(c, c.visits + 1);
    c.value += virtual_loss_;
  }
  return child;
}

// Counts one more availability for every available child of `node` and returns the child-list
// slot of the one with the best UCB score.
uint32_t SearchPolicy::pick_available(uint32_t node, bool all, const Config& config) {
  Node& n = tree_.node(node);
  const double lo = tree_.lo();
  const double hi = tree_.hi();
  const double scale = hi > lo ? 1.0 / (hi - lo) : 0.0;
  double best_score = -std::numeric_limits<double>::infinity();
  uint32_t best = kNone;
  const uint32_t begin = n.child_begin, count = n.child_count;
  if (all) ++n.fast;
  for (uint32_t i = 0; i < count; ++i) {
    if (!all && !mark_[i]) continue;
    Node& c = tree_.node(tree_.child(begin + i).node);
    if (!all) ++c.avail;
    const double q = (mean_value(c, config) - lo) * scale;
    const double score = q + config.c * std::sqrt(ln(SearchTree::availability(n, c)) / c.visits);
    if (score > best_score) {
      best_score = score;
      best = begin + i;
    }
  }
  assert(best != kNone);
  return best;
}

std::size_t SearchPolicy::mast_pick(const Config& config, Seat mover, const MoveList& moves) {
  return gibbs_pick(*averages_, mover, moves, tree_.lo(), tree_.hi(), config.mast, rng_,
                    mast_weights_);
}

// Config::mast: a move played after the tree's last node (the playout's, the modelled
// opponents'), whose average takes this iteration's return; the first kAveragedPlies only.
void SearchPolicy::note_played(const Config& config, Seat mover, Move move) {
  if (config.mast > 0 && averaged_.size() < kAveragedPlies) averaged_.push_back({mover, move});
}

}  // namespace tabletop::ai
