// Chance: the one source of randomness a State owns (dice, shuffles, deals, draws from a bag).
//
// Every random outcome in a game is drawn here, as `draw(n)`: a uniform integer in [0, n). Three
// modes, freely combined:
//   - seeded (default): outcomes come from an Rng seeded by the game's seed;
//   - scripted: tests and record replays queue exact outcomes with `script()`; each draw consumes
//   the
//     next queued outcome before the generator is used (so a rulebook example's dice can be
//     replayed);
//   - journaled: when `journal_on()`, each outcome is appended to `journal()`, which records store;
//   - explicit: when `explicit_on()`, a draw with no scripted outcome left throws ChanceNeeded{n}
//     instead of using the generator. core/episode.h uses it to offer each draw as a chance node
//     with its outcomes and probabilities (every draw is uniform: 1/n each), replaying the move
//     with the outcomes chosen so far scripted. Off in play and search.
// A game never keeps its own generator. Copying a Chance copies the stream, so a clone's future is
// the original's future: search code that must not know the future calls `reseed()` on its copies
// (State::determinize does this for you).
#pragma once

#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>
#include <utility>
#include <vector>

#include "core/error.h"
#include "core/rng.h"

namespace tabletop {

// Thrown by Chance::draw in explicit mode when the next outcome is not scripted: the draw needs
// one of `outcomes` equally likely outcomes. Not an error: core/episode.h catches it.
struct ChanceNeeded {
  uint32_t outcomes;
};

class Chance {
 public:
  // Implicit from a seed, so `new_initial_state(seed)` reads naturally on any Game.
  Chance(uint64_t seed = 0) : rng_(seed) {}  // NOLINT(google-explicit-constructor)

  // A uniform outcome in [0, n). Precondition: n > 0. A scripted outcome out of range throws
  // BadRecord.
  uint32_t draw(uint32_t n) {
    uint32_t outcome;
    if (next_scripted_ < script_.size()) {
      outcome = script_[next_scripted_++];
      if (outcome >= n)
        throw BadRecord("scripted chance outcome " + std::to_string(outcome) +
                        " is out of range for a draw of " + std::to_string(n));
    } else {
      if (explicit_) throw ChanceNeeded{n};
      outcome = rng_.uniform(n);
    }
    if (journal_on_) journal_.push_back(outcome);
    return outcome;
  }

  // A piecepack die: 0 = Null, 1 = Ace, 2..5.
  int roll_die() { return int(draw(6)); }

  // Fisher–Yates shuffle of [first, last), drawing n-1 outcomes (draw(k) for k = n..2).
  template <class T>
  void shuffle(T* first, T* last) {
    for (auto n = last - first; n > 1; --n) std::swap(first[n - 1], first[draw(uint32_t(n))]);
  }

  // Queues exact outcomes; they are used, in order, by the next draws.
  void script(std::vector<uint32_t> outcomes) {
    script_.erase(script_.begin(), script_.begin() + long(next_scripted_));
    next_scripted_ = 0;
    script_.insert(script_.end(), outcomes.begin(), outcomes.end());
  }
  // How many scripted outcomes have not been drawn yet.
  std::size_t scripted_left() const { return script_.size() - next_scripted_; }

  // Forgets any script and restarts the generator: the future becomes unknown to whoever holds it.
  void reseed(uint64_t seed) {
    rng_.reseed(seed);
    script_.clear();
    next_scripted_ = 0;
  }

  void set_explicit(bool on) { explicit_ = on; }
  bool explicit_on() const { return explicit_; }

  void set_journal(bool on) { journal_on_ = on; }
  bool journal_on() const { return journal_on_; }
  const std::vector<uint32_t>& journal() const { return journal_; }

  // The generator's exact position (not the script or journal), for saved states.
  nlohmann::json to_json() const {
    const uint64_t* w = rng_.words();
    return nlohmann::json::array({w[0], w[1], w[2], w[3]});
  }
  void restore(const nlohmann::json& j) {
    if (!j.is_array() || j.size() != 4) throw BadRecord("chance: expected an array of 4 words");
    uint64_t w[4];
    for (int i = 0; i < 4; ++i) {
      // Integers only, read as integers: a fraction, a negative or a number past 2^64 - 1 (which
      // JSON holds as a float; converting it would be undefined behaviour) is refused.
      if (!j[std::size_t(i)].is_number_unsigned())
        throw BadRecord("chance: word " + std::to_string(i) + " is " +
                        j[std::size_t(i)].dump().substr(0, 40) +
                        ", not an integer from 0 to 18446744073709551615");
      w[i] = j[std::size_t(i)].get<uint64_t>();
    }
    // The generator's words are never all zero (it would then draw zero for ever).
    if ((w[0] | w[1] | w[2] | w[3]) == 0)
      throw BadRecord("chance: all four words are 0, which no generator reaches");
    rng_.set_words(w);
  }

 private:
  Rng rng_;
  std::vector<uint32_t> script_;
  std::size_t next_scripted_ = 0;
  bool journal_on_ = false;
  bool explicit_ = false;
  std::vector<uint32_t> journal_;
};

}  // namespace tabletop
