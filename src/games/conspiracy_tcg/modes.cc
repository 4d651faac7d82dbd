#include "games/conspiracy_tcg/modes.h"

#include <unicode/translit.h>
#include <unicode/unistr.h>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <memory>
#include <mutex>
#include <numeric>
#include <stdexcept>

namespace tabletop::conspiracy_tcg {

namespace {
constexpr std::array<const char*, kModeCount> kModeNames = {
    "AAA", "ZZZ", "000", "999", "NEAR", "FAR", "REPTILIANS", "ILLUMINATI", "AGENCY"};

Network network_of(int mode) {
  return Network(mode - kReptiliansMode);
}
}  // namespace

const char* mode_name(int mode) {
  return mode >= 0 && mode < kModeCount ? kModeNames[std::size_t(mode)] : "none";
}

int mode_of_name(std::string_view name) {
  std::string n;
  for (char c : name) n += char(std::toupper(static_cast<unsigned char>(c)));
  for (int m = 0; m < kModeCount; ++m)
    if (n == kModeNames[std::size_t(m)]) return m;
  if (n == "NONE" || n == "-") return kNoMode;
  return -1;
}

int opposite(int mode) {
  switch (mode) {
    case kAAA:
      return kZZZ;
    case kZZZ:
      return kAAA;
    case k000:
      return k999;
    case k999:
      return k000;
    case kNear:
      return kFar;
    case kFar:
      return kNear;
    default:
      return kNoMode;
  }
}

ModePair make_pair_of(int a, int b) {
  ModePair p;
  p.m[0] = uint8_t(std::min(a, b));
  p.m[1] = uint8_t(std::max(a, b));
  return p;
}

bool allowed(const ModePair& p) {
  if (p.m[0] == kNoMode) return p.m[1] == kNoMode;
  if (p.m[1] == kNoMode) return true;
  return p.m[0] != p.m[1] && opposite(p.m[0]) != p.m[1];
}

bool change_mode(const ModePair& p, int old_mode, int new_mode, ModePair& out) {
  if (new_mode < 0 || new_mode >= kModeCount) return false;
  ModePair q;
  if (old_mode == kNoMode) {
    if (p.count() == 2) return false;
    q = make_pair_of(p.m[0], new_mode);
  } else {
    if (!p.has(old_mode)) return false;
    q = make_pair_of(p.m[0] == old_mode ? p.m[1] : p.m[0], new_mode);
  }
  if (!allowed(q) || q == p) return false;
  out = q;
  return true;
}

ModePair rotate_clockwise(const ModePair& p) {
  if (p.count() == 1) return make_pair_of((p.m[0] + 1) % kModeCount, kNoMode);
  int a = p.m[0], b = p.m[1];
  ModePair q;
  do {
    a = (a + 1) % kModeCount;
    b = (b + 1) % kModeCount;
    q = make_pair_of(a, b);
  } while (!allowed(q));
  return q;
}

const char* outcome_name(Outcome o) {
  return o == Outcome::kWin ? "win" : o == Outcome::kLoss ? "loss" : "tie";
}

double great_circle_km(double lat1, double lon1, double lat2, double lon2) {
  constexpr double kRad = 3.14159265358979323846 / 180.0;
  const double dlat = (lat2 - lat1) * kRad, dlon = (lon2 - lon1) * kRad;
  const double h =
      std::sin(dlat / 2) * std::sin(dlat / 2) +
      std::cos(lat1 * kRad) * std::cos(lat2 * kRad) * std::sin(dlon / 2) * std::sin(dlon / 2);
  return 2 * 6371.0088 * std::asin(std::min(1.0, std::sqrt(h)));
}

int compare_phone_digits(std::string_view a, std::string_view b) {
  const std::size_t n = std::max(a.size(), b.size());
  for (std::size_t i = 0; i < n; ++i) {
    const char x = i < a.size() ? a[i] : '0', y = i < b.size() ? b[i] : '0';
    if (x != y) return x < y ? -1 : 1;
  }
  return 0;
}

namespace {
// Plain lower-case ASCII letters for `text`, by ICU ("Any-Latin; Latin-ASCII"). One
// transliterator, built once; ICU's transliterate is not safe to share between threads, so calls
// are serialised (a game builds its keys once).
std::string plain_latin(std::string_view text) {
  static std::mutex mutex;
  static std::unique_ptr<icu::Transliterator> latin = [] {
    UErrorCode status = U_ZERO_ERROR;
    std::unique_ptr<icu::Transliterator> t(icu::Transliterator::createInstance(
        "Any-Latin; Latin-ASCII; Lower", UTRANS_FORWARD, status));
    if (U_FAILURE(status))
      throw std::runtime_error("ICU: no Any-Latin; Latin-ASCII transliterator");
    return t;
  }();
  icu::UnicodeString u =
      icu::UnicodeString::fromUTF8(icu::StringPiece(text.data(), int32_t(text.size())));
  {
    const std::lock_guard<std::mutex> lock(mutex);
    latin->transliterate(u);
  }
  std::string out;
  u.toUTF8String(out);
  return out;
}

std::string name_key(std::string_view name, bool letter_by_letter) {
  std::string out;
  for (char c : plain_latin(name)) {
    const unsigned char u = static_cast<unsigned char>(c);
    if (c == '\'') continue;  // O'Brien, D'Angelo: one word
    if (std::isalnum(u)) {
      out += char(std::tolower(u));
    } else if (!letter_by_letter && !out.empty() && out.back() != ' ') {
      out += ' ';  // a word ends: "nothing before something"
    }
  }
  while (!out.empty() && out.back() == ' ') out.pop_back();
  return out;
}
}  // namespace

std::string library_key(std::string_view last, std::string_view first, bool letter_by_letter) {
  return name_key(last, letter_by_letter) + '\x01' + name_key(first, letter_by_letter);
}

std::vector<CompareKeys> compare_keys(const std::vector<const Card*>& cards, double lat, double lon,
                                      bool letter_by_letter) {
  const std::size_t n = cards.size();
  std::vector<CompareKeys> keys(n);
  std::vector<std::string> names(n), phones(n);
  std::vector<std::size_t> with_name, with_phone;
  for (std::size_t i = 0; i < n; ++i) {
    const Card& c = *cards[i];
    keys[i].army = c.army;
    if (!c.last_name.empty()) {
      names[i] = library_key(c.last_name, c.first_name, letter_by_letter);
      with_name.push_back(i);
    }
    phones[i] = phone_digits(c.phone);
    if (!phones[i].empty()) with_phone.push_back(i);
    if (c.travel_km >= 0)
      keys[i].distance = c.travel_km;
    else if (c.has_location) {
      keys[i].distance = great_circle_km(lat, lon, c.latitude, c.longitude);
      keys[i].vague = c.location_radius_km;
    }
  }
  std::sort(with_name.begin(), with_name.end(),
            [&](std::size_t x, std::size_t y) { return names[x] < names[y]; });
  for (std::size_t k = 0; k < with_name.size(); ++k)
    keys[with_name[k]].name = k > 0 && names[with_name[k]] == names[with_name[k - 1]]
                                  ? keys[with_name[k - 1]].name
                                  : int(k);
  std::sort(with_phone.begin(), with_phone.end(), [&](std::size_t x, std::size_t y) {
    return compare_phone_digits(phones[x], phones[y]) < 0;
  });
  for (std::size_t k = 0; k < with_phone.size(); ++k)
    keys[with_phone[k]].phone =
        k > 0 && compare_phone_digits(phones[with_phone[k]], phones[with_phone[k - 1]]) == 0
            ? keys[with_phone[k - 1]].phone
            : int(k);
  return keys;
}

namespace {
// Lower value wins; -1 (missing) loses; both missing tie.
template <class T>
Outcome lower_wins(T a, T b, bool a_missing, bool b_missing) {
  if (a_missing || b_missing)
    return a_missing && b_missing ? Outcome::kTie : a_missing ? Outcome::kLoss : Outcome::kWin;
  return a < b ? Outcome::kWin : b < a ? Outcome::kLoss : Outcome::kTie;
}
}  // namespace

Outcome compare(const CompareKeys& a, const CompareKeys& b, int mode, int other) {
  switch (mode) {
    case kAAA:
      return lower_wins(a.name, b.name, a.name < 0, b.name < 0);
    case kZZZ:
      return lower_wins(-a.name, -b.name, a.name < 0, b.name < 0);
    case k000:
      return lower_wins(a.phone, b.phone, a.phone < 0, b.phone < 0);
    case k999:
      return lower_wins(-a.phone, -b.phone, a.phone < 0, b.phone < 0);
    case kNear:
    case kFar: {
      if (a.distance >= 0 && b.distance >= 0 && (a.vague > 0 || b.vague > 0) &&
          std::abs(a.distance - b.distance) <= a.vague + b.vague)
        return lower_wins(0, 0, a.vague > 0, b.vague > 0);
      const double sign = mode == kNear ? 1 : -1;
      return lower_wins(sign * a.distance, sign * b.distance, a.distance < 0, b.distance < 0);
    }
    default: {
      const Network x = network_of(mode);
      const Network y = is_network(other) ? network_of(other) : x;
      return lower_wins(army_tier(a.army, x, y), army_tier(b.army, x, y), false, false);
    }
  }
}

bool beats_in_both(const CompareKeys& a, const CompareKeys& b, const ModePair& modes) {
  return compare(a, b, modes.m[0], modes.m[1]) == Outcome::kWin &&
         compare(a, b, modes.m[1], modes.m[0]) == Outcome::kWin;
}

BothWays both_ways(const CompareKeys& a, const CompareKeys& b, const ModePair& modes) {
  const Outcome first = compare(a, b, modes.m[0], modes.m[1]);
  if (first == Outcome::kTie) return {};
  const Outcome second = compare(a, b, modes.m[1], modes.m[0]);
  return {first == Outcome::kWin && second == Outcome::kWin,
          first == Outcome::kLoss && second == Outcome::kLoss};
}

}  // namespace tabletop::conspiracy_tcg
