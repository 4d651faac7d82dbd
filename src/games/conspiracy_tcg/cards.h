// Conspiracy: The Largest Trading Card Game on Earth — the cards as data.
//
// A card is a real business card turned into a record (RULINGS.md): the person's name (first and
// last, or none at all: a shop), the phone number as printed, the business location (coordinates,
// or a travel distance from the venue), occupation, organisation and note text, the shadow army,
// country, jurisdiction (elected officials), and printed features. Which pro moves a card qualifies
// for is derived from that data by the keyword table (`qualifying_pro_moves`, documented in
// docs/games/conspiracy-tcg.md), then adjusted by the card's own overrides.
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
#include <nlohmann/json.hpp>
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
// "colour", "black-and-white", "website-or-email", "embossed", "masonic-emblem", "pizza-logo",
// "date-before-1914" for bit index 0..6.
const char* feature_name(int bit);
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
// The text's timing key: "T dH M1", "AoA P"...
const char* pro_move_key(ProMove p);
// The pro move named `name` (case-insensitive, as pro_move_name spells it), or -1.
int pro_move_of_name(std::string_view name);

// ---------------------------------------------------------------------------------------------
// A card.

struct Card {
  // Identity across decks ("agents are unique"): `id` when the file gives one, else the
  // lower-cased name, organisation and phone digits. Two cards with the same key are one agent.
  std::string key;
  std::string first_name, last_name;  // both empty: no individual's name (a shop)
  std::string organisation, occupation, note;
  std::string phone;  // as printed (the one chosen: underlined / TYPE=pref)
  std::string address, city, country, jurisdiction;
  std::string website, email;
  bool has_location = false;  // latitude/longitude are usable
  double latitude = 0, longitude = 0;
  double travel_km = -1;  // >= 0: the card's travel distance from the venue overrides coordinates
  // > 0: the location is known only this well (a card placed by the gazetteer from its city):
  // NEAR and FAR it loses when that could change the outcome (modes.h, `compare`).
  double location_radius_km = 0;
  Army army = kAllOthers;
  uint16_t features = 0;
  ProMoveSet add_moves = 0, remove_moves = 0;  // per-card overrides
  ProMoveSet pro_moves = 0;                    // derived: keyword table + overrides
  std::string source;                          // "file:line" of the card's start
};

// "Waters, Helen", or the organisation when the card has no individual's name.
std::string display_name(const Card& card);
// The phone's digits without any extension ("x8999", "ext. 12"): what 000/999 compare.
std::string phone_digits(std::string_view phone);
// The keyword table over occupation, organisation, note, army and features (no overrides).
ProMoveSet qualifying_pro_moves(const Card& card);
// Fills `key`, the website/email feature and `pro_moves` from the rest; throws BadDeck (naming
// card.source) when the card cannot be played at all (no name, organisation or phone at all).
void finish_card(Card& card);

struct Deck {
  std::string name;  // the file's base name without extension
  std::vector<Card> cards;
};

// A deck in JSON: {"name": ..., "cards": [{"first_name": ..., "last_name": ..., "phone": ...,
// "organisation", "occupation", "note", "address", "city", "country", "jurisdiction", "website",
// "email", "latitude", "longitude", "travel_km", "army", "features": [...], "pro_moves_add": [...],
// "pro_moves_remove": [...], "id"}...]}. `file` names the source in errors.
Deck parse_json_deck(std::string_view text, const std::string& file);
// The largest deck file read (a contacts export with photos stays well under it).
inline constexpr std::size_t kMaxDeckFileBytes = std::size_t(16) << 20;
// A deck from a .json or .vcf file by its extension; throws BadDeck (also for a path that is not
// a regular file or is larger than kMaxDeckFileBytes: read by core/file.h's read_regular_file).
Deck load_deck_file(const std::string& path);
// The card as JSON: the keys parse_json_deck reads (army by name, features by name), plus
// "pro_moves" (names as the text spells them) and "source". parse_json_deck reads it back.
nlohmann::json card_to_json(const Card& card);

// The sample decks shipped in data/decks/ (compiled in): their names, and one by name.
const std::vector<Deck>& sample_decks();
const Deck* sample_deck(std::string_view name);

}  // namespace tabletop::conspiracy_tcg
