// Conspiracy: The Largest Trading Card Game on Earth — the cards as data.
//
// A card is a real business card turned into a record (RULINGS.md): the person's name (first and
// last, or none at all: a shop), the phone number as printed, the business location (coordinates,
// or a travel distance from the venue), occupation, organisation and note text, the shadow army,
// country, jurisdiction (elected officials), and printed features. The army is the card's
// annotation or inferred from its occupation (ArmySource, infer_army, data/army-keywords.txt).
// Which pro moves a card qualifies for is derived from that data by the keyword table
// (`qualifying_pro_moves`, documented in docs/games/conspiracy-tcg.md), then adjusted by the card's
// own overrides.
//
// The 33 shadow armies sit on a triangle of side 8 (RULINGS.md): army coordinates (r, i, a) with
// r + i + a = 7 towards the Reptilians, Illuminati and the Agency.
//
// Decks load from JSON (`parse_json_deck`) or vCard (`parse_vcard_deck`, see vcard.h); every error
// is a BadDeck naming the file, the line and what is wrong, and a deck with an error yields
// nothing.
#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/error.h"

namespace tabletop::conspiracy_tcg {

// A deck file (JSON or vCard) is malformed: "file:line: what is wrong".
struct BadDeck : Error {
  using Error::Error;
};

// ---------------------------------------------------------------------------------------------
// Shadow armies and networks.

inline constexpr int kArmies = 33;
// Armies in RULINGS.md's table order (row r = 6 down to 0, left to right).
enum Army : uint8_t {
  kClothing,
  kReligion,
  kPerformance,
  kCleaning,
  kFood,
  kBeauty,
  kAnimals,
  kSports,
  kTransport,
  kEducation,
  kTherapy,
  kSales,
  kMedia,
  kSecurity,
  kFinance,
  kMedicine,
  kConstruction,
  kHospitality,
  kIndustry,
  kComputers,
  kScience,
  kArts,
  kLaw,
  kGovernment,
  kCrafts,
  kAgriculture,
  kEnergy,
  kPublishing,
  kDesign,
  kRealEstate,
  kTravel,
  kCommunications,
  kAllOthers,
};
// The three networks at the triangle's corners.
enum Network : uint8_t { kReptilians = 0, kIlluminati = 1, kAgency = 2 };

// "Real Estate", "All Others"...
const char* army_name(Army army);
// The army named `name` (case-insensitive; "SA: " prefix allowed), or -1.
int army_of_name(std::string_view name);
// Coordinate of `army` towards `network` (0..6).
int army_coordinate(Army army, Network network);
// Tier under one network (1 = top) or under two (`a` != `b`: 0 = top, the third coordinate).
int army_tier(Army army, Network a, Network b);

// ---------------------------------------------------------------------------------------------
// Printed features.

enum Feature : uint16_t {
  kColourPrinting = 1 << 0,
  kBlackAndWhite = 1 << 1,
  kWebsiteOrEmail = 1 << 2,  // also set when the card has a URL or an e-mail address
  kEmbossed = 1 << 3,
  kMasonicEmblem = 1 << 4,
  kPizzaLogo = 1 << 5,
  kDateBefore1914 = 1 << 6,
};
inline constexpr int kFeatureCount = 7;
// The feature bit named `name`, or -1.
int feature_of_name(std::string_view name);

// ---------------------------------------------------------------------------------------------
// Pro moves: the 2014 text's list, in its order (two Burglaries and the Master Plans and Surges
// each counted separately: 37 entries).

enum ProMove : uint8_t {
  kBigCon,
  kBrainwashing,
  kCapableOfAnything,
  kClockwork,
  kCrashClinic,
  kDisguise,
  kForeignAgents,
  kGettingTheBallRolling,
  kHacking,
  kHomeTurf,
  kInsideJob,
  kLegalManeuvering,
  kMasterPlanAncientSecrets,
  kMasterPlanChemtrails,
  kMasterPlanFluoride,
  kMasterPlanMarkOfTheBeast,
  kMasterPlanSoylent,
  kMasterPlanVaccines,
  kNinjaOps,
  kTenthDanNinjaOps,
  kOldSchool,
  kOnslaught,
  kPaperwork,
  kPlantingBombs,
  kScrying,
  kAllSeeingEye,
  kSecurityPerimeter,
  kTempleOfDagon,
  kBigBrother,
  kSecretHandshake,
  kShakeup,
  kHostileTakeover,
  kTabulaRecta,
  kThirdRateBurglary,
  kSecondRateBurglary,
  kSpySatellite,
  kWiretap,
  kProMoveCount
};
using ProMoveSet = uint64_t;
inline constexpr ProMoveSet bit(ProMove p) {
  return ProMoveSet(1) << p;
}
inline constexpr bool is_master_plan(ProMove p) {
  return p >= kMasterPlanAncientSecrets && p <= kMasterPlanVaccines;
}
// The name as the text spells it: "Scrying", "Clockwork (Wo)man", "Master Plan: Ancient Secrets".
const char* pro_move_name(ProMove p);
// The pro move named `name` (case-insensitive, as pro_move_name spells it), or -1.
int pro_move_of_name(std::string_view name);

// ---------------------------------------------------------------------------------------------
// Where a card's shadow army comes from.
//
// "The agent should be considered to belong to the category that best describes them, and …
// usually this will be uncontroversial. Where there are ambiguities, players should resolve the
// matter in advance by annotating the agent's card." So: an explicit annotation (vCard
// X-TABLETOP-ARMY, JSON "army") wins; else the army keyword table (data/army-keywords.txt, the
// same phrase reading as the pro-move table) is asked, field by field in this order: occupation
// (vCard TITLE and ROLE), categories (CATEGORIES), organisation (ORG), note (NOTE). The first
// field with any match decides: one army matched is the inferred army; several are ambiguous
// and the card needs an army, the matched ones its candidates. A phrase whose words cover another
// army's match in the same place wins over it ("makeup artist" is Beauty, not Arts). A card with
// no occupation, categories, organisation or note at all is All Others ("Note that 'All Others'
// is a category"); a card with text that matches nothing needs an army (any of the 33).
enum class ArmySource : uint8_t { kAnnotated, kInferred, kNeeded };
// "annotation", "inferred", "needs an army".
const char* army_source_name(ArmySource source);

struct ArmyInference {
  ArmySource source = ArmySource::kNeeded;  // kInferred or kNeeded
  Army army = kAllOthers;                   // when inferred
  std::vector<Army> candidates;             // when needed: empty = no word matched (any army)
  std::string words;                        // the matched words, quoted: "\"pediatrician\""
  std::string field;                        // "occupation", "categories", "organisation", "note"
};
struct Card;
// The army keyword table's answer for `card` (its annotation is not looked at).
ArmyInference infer_army(const Card& card);
// The table as read from data/army-keywords.txt: for each army, its phrases ('|'-separated).
const std::array<std::string, kArmies>& army_keyword_table();

// ---------------------------------------------------------------------------------------------
// A card.

struct Card {
  // Identity across decks ("agents are unique"): `id` when the file gives one, else the
  // lower-cased name, organisation and phone digits. Two cards with the same key are one agent.
  std::string key;
  std::string first_name, last_name;  // both empty: no individual's name (a shop)
  std::string organisation, occupation, note;
  std::string categories;  // vCard CATEGORIES, JSON "categories" (comma-joined)
  std::string phone;       // as printed (the one chosen: underlined / TYPE=pref)
  std::string address, city, region, country, jurisdiction;  // region: state, province (ADR)
  std::string website, email;
  bool has_location = false;  // latitude/longitude are usable
  double latitude = 0, longitude = 0;
  double travel_km = -1;  // >= 0: the card's travel distance from the venue overrides coordinates
  // > 0: the location is known only this well (a card placed by the gazetteer from its city):
  // NEAR and FAR it loses when that could change the outcome (modes.h, `compare`).
  double location_radius_km = 0;
  Army army = kAllOthers;
  // How `army` was settled (see ArmySource). A parser sets kNeeded when the card has no
  // annotation; finish_card then asks infer_army. kNeeded after finish_card: `army` means nothing
  // and the card cannot be played until annotated (require_armies).
  ArmySource army_source = ArmySource::kAnnotated;
  std::vector<Army> army_candidates;  // kNeeded: the ambiguous armies (empty: any of the 33)
  std::string army_reason;  // "annotation", "inferred from \"pediatrician\" (occupation)"…
  uint16_t features = 0;
  ProMoveSet add_moves = 0, remove_moves = 0;  // per-card overrides
  ProMoveSet pro_moves = 0;                    // derived: keyword table + overrides
  std::string source;                          // "file:line" of the card's start
};

// "Waters, Helen", or the organisation when the card has no individual's name.
std::string display_name(const Card& card);
// The phone's digits without any extension ("x8999", "ext. 12", "#12", a tel: URI's ";ext="):
// what 000/999 compare. A second number after "Fax" is not read ("215-555-0100 Fax
// 215-555-0101"); a number labelled "Fax" before a "Tel"/"Phone"/"Mobile" one is skipped.
std::string phone_digits(std::string_view phone);
// "any card mentioning a date prior to 1914" (Master Plan: Ancient Secrets): a year 1000–1913 in
// the occupation, organisation, note or categories, as a date: after a dating word ("est. 1887",
// "Established 1911", "since 1890", "founded", "circa", a month: "12 March 1899") or followed
// by month and day ("1899-03-12"). "since 2003" is not; a bare number ("Suite 1200") is not.
// finish_card sets the date-before-1914 feature from it (the feature may also be given).
bool mentions_date_before_1914(const Card& card);
// The keyword table over occupation, organisation, note, army and features (no overrides).
ProMoveSet qualifying_pro_moves(const Card& card);
// The same table, each pro move with why the card earns it ("the card says \"network
// administrator\"", "shadow army Computers", "mentions a date before 1914"), in the table's
// order; a move earned twice is listed twice (the deck page shows the first reason).
std::vector<std::pair<ProMove, std::string>> pro_move_reasons(const Card& card);
// Fills `key`, the website/email feature, the army (infer_army unless annotated) and `pro_moves`
// from the rest; throws BadDeck (naming card.source) when the card cannot be played at all (no
// name, organisation or phone at all). A NUL byte in a text field is dropped, with a warning
// added to `warnings` when given.
void finish_card(Card& card, std::vector<std::string>* warnings = nullptr);

struct Deck {
  std::string name;  // the file's base name without extension
  std::vector<Card> cards;
  // What the reader accepted but a player should hear about ("file:line: …"): two army lines on
  // one card (the last wins), a NUL byte in a name (dropped), the same card twice in the deck.
  std::vector<std::string> warnings;
};

// Throws BadDeck listing every card of `deck` that still needs an army ("file:line Name:
// ambiguous: Animals or Therapy; annotate X-TABLETOP-ARMY"): such a deck is not playable.
void require_armies(const Deck& deck);
// Adds a warning for each card whose key repeats an earlier card's in the deck.
void warn_duplicate_cards(Deck& deck);

// A deck in JSON: {"name": ..., "cards": [{"first_name": ..., "last_name": ..., "phone": ...,
// "organisation", "occupation", "note", "categories", "address", "city", "region", "country",
// "jurisdiction", "website",
// "email", "latitude", "longitude", "travel_km", "army", "features": [...], "pro_moves_add": [...],
// "pro_moves_remove": [...], "id"}...]}. `file` names the source in errors.
Deck parse_json_deck(std::string_view text, const std::string& file);
// The most cards a deck may hold (the rules suggest 40 to 60; the game deals at most kMaxPile,
// conspiracy_tcg.h, the same number): a server refuses a larger upload, the game a larger deck.
inline constexpr std::size_t kMaxDeckCards = 160;
// The longest deck name and card field kept (bytes; a longer one is cut at a character).
inline constexpr std::size_t kMaxDeckNameBytes = 64;
inline constexpr std::size_t kMaxCardFieldBytes = 1000;
// The largest deck file read (a contacts export with photos stays well under it).
inline constexpr std::size_t kMaxDeckFileBytes = std::size_t(16) << 20;
// A deck from a .json or .vcf file by its extension; throws BadDeck (also for a path that is not
// a regular file or is larger than kMaxDeckFileBytes: read by core/file.h's read_regular_file).
Deck load_deck_file(const std::string& path);
// The card as JSON: the keys parse_json_deck reads (army by name, features by name), plus
// "pro_moves" (names as the text spells them) and "source". parse_json_deck reads it back.
nlohmann::json card_to_json(const Card& card);

// Decks by content (the game's entry point for programs that hold decks themselves, such as the
// server's uploads): `source(name)` answers the deck text (JSON or vCard) for a name of the form
// "upload:…", or nullopt. Set once, before games are made; the `uploaded_decks` parameter names
// such decks. Without a source, or for an unknown name, deck_from_source throws BadDeck.
using DeckSource = std::function<std::optional<std::string>(const std::string& name)>;
void set_deck_source(DeckSource source);
// The deck named `name` from the source, parsed (parse_deck_text). Its name (the seats' names
// and the board show it) is the JSON deck's own "name" when it has one (the server's snapshots
// carry the uploaded file's name, "my-cards"), else "uploaded deck" (never the key).
Deck deck_from_source(const std::string& name);
// A deck from text: JSON when it starts with '{' (after white space), else vCard.
Deck parse_deck_text(std::string_view text, const std::string& file);
// Sets `card`'s army as an annotation (a player's choice) and finishes it again.
void annotate_army(Card& card, Army army);

// The sample decks shipped in data/decks/ (compiled in): their names, and one by name.
const std::vector<Deck>& sample_decks();
const Deck* sample_deck(std::string_view name);

}  // namespace tabletop::conspiracy_tcg
