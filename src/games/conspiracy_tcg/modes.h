// Conspiracy TCG: the nine attack modes and how two agents are compared under them.
//
// Modes, in the order the text lists them, which is also the clockwise order of the lost board
// picture (docs ruling "Clockwork order"): AAA, ZZZ, 000, 999, NEAR, FAR, REPTILIANS, ILLUMINATI,
// AGENCY. Opposite pairs (never active together): AAA–ZZZ, 000–999, NEAR–FAR. At most two modes are
// active; an active pair is kept sorted (`ModePair`, kNoMode last).
//
// Comparisons (each returns the outcome for the first agent):
//   - AAA / ZZZ: library order, last name then first name (`library_key`, `CompareKeys::name` a
//     rank in that order); AAA: lower wins, ZZZ: higher wins; no last name loses.
//   - 000 / 999: left-hand-digit order of the phone's digits without extension (pad the shorter
//     with zeroes); 000: lower wins, 999: higher wins; no phone loses.
//   - NEAR / FAR: travel distance from the venue (the card's own travel distance, else the
//     great-circle distance to its coordinates); no usable location loses.
//   - REPTILIANS / ILLUMINATI / AGENCY: the army's tier under that network (lower wins); when both
//     active modes are networks, each of them compares the tier below the edge joining the two.
//   - Two agents both lacking the data tie.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "games/conspiracy_tcg/cards.h"

namespace tabletop::conspiracy_tcg {

enum Mode : uint8_t {
  kAAA,
  kZZZ,
  k000,
  k999,
  kNear,
  kFar,
  kReptiliansMode,
  kIlluminatiMode,
  kAgencyMode,
  kModeCount,
  kNoMode = 15
};

// "AAA", "ZZZ", "000", "999", "NEAR", "FAR", "REPTILIANS", "ILLUMINATI", "AGENCY"; "none".
const char* mode_name(int mode);
// The mode named `name` (case-insensitive; "none" gives kNoMode), or -1.
int mode_of_name(std::string_view name);
// The opposite of `mode`, or kNoMode for the networks.
int opposite(int mode);
inline bool is_network(int mode) {
  return mode >= kReptiliansMode && mode <= kAgencyMode;
}
// The network a Shadow Surge pro move (Temple of Dagon, Big Brother, Secret Handshake) sets.
inline int surge_mode(ProMove p) {
  return p == kTempleOfDagon ? kReptiliansMode : p == kBigBrother ? kAgencyMode : kIlluminatiMode;
}

// The active modes: up to two, sorted, kNoMode last.
struct ModePair {
  uint8_t m[2] = {kNoMode, kNoMode};
  int count() const { return (m[0] != kNoMode) + (m[1] != kNoMode); }
  bool has(int mode) const { return m[0] == mode || m[1] == mode; }
  bool operator==(const ModePair&) const = default;
};
// The pair `{a, b}` sorted; kNoMode entries go last.
ModePair make_pair_of(int a, int b);
// True when the pair may stand: no mode twice, no opposite pair.
bool allowed(const ModePair& p);
// The pair after replacing `old_mode` (kNoMode: filling an empty place) by `new_mode`; returns
// false (and leaves `out` alone) when `old_mode` is not active, no place is empty, or the result
// would not be allowed or would equal `p`.
bool change_mode(const ModePair& p, int old_mode, int new_mode, ModePair& out);
// Clockwork (Wo)man: both modes move one step clockwise, and again while the pair is disallowed.
// A single mode moves alone. Precondition: p.count() > 0.
ModePair rotate_clockwise(const ModePair& p);

enum class Outcome : uint8_t { kWin, kLoss, kTie };
// The outcome's mirror (a win for one is a loss for the other).
inline Outcome flip(Outcome o) {
  return o == Outcome::kWin ? Outcome::kLoss : o == Outcome::kLoss ? Outcome::kWin : o;
}
const char* outcome_name(Outcome o);  // "win", "loss", "tie"

// What comparisons read from a card, precomputed once per game for every agent.
struct CompareKeys {
  int name = -1;         // rank in library order (equal names equal ranks), -1: no last name
  int phone = -1;        // rank in left-hand-digit order, -1: no phone
  double distance = -1;  // km from the venue, -1: no usable location
  double vague = 0;      // km the distance may be off (a city-only card placed by the gazetteer)
  Army army = kAllOthers;
};

// The library filing key of a name ("This follows library-alphabetization style: last name,
// then first name, etc."). Letters file as their plain Latin letters, whatever the script or
// accent: ICU's transliterator "Any-Latin; Latin-ASCII" (Debian's libicu), so "Müller" files as
// "muller", "Strauß" as "strauss", "Ødegaard" as "odegaard", "Łukasz" as "lukasz", "Петров" as
// "petrov"; case is folded. Apostrophes are dropped ("O'Brien" files as "obrien", after
// "Oberst", as in the ALA filing rules). Spaces and hyphens between the words of a name are where
// two library conventions disagree:
//   - word by word (default; the ALA filing rules' "nothing before something"): each word files
//     on its own, so "de la Cruz" files before "Dean" and "Van Dyke" before "Vance";
//   - letter by letter (`letter_by_letter`, the variant `library_order=letter-by-letter`): spaces
//     and hyphens are ignored, so "de la Cruz" files as "delacruz", after "Dean".
// The last name's key, then "\x01", then the first name's: the first name decides only between
// equal last names.
std::string library_key(std::string_view last, std::string_view first, bool letter_by_letter);

// Keys for `cards` with the venue at (`lat`, `lon`); names filed by library_key.
std::vector<CompareKeys> compare_keys(const std::vector<const Card*>& cards, double lat, double lon,
                                      bool letter_by_letter = false);
// Great-circle distance in km.
double great_circle_km(double lat1, double lon1, double lat2, double lon2);
// -1, 0 or 1 as digit strings `a` and `b` compare left-hand-digit (padded with zeroes).
int compare_phone_digits(std::string_view a, std::string_view b);

// The outcome for `a` against `b` under `mode`, with `other` the other active mode (it matters
// only when both are networks). NEAR and FAR: a card without a location loses; when the
// distances are closer than their vagueness together, a vague card loses ("defined ambiguously
// enough to affect the outcome"), and two vague ones tie.
Outcome compare(const CompareKeys& a, const CompareKeys& b, int mode, int other);
// Whether `a` beats `b` in both active modes. Precondition: modes.count() == 2.
bool beats_in_both(const CompareKeys& a, const CompareKeys& b, const ModePair& modes);
// Both directions at once: whether `a` beats `b` in both active modes (`kills`), and whether `b`
// beats `a` in both (`dies`). compare() is antisymmetric (b against a is the inverse of a against
// b: a win for one is a loss for the other, a tie both ways), so two comparisons answer both
// questions that two calls of beats_in_both ask with up to four: the estimate's attack scan.
// Precondition: modes.count() == 2.
struct BothWays {
  bool kills = false, dies = false;
};
BothWays both_ways(const CompareKeys& a, const CompareKeys& b, const ModePair& modes);

}  // namespace tabletop::conspiracy_tcg
