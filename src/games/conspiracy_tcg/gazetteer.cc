// Conspiracy TCG: the offline gazetteer (see gazetteer.h).
#include "games/conspiracy_tcg/gazetteer.h"

#include <unicode/locid.h>
#include <unicode/normalizer2.h>
#include <unicode/unistr.h>

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <filesystem>
#include <map>
#include <mutex>
#include <sstream>
#include <stdexcept>
#include <system_error>

#include "core/file.h"
#include "games/conspiracy_tcg/modes.h"

#ifndef TABLETOP_GAZETTEER_PATH
#define TABLETOP_GAZETTEER_PATH "data/gazetteer/gazetteer.tsv"
#endif

namespace tabletop::conspiracy_tcg {

std::string fold_place_name(std::string_view s) {
  UErrorCode status = U_ZERO_ERROR;
  const icu::Normalizer2* nfd = icu::Normalizer2::getNFDInstance(status);
  icu::UnicodeString u =
      icu::UnicodeString::fromUTF8(icu::StringPiece(s.data(), int32_t(s.size())));
  if (U_SUCCESS(status)) u = nfd->normalize(u, status);
  icu::UnicodeString bare;
  for (int32_t i = 0; i < u.length();
       ++i)  // the combining diacritics U+0300..U+036F, as the builder
    if (u[i] < 0x300 || u[i] > 0x36f) bare.append(u[i]);
  std::string out;
  bare.toLower(icu::Locale::getRoot()).trim().toUTF8String(out);
  return out;
}

namespace {

std::vector<std::string_view> split_tabs(std::string_view line) {
  std::vector<std::string_view> out;
  std::size_t start = 0;
  for (;;) {
    const std::size_t tab = line.find('\t', start);
    out.push_back(line.substr(start, tab == std::string_view::npos ? tab : tab - start));
    if (tab == std::string_view::npos) return out;
    start = tab + 1;
  }
}

}  // namespace

namespace {
std::mutex default_mutex;
std::string& default_override() {
  static std::string path;
  return path;
}
std::string& installed_path() {
  static std::string path;
  return path;
}
}  // namespace

bool Gazetteer::set_installed_path(std::string path) {
  std::lock_guard lock(default_mutex);
  installed_path() = std::move(path);
  return true;
}

std::string Gazetteer::default_path() {
  std::lock_guard lock(default_mutex);
  if (!default_override().empty()) return default_override();
  if (const char* env = std::getenv("TABLETOP_GAZETTEER"); env && *env) return env;
  if (!installed_path().empty()) return installed_path();
  return TABLETOP_GAZETTEER_PATH;
}

void Gazetteer::set_default_path(const std::string& path) {
  std::lock_guard lock(default_mutex);
  default_override() = path;
}

std::shared_ptr<const Gazetteer> Gazetteer::load(const std::string& given) {
  static std::mutex mutex;
  static std::map<std::string, std::shared_ptr<const Gazetteer>> cache;
  std::lock_guard lock(mutex);
  // One entry per file, however its path is spelled ("data/./gazetteer.tsv", a symlink).
  std::error_code ec;
  std::string path = std::filesystem::canonical(given, ec).string();
  if (ec) {
    if (ec == std::errc::no_such_file_or_directory) return nullptr;  // absent: not cached
    path = given;
  }
  if (auto it = cache.find(path); it != cache.end()) return it->second;
  std::string text;
  try {
    text = read_regular_file(path, kMaxBytes);
  } catch (const FileError& e) {
    throw std::runtime_error(e.what());
  }
  std::istringstream in(std::move(text));
  auto g = std::make_shared<Gazetteer>();
  std::string line;
  for (int number = 1; std::getline(in, line); ++number) {
    if (line.empty()) continue;
    if (line[0] == '#') {
      if (g->source_.empty()) g->source_ = line.substr(line.find_first_not_of("# "));
      continue;
    }
    const auto f = split_tabs(line);
    auto bad = [&](const char* what) {
      throw std::runtime_error(path + ":" + std::to_string(number) + ": " + what);
    };
    if (f[0] == "C") {
      if (f.size() != 4) bad("a country line has 4 fields");
      g->countries_.push_back({std::string(f[1]), std::string(f[2]), std::string(f[3])});
    } else if (f[0] == "A") {
      if (f.size() != 3) bad("a region line has 3 fields");
      g->regions_.push_back({std::string(f[1]), std::string(f[2])});
    } else if (f[0] == "P") {
      if (f.size() != 7) bad("a city line has 7 fields");
      Place p{std::string(f[1]), std::string(f[2]), std::string(f[5]), std::string(f[6]), 0, 0};
      try {
        p.lat = std::stod(std::string(f[3]));
        p.lon = std::stod(std::string(f[4]));
      } catch (const std::exception&) {
        bad("a city's latitude and longitude must be numbers");
      }
      if (p.lat < -90 || p.lat > 90 || p.lon < -180 || p.lon > 180) bad("coordinates out of range");
      g->places_.push_back(std::move(p));
    } else {
      bad("unknown line kind (C, A or P)");
    }
  }
  std::stable_sort(g->places_.begin(), g->places_.end(),
                   [](const Place& a, const Place& b) { return a.key < b.key; });
  std::sort(g->regions_.begin(), g->regions_.end(),
            [](const Region& a, const Region& b) { return a.code < b.code; });
  cache[path] = g;
  return g;
}

std::vector<std::string> Gazetteer::hint_words(std::string_view text) {
  std::vector<std::string> out;
  std::size_t start = 0;
  while (start <= text.size()) {
    std::size_t comma = text.find(',', start);
    if (comma == std::string_view::npos) comma = text.size();
    const std::string part = fold_place_name(text.substr(start, comma - start));
    if (!part.empty()) out.push_back(part);
    // Its words too ("PA 19107" names PA).
    std::size_t w = 0;
    while (w < part.size()) {
      while (w < part.size() && part[w] == ' ') ++w;
      const std::size_t e = std::min(part.find(' ', w), part.size());
      if (e > w && e - w < part.size()) out.push_back(part.substr(w, e - w));
      w = e;
    }
    start = comma + 1;
  }
  return out;
}

int Gazetteer::score(const Place& p, const std::vector<std::string>& hints) const {
  int s = 0;
  const Country* country = nullptr;
  for (const Country& c : countries_)
    if (c.iso2 == p.country && !c.iso3.empty()) country = &c;
  const std::string region_code = p.country + "." + p.region;
  auto region = std::lower_bound(regions_.begin(), regions_.end(), region_code,
                                 [](const Region& r, const std::string& k) { return r.code < k; });
  const bool has_region = region != regions_.end() && region->code == region_code;
  for (const std::string& h : hints) {
    bool names_country = h == fold_place_name(p.country) ||
                         (country && (h == fold_place_name(country->iso3) || h == country->name));
    for (const Country& c : countries_)
      names_country |= c.iso3.empty() && c.iso2 == p.country && h == c.name;  // aliases
    const bool digits = std::all_of(h.begin(), h.end(), [](char c) { return std::isdigit(c); });
    const bool names_region =
        (!digits && h == fold_place_name(p.region)) || (has_region && h == region->name);
    s += names_country + names_region;
  }
  return s;
}

Gazetteer::Found Gazetteer::find(std::string_view city,
                                 const std::vector<std::string>& hints) const {
  Found found;
  const std::string key = fold_place_name(city);
  std::vector<const Place*> cands;
  auto it = std::lower_bound(places_.begin(), places_.end(), key,
                             [](const Place& p, const std::string& k) { return p.key < k; });
  for (; it != places_.end() && it->key == key; ++it) cands.push_back(&*it);
  if (cands.empty()) {
    found.why = "no city \"" + std::string(city) + "\" in the gazetteer";
    return found;
  }
  std::vector<std::string> folded;
  for (const std::string& h : hints)
    if (!fold_place_name(h).empty()) folded.push_back(fold_place_name(h));
  int best = 0;
  for (const Place* p : cands) best = std::max(best, score(*p, folded));
  if (best > 0)
    cands.erase(std::remove_if(cands.begin(), cands.end(),
                               [&](const Place* p) { return score(*p, folded) < best; }),
                cands.end());
  bool one = true;
  for (const Place* p : cands)
    one = one && great_circle_km(cands[0]->lat, cands[0]->lon, p->lat, p->lon) <= kSamePlaceKm;
  if (!one) {
    found.why = "ambiguous:";
    for (std::size_t i = 0; i < cands.size() && i < 8; ++i)
      found.why += std::string(i ? "," : "") + " " + cands[i]->name + " (" + cands[i]->country +
                   (cands[i]->region.empty() ? "" : ", " + cands[i]->region) + ")";
    if (cands.size() > 8) found.why += ", ... (" + std::to_string(cands.size()) + " in all)";
    return found;
  }
  found.ok = true;
  found.latitude = cands[0]->lat;
  found.longitude = cands[0]->lon;
  found.name = cands[0]->name;
  found.country = cands[0]->country;
  found.region = cands[0]->region;
  return found;
}

}  // namespace tabletop::conspiracy_tcg
