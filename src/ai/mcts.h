// Monte Carlo tree search for every game: `mcts` (perfect information) and `ismcts` (hidden
// information), one algorithm behind both.
//
// The search is single-observer information-set MCTS (SO-ISMCTS, Cowling, Powley & Whitehouse
// 2012), open loop: the tree is keyed by the sequence of moves from the root, not by states. Each
// iteration
//   1. samples a complete state the searching seat cannot tell apart from the real one:
//      `State::determinize(seat, rng)`. For a perfect-information game that is a copy of the state
//      with its chance stream reseeded, so the future (dice, the Relativity round-2 deal) is
//      sampled afresh every iteration and never known;
//   2. descends the tree: at each node it generates the legal moves of the sampled state; if one of
//      them has no child yet, it adds that child (one per iteration) and stops descending;
//      otherwise it picks among the children legal in this sample by UCB1 with availability counts,
//         q + c * sqrt(ln(available) / visits),
//      where q is the mean return of the seat that made the move, scaled to [0, 1] by the smallest
//      and largest returns seen in this search (so `c` means the same for every game's scale);
//   3. plays uniformly random moves to the end of the game, or until `depth` playout plies have
//      been played; it then takes the game's `State::estimate_returns`, or, for a game that
//      supplies none, `returns()` of the unfinished state (usually all zeros: a draw);
//   4. backs up the whole returns vector: each node adds the return of the seat that moved into it,
//      so every seat maximises its own return (max^n for more than two players).
// The move played is the root child with most visits among the moves legal in the real state.
//
// `mcts` and `ismcts` differ only in what they accept and in how far the tree is reused:
//   - `mcts` refuses a hidden-information game (BadParams pointing to `ismcts`); for it the tree of
//     the previous decision is kept: after every move observed (`Agent::observe`) the search steps
//     into that child, and the next decision starts from the subtree.
//   - `ismcts` accepts every game. On a hidden-information game it follows its tree only through
//     its own moves (a turn of several decisions keeps growing one tree) and starts afresh after
//     another seat's move, which it does not read: stepping into that child would need the move,
//     which the searching seat may not be allowed to see. On a perfect-information game it
//     behaves as `mcts`.
// The searching seat's knowledge therefore comes only from `determinize`, the legal moves of its
// own turn, and the moves it is told of on perfect-information games: src/ai/ai_test.cc proves it
// by replacing the hidden truth with another consistent one and checking the choices do not change.
//
// Options (spec "mcts:iterations=N,time=MS,c=C,threads=T,depth=D,reuse=0|1,nodes=N,
// prior=V,prior_samples=S,fpu=V,own_turn=0|1,baseline=0|1,minimax=A,opponents=search|greedy,
// playout=random|greedy,parallel=root|tree,anchor=Z,mast=T").
// The defaults below are
// the search's own; make_agent first adds the game's tuned options (src/ai/tuning.h) for every
// option the spec leaves out:
//   - iterations: per decision, over all threads. Default 1000 when `time` is not given.
//   - time: milliseconds per decision; with both, the search stops at whichever comes first.
//   - c: the exploration constant, on returns scaled to [0, 1]. Default 0.7.
//   - threads: T search threads (default 1), shared out as `parallel` says.
//   - parallel: how the threads search (only with threads above 1). `root` (default): root
//     parallelism, T independent trees (own seeds) whose root visits are summed. `tree`: tree
//     parallelism, the T threads grow one shared tree, each on its own samples (its own
//     generator, its own clone per iteration). Nodes never move once added, and every node has
//     a spinlock over its list of children and their statistics: a thread holds one node's lock
//     while it selects there (and adds a child) and while it backs up into that node's child,
//     never two at once, and nothing else of an iteration (the sample, its legal moves, the
//     moves applied, the playout, the estimate) runs under a lock. The threads meet only where
//     they select at the same node at the same moment, mostly the root. While its iteration is
//     in flight every node on its path counts a virtual loss (one visit at the worst return
//     seen when the iteration started), so the other threads try other paths. Every other option
//     works with it: the prior seeds the one tree once, `nodes` caps the one tree, reuse keeps
//     it. Unlike threads=1 and root parallelism, a tree-parallel decision depends on how the
//     threads interleave, so its result is not reproducible from the seed (the iteration count
//     and the rules are: the root's visits add up to the iterations). With minimax, a node's
//     minimax value may briefly read another thread's virtual loss. Measured (research/): per
//     iteration it plays as one tree of the whole budget (Relativity against greedy, four
//     threads on 8,000: 179 of 180 games; four root trees of 2,000: 154), and two threads on two
//     cores make 1.4 to 1.8 times one thread's iterations (root parallelism: 1.7 to 2.0). The
//     decision's note and SearchStats say how often a thread found a node's lock taken.
//   - depth: playout plies before the playout stops and the state is evaluated (see 3.); 0
//     evaluates the new leaf at once. The default (-1) is 0 for a game that supplies
//     `estimate_returns` (on Relativity, against greedy at 1000 iterations, depth 0 won 75% of 60
//     games, depth 2 50%, 6 35%, 20 56%) and 1000 for one that does not: long enough for most
//     random games to end by the rules, short enough that a game whose random play runs into its
//     engine ply cap (scored as a draw either way) does not spend tens of thousands of plies per
//     iteration learning "draw".
//   - reuse: 1 (default) keeps the tree between moves where allowed (see above), 0 never.
//   - prior: V (default 200; 0: none): before the first iteration of a decision, every legal
//     root move gets V virtual visits valued at greedy's score of it (greedy_agent.h: the
//     searching seat's `estimate_returns` one ply after it), averaged over `prior_samples`
//     (default 8) samples of what the seat cannot see: the search starts from greedy's judgement
//     (Gelly & Silver's "prior knowledge" for UCT) and the iterations correct it. Only for a game
//     that supplies an estimate. The root visits reported (visit share, last_root_visits) leave
//     the virtual ones out; the value reported (best_value) is the mean with the prior's part. On
//     Conspiracy, where 1,000 iterations spread over some 45 first moves alone play worse than
//     `greedy`, prior=200 won 69.0% of 400 rotated games against random (63.5% without, the same
//     seeds); research/conspiracy-search.md has the figures.
//   - fpu: V in [0, 1] (default -1: off), first-play urgency. By default a node tries every legal
//     move once before it revisits any (step 2.); with fpu an untried move scores
//     V + c * sqrt(ln(visits of the node)), as if tried once at scaled value V, and a tried move
//     that scores more is revisited first, so a node with a hundred moves and thirty visits
//     follows its good moves instead of trying thirty moves once each. research/ has the figures.
//   - own_turn: 1 ends every iteration where a seat other than the searching one is to move (the
//     end of the searching seat's turn, or a choice another seat makes inside it), in the tree
//     and in the playout alike, and scores that state with the game's estimate (default 0: the
//     tree goes on through every seat's moves, max^n). The search then plans the seat's whole
//     turn (a chain of its own decisions, its dice and draws sampled afresh every iteration) and
//     spends no iterations on other seats' replies, which a budget of thousands of iterations
//     spread over their dozens of moves explores almost at random. Only for a game that supplies
//     an estimate (without one the option is ignored).
//   - baseline: 1 takes every iteration's returns relative to its own sample (a control variate):
//     each seat's return less the estimate of the sampled state at the root, plus that estimate's
//     mean over the `prior_samples` samples the prior draws (default 0: the returns as they are).
//     In a hidden-information game the estimate of a sample moves with what the sample guessed
//     (in Conspiracy every other seat's secret goal), often more than with the move tried,
//     and each move is tried on other samples: the difference between two moves drowns in that
//     noise. Subtracting what does not depend on the move leaves the move's own effect (greedy,
//     which scores every move on the same samples, has it for free). Only for a game that
//     supplies an estimate (without one the option is ignored); one more estimate per iteration.
//     Neither own_turn nor baseline has been shown to win more games yet: on four-player
//     Conspiracy at 5,000 iterations against greedy they did not (research/conspiracy-search.md).
//   - minimax: A in [0, 1] (default 0: off), implicit minimax backups (Lanctot, Winands, Pepels &
//     Sturtevant 2014) along a seat's own chain of decisions. Every node also keeps a value for
//     the seat that moved into it: its evaluation when it was added (the leaf's estimate, a
//     terminal's returns) until it has children where the same seat moves again, then the best
//     of theirs (a seat that makes several decisions in a row, as in a Culture Wars movement turn,
//     takes its best continuation, not the average of the ones tried). Selection reads
//     (1 - A) * mean + A * that value instead of the mean. Where the next decision is another
//     seat's the node keeps its own evaluation, and the mean brings in the replies. It counters
//     a bias of the plain mean in a long chain of own decisions with a hundred moves each: a
//     node's first visits try its moves once each, so its mean is that of random continuations,
//     which makes ending the turn early (the next seat's random replies look good) look better
//     than the moves that build a position. research/culture-wars-search.md has figures. With
//     opponents=greedy the tree is the searching seat's decisions alone, so a node takes its best
//     line over the modelled replies: the card game's two-player line
//     (research/conspiracy-tcg-search.md).
//   - opponents: `search` (default) searches every seat's moves in one tree (max^n above);
//     `greedy` models the other seats instead (an opponent model, as TabletopGames' MCTS offers):
//     wherever another seat is to move, in the descent and after the leaf, it plays greedy's move
//     on the iteration's sample (greedy_agent.h, one sample seen from that seat's side: its own
//     information as the sample has it, the rest resampled; ties at random). The tree then holds
//     only the searching seat's moves, every iteration's leaf is valued at the seat's next
//     decision (or the end of the game) after the others' modelled replies (then `depth` more
//     plies, the seat's random, the others' modelled), and the search spends nothing on the other
//     seats' dozens of moves, which a budget of thousands of iterations explores almost at random.
//     It costs a one-ply scan of every modelled decision: an iteration is several times dearer
//     (research/search-methods.md), and the state copies of that scan are allocations the plain
//     search does not make. Tree reuse ends at another seat's move, as on a hidden-information
//     game. Only for a game that supplies an estimate (without one the option is ignored); with
//     own_turn, the iteration still ends where another seat is to move.
//   - playout: how every seat moves in the `depth` plies after the leaf, before the estimate:
//     `random` (default: a uniformly random legal move) or `greedy` (greedy's move scored on the
//     iteration's sample itself: every legal move applied to a copy and valued by the mover's
//     estimate, ties at random; the sample is the playout's world, so it is not resampled per
//     seat as opponents=greedy's model is). With the default depth 0 there is no playout and the
//     option changes nothing; give depth as well (e.g. playout=greedy,depth=6). A greedy ply
//     costs a copy and an estimate per legal move: an iteration is many times dearer, and those
//     copies are allocations the plain search does not make.
//   - anchor: Z >= 0 (default 0: off), the search anchored to greedy's judgement at the end of a
//     decision. Only with the prior (it has greedy's scores of the root moves). Where the
//     most-visited move is not one greedy scores best, it is played only if its mean return over
//     the iterations (the prior's virtual visits left out) beats that of greedy's best move (the
//     most-visited of greedy's tied best) by more than Z standard errors of the difference (each
//     mean's from its iterations' spread); otherwise greedy's best is played (SearchStats::
//     anchored). Where the estimate values many moves within a few thousandths of each other and
//     the search's preferences among them do not win more games (Conspiracy), the search then
//     leaves greedy only where its iterations clearly say so. Every node keeps the sum of its
//     returns' squares for it. Measured on Conspiracy (research/conspiracy-search.md,
//     2026-11-29): a gain on one set of three-player deals, none on the others or at four
//     and five players, so no game's tuned line uses it.
//   - mast: T > 0 (default 0: off), move-average sampling (src/ai/mast.h; Finnsson & Björnsson
//     2008, as in CadiaPlayer and TabletopGames' MCTS) at Gibbs temperature T on returns scaled
//     to [0, 1]. Every search thread keeps, for each (seat, move) played in this decision's
//     iterations, in its tree or after it, the mean of that seat's returns; the random playout's
//     moves and the untried move a node adds are then drawn with weight exp(q / T), q that mean
//     scaled (0.5 for a move not seen yet), instead of uniformly: a move that did well elsewhere in
//     the tree is played and tried first more often. Small T follows the averages closely (0.05:
//     a move a tenth of the range better is 7 times as likely), large T is near uniform. With the
//     default depth 0 (a game with an estimate) there is no playout, so only the order in which
//     a node's moves are first tried changes; give depth too for MAST playouts (e.g. mast=0.1,
//     depth=10). playout=greedy's plies stay greedy's (their moves still count in the averages).
//     A fixed table per thread (16,384 slots, 384 KB, made on first use, emptied each decision)
//     and a few exponentials a playout ply: nothing allocated in the iterations.
//     research/conspiracy-search.md has the measure.
//   - nodes: the most nodes per tree (default 4,000,000; counted as the slots of the child lists,
//     room to grow included, which are at least as many as the nodes: at most about 320 MB, 16
//     bytes a slot and 64 a node; one tree per thread with root parallelism, one in all with tree
//     parallelism); past it the tree stops growing and iterations only refine the visit counts.
//
// Hot path: one state copy per iteration (the clone inside `determinize`) is the
// only allocation; move lists are fixed-capacity members, nodes and child lists live in two pools
// per tree that are reused (compacted on reuse) between decisions. The pools grow by chunks of
// 65,536 slots that never move, so growing the tree inside an iteration never copies it (a
// vector's reallocation did, and made timed decisions of large trees overshoot). The prior's
// samples and copies are made once per decision, outside the iteration loop.
#pragma once

#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "ai/agent.h"

namespace tabletop::ai {

struct SearchOptions {
  int iterations = 0;  // 0: not given
  double time_ms = 0;  // 0: not given
  double c = 0.7;
  int threads = 1;
  int depth = -1;  // -1: default
  bool reuse = true;
  int prior = 200;               // virtual visits per root move at its one-ply estimate (0: none)
  int prior_samples = 8;         // samples of the hidden state the prior averages over
  double fpu = -1;               // first-play urgency of an untried move (-1: untried moves first)
  bool own_turn = false;         // iterations end where another seat is to move (with the estimate)
  bool baseline = false;         // returns relative to the estimate of the iteration's root sample
  double minimax = 0;            // weight of the implicit minimax value in selection (0: off)
  double anchor = 0;             // standard errors the search's move must beat greedy's by (0: off)
  double mast = 0;               // Gibbs temperature of move-average sampling (0: off; ai/mast.h)
  bool model_opponents = false;  // opponents=greedy: other seats play greedy, not searched
  bool greedy_playout = false;   // playout=greedy: the playout's plies are greedy's, not random
  bool tree_parallel = false;    // parallel=tree: the threads share one tree (default: root)
  uint32_t max_nodes = 4'000'000;

  static constexpr int kDefaultIterations = 1000;
  static constexpr int kDefaultDepth = 0;  // with the game's estimate
  static constexpr int kDefaultDepthWithoutEstimate = 1000;

  // Reads the options of `spec` (name "mcts" or "ismcts"); throws BadParams naming a bad one.
  static SearchOptions from_spec(const AgentSpec& spec);
  friend bool operator==(const SearchOptions&, const SearchOptions&) = default;
};

// What one decision's search did (summed over threads).
struct SearchStats {
  uint64_t iterations = 0;
  uint64_t plies = 0;  // moves applied in tree descents and playouts: the bench's node count
  uint64_t nodes = 0;  // tree nodes after the search (all threads)
  double seconds = 0;
  double best_share = 0;  // visits of the chosen move / visits of all legal root moves
  double best_value = 0;  // its mean return for the searching seat
  // parallel=tree with more than one thread (else 0): the share of the node-lock acquisitions that
  // found the node held by another thread (and so spun or yielded until it was let go).
  double lock_waits = 0;
  // SearchOptions::anchor: the decision played greedy's best move in place of the most-visited
  // one, whose lead over it was within `anchor` standard errors.
  bool anchored = false;
};

class SearchTree;

class MctsAgent final : public Agent {
 public:
  // `information_sets` false: the `mcts` agent (refuses hidden-information games, throwing
  // BadParams); true: the `ismcts` agent. `spec_text` is echoed by spec().
  MctsAgent(const Game& game, SearchOptions options, bool information_sets, uint64_t seed,
            std::string spec_text);
  ~MctsAgent() override;

  Move choose(const State& state) override;
  void observe(const State& before, Move move) override;
  std::string last_decision_note() const override;
  std::string spec() const override { return spec_; }

  // The clock the time budget is measured by: std::chrono::steady_clock::now unless a test sets
  // another (an empty function restores it). The search reads it once at the start of a decision
  // and before every iteration after the first, and stops at the first reading at or past the
  // deadline; a test clock that advances a fixed step per reading makes that count exact on any
  // machine. With threads, every search thread calls it: it must be thread-safe.
  void set_clock(std::function<std::chrono::steady_clock::time_point()> clock);

  // The last decision's statistics.
  const SearchStats& last_stats() const { return stats_; }
  // Visits of every root move of the last decision (all threads, the prior's virtual visits left
  // out), in the order of the real state's legal moves.
  const std::vector<std::pair<Move, uint32_t>>& last_root_visits() const { return root_visits_; }
  // The mean return for the searching seat of every root move of the last decision, in the same
  // order, the prior's virtual visits included (so a move the iterations never tried still has
  // greedy's score); NaN for a move with no visit at all, and for every move of a decision that had
  // only one (no search).
  const std::vector<double>& last_root_values() const { return root_values_; }
  // The prior's score of every root move of the last decision (greedy's one-ply score over the
  // prior's samples, the first tree's), in the same order; NaN for every move of a decision
  // without a prior (prior=0, a game without an estimate, a single legal move).
  const std::vector<double>& last_root_priors() const { return root_priors_; }

 private:
  // SearchOptions::anchor: the index in `legal` of the move to play in place of `chosen` (the
  // most-visited), `chosen` itself where the anchor keeps it. Reads root_priors_, filled first.
  std::size_t anchor_move(const MoveList& legal, std::size_t chosen, uint32_t prior_visits) const;

  SearchOptions options_;
  std::function<std::chrono::steady_clock::time_point()> clock_;
  bool reuse_allowed_;
  bool own_moves_only_;  // hidden information: the tree follows only this seat's own moves
  Seat seat_ = -1;       // the seat of the last decision
  uint64_t seed_;
  std::string spec_;
  std::vector<std::unique_ptr<SearchTree>> trees_;
  // Ply of the state the trees' roots stand for (after the moves observed since), or -1 when the
  // trees cannot be reused.
  int tree_ply_ = -1;
  uint64_t decisions_ = 0;
  SearchStats stats_;
  std::string note_;
  std::vector<std::pair<Move, uint32_t>> root_visits_;
  std::vector<double> root_values_;
  std::vector<double> root_priors_;
};

}  // namespace tabletop::ai
