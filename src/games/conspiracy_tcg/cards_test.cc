// Conspiracy TCG cards: the army triangle, the keyword table, the comparisons' keys, and deck
// loading from JSON and vCard (including a seeded fuzz of the vCard reader).
#include "games/conspiracy_tcg/cards.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <map>
#include <set>

#include "core/rng.h"
#include "games/conspiracy_tcg/deck_check.h"
#include "games/conspiracy_tcg/modes.h"
#include "games/conspiracy_tcg/vcard.h"

namespace tabletop::conspiracy_tcg {
namespace {

int tier(const char* army, Network a, Network b) {
  const int x = army_of_name(army);
  EXPECT_GE(x, 0) << army;
  return army_tier(Army(x), a, b);
}

TEST(TcgArmies, TriangleFitsEveryClueOfTheText) {
  ASSERT_EQ(army_of_name("SA: real estate"), kRealEstate);
  // Under the Reptilians: Cleaning two tiers down, Law six; Cleaning ties Performance.
  EXPECT_EQ(tier("Cleaning", kReptilians, kReptilians), 2);
  EXPECT_EQ(tier("Law", kReptilians, kReptilians), 6);
  EXPECT_EQ(tier("Performance", kReptilians, kReptilians), 2);
  EXPECT_LT(tier("Clothing", kReptilians, kReptilians),
            tier("Performance", kReptilians, kReptilians));
  for (const char* lower : {"Education", "Industry", "Medicine"})
    EXPECT_GT(tier(lower, kReptilians, kReptilians), tier("Performance", kReptilians, kReptilians));
  // Under Illuminati + Agency: Real Estate on the top tier, Sales three down.
  EXPECT_EQ(tier("Real Estate", kIlluminati, kAgency), 0);
  EXPECT_EQ(tier("Sales", kIlluminati, kAgency), 3);
  // Every army: coordinates sum to 7 and none is a corner.
  for (int a = 0; a < kArmies; ++a) {
    int sum = 0;
    for (int n = 0; n < 3; ++n) {
      EXPECT_LT(army_coordinate(Army(a), Network(n)), 7);
      sum += army_coordinate(Army(a), Network(n));
    }
    EXPECT_EQ(sum, 7) << army_name(Army(a));
  }
}

Card card(std::string first, std::string last, std::string occupation, std::string org,
          Army army = kAllOthers, uint16_t features = 0) {
  Card c;
  c.first_name = std::move(first);
  c.last_name = std::move(last);
  c.occupation = std::move(occupation);
  c.organisation = std::move(org);
  c.army = army;
  c.features = features;
  c.source = "test";
  finish_card(c);
  return c;
}

TEST(TcgKeywordTable, KellyBannerBusinessConsultingQualifiesForNothing) {
  const Card kelly = card("Kelly", "Banner", "business consulting", "");
  EXPECT_EQ(kelly.pro_moves, 0u);
}

TEST(TcgKeywordTable, XavierTorresTangoInstructorIsOnslaughtAndSpySatellite) {
  const Card xavier =
      card("Xavier", "Torres", "Tango instructor", "Argentine Tango Tours", kPerformance);
  EXPECT_EQ(xavier.pro_moves, bit(kOnslaught) | bit(kSpySatellite));
  // With a country on the card he is a possible Foreign Agent too ("and possibly also").
  Card abroad = xavier;
  abroad.country = "Argentina";
  finish_card(abroad);
  EXPECT_EQ(abroad.pro_moves, bit(kOnslaught) | bit(kSpySatellite) | bit(kForeignAgents));
}

TEST(TcgKeywordTable, PhrasesArmiesFeaturesAndOverrides) {
  EXPECT_TRUE(card("A", "B", "IBCLC, lactation consultant", "").pro_moves == 0);
  EXPECT_EQ(card("A", "B", "Pediatrician, M.D.", "").pro_moves,
            bit(kCrashClinic) | bit(kMasterPlanVaccines));
  EXPECT_EQ(card("A", "B", "Stylist", "", kBeauty).pro_moves, bit(kDisguise));
  EXPECT_EQ(card("A", "B", "", "", kAllOthers, kColourPrinting).pro_moves,
            bit(kGettingTheBallRolling));
  EXPECT_EQ(card("A", "B", "", "", kAllOthers, kBlackAndWhite).pro_moves, bit(kOldSchool));
  EXPECT_EQ(card("A", "B", "", "", kAllOthers, kBlackAndWhite | kWebsiteOrEmail).pro_moves, 0u);
  // "Watch" alone is not a watch seller; "network" alone is no network admin.
  EXPECT_EQ(card("A", "B", "Neighbourhood watch", "Network Rail").pro_moves, 0u);
  // Elected officials need a jurisdiction; judges and sheriffs never qualify.
  Card mayor = card("A", "B", "Mayor", "", kGovernment);
  EXPECT_EQ(mayor.pro_moves, 0u);
  mayor.jurisdiction = "Springfield";
  finish_card(mayor);
  EXPECT_EQ(mayor.pro_moves, bit(kHomeTurf));
  Card judge = card("A", "B", "Judge", "", kLaw);
  judge.jurisdiction = "Springfield";
  finish_card(judge);
  EXPECT_EQ(judge.pro_moves, bit(kLegalManeuvering));
  // Overrides: added and removed per card.
  Card c = card("A", "B", "Plumber", "");
  c.remove_moves = bit(kSecondRateBurglary);
  c.add_moves = bit(kWiretap);
  finish_card(c);
  EXPECT_EQ(c.pro_moves, bit(kThirdRateBurglary) | bit(kWiretap));
}

TEST(TcgKeywordTable, EachProMoveSaysWhyTheCardEarnsIt) {
  using Reasons = std::vector<std::pair<ProMove, std::string>>;
  EXPECT_EQ(pro_move_reasons(card("A", "B", "Pediatrician, M.D.", "")),
            (Reasons{{kCrashClinic, "the card says \"m d\""},  // the first phrase of its rule
                     {kMasterPlanVaccines, "the card says \"pediatrician\""}}));
  Card mayor = card("A", "B", "Mayor", "", kGovernment);
  mayor.jurisdiction = "Springfield";
  mayor.country = "USA";
  finish_card(mayor);
  EXPECT_EQ(pro_move_reasons(mayor),
            (Reasons{{kForeignAgents,
                      "gives a country (USA): a foreign agent where the rest of the field is not"},
                     {kHomeTurf, "an elected official (\"mayor\") of Springfield"}}));
  EXPECT_EQ(
      pro_move_reasons(card("A", "B", "", "", kComputers, kColourPrinting)),
      (Reasons{{kHacking, "shadow army Computers"}, {kGettingTheBallRolling, "colour printing"}}));
  // Every sample card's phrase reasons quote words its occupation, organisation or note has.
  for (const Deck& deck : sample_decks())
    for (const Card& c : deck.cards)
      for (const auto& [move, why] : pro_move_reasons(c))
        if (why.starts_with("the card says \"")) {
          const std::string words = why.substr(15, why.size() - 16);
          std::string text = c.occupation + " " + c.organisation + " " + c.note;
          std::transform(text.begin(), text.end(), text.begin(),
                         [](unsigned char ch) { return char(std::tolower(ch)); });
          EXPECT_NE(text.find(words.substr(0, words.find(' '))), std::string::npos)
              << display_name(c) << ": " << why;
        }
}

TEST(TcgPhones, LeftHandDigitComparisonOfTheTextsExample) {
  // In 999, 802-545-2525 beats 1-71-56-23-40-04 x8999.
  EXPECT_EQ(phone_digits("1-71-56-23-40-04 x8999"), "17156234004");
  EXPECT_GT(
      compare_phone_digits(phone_digits("802-545-2525"), phone_digits("1-71-56-23-40-04 x8999")),
      0);
  // 555-1212 beats 900-1212 in 000; padding: 5551212 equals 55512120.
  EXPECT_LT(compare_phone_digits("5551212", "9001212"), 0);
  EXPECT_EQ(compare_phone_digits("5551212", "55512120"), 0);
}

const char* kGoodVcf =
    "BEGIN:VCARD\r\n"
    "VERSION:2.1\r\n"
    "N;CHARSET=UTF-8;ENCODING=QUOTED-PRINTABLE:Jos=C3=A9;Ram=C3=B3n;;;\r\n"
    "ORG;ENCODING=QUOTED-PRINTABLE:Ram=C3=B3n's Fish=\r\n"
    " Market\r\n"
    "TITLE:Fishmonger\r\n"
    "TEL;WORK;PREF:+34 91 555 0101\r\n"
    "TEL;FAX:+34 91 555 0199\r\n"
    "GEO:40.4168,-3.7038\r\n"
    "X-TABLETOP-ARMY:Food\r\n"
    "END:VCARD\r\n"
    "BEGIN:VCARD\r\n"
    "VERSION:3.0\r\n"
    "N:Waters;Helen;;;\r\n"
    "FN:Helen Waters\r\n"
    "ORG:Footlights\\, Inc.;Stage\r\n"
    "TITLE:Act\r\n"
    " ress\r\n"
    "item1.TEL;TYPE=CELL:555-0100\r\n"
    "item2.TEL;TYPE=WORK,pref:215-555-0142\r\n"
    "item2.X-ABLabel:office\r\n"
    "ADR;TYPE=home:;;1 Home Row;Camden;;;USA\r\n"
    "ADR;TYPE=work:;;64 Broad St;Philadelphia;PA;19102;USA\r\n"
    "GEO:39.9526;-75.1652\r\n"
    "NOTE:Line one\\nline two\r\n"
    "X-TABLETOP-ARMY:SA: Performance\r\n"
    "X-TABLETOP-FEATURES:colour, embossed\r\n"
    "X-TABLETOP-PRO-MOVES-ADD:Clockwork (Wo)man\r\n"
    "END:VCARD\r\n"
    "BEGIN:VCARD\n"
    "VERSION:4.0\n"
    "FN:Al's Pies-on-the-fly\n"
    "TITLE:Pizza Delivery\n"
    "TEL;VALUE=uri;PREF=2:tel:+1-215-555-0177\n"
    "TEL;VALUE=uri;TYPE=\"work,voice\";PREF=1:tel:+1-215-555-0150;ext=12\n"
    "GEO:geo:39.95,-75.16\n"
    "URL:https://pies.example\n"
    "X-TABLETOP-ARMY:Food\n"
    "X-TABLETOP-FEATURES:pizza-logo\n"
    "END:VCARD\n";

TEST(TcgVCard, ReadsVersions21To40WithFoldingEscapesGroupsAndUris) {
  const Deck deck = parse_vcard_deck(kGoodVcf, "good.vcf");
  ASSERT_EQ(deck.cards.size(), 3u);
  const Card& jose = deck.cards[0];
  EXPECT_EQ(jose.last_name, "Jos\xC3\xA9");
  EXPECT_EQ(jose.first_name, "Ram\xC3\xB3n");
  EXPECT_EQ(jose.organisation, "Ram\xC3\xB3n's Fish Market");
  EXPECT_EQ(jose.phone, "+34 91 555 0101");
  EXPECT_TRUE(jose.has_location);
  EXPECT_DOUBLE_EQ(jose.longitude, -3.7038);
  EXPECT_EQ(jose.army, kFood);
  EXPECT_EQ(jose.pro_moves, bit(kTempleOfDagon));
  EXPECT_EQ(jose.source, "good.vcf:1");

  const Card& helen = deck.cards[1];
  EXPECT_EQ(helen.last_name, "Waters");
  EXPECT_EQ(helen.organisation, "Footlights, Inc., Stage");
  EXPECT_EQ(helen.occupation, "Actress");
  EXPECT_EQ(helen.phone, "215-555-0142");
  EXPECT_EQ(helen.address, "64 Broad St");
  EXPECT_EQ(helen.city, "Philadelphia");
  EXPECT_EQ(helen.country, "USA");
  EXPECT_DOUBLE_EQ(helen.latitude, 39.9526);
  // The escaped line break is read, then laid flat like every control character of a card field
  // (a board, a log and a terminal print a field on one line).
  EXPECT_EQ(helen.note, "Line one line two");
  EXPECT_EQ(helen.army, kPerformance);
  EXPECT_EQ(helen.features, kColourPrinting | kEmbossed);
  EXPECT_EQ(helen.pro_moves, bit(kGettingTheBallRolling) | bit(kClockwork) | bit(kForeignAgents));

  const Card& pies = deck.cards[2];
  EXPECT_TRUE(pies.first_name.empty() && pies.last_name.empty());
  EXPECT_EQ(pies.organisation, "Al's Pies-on-the-fly");
  EXPECT_EQ(pies.phone, "+1-215-555-0150 x12");
  EXPECT_EQ(phone_digits(pies.phone), "12155550150");
  EXPECT_EQ(pies.features, kPizzaLogo | kWebsiteOrEmail);
  EXPECT_EQ(pies.pro_moves, 0u);
}

void expect_bad(const std::string& text, const std::string& message) {
  try {
    parse_vcard_deck(text, "bad.vcf");
    ADD_FAILURE() << "accepted: " << text;
  } catch (const BadDeck& e) {
    EXPECT_EQ(std::string(e.what()), message);
  }
}

TEST(TcgVCard, MalformedFilesNameFileLineAndProblem) {
  const std::string head = "BEGIN:VCARD\nVERSION:3.0\nN:A;B;;;\n";
  expect_bad(head + "X-TABLETOP-ARMY:Food\nTEL 555\nEND:VCARD\n",
             "bad.vcf:5: a content line without ':' (\"TEL 555\")");
  expect_bad(head + "X-TABLETOP-ARMY:Food\n", "bad.vcf:1: BEGIN:VCARD without END:VCARD");
  expect_bad(head + "X-TABLETOP-ARMY:Aliens\nEND:VCARD\n",
             "bad.vcf:4: unknown shadow army \"Aliens\"");
  expect_bad("BEGIN:VCARD\nVERSION:5.0\nEND:VCARD\n",
             "bad.vcf:2: unsupported vCard version \"5.0\" (2.1, 3.0 or 4.0)");
  expect_bad(head + "ORG;ENCODING=QUOTED-PRINTABLE:Caf=E\nX-TABLETOP-ARMY:Food\nEND:VCARD\n",
             "bad.vcf:4: ORG: bad quoted-printable sequence at \"=E\"");
  expect_bad(head + "ORG:Caf\xC3\nX-TABLETOP-ARMY:Food\nEND:VCARD\n",
             "bad.vcf:4: ORG: the value is not valid UTF-8");
  expect_bad(head + "GEO:north\nX-TABLETOP-ARMY:Food\nEND:VCARD\n",
             "bad.vcf:4: GEO: expected latitude and longitude, not \"north\"");
  expect_bad(head + "X-TABLETOP-ARMY:Food\nX-TABLETOP-ARMIES:Food\nEND:VCARD\n",
             "bad.vcf:5: unknown property X-TABLETOP-ARMIES");
  expect_bad("N:A;B;;;\n", "bad.vcf:1: N outside BEGIN:VCARD ... END:VCARD");
  // A good card before a bad one: the whole file is refused (nothing half-loaded).
  expect_bad(std::string(kGoodVcf) +
                 "BEGIN:VCARD\nVERSION:4.0\nFN:X\nX-TABLETOP-FEATURES:shiny\n"
                 "X-TABLETOP-ARMY:Food\nEND:VCARD\n",
             "bad.vcf:44: unknown feature \"shiny\"");
}

// ---------------------------------------------------------------------------------------------
// Army inference: "the category that best describes them … usually this will be
// uncontroversial. Where there are ambiguities, players should resolve the matter in advance by
// annotating the agent's card."

Card unannotated(std::string occupation, std::string org = "", std::string note = "",
                 std::string categories = "") {
  Card c;
  c.first_name = "Ann";
  c.last_name = "Example";
  c.occupation = std::move(occupation);
  c.organisation = std::move(org);
  c.note = std::move(note);
  c.categories = std::move(categories);
  c.source = "test";
  c.army_source = ArmySource::kNeeded;
  finish_card(c);
  return c;
}

TEST(TcgArmyInference, UncontroversialCardsAreInferredAndSayFromWhichWords) {
  const Card ped = unannotated("Pediatrician, M.D.", "Children's Health Centre");
  EXPECT_EQ(ped.army_source, ArmySource::kInferred);
  EXPECT_EQ(ped.army, kMedicine);
  EXPECT_EQ(ped.army_reason, "inferred from \"pediatrician\", \"m d\" (occupation)");
  // The longer phrase of another army wins over the words it covers.
  EXPECT_EQ(unannotated("Makeup artist").army, kBeauty);
  EXPECT_EQ(unannotated("Tattoo artist").army, kArts);
  EXPECT_EQ(unannotated("Life coach").army, kTherapy);
  EXPECT_EQ(unannotated("Football coach").army, kSports);
  EXPECT_EQ(unannotated("Property developer").army, kRealEstate);
  EXPECT_EQ(unannotated("Software developer").army, kComputers);
  EXPECT_EQ(unannotated("Sales representative").army, kSales);
  EXPECT_EQ(unannotated("State representative").army, kGovernment);
  // Field order: the occupation first, then categories, organisation, note.
  EXPECT_EQ(unannotated("Veterinarian", "Whitlock Animal Hospital").army, kAnimals);
  const Card owner = unannotated("Owner", "Calloway's Thrift Store");
  EXPECT_EQ(owner.army, kSales);
  EXPECT_EQ(owner.army_reason, "inferred from \"thrift\", \"store\" (organisation)");
  EXPECT_EQ(unannotated("", "", "", "Plumbing").army, kConstruction);
  EXPECT_EQ(unannotated("", "", "Head of the parish choir").army, kReligion);
  // "Note that 'All Others' is a category": a card with no occupation at all.
  const Card bare = unannotated("");
  EXPECT_EQ(bare.army_source, ArmySource::kInferred);
  EXPECT_EQ(bare.army, kAllOthers);
}

TEST(TcgArmyInference, ThePetTherapistIsAmbiguousAndNeedsAnAnnotation) {
  // "a pet therapist could arguably be placed under either Animals or Therapy".
  const Card pet = unannotated("Pet therapist");
  EXPECT_EQ(pet.army_source, ArmySource::kNeeded);
  EXPECT_EQ(pet.army_candidates, (std::vector<Army>{kAnimals, kTherapy}));
  EXPECT_EQ(
      pet.army_reason,
      "ambiguous: Animals or Therapy (\"pet\", \"therapist\" in the occupation); annotate it");
  // Kelly Banner, "business consulting": no word of the table; any army.
  const Card kelly = unannotated("Business consulting");
  EXPECT_EQ(kelly.army_source, ArmySource::kNeeded);
  EXPECT_TRUE(kelly.army_candidates.empty());
  // The astrologer of the text's example is annotated on the card.
  EXPECT_EQ(unannotated("Astrologer").army_source, ArmySource::kNeeded);
  // A deck with such cards is not playable, and the error lists them.
  Deck deck;
  deck.name = "mine";
  deck.cards = {pet, kelly, unannotated("Pediatrician")};
  try {
    require_armies(deck);
    ADD_FAILURE() << "a deck with cards that need an army was accepted";
  } catch (const BadDeck& e) {
    EXPECT_EQ(
        std::string(e.what()),
        "deck mine: 2 cards need a shadow army (X-TABLETOP-ARMY in a vCard, \"army\" in "
        "JSON) before the deck can be played:\n  test Example, Ann: ambiguous: Animals or "
        "Therapy (\"pet\", \"therapist\" in the occupation); annotate it\n  test Example, Ann: "
        "needs an army: no word of the army table in the occupation, categories, "
        "organisation or note");
  }
  // An annotation settles it.
  Card annotated = pet;
  annotated.army = kAnimals;
  annotated.army_source = ArmySource::kAnnotated;
  finish_card(annotated);
  EXPECT_EQ(annotated.army_reason, "annotation");
  deck.cards = {annotated};
  EXPECT_NO_THROW(require_armies(deck));
}

TEST(TcgArmyInference, EveryArmyButAllOthersHasWordsAndEverySampleAnnotationAgrees) {
  for (int a = 0; a < kArmies; ++a)
    EXPECT_EQ(army_keyword_table()[std::size_t(a)].empty(), a == kAllOthers) << army_name(Army(a));
  int inferred = 0, ambiguous = 0, unmatched = 0;
  for (const Deck& deck : sample_decks())
    for (const Card& c : deck.cards) {
      EXPECT_EQ(c.army_source, ArmySource::kAnnotated) << c.source;
      const ArmyInference inf = infer_army(c);
      if (inf.source == ArmySource::kInferred) {
        ++inferred;
        EXPECT_EQ(army_name(inf.army), std::string(army_name(c.army)))
            << c.source << " " << c.occupation << " / " << c.organisation << ": " << inf.words;
      } else {
        ++(inf.candidates.empty() ? unmatched : ambiguous);
        // Only the cards whose army the text itself leaves open: fortune tellers (the text's
        // astrologer is annotated), business consulting (Kelly Banner), a hardware proprietor,
        // and "watch repair and sales" (Crafts or Sales).
        if (!inf.candidates.empty()) {
          EXPECT_NE(std::find(inf.candidates.begin(), inf.candidates.end(), c.army),
                    inf.candidates.end())
              << c.source << ": the annotation is none of the candidates";
        }
      }
    }
  EXPECT_GE(inferred, 170);
  EXPECT_LE(ambiguous + unmatched, 20);
}

// ---------------------------------------------------------------------------------------------
// Reading details.

TEST(TcgReading, LibraryOrderFilesLettersAsPlainLatinAndNamesTheParticleConvention) {
  auto before = [](const char* a, const char* b, bool lbl = false) {
    return library_key(a, "", lbl) < library_key(b, "", lbl);
  };
  // "Müller, Jürgen" files with the Mullers, before "Mz"; ß as ss, ø as o, é as e.
  EXPECT_EQ(library_key("Müller", "Jürgen", false), library_key("Muller", "Jurgen", false));
  EXPECT_TRUE(before("Müller", "Mz"));
  EXPECT_TRUE(library_key("Müller", "Jürgen", false) < library_key("Muller", "Karl", false));
  EXPECT_EQ(library_key("Strauß", "", false), library_key("Strauss", "", false));
  EXPECT_EQ(library_key("Ødegaard", "Éva", false), library_key("odegaard", "EVA", false));
  EXPECT_EQ(library_key("Петров", "", false), library_key("Petrov", "", false));
  // Apostrophes are dropped: O'Brien files as OBrien, after Oberst (both conventions).
  EXPECT_TRUE(before("Oberst", "O'Brien"));
  EXPECT_TRUE(before("Oberst", "O’Brien", true));
  // Particles: word by word (default) "de la Cruz" before "Dean"; letter by letter after.
  EXPECT_TRUE(before("de la Cruz", "Dean"));
  EXPECT_TRUE(before("Dean", "de la Cruz", true));
  EXPECT_TRUE(before("Van Dyke", "Vance"));
  EXPECT_TRUE(before("Vance", "Van Dyke", true));
  // The last name decides before the first.
  EXPECT_TRUE(library_key("Addams", "Zoe", false) < library_key("Addamson", "Al", false));
}

TEST(TcgReading, ADateBefore1914IsReadFromTheCardsText) {
  EXPECT_TRUE(unannotated("Proprietor", "Fontaine Bros. Hardware, est. 1887").features &
              kDateBefore1914);
  const Card est = unannotated("Owner", "", "Established 1911");
  EXPECT_TRUE(est.features & kDateBefore1914);
  EXPECT_TRUE(est.pro_moves & bit(kMasterPlanAncientSecrets));
  EXPECT_TRUE(unannotated("", "", "Founded on 12 March 1899").features & kDateBefore1914);
  EXPECT_TRUE(unannotated("", "Old Mill (1899-03-12)").features & kDateBefore1914);
  EXPECT_FALSE(unannotated("Owner", "", "Serving you since 2003").features & kDateBefore1914);
  EXPECT_FALSE(unannotated("Owner", "", "Established 1914").features & kDateBefore1914);
  EXPECT_FALSE(unannotated("Owner", "Suite 1200, Tower One").features & kDateBefore1914);
}

TEST(TcgReading, FaxNumbersAndExtensions) {
  // The text's example: "1-71-56-23-40-04 x8999" compares without the extension.
  EXPECT_EQ(phone_digits("1-71-56-23-40-04 x8999"), "17156234004");
  EXPECT_EQ(phone_digits("215-555-0100 ext. 12"), "2155550100");
  EXPECT_EQ(phone_digits("215-555-0100 Fax 215-555-0101"), "2155550100");
  EXPECT_EQ(phone_digits("Fax 215-555-0101, Tel 215-555-0100"), "2155550100");
  EXPECT_EQ(phone_digits("Fax: 215-555-0101"), "");
  // vCard: a TYPE=fax number is not the phone, unless it is the only one.
  const Deck d = parse_vcard_deck(
      "BEGIN:VCARD\nVERSION:3.0\nN:Zosser;Zed;;;\nTITLE:Astrologer\nTEL;TYPE=WORK,FAX:"
      "802-555-0199\nTEL;TYPE=WORK,VOICE:802-545-2525\nX-TABLETOP-ARMY:All Others\nEND:VCARD\n",
      "zosser.vcf");
  EXPECT_EQ(d.cards[0].phone, "802-545-2525");
}

TEST(TcgReading, OutlookQuotedPrintableWithoutTheMarkerRegionsAndWarnings) {
  const std::string text =  // @NUL@: a NUL byte
      "BEGIN:VCARD\r\nVERSION:2.1\r\nN;CHARSET=UTF-8:M=C3=BCller;J=C3=BCrgen\r\n"
      "FN;CHARSET=UTF-8;ENCODING=QUOTED-PRINTABLE:J=C3=BCrgen M=C3=BCller\r\n"
      "TITLE:Pediatrician\r\nNOTE:a=b and x=1\r\nTEL;WORK;VOICE:802-555-0101\r\n"
      "ADR;WORK:;;12 State St;Montpelier;VT;05602;USA\r\n"
      "X-TABLETOP-ARMY:Medicine\r\nX-TABLETOP-ARMY:Therapy\r\nEND:VCARD\r\n"
      "BEGIN:VCARD\r\nVERSION:3.0\r\nN:Gr@NUL@nberg;Ida;;;\r\nTITLE:Librarian\r\n"
      "ADR;TYPE=work:;;1 Market St;Philadelphia;PA;;USA\r\nEND:VCARD\r\n"
      "BEGIN:VCARD\r\nVERSION:3.0\r\nN:Gr@NUL@nberg;Ida;;;\r\nTITLE:Librarian\r\n"
      "ADR;TYPE=work:;;1 Market St;Philadelphia;PA;;USA\r\nEND:VCARD\r\n";
  std::string with_nul = text;
  for (std::size_t at; (at = with_nul.find("@NUL@")) != std::string::npos;)
    with_nul.replace(at, 5, std::string(1, '\0'));
  const Deck d = parse_vcard_deck(with_nul, "out.vcf");
  ASSERT_EQ(d.cards.size(), 3u);
  EXPECT_EQ(d.cards[0].last_name, "Müller");
  EXPECT_EQ(d.cards[0].first_name, "Jürgen");
  EXPECT_EQ(d.cards[0].note, "a=b and x=1");
  // Outlook's own: QP of its code page with no CHARSET (Windows-1252), and Dolibarr's "QUOTED".
  const Deck cp = parse_vcard_deck(
      "BEGIN:VCARD\r\nVERSION:2.1\r\nN;ENCODING=QUOTED-PRINTABLE:Stra=DFer;J=FCrgen\r\n"
      "TITLE;ENCODING=QUOTED:Kin=C3=A9sith=C3=A9rapeute\r\nX-TABLETOP-ARMY:Therapy\r\n"
      "END:VCARD\r\n",
      "cp.vcf");
  EXPECT_EQ(cp.cards[0].last_name, "Straßer");
  EXPECT_EQ(cp.cards[0].first_name, "Jürgen");
  EXPECT_EQ(cp.cards[0].occupation, "Kinésithérapeute");
  EXPECT_EQ(d.cards[0].army, kTherapy);  // the last army line counts, with a warning
  EXPECT_EQ(d.cards[1].last_name, "Grnberg");
  const std::vector<std::string> expected = {
      "out.vcf:3: N read as quoted-printable UTF-8 without ENCODING=QUOTED-PRINTABLE "
      "(\"Müller;Jürgen\")",
      "out.vcf:10: a second X-TABLETOP-ARMY (\"Therapy\" after \"Medicine\" on line 9): the last "
      "one counts",
      "out.vcf:12: a NUL byte in the name (dropped: \"Grnberg\")",
      "out.vcf:18: a NUL byte in the name (dropped: \"Grnberg\")",
      "out.vcf:18: the same card as out.vcf:12 (Grnberg, Ida): agents are unique, so the second "
      "copy is never played"};
  EXPECT_EQ(d.warnings, expected);
  // ADR's region settles an ambiguous city (with the gazetteer make build installs).
  const nlohmann::json montpelier = city_placement(d.cards[0]);
  const nlohmann::json philadelphia = city_placement(d.cards[1]);
  if (montpelier.value("why", "").find("no gazetteer") == std::string::npos) {
    EXPECT_TRUE(montpelier["placed"].get<bool>()) << montpelier.dump();
    EXPECT_EQ(montpelier.value("region", ""), "VT");
    EXPECT_TRUE(philadelphia["placed"].get<bool>()) << philadelphia.dump();
    EXPECT_EQ(philadelphia.value("region", ""), "PA");
  }
}

// Exports in the shapes of Apple Contacts (3.0), Google Contacts (3.0: item groups, folding,
// escapes, CATEGORIES), RFC 6350 (4.0: tel: URIs, PREF) and Outlook (2.1, quoted-printable UTF-8,
// N without the marker, fax numbers): 32 invented contacts each, real cities. Each loads after at
// most a handful of annotations (the text's pet therapist, Kelly Banner, the astrologer and a
// hardware proprietor), and the annotated file (annotate_vcard_armies) is playable as it is.
TEST(TcgReading, FourExportersLoadAfterAHandfulOfAnnotations) {
  for (const char* name : {"apple-contacts", "google-contacts", "rfc6350", "outlook"}) {
    SCOPED_TRACE(name);
    const Deck deck = load_deck_file(std::string(TABLETOP_TEST_DECKS) + "/" + name + ".vcf");
    EXPECT_EQ(deck.cards.size(), 32u);
    std::map<int, Army> armies;
    for (std::size_t i = 0; i < deck.cards.size(); ++i)
      if (deck.cards[i].army_source == ArmySource::kNeeded)
        armies[int(i)] =
            deck.cards[i].army_candidates.empty() ? kAllOthers : deck.cards[i].army_candidates[0];
    EXPECT_LE(armies.size(), 5u);
    EXPECT_THROW(require_armies(deck), BadDeck);
    // The names, phones and places came through.
    EXPECT_EQ(deck.cards[1].last_name, "Müller");
    EXPECT_EQ(deck.cards[1].army, kFood);
    EXPECT_FALSE(phone_digits(deck.cards[0].phone).empty());
    EXPECT_EQ(deck.cards[0].region, "VT");
    EXPECT_TRUE(deck.cards[31].features & kDateBefore1914);  // "est. 1887"
    std::ifstream in(std::string(TABLETOP_TEST_DECKS) + "/" + name + ".vcf", std::ios::binary);
    const std::string text{std::istreambuf_iterator<char>(in), {}};
    const std::string annotated = annotate_vcard_armies(text, armies);
    const Deck again = parse_vcard_deck(annotated, name);
    EXPECT_NO_THROW(require_armies(again));
    for (const auto& [i, army] : armies) {
      EXPECT_EQ(again.cards[std::size_t(i)].army, army);
      EXPECT_EQ(again.cards[std::size_t(i)].army_source, ArmySource::kAnnotated);
    }
    // Annotating again replaces the line instead of adding a second one.
    EXPECT_EQ(annotate_vcard_armies(annotated, armies), annotated);
  }
}

TEST(TcgVCard, SeededFuzzGivesADeckOrOneBadDeckNeverAnythingElse) {
  // Mutations of a valid file: flipped bytes, deleted and duplicated spans, inserted delimiters.
  const std::string base = kGoodVcf;
  const std::string alphabet = ":;=,\\\"\r\n \t.\xC3\xA9=0A-";
  Rng rng(14);
  int decks = 0, errors = 0;
  for (int round = 0; round < 3000; ++round) {
    std::string s = base;
    const int edits = 1 + int(rng.uniform(4));
    for (int e = 0; e < edits && !s.empty(); ++e) {
      const std::size_t at = rng.uniform(uint32_t(s.size()));
      switch (rng.uniform(4)) {
        case 0:
          s[at] = alphabet[rng.uniform(uint32_t(alphabet.size()))];
          break;
        case 1:
          s.erase(at, 1 + rng.uniform(8));
          break;
        case 2:
          s.insert(at, s.substr(at, 1 + rng.uniform(12)));
          break;
        default:
          s[at] = char(rng.uniform(256));
          break;
      }
    }
    try {
      const Deck d = parse_vcard_deck(s, "fuzz.vcf");
      EXPECT_FALSE(d.cards.empty());
      ++decks;
    } catch (const BadDeck& e) {
      EXPECT_EQ(std::string(e.what()).rfind("fuzz.vcf:", 0), 0u) << e.what();
      ++errors;
    }
  }
  EXPECT_GT(decks, 0);
  EXPECT_GT(errors, 0);
}

TEST(TcgJsonDeck, ReadsCardsAndNamesTheLineOfABadOne) {
  const std::string text =
      "{\"name\": \"t\", \"cards\": [\n"
      "  {\"first_name\": \"Kelly\", \"last_name\": \"Banner\", \"occupation\": \"business "
      "consulting\", \"army\": \"All Others\", \"phone\": \"555-0100\"},\n"
      "  {\"first_name\": \"X\",\n"
      "   \"army\": \"Nowhere\"}\n"
      "]}\n";
  try {
    parse_json_deck(text, "t.json");
    ADD_FAILURE();
  } catch (const BadDeck& e) {
    EXPECT_EQ(std::string(e.what()), "t.json:3: unknown shadow army \"Nowhere\"");
  }
  try {
    parse_json_deck("{\"cards\": [\n{\"army\": \"Food\",}]}", "u.json");
    ADD_FAILURE();
  } catch (const BadDeck& e) {
    EXPECT_EQ(std::string(e.what()).rfind("u.json:2: not valid JSON", 0), 0u) << e.what();
  }
  // card_to_json reads back as the same card.
  const Deck d = parse_vcard_deck(kGoodVcf, "good.vcf");
  nlohmann::json j = {{"cards", nlohmann::json::array()}};
  for (const Card& c : d.cards) j["cards"].push_back(card_to_json(c));
  const Deck back = parse_json_deck(j.dump(1), "back.json");
  ASSERT_EQ(back.cards.size(), d.cards.size());
  for (std::size_t i = 0; i < d.cards.size(); ++i) {
    EXPECT_EQ(back.cards[i].key, d.cards[i].key);
    EXPECT_EQ(back.cards[i].pro_moves, d.cards[i].pro_moves);
    EXPECT_EQ(back.cards[i].features, d.cards[i].features);
  }
}

TEST(TcgSampleDecks, FourDecksOfAtLeast45CoverEveryProMoveAndArmy) {
  const auto& decks = sample_decks();
  ASSERT_GE(decks.size(), 4u);
  ProMoveSet moves = 0;
  std::set<int> armies;
  for (const Deck& d : decks) {
    EXPECT_GE(d.cards.size(), 45u) << d.name;
    for (const Card& c : d.cards) {
      moves |= c.pro_moves;
      armies.insert(c.army);
    }
  }
  for (int p = 0; p < kProMoveCount; ++p)
    EXPECT_TRUE(moves >> p & 1) << "no sample card qualifies for " << pro_move_name(ProMove(p));
  EXPECT_EQ(armies.size(), std::size_t(kArmies));
  ASSERT_NE(sample_deck("phone-contacts"), nullptr);  // the vCard one
}

}  // namespace
}  // namespace tabletop::conspiracy_tcg
