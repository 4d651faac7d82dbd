#include "games/conspiracy_tcg/cards.h"

#include <algorithm>
#include <cctype>
#include <fstream>
#include <map>
#include <mutex>
#include <optional>
#include <sstream>
#include <stdexcept>

#include "core/file.h"
#include "core/text.h"
#include "games/conspiracy_tcg/vcard.h"

namespace tabletop::conspiracy_tcg {

extern const char* const kArmyKeywordText;  // data/army-keywords.txt, compiled in

using json = nlohmann::json;

namespace {

struct ArmyInfo {
  const char* name;
  uint8_t r, i, a;
};
constexpr std::array<ArmyInfo, kArmies> kArmyTable = {{
    {"Clothing", 6, 1, 0},     {"Religion", 6, 0, 1},
    {"Performance", 5, 2, 0},  {"Cleaning", 5, 1, 1},
    {"Food", 5, 0, 2},         {"Beauty", 4, 3, 0},
    {"Animals", 4, 2, 1},      {"Sports", 4, 1, 2},
    {"Transport", 4, 0, 3},    {"Education", 3, 4, 0},
    {"Therapy", 3, 3, 1},      {"Sales", 3, 2, 2},
    {"Media", 3, 1, 3},        {"Security", 3, 0, 4},
    {"Finance", 2, 5, 0},      {"Medicine", 2, 4, 1},
    {"Construction", 2, 3, 2}, {"Hospitality", 2, 2, 3},
    {"Industry", 2, 1, 4},     {"Computers", 2, 0, 5},
    {"Science", 1, 6, 0},      {"Arts", 1, 5, 1},
    {"Law", 1, 4, 2},          {"Government", 1, 3, 3},
    {"Crafts", 1, 2, 4},       {"Agriculture", 1, 1, 5},
    {"Energy", 1, 0, 6},       {"Publishing", 0, 6, 1},
    {"Design", 0, 5, 2},       {"Real Estate", 0, 4, 3},
    {"Travel", 0, 3, 4},       {"Communications", 0, 2, 5},
    {"All Others", 0, 1, 6},
}};

constexpr std::array<const char*, kFeatureCount> kFeatureNames = {
    "colour",         "black-and-white", "website-or-email", "embossed",
    "masonic-emblem", "pizza-logo",      "date-before-1914"};

struct ProMoveInfo {
  const char* name;
  const char* key;
};
constexpr std::array<ProMoveInfo, kProMoveCount> kProMoves = {{
    {"Big Con", "T dH M1"},
    {"Brainwashing", "dH or dF"},
    {"Capable of Anything", "P"},
    {"Clockwork (Wo)man", "T dH or dF"},
    {"Crash Clinic", "AoA P"},
    {"Disguise", "AoA P"},
    {"Foreign Agents", "P"},
    {"Getting the Ball Rolling", "T dF"},
    {"Hacking", "D"},
    {"Home Turf", "P"},
    {"Inside Job", "T dF"},
    {"Legal Maneuvering", "T D or dH or dF"},
    {"Master Plan: Ancient Secrets", "P"},
    {"Master Plan: Chemtrails", "P"},
    {"Master Plan: Fluoride", "P"},
    {"Master Plan: Mark of the Beast", "P"},
    {"Master Plan: Soylent", "P"},
    {"Master Plan: Vaccines", "P"},
    {"Ninja Ops", "P"},
    {"Tenth-Dan Ninja Ops", "P M2"},
    {"Old School", "dF at any time"},
    {"Onslaught", "dH M1 or better"},
    {"Paperwork", "T dH"},
    {"Planting Bombs", "T dH or dF"},
    {"Scrying", "D"},
    {"All-Seeing Eye", "D M1 or more"},
    {"Security Perimeter", "P"},
    {"Shadow Surge: Temple of Dagon", "D, then dF"},
    {"Shadow Surge: Big Brother", "D, then dF"},
    {"Shadow Surge: Secret Handshake", "D, then dF"},
    {"Shakeup", "T dF"},
    {"Hostile Takeover", "T dF M1"},
    {"Tabula Recta", "T dH or dF"},
    {"Third-Rate Burglary", "dF"},
    {"Second-Rate Burglary", "dF M1"},
    {"Spy Satellite", "T dH or dF"},
    {"Wiretap", "T dH or dF"},
}};

// The keyword table (docs/games/conspiracy-tcg.md, "Who qualifies"). Phrases are separated by
// '|', words by spaces; a word ending in '*' matches any word it begins. Words are the card's
// letters and digits, lower-cased, split at everything else ("M.D." is the two words "m d").
struct PhraseRule {
  ProMove move;
  const char* phrases;
};
constexpr PhraseRule kPhraseRules[] = {
    {kBigCon,
     "dollar store*|thrift store*|thrift shop*|charity shop*|second hand store*|secondhand store*|"
     "pound shop*|op shop*"},
    {kBrainwashing, "psychotherapist*|psychotherapy"},
    {kCapableOfAnything, "life coach*|motivational speaker*|motivational speaking"},
    {kClockwork, "clock|clocks|clockmaker*|watchmaker*|watch repair*|watch sales|watches|horolog*"},
    {kCrashClinic,
     "m d|md|r n|rn|physician*|registered nurse*|nurse|nurses|surgeon|surgeons|pediatrician*|"
     "paediatrician*|general practitioner*"},
    {kInsideJob, "interior decorat*|interior design*"},
    {kMasterPlanChemtrails, "pilot|pilots|airline pilot*|airplane pilot*|aviator*"},
    {kMasterPlanFluoride, "dentist*|dental surgeon*|dds|d d s"},
    {kMasterPlanMarkOfTheBeast, "tattoo*"},
    {kMasterPlanSoylent,
     "brewer*|brewery|breweries|distiller*|winery|wineries|winemaker*|vintner*|beverage*|"
     "bottling|juice company|cidery|coffee roaster*"},
    {kMasterPlanVaccines, "pediatrician*|paediatrician*|pediatrics|paediatrics"},
    {kNinjaOps,
     "yoga instructor*|yoga teacher*|rock climbing instructor*|climbing instructor*|"
     "climbing coach*"},
    {kTenthDanNinjaOps,
     "yoga instructor*|yoga teacher*|rock climbing instructor*|climbing instructor*|"
     "climbing coach*"},
    {kOnslaught,
     "dancer*|dance instructor*|dance teacher*|ballet|tango|salsa|ballroom|choreographer*|"
     "dance company|dance studio*|flamenco"},
    {kPaperwork,
     "accountant*|accounting|cpa|c p a|bookkeeper*|bookkeeping|irs|internal revenue|"
     "tax inspector*|tax officer*"},
    {kPlantingBombs, "landscaper*|landscaping|ice cream|gelato|dog walker*|dog walking"},
    {kScrying, "psychic*|fortune teller*|fortune telling|clairvoyant*|tarot"},
    {kAllSeeingEye, "psychic*|fortune teller*|fortune telling|clairvoyant*|tarot"},
    {kSecurityPerimeter,
     "security guard*|private security|security services|bodyguard*|police|constable*|"
     "patrol officer*"},
    {kTempleOfDagon,
     "fishmonger*|fish merchant*|fish market*|seafood|fish processing|fish processor*|"
     "fishing guide*|fishing charter*|fish restaurant*"},
    {kBigBrother, "network admin*|network administrator*|network administration"},
    {kSecretHandshake, "stonemason*|stone mason*|masonry|archivist*"},
    {kShakeup, "human resources|hr|recruiter*|recruitment|recruiting|headhunter*|staffing"},
    {kHostileTakeover, "human resources|hr|recruiter*|recruitment|recruiting|headhunter*|staffing"},
    {kTabulaRecta, "librarian*"},
    {kThirdRateBurglary, "plumber*|plumbing"},
    {kSecondRateBurglary, "plumber*|plumbing"},
    {kSpySatellite,
     "travel agent*|travel agency|travel agencies|tours|tour operator*|travel consultant*|"
     "travel advisor*"},
    {kWiretap,
     "telephone*|phone repair*|phone sales*|cell phone*|cellphone*|mobile phone*|phone shop*|"
     "phone store*|telecom technician*|phone technician*"},
};
// Home Turf: an elected official of representative government, with a jurisdiction on the card.
constexpr const char* kElectedPhrases =
    "mayor|councillor*|councilor*|council member*|councilmember*|alderman|alderwoman|senator*|"
    "state representative*|representative|assemblyman|assemblywoman|assembly member*|"
    "member of parliament|mp|mep|legislator*|congressman|congresswoman|selectman|selectwoman|"
    "county commissioner*|elected*";
constexpr const char* kNotElectedPhrases =
    "judge*|justice|sheriff*|president|prime minister|king|queen|sales representative*|"
    "customer representative*|service representative*";

std::vector<std::string> words_of(std::string_view text) {
  std::vector<std::string> words;
  std::string w;
  for (char c : text) {
    const unsigned char u = static_cast<unsigned char>(c);
    if (std::isalnum(u) || u >= 0x80) {
      w += char(std::tolower(u));
    } else if (!w.empty()) {
      words.push_back(w);
      w.clear();
    }
    if (c == '\x1f') words.push_back("\x1f");  // field separator: phrases do not cross it
  }
  if (!w.empty()) words.push_back(w);
  return words;
}

bool word_matches(const std::string& pattern, const std::string& word) {
  if (!pattern.empty() && pattern.back() == '*')
    return word.compare(0, pattern.size() - 1, pattern, 0, pattern.size() - 1) == 0;
  return pattern == word;
}

// The first phrase of `phrases` ('|'-separated) found in `words`, as the card's own words joined
// by spaces ("network administrator"), or nullopt.
std::optional<std::string> found_phrase(const std::vector<std::string>& words,
                                        std::string_view phrases) {
  std::size_t start = 0;
  while (start <= phrases.size()) {
    std::size_t end = phrases.find('|', start);
    if (end == std::string_view::npos) end = phrases.size();
    std::vector<std::string> pattern;
    std::istringstream in{std::string(phrases.substr(start, end - start))};
    for (std::string p; in >> p;) pattern.push_back(p);
    if (!pattern.empty())
      for (std::size_t i = 0; i + pattern.size() <= words.size(); ++i) {
        bool all = true;
        for (std::size_t k = 0; k < pattern.size() && all; ++k)
          all = word_matches(pattern[k], words[i + k]);
        if (all) {
          std::string found = words[i];
          for (std::size_t k = 1; k < pattern.size(); ++k) found += " " + words[i + k];
          return found;
        }
      }
    start = end + 1;
  }
  return std::nullopt;
}

bool any_phrase(const std::vector<std::string>& words, std::string_view phrases) {
  return found_phrase(words, phrases).has_value();
}

// One phrase of the army keyword table.
struct ArmyPhrase {
  Army army;
  std::vector<std::string> words;
};

const std::vector<ArmyPhrase>& army_phrases() {
  static const std::vector<ArmyPhrase> phrases = [] {
    std::vector<ArmyPhrase> out;
    for (const auto& [a, list] : [] {
           std::vector<std::pair<int, std::string>> rows;
           for (int a = 0; a < kArmies; ++a)
             rows.emplace_back(a, army_keyword_table()[std::size_t(a)]);
           return rows;
         }()) {
      std::size_t start = 0;
      while (start < list.size()) {
        std::size_t end = list.find('|', start);
        if (end == std::string::npos) end = list.size();
        ArmyPhrase p{Army(a), {}};
        std::istringstream in{list.substr(start, end - start)};
        for (std::string w; in >> w;) p.words.push_back(w);
        if (!p.words.empty()) out.push_back(std::move(p));
        start = end + 1;
      }
    }
    return out;
  }();
  return phrases;
}

}  // namespace

const std::array<std::string, kArmies>& army_keyword_table() {
  static const std::array<std::string, kArmies> table = [] {
    std::array<std::string, kArmies> t;
    std::istringstream in{std::string(kArmyKeywordText)};
    int row = 0;
    for (std::string line; std::getline(in, line);) {
      ++row;
      line = trim(line);
      if (line.empty() || line[0] == '#') continue;
      const std::size_t colon = line.find(':');
      const int a = colon == std::string::npos ? -1 : army_of_name(line.substr(0, colon));
      if (a < 0)
        throw std::logic_error("data/army-keywords.txt:" + std::to_string(row) +
                               ": expected \"Army name: phrase|phrase\"");
      t[std::size_t(a)] = lower_ascii(line.substr(colon + 1));
    }
    return t;
  }();
  return table;
}

const char* army_source_name(ArmySource source) {
  switch (source) {
    case ArmySource::kAnnotated:
      return "annotation";
    case ArmySource::kInferred:
      return "inferred";
    case ArmySource::kNeeded:
      break;
  }
  return "needs an army";
}

ArmyInference infer_army(const Card& card) {
  ArmyInference out;
  const std::pair<const char*, const std::string*> fields[] = {{"occupation", &card.occupation},
                                                               {"categories", &card.categories},
                                                               {"organisation", &card.organisation},
                                                               {"note", &card.note}};
  bool any_text = false;
  for (const auto& [field, text] : fields) {
    if (trim(*text).empty()) continue;
    any_text = true;
    const std::vector<std::string> words = words_of(*text);
    struct Match {
      Army army;
      std::size_t start, len;
    };
    std::vector<Match> matches;
    for (const ArmyPhrase& p : army_phrases())
      for (std::size_t i = 0; i + p.words.size() <= words.size(); ++i) {
        bool all = true;
        for (std::size_t k = 0; k < p.words.size() && all; ++k)
          all = word_matches(p.words[k], words[i + k]);
        if (all) matches.push_back({p.army, i, p.words.size()});
      }
    // A longer phrase of another army over the same words wins.
    std::vector<Match> kept;
    for (const Match& m : matches) {
      const bool covered = std::any_of(matches.begin(), matches.end(), [&](const Match& n) {
        return n.army != m.army && n.len > m.len && n.start <= m.start &&
               n.start + n.len >= m.start + m.len;
      });
      if (!covered) kept.push_back(m);
    }
    if (kept.empty()) continue;
    std::stable_sort(kept.begin(), kept.end(),
                     [](const Match& x, const Match& y) { return x.start < y.start; });
    std::vector<Army> armies;
    std::vector<std::string> quoted;
    for (const Match& m : kept) {
      if (std::find(armies.begin(), armies.end(), m.army) == armies.end()) armies.push_back(m.army);
      std::string phrase;
      for (std::size_t k = 0; k < m.len; ++k) phrase += (k ? " " : "") + words[m.start + k];
      phrase = "\"" + phrase + "\"";
      if (std::find(quoted.begin(), quoted.end(), phrase) == quoted.end()) quoted.push_back(phrase);
    }
    std::sort(armies.begin(), armies.end());
    for (const std::string& q : quoted) out.words += (out.words.empty() ? "" : ", ") + q;
    out.field = field;
    if (armies.size() == 1) {
      out.source = ArmySource::kInferred;
      out.army = armies[0];
    } else {
      out.candidates = armies;
    }
    return out;
  }
  if (!any_text) {
    out.source = ArmySource::kInferred;
    out.army = kAllOthers;
  }
  return out;
}

const char* army_name(Army army) {
  return kArmyTable[army].name;
}

int army_of_name(std::string_view name) {
  std::string n = lower_ascii(trim(name));
  if (n.rfind("sa:", 0) == 0) n = lower_ascii(trim(n.substr(3)));
  for (int a = 0; a < kArmies; ++a)
    if (lower_ascii(kArmyTable[std::size_t(a)].name) == n) return a;
  return -1;
}

int army_coordinate(Army army, Network network) {
  const ArmyInfo& info = kArmyTable[army];
  return network == kReptilians ? info.r : network == kIlluminati ? info.i : info.a;
}

int army_tier(Army army, Network a, Network b) {
  if (a == b) return 7 - army_coordinate(army, a);
  const Network third = Network(3 - a - b);
  return army_coordinate(army, third);
}

int feature_of_name(std::string_view name) {
  const std::string n = lower_ascii(trim(name));
  for (int f = 0; f < kFeatureCount; ++f)
    if (n == kFeatureNames[std::size_t(f)]) return f;
  if (n == "color") return 0;
  return -1;
}

const char* pro_move_name(ProMove p) {
  return kProMoves[p].name;
}
int pro_move_of_name(std::string_view name) {
  const std::string n = lower_ascii(trim(name));
  for (int p = 0; p < kProMoveCount; ++p)
    if (lower_ascii(kProMoves[std::size_t(p)].name) == n) return p;
  return -1;
}

std::string display_name(const Card& card) {
  if (!card.last_name.empty())
    return card.first_name.empty() ? card.last_name : card.last_name + ", " + card.first_name;
  if (!card.first_name.empty()) return card.first_name;
  return card.organisation;
}

std::string phone_digits(std::string_view phone) {
  std::string digits;
  const std::string l = lower_ascii(phone);
  for (std::size_t i = 0; i < l.size(); ++i) {
    const char c = l[i];
    // An extension ("x8999", "ext. 12", "#12") is not part of the number.
    if (c == 'x' || c == '#' || l.compare(i, 3, "ext") == 0) break;
    // "215-555-0100 Fax 215-555-0101": the number after "Fax" is crossed out (the text's Zosser).
    if (l.compare(i, 3, "fax") == 0 && !digits.empty()) break;
    if (l.compare(i, 3, "fax") == 0) {
      // A number labelled "Fax" first: the phone is the one after the next label, if any.
      const std::size_t next = l.find_first_of("tpm", i + 3);  // tel, phone, mobile
      if (next == std::string::npos) return std::string();
      i = next;
      continue;
    }
    if (c == ';') break;  // tel: URI parameters
    if (c >= '0' && c <= '9') digits += c;
  }
  return digits;
}

std::vector<std::pair<ProMove, std::string>> pro_move_reasons(const Card& card) {
  const std::vector<std::string> words =
      words_of(card.occupation + "\x1f" + card.organisation + "\x1f" + card.note);
  std::vector<std::pair<ProMove, std::string>> out;
  for (const PhraseRule& rule : kPhraseRules)
    if (std::optional<std::string> found = found_phrase(words, rule.phrases))
      out.emplace_back(rule.move, "the card says \"" + *found + "\"");
  // Shadow-army rules.
  for (auto [army, move] :
       {std::pair{kBeauty, kDisguise}, {kComputers, kHacking}, {kLaw, kLegalManeuvering}})
    if (card.army == army) out.emplace_back(move, std::string("shadow army ") + army_name(army));
  // Feature rules.
  if (card.features & kColourPrinting) out.emplace_back(kGettingTheBallRolling, "colour printing");
  if ((card.features & kBlackAndWhite) && !(card.features & kWebsiteOrEmail) &&
      !(card.features & kColourPrinting))
    out.emplace_back(kOldSchool, "black and white, no website or e-mail");
  if (card.features & kMasonicEmblem) out.emplace_back(kSecretHandshake, "a Masonic emblem");
  if (card.features & kDateBefore1914)
    out.emplace_back(kMasterPlanAncientSecrets, "mentions a date before 1914");
  // Data rules: a country makes a possible foreign agent (whether it is one depends on the field);
  // an elected official needs a jurisdiction to protect.
  if (!card.country.empty())
    out.emplace_back(kForeignAgents, "gives a country (" + card.country +
                                         "): a foreign agent where the rest of the field is not");
  if (!card.jurisdiction.empty() && !any_phrase(words, kNotElectedPhrases))
    if (std::optional<std::string> found = found_phrase(words, kElectedPhrases))
      out.emplace_back(kHomeTurf,
                       "an elected official (\"" + *found + "\") of " + card.jurisdiction);
  return out;
}

ProMoveSet qualifying_pro_moves(const Card& card) {
  ProMoveSet set = 0;
  for (const auto& [move, why] : pro_move_reasons(card)) set |= bit(move);
  return set;
}

bool mentions_date_before_1914(const Card& card) {
  static const std::vector<std::string> kDateWords = {
      "est",  "estd",      "established", "founded",  "founding", "since",    "circa",  "ca",
      "c",    "anno",      "year",        "built",    "dating",   "dated",    "born",   "in",
      "jan",  "january",   "feb",         "february", "mar",      "march",    "apr",    "april",
      "may",  "jun",       "june",        "jul",      "july",     "aug",      "august", "sep",
      "sept", "september", "oct",         "october",  "nov",      "november", "dec",    "december"};
  for (const std::string* field :
       {&card.occupation, &card.organisation, &card.note, &card.categories}) {
    const std::vector<std::string> w = words_of(*field);
    for (std::size_t i = 0; i < w.size(); ++i) {
      if (w[i].size() != 4 || !std::all_of(w[i].begin(), w[i].end(), ::isdigit)) continue;
      const int year = std::stoi(w[i]);
      if (year < 1000 || year >= 1914) continue;
      // A year needs a word that makes it a date: "est. 1887", "since 1890", "12 March 1899",
      // "1899-03-12" (a year followed by a month and day); a bare number ("Suite 1200") is not.
      bool dated = i + 2 < w.size() && w[i + 1].size() <= 2 && w[i + 2].size() <= 2 &&
                   std::isdigit(static_cast<unsigned char>(w[i + 1][0]));
      for (std::size_t back = 1; back <= 2 && back <= i && !dated; ++back)
        dated = std::find(kDateWords.begin(), kDateWords.end(), w[i - back]) != kDateWords.end();
      if (dated) return true;
    }
  }
  return false;
}

void finish_card(Card& card, std::vector<std::string>* warnings) {
  for (auto [what, field] : {std::pair{"name", &card.first_name},
                             {"name", &card.last_name},
                             {"organisation", &card.organisation},
                             {"occupation", &card.occupation},
                             {"note", &card.note},
                             {"phone", &card.phone},
                             {"city", &card.city},
                             {"address", &card.address},
                             {"categories", &card.categories},
                             {"region", &card.region},
                             {"country", &card.country},
                             {"jurisdiction", &card.jurisdiction},
                             {"website", &card.website},
                             {"email", &card.email}}) {
    if (field->find('\0') != std::string::npos) {
      std::erase(*field, '\0');
      if (warnings)
        warnings->push_back(card.source + ": a NUL byte in the " + what + " (dropped: \"" + *field +
                            "\")");
    }
    // Control, bidirectional and non-UTF-8 characters never reach a board, a log or a terminal.
    if (const std::optional<std::string> bad = unsafe_character(*field)) {
      *field = printable_text(*field);
      if (warnings)
        warnings->push_back(card.source + ": " + *bad + " in the " + what +
                            " (control and bidirectional characters are removed: \"" + *field +
                            "\")");
    }
    if (field->size() > kMaxCardFieldBytes) *field = cut_utf8(*field, kMaxCardFieldBytes);
  }
  if (card.first_name.empty() && card.last_name.empty() && card.organisation.empty())
    throw BadDeck(card.source + ": the card has no name and no organisation");
  if (!card.website.empty() || !card.email.empty()) card.features |= kWebsiteOrEmail;
  if (mentions_date_before_1914(card)) card.features |= kDateBefore1914;
  if (card.key.empty())
    card.key = lower_ascii(card.first_name + "|" + card.last_name + "|" + card.organisation + "|" +
                           phone_digits(card.phone));
  if (card.army_source == ArmySource::kAnnotated) {
    card.army_reason = "annotation";
    card.army_candidates.clear();
  } else {
    const ArmyInference inf = infer_army(card);
    card.army_source = inf.source;
    card.army = inf.source == ArmySource::kInferred ? inf.army : kAllOthers;
    card.army_candidates = inf.candidates;
    if (inf.source == ArmySource::kInferred)
      card.army_reason = inf.field.empty()
                             ? "inferred: no occupation, categories, organisation or note (All "
                               "Others)"
                             : "inferred from " + inf.words + " (" + inf.field + ")";
    else if (inf.candidates.empty())
      card.army_reason =
          "needs an army: no word of the army table in the occupation, categories, organisation "
          "or note";
    else {
      std::string names;
      for (std::size_t i = 0; i < inf.candidates.size(); ++i)
        names += std::string(i == 0                           ? ""
                             : i + 1 == inf.candidates.size() ? " or "
                                                              : ", ") +
                 army_name(inf.candidates[i]);
      card.army_reason =
          "ambiguous: " + names + " (" + inf.words + " in the " + inf.field + "); annotate it";
    }
  }
  card.pro_moves = (qualifying_pro_moves(card) | card.add_moves) & ~card.remove_moves;
}

void require_armies(const Deck& deck) {
  std::string list;
  int n = 0;
  for (const Card& c : deck.cards)
    if (c.army_source == ArmySource::kNeeded) {
      ++n;
      list += "\n  " + c.source + " " + display_name(c) + ": " + c.army_reason;
    }
  if (n)
    throw BadDeck("deck " + deck.name + ": " + std::to_string(n) + " card" + (n == 1 ? "" : "s") +
                  " need" + (n == 1 ? "s" : "") +
                  " a shadow army (X-TABLETOP-ARMY in a vCard, \"army\" in JSON) before the deck "
                  "can be played:" +
                  list);
}

void warn_duplicate_cards(Deck& deck) {
  std::map<std::string, std::string> first;
  for (const Card& c : deck.cards) {
    const auto [it, fresh] = first.emplace(c.key, c.source);
    if (!fresh)
      deck.warnings.push_back(c.source + ": the same card as " + it->second + " (" +
                              display_name(c) +
                              "): agents are unique, so the second copy is never played");
  }
}

namespace {

// 1-based line of byte `offset` in `text`.
int line_at(std::string_view text, std::size_t offset) {
  return 1 +
         int(std::count(text.begin(), text.begin() + long(std::min(offset, text.size())), '\n'));
}

// The offsets where the elements of the array that follows `"cards"` begin (a small scanner over
// text already known to be valid JSON), so errors in a card can name its line.
std::vector<std::size_t> card_offsets(std::string_view text) {
  std::vector<std::size_t> out;
  std::size_t i = text.find("\"cards\"");
  if (i == std::string_view::npos) return out;
  i = text.find('[', i);
  if (i == std::string_view::npos) return out;
  int depth = 0;
  bool expecting = true;
  for (++i; i < text.size(); ++i) {
    const char c = text[i];
    if (std::isspace(static_cast<unsigned char>(c))) continue;
    if (depth == 0 && c == ']') break;
    if (depth == 0 && c == ',') {
      expecting = true;
      continue;
    }
    if (depth == 0 && expecting) {
      out.push_back(i);
      expecting = false;
    }
    if (c == '"') {
      for (++i; i < text.size() && text[i] != '"'; ++i)
        if (text[i] == '\\') ++i;
    } else if (c == '{' || c == '[') {
      ++depth;
    } else if (c == '}' || c == ']') {
      --depth;
    }
  }
  return out;
}

ProMoveSet pro_move_list(const json& list, const std::string& where, const char* key) {
  ProMoveSet set = 0;
  if (!list.is_array()) throw BadDeck(where + ": \"" + key + "\" must be an array of names");
  for (const json& n : list) {
    const int p = n.is_string() ? pro_move_of_name(n.get<std::string>()) : -1;
    if (p < 0) throw BadDeck(where + ": unknown pro move " + n.dump() + " in \"" + key + "\"");
    set |= bit(ProMove(p));
  }
  return set;
}

}  // namespace

Deck parse_json_deck(std::string_view text, const std::string& file) {
  json doc;
  try {
    doc = json::parse(text);
  } catch (const json::parse_error& e) {
    throw BadDeck(file + ":" + std::to_string(line_at(text, e.byte ? e.byte - 1 : 0)) +
                  ": not valid JSON (" + e.what() + ")");
  }
  if (!doc.is_object() || !doc.contains("cards") || !doc["cards"].is_array())
    throw BadDeck(file + ":1: a deck is an object with a \"cards\" array");
  Deck deck;
  deck.name = cut_utf8(printable_text(doc.value("name", std::string())), kMaxDeckNameBytes);
  const std::vector<std::size_t> offsets = card_offsets(text);
  static const char* const kKeys[] = {
      "id",           "first_name", "last_name",  "organisation",  "occupation",
      "note",         "phone",      "address",    "city",          "country",
      "jurisdiction", "website",    "email",      "latitude",      "longitude",
      "travel_km",    "army",       "features",   "pro_moves_add", "pro_moves_remove",
      "pro_moves",    "source",     "categories", "region"};
  std::size_t index = 0;
  for (const json& c : doc["cards"]) {
    const int line = index < offsets.size() ? line_at(text, offsets[index]) : 1;
    const std::string where = file + ":" + std::to_string(line);
    ++index;
    if (!c.is_object()) throw BadDeck(where + ": a card is a JSON object");
    for (auto it = c.begin(); it != c.end(); ++it)
      if (std::find_if(std::begin(kKeys), std::end(kKeys),
                       [&](const char* k) { return it.key() == k; }) == std::end(kKeys))
        throw BadDeck(where + ": unknown card field \"" + it.key() + "\"");
    Card card;
    card.source = where;
    auto text_of = [&](const char* key, std::string& out) {
      if (!c.contains(key)) return;
      if (!c[key].is_string()) throw BadDeck(where + ": \"" + key + "\" must be a string");
      out = trim(c[key].get<std::string>());
    };
    text_of("id", card.key);
    text_of("first_name", card.first_name);
    text_of("last_name", card.last_name);
    text_of("organisation", card.organisation);
    text_of("occupation", card.occupation);
    text_of("note", card.note);
    text_of("categories", card.categories);
    text_of("phone", card.phone);
    text_of("address", card.address);
    text_of("city", card.city);
    text_of("region", card.region);
    text_of("country", card.country);
    text_of("jurisdiction", card.jurisdiction);
    text_of("website", card.website);
    text_of("email", card.email);
    auto number_of = [&](const char* key, double lo, double hi, double& out) {
      if (!c.contains(key) || c[key].is_null()) return false;
      if (!c[key].is_number()) throw BadDeck(where + ": \"" + key + "\" must be a number");
      out = c[key].get<double>();
      if (!(out >= lo && out <= hi))
        throw BadDeck(where + ": \"" + key + "\" " + c[key].dump() + " is out of range");
      return true;
    };
    const bool lat = number_of("latitude", -90, 90, card.latitude);
    const bool lon = number_of("longitude", -180, 180, card.longitude);
    if (lat != lon) throw BadDeck(where + ": latitude and longitude go together");
    card.has_location = lat && lon;
    number_of("travel_km", 0, 1e6, card.travel_km);
    std::string army;
    text_of("army", army);
    if (army.empty()) {
      card.army_source = ArmySource::kNeeded;  // finish_card infers it, or marks it needed
    } else {
      const int a = army_of_name(army);
      if (a < 0) throw BadDeck(where + ": unknown shadow army \"" + army + "\"");
      card.army = Army(a);
    }
    if (c.contains("features")) {
      if (!c["features"].is_array()) throw BadDeck(where + ": \"features\" must be an array");
      for (const json& f : c["features"]) {
        const int b = f.is_string() ? feature_of_name(f.get<std::string>()) : -1;
        if (b < 0) throw BadDeck(where + ": unknown feature " + f.dump());
        card.features |= uint16_t(1u << b);
      }
    }
    if (c.contains("pro_moves_add"))
      card.add_moves = pro_move_list(c["pro_moves_add"], where, "pro_moves_add");
    if (c.contains("pro_moves_remove"))
      card.remove_moves = pro_move_list(c["pro_moves_remove"], where, "pro_moves_remove");
    finish_card(card, &deck.warnings);
    deck.cards.push_back(std::move(card));
  }
  if (deck.cards.empty()) throw BadDeck(file + ":1: the deck has no cards");
  warn_duplicate_cards(deck);
  return deck;
}

namespace {
std::string base_name(const std::string& path) {
  std::string name = path.substr(path.find_last_of('/') + 1);
  const std::size_t dot = name.find_last_of('.');
  return dot == std::string::npos ? name : name.substr(0, dot);
}
}  // namespace

Deck load_deck_file(const std::string& path) {
  std::string text;
  try {
    text = read_regular_file(path, kMaxDeckFileBytes);
  } catch (const FileError& e) {
    throw BadDeck(e.what());
  }
  const std::string l = lower_ascii(path);
  Deck deck;
  if (l.size() > 4 && (l.ends_with(".vcf") || l.ends_with(".vcard")))
    deck = parse_vcard_deck(text, path);
  else if (l.ends_with(".json"))
    deck = parse_json_deck(text, path);
  else
    throw BadDeck(path + ": a deck file ends in .json or .vcf");
  if (deck.name.empty()) deck.name = base_name(path);
  return deck;
}

namespace {
std::mutex deck_source_mutex;
DeckSource& deck_source() {
  static DeckSource source;
  return source;
}
}  // namespace

void set_deck_source(DeckSource source) {
  const std::lock_guard<std::mutex> lock(deck_source_mutex);
  deck_source() = std::move(source);
}

Deck deck_from_source(const std::string& name) {
  DeckSource source;
  {
    const std::lock_guard<std::mutex> lock(deck_source_mutex);
    source = deck_source();
  }
  const std::optional<std::string> text = source ? source(name) : std::nullopt;
  if (!text) throw BadDeck(name + ": no such uploaded deck");
  Deck deck = parse_deck_text(*text, name);
  const std::size_t first = text->find_first_not_of(" \t\r\n");
  const bool is_json = first != std::string::npos && (*text)[first] == '{';
  // Never the name itself: a source's key is the embedding program's, not a name to show.
  if (!is_json || deck.name.empty()) deck.name = "uploaded deck";
  return deck;
}

Deck parse_deck_text(std::string_view text, const std::string& file) {
  const std::size_t first = text.find_first_not_of(" \t\r\n");
  if (first != std::string_view::npos && text[first] == '{') return parse_json_deck(text, file);
  return parse_vcard_deck(text, file);
}

void annotate_army(Card& card, Army army) {
  card.army = army;
  card.army_source = ArmySource::kAnnotated;
  finish_card(card);
}

json card_to_json(const Card& card) {
  json j = json::object();
  j["id"] = card.key;
  j["first_name"] = card.first_name;
  j["last_name"] = card.last_name;
  j["organisation"] = card.organisation;
  j["occupation"] = card.occupation;
  if (!card.note.empty()) j["note"] = card.note;
  j["phone"] = card.phone;
  j["address"] = card.address;
  j["city"] = card.city;
  if (!card.region.empty()) j["region"] = card.region;
  j["country"] = card.country;
  if (!card.jurisdiction.empty()) j["jurisdiction"] = card.jurisdiction;
  if (!card.website.empty()) j["website"] = card.website;
  if (!card.email.empty()) j["email"] = card.email;
  j["latitude"] = card.has_location ? json(card.latitude) : json(nullptr);
  j["longitude"] = card.has_location ? json(card.longitude) : json(nullptr);
  if (card.travel_km >= 0) j["travel_km"] = card.travel_km;
  if (!card.categories.empty()) j["categories"] = card.categories;
  // Only an annotated army is written as "army": read back, an inferred card infers again and a
  // card that needs an army still needs one.
  if (card.army_source == ArmySource::kAnnotated) j["army"] = army_name(card.army);
  json features = json::array();
  for (int f = 0; f < kFeatureCount; ++f)
    if (card.features >> f & 1) features.push_back(kFeatureNames[std::size_t(f)]);
  j["features"] = features;
  json moves = json::array();
  for (int p = 0; p < kProMoveCount; ++p)
    if (card.pro_moves >> p & 1) moves.push_back(kProMoves[std::size_t(p)].name);
  j["pro_moves"] = moves;
  for (const auto& [key, set] : {std::pair{"pro_moves_add", card.add_moves},
                                 std::pair{"pro_moves_remove", card.remove_moves}}) {
    if (!set) continue;
    json names = json::array();
    for (int p = 0; p < kProMoveCount; ++p)
      if (set >> p & 1) names.push_back(kProMoves[std::size_t(p)].name);
    j[key] = names;
  }
  j["source"] = card.source;
  return j;
}

}  // namespace tabletop::conspiracy_tcg
