#include "games/conspiracy_tcg/vcard.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cstdlib>

#include "core/text.h"

namespace tabletop::conspiracy_tcg {

namespace {

[[noreturn]] void fail(const std::string& file, int line, const std::string& what) {
  throw BadDeck(file + ":" + std::to_string(line) + ": " + what);
}

bool valid_utf8(std::string_view s) {
  std::size_t i = 0;
  while (i < s.size()) {
    const unsigned char c = static_cast<unsigned char>(s[i]);
    int extra = c < 0x80 ? 0 : (c >> 5) == 6 ? 1 : (c >> 4) == 14 ? 2 : (c >> 3) == 30 ? 3 : -1;
    if (extra < 0 || (extra == 1 && c < 0xc2)) return false;
    if (i + std::size_t(extra) >= s.size()) return false;
    for (int k = 1; k <= extra; ++k)
      if ((static_cast<unsigned char>(s[i + std::size_t(k)]) >> 6) != 2) return false;
    i += std::size_t(extra) + 1;
  }
  return true;
}

std::string latin1_to_utf8(std::string_view s) {
  std::string out;
  for (char ch : s) {
    const unsigned char c = static_cast<unsigned char>(ch);
    if (c < 0x80) {
      out += ch;
    } else {
      out += char(0xc0 | (c >> 6));
      out += char(0x80 | (c & 0x3f));
    }
  }
  return out;
}

int hex_value(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  c = char(std::toupper(static_cast<unsigned char>(c)));
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

// Splits at unescaped `sep` (a backslash escapes the next character), keeping escapes.
// Quoted-printable `raw` into `out` (`high`: a decoded byte >= 0x80); npos, or the offset of
// the first '=' that does not start a valid =XX.
std::size_t decode_qp(const std::string& raw, std::string& out, bool& high) {
  for (std::size_t i = 0; i < raw.size(); ++i) {
    if (raw[i] != '=') {
      out += raw[i];
      continue;
    }
    const int hi = i + 1 < raw.size() ? hex_value(raw[i + 1]) : -1;
    const int lo = i + 2 < raw.size() ? hex_value(raw[i + 2]) : -1;
    if (hi < 0 || lo < 0) return i;
    out += char(hi * 16 + lo);
    high = high || hi >= 8;
    i += 2;
  }
  return std::string::npos;
}

std::vector<std::string> split_unescaped(std::string_view s, char sep) {
  std::vector<std::string> parts(1);
  for (std::size_t i = 0; i < s.size(); ++i) {
    if (s[i] == '\\' && i + 1 < s.size()) {
      parts.back() += s[i];
      parts.back() += s[++i];
    } else if (s[i] == sep) {
      parts.emplace_back();
    } else {
      parts.back() += s[i];
    }
  }
  return parts;
}

std::string unescape(std::string_view s) {
  std::string out;
  for (std::size_t i = 0; i < s.size(); ++i) {
    if (s[i] == '\\' && i + 1 < s.size()) {
      const char n = s[++i];
      out += (n == 'n' || n == 'N') ? '\n' : n;
    } else {
      out += s[i];
    }
  }
  return out;
}

struct LogicalLine {
  int line;
  std::string text;
};

// Physical lines, unfolded (and QP soft breaks joined), each with its first line number.
std::vector<LogicalLine> logical_lines(std::string_view text) {
  std::vector<LogicalLine> out;
  int line = 0;
  std::size_t pos = 0;
  bool qp_continues = false;
  while (pos < text.size()) {
    std::size_t end = text.find('\n', pos);
    if (end == std::string_view::npos) end = text.size();
    std::string_view raw = text.substr(pos, end - pos);
    if (!raw.empty() && raw.back() == '\r') raw.remove_suffix(1);
    pos = end + 1;
    ++line;
    if (qp_continues && !out.empty()) {
      out.back().text += raw;
    } else if (!raw.empty() && (raw[0] == ' ' || raw[0] == '\t') && !out.empty()) {
      out.back().text += raw.substr(1);
    } else if (trim(raw).empty()) {
      continue;
    } else {
      out.push_back({line, std::string(raw)});
    }
    // A quoted-printable value whose line ends in '=' continues on the next line (2.1).
    const std::string& t = out.back().text;
    const std::string head = upper_ascii(t.substr(0, t.find(':')));
    qp_continues = head.find("QUOTED-PRINTABLE") != std::string::npos && !t.empty() &&
                   t.back() == '=' && t.find(':') != std::string::npos;
    if (qp_continues) out.back().text.pop_back();
  }
  return out;
}

VCardProperty parse_property(const LogicalLine& l, const std::string& file) {
  VCardProperty p;
  p.line = l.line;
  const std::string& t = l.text;
  // The name and parameters end at the first ':' outside double quotes.
  std::size_t colon = std::string::npos;
  bool quoted = false;
  for (std::size_t i = 0; i < t.size(); ++i) {
    if (t[i] == '"') quoted = !quoted;
    if (t[i] == ':' && !quoted) {
      colon = i;
      break;
    }
  }
  if (colon == std::string::npos) fail(file, l.line, "a content line without ':' (\"" + t + "\")");
  const std::string head = t.substr(0, colon);
  std::string raw = t.substr(colon + 1);
  // Parameters are separated by ';' outside quotes.
  std::vector<std::string> pieces(1);
  quoted = false;
  for (char c : head) {
    if (c == '"') quoted = !quoted;
    if (c == ';' && !quoted)
      pieces.emplace_back();
    else
      pieces.back() += c;
  }
  std::string name = pieces[0];
  const std::size_t dot = name.find('.');
  if (dot != std::string::npos) {
    p.group = name.substr(0, dot);
    name = name.substr(dot + 1);
  }
  p.name = upper_ascii(trim(name));
  if (p.name.empty()) fail(file, l.line, "a property without a name");
  for (char c : p.name)
    if (!std::isalnum(static_cast<unsigned char>(c)) && c != '-')
      fail(file, l.line,
           "a property name with '" + std::string(1, c) + "' in it: \"" + p.name + "\"");
  std::string encoding, charset = "UTF-8";
  bool uri = false, charset_given = false;
  for (std::size_t k = 1; k < pieces.size(); ++k) {
    const std::string& piece = pieces[k];
    const std::size_t eq = piece.find('=');
    std::string key =
        upper_ascii(trim(eq == std::string::npos ? std::string() : piece.substr(0, eq)));
    std::string value = trim(eq == std::string::npos ? piece : piece.substr(eq + 1));
    if (value.size() >= 2 && value.front() == '"' && value.back() == '"')
      value = value.substr(1, value.size() - 2);
    const std::string uvalue = upper_ascii(value);
    if (key.empty()) {
      // vCard 2.1 bare parameters: a type, or an encoding.
      if (uvalue == "QUOTED-PRINTABLE" || uvalue == "BASE64" || uvalue == "8BIT" ||
          uvalue == "7BIT")
        encoding = uvalue;
      else
        p.types.push_back(lower_ascii(value));
    } else if (key == "TYPE") {
      for (const std::string& v : split_unescaped(value, ','))
        p.types.push_back(lower_ascii(trim(v)));
    } else if (key == "ENCODING") {
      encoding = uvalue;
    } else if (key == "CHARSET") {
      charset = uvalue;
      charset_given = true;
    } else if (key == "VALUE") {
      uri = lower_ascii(value) == "uri";
    } else if (key == "PREF") {
      int n = 0;
      const auto [ptr, ec] = std::from_chars(value.data(), value.data() + value.size(), n);
      if (ec != std::errc() || ptr != value.data() + value.size() || n < 1 || n > 100)
        fail(file, l.line, "PREF must be a number from 1 to 100, not \"" + value + "\"");
      p.pref = std::min(p.pref, n);
    }
    p.params.emplace_back(key, value);
  }
  for (const std::string& type : p.types)
    if (type == "pref") p.pref = 1;
  if (encoding == "QUOTED-PRINTABLE" || encoding == "Q" || encoding == "QUOTED") {
    std::string decoded;
    bool high = false;
    const std::size_t bad = decode_qp(raw, decoded, high);
    if (bad != std::string::npos)
      fail(file, l.line,
           p.name + ": bad quoted-printable sequence at \"" + raw.substr(bad, 3) + "\"");
    raw = decoded;
    // Outlook writes its own code page without a CHARSET ("FN;ENCODING=QUOTED-PRINTABLE:
    // Test=DF=E4=F6"): bytes that are not UTF-8, with no charset named, are read as Windows-1252.
    if (!charset_given && !valid_utf8(raw)) raw = latin1_to_utf8(raw);
  } else if (encoding.empty() && raw.find('=') != std::string::npos) {
    // Quoted-printable without the marker on this line (exporters that mark only the first line
    // of a card, or only N but not FN): decoded when every '=' starts a valid =XX and the result
    // is UTF-8 with a non-ASCII letter ("J=C3=BCrgen"); "a=b" and "x=1" stay as they are.
    std::string decoded;
    bool high = false;
    const bool ok = decode_qp(raw, decoded, high) == std::string::npos;
    if (ok && high && valid_utf8(decoded) && charset == "UTF-8") {
      raw = decoded;
      p.params.emplace_back("X-QP-GUESSED", "");
    }
  } else if (!encoding.empty() && encoding != "8BIT" && encoding != "7BIT") {
    // Base64 and other binary encodings only matter for properties that are not read (PHOTO).
    p.params.emplace_back("X-ENCODED", encoding);
  }
  if (charset == "ISO-8859-1" || charset == "LATIN1" || charset == "WINDOWS-1252")
    raw = latin1_to_utf8(raw);
  else if (charset != "UTF-8" && charset != "US-ASCII")
    p.params.emplace_back("X-CHARSET", charset);
  if (!valid_utf8(raw)) fail(file, l.line, p.name + ": the value is not valid UTF-8");
  (void)uri;
  for (const std::string& c : split_unescaped(raw, ';')) p.components.push_back(unescape(c));
  p.value = unescape(raw);
  return p;
}

bool has_param(const VCardProperty& p, const char* key) {
  for (const auto& [k, v] : p.params)
    if (k == key) return true;
  return false;
}

double parse_degrees(const std::string& text, double limit, bool& ok) {
  const std::string t = trim(text);
  double v = 0;
  const auto [ptr, ec] = std::from_chars(t.data(), t.data() + t.size(), v);
  ok = ec == std::errc() && ptr == t.data() + t.size() && !t.empty() && v >= -limit && v <= limit;
  return v;
}

std::vector<std::string> comma_list(const std::string& s) {
  std::vector<std::string> out;
  for (const std::string& part : split_unescaped(s, ',')) {
    const std::string t = trim(unescape(part));
    if (!t.empty()) out.push_back(t);
  }
  return out;
}

// The preferred property among `props` named `name` (lowest pref, then `work` type, then first).
const VCardProperty* preferred(const std::vector<VCardProperty>& props, const char* name) {
  const VCardProperty* best = nullptr;
  auto rank = [](const VCardProperty& p) {
    const bool work = std::find(p.types.begin(), p.types.end(), "work") != p.types.end();
    return p.pref * 2 + (work ? 0 : 1);
  };
  for (const VCardProperty& p : props)
    if (p.name == name && (!best || rank(p) < rank(*best))) best = &p;
  return best;
}

// GEO (a geo: URI or "lat;lon" components) into the card's location.
void read_geo(const VCardProperty& p, const std::string& file, Card& card) {
  std::string v = trim(p.value);
  if (lower_ascii(v).rfind("geo:", 0) == 0) v = v.substr(4);
  v = v.substr(0, v.find(';'));  // geo: URI parameters (crs, u)
  std::size_t sep = v.find(',');
  if (sep == std::string::npos && p.components.size() == 2) {
    v = trim(p.components[0]) + "," + trim(p.components[1]);
    sep = v.find(',');
  }
  bool ok_lat = false, ok_lon = false;
  if (sep != std::string::npos) {
    card.latitude = parse_degrees(v.substr(0, sep), 90, ok_lat);
    card.longitude = parse_degrees(v.substr(sep + 1), 180, ok_lon);
  }
  if (!ok_lat || !ok_lon)
    fail(file, p.line, "GEO: expected latitude and longitude, not \"" + p.value + "\"");
  card.has_location = true;
}

// One X-TABLETOP- property (the game's own fields: army, features, pro moves, ...) into the card.
void read_tabletop_property(const VCardProperty& p, const std::string& file, Card& card) {
  const std::string key = p.name.substr(11);
  const std::string v = trim(p.value);
  if (key == "ARMY") {
    const int a = army_of_name(v);
    if (a < 0) fail(file, p.line, "unknown shadow army \"" + v + "\"");
    card.army = Army(a);
  } else if (key == "FEATURES") {
    for (const std::string& f : comma_list(p.value)) {
      const int b = feature_of_name(f);
      if (b < 0) fail(file, p.line, "unknown feature \"" + f + "\"");
      card.features |= uint16_t(1u << b);
    }
  } else if (key == "PRO-MOVES-ADD" || key == "PRO-MOVES-REMOVE") {
    ProMoveSet set = 0;
    for (const std::string& m : comma_list(p.value)) {
      const int pm = pro_move_of_name(m);
      if (pm < 0) fail(file, p.line, "unknown pro move \"" + m + "\"");
      set |= bit(ProMove(pm));
    }
    (key == "PRO-MOVES-ADD" ? card.add_moves : card.remove_moves) |= set;
  } else if (key == "JURISDICTION") {
    card.jurisdiction = v;
  } else if (key == "COUNTRY") {
    card.country = v;
  } else if (key == "ID") {
    card.key = v;
  } else if (key == "TRAVEL-KM") {
    bool ok = false;
    card.travel_km = parse_degrees(v, 1e6, ok);
    if (!ok || card.travel_km < 0)
      fail(file, p.line, "X-TABLETOP-TRAVEL-KM must be a distance in km, not \"" + v + "\"");
  } else {
    fail(file, p.line, "unknown property " + p.name);
  }
}

// The card's phone: the preferred TEL that is not TYPE=fax (the text's example crosses a fax
// out), a fax only when the card has no other number; a tel: URI's extension as " xN"; "" when
// the card has no TEL.
std::string phone_of(const std::vector<VCardProperty>& props) {
  std::vector<VCardProperty> voice;
  for (const VCardProperty& p : props)
    if (p.name == "TEL" && std::find(p.types.begin(), p.types.end(), "fax") == p.types.end())
      voice.push_back(p);
  const VCardProperty* tel = voice.empty() ? preferred(props, "TEL") : preferred(voice, "TEL");
  if (!tel) return "";
  std::string v = trim(tel->value);
  if (lower_ascii(v).rfind("tel:", 0) == 0) {
    v = v.substr(4);
    const std::size_t semi = v.find(';');
    std::string ext;
    if (semi != std::string::npos) {
      const std::string params = lower_ascii(v.substr(semi));
      const std::size_t e = params.find(";ext=");
      if (e != std::string::npos) ext = params.substr(e + 5, params.find(';', e + 1) - e - 5);
      v = v.substr(0, semi);
    }
    if (!ext.empty()) v += " x" + ext;
  }
  return v;
}

Card card_from(const std::vector<VCardProperty>& props, int start_line, const std::string& file,
               std::vector<std::string>& warnings) {
  Card card;
  card.source = file + ":" + std::to_string(start_line);
  for (const VCardProperty& p : props) {
    const bool mapped = p.name == "N" || p.name == "FN" || p.name == "TEL" || p.name == "ADR" ||
                        p.name == "GEO" || p.name == "TITLE" || p.name == "ROLE" ||
                        p.name == "ORG" || p.name == "URL" || p.name == "EMAIL" ||
                        p.name == "NOTE" || p.name == "CATEGORIES" ||
                        p.name.rfind("X-TABLETOP-", 0) == 0;
    if (!mapped) continue;
    if (has_param(p, "X-ENCODED"))
      fail(file, p.line, p.name + ": unsupported encoding for a property the game reads");
    if (has_param(p, "X-CHARSET"))
      fail(file, p.line, p.name + ": unsupported charset (UTF-8 or ISO-8859-1 only)");
  }
  for (const VCardProperty& p : props)
    if (has_param(p, "X-QP-GUESSED") &&
        (p.name == "N" || p.name == "FN" || p.name == "ORG" || p.name == "TITLE" ||
         p.name == "ROLE" || p.name == "NOTE" || p.name == "ADR"))
      warnings.push_back(file + ":" + std::to_string(p.line) + ": " + p.name +
                         " read as quoted-printable UTF-8 without ENCODING=QUOTED-PRINTABLE (\"" +
                         p.value + "\")");
  std::string fn;
  bool has_org = false;
  for (const VCardProperty& p : props) {
    auto component = [&](std::size_t i) {
      return i < p.components.size() ? trim(p.components[i]) : std::string();
    };
    if (p.name == "N") {
      card.last_name = component(0);
      card.first_name = component(1);
    } else if (p.name == "FN") {
      fn = trim(p.value);
    } else if (p.name == "ORG") {
      std::string org;
      for (const std::string& unit : p.components)
        if (!trim(unit).empty()) org += (org.empty() ? "" : ", ") + trim(unit);
      card.organisation = org;
      has_org = !org.empty();
    } else if (p.name == "TITLE" || p.name == "ROLE") {
      const std::string v = trim(p.value);
      if (!v.empty()) card.occupation += (card.occupation.empty() ? "" : ", ") + v;
    } else if (p.name == "URL") {
      if (card.website.empty()) card.website = trim(p.value);
    } else if (p.name == "EMAIL") {
      if (card.email.empty()) card.email = trim(p.value);
    } else if (p.name == "CATEGORIES") {
      for (const std::string& c : comma_list(p.value))
        card.categories += (card.categories.empty() ? "" : ", ") + c;
    } else if (p.name == "NOTE") {
      card.note += (card.note.empty() ? "" : "\n") + trim(p.value);
    } else if (p.name == "GEO") {
      read_geo(p, file, card);
    } else if (p.name.rfind("X-TABLETOP-", 0) == 0) {
      read_tabletop_property(p, file, card);
    }
  }
  card.phone = phone_of(props);
  if (const VCardProperty* adr = preferred(props, "ADR")) {
    auto component = [&](std::size_t i) {
      return i < adr->components.size() ? trim(adr->components[i]) : std::string();
    };
    card.address = component(2);
    card.city = component(3);
    card.region = component(4);
    const std::string country = component(6);
    if (!country.empty()) card.country = country;
    if (card.address.empty() && !component(1).empty()) card.address = component(1);
  }
  const VCardProperty* army_line = nullptr;
  for (const VCardProperty& p : props)
    if (p.name == "X-TABLETOP-ARMY") {
      if (army_line)
        warnings.push_back(file + ":" + std::to_string(p.line) + ": a second X-TABLETOP-ARMY (\"" +
                           trim(p.value) + "\" after \"" + trim(army_line->value) + "\" on line " +
                           std::to_string(army_line->line) + "): the last one counts");
      army_line = &p;
    }
  if (!army_line) card.army_source = ArmySource::kNeeded;  // finish_card infers it
  if (card.first_name.empty() && card.last_name.empty() && !has_org) card.organisation = fn;
  finish_card(card, &warnings);
  return card;
}

}  // namespace

std::vector<std::vector<VCardProperty>> parse_vcards(std::string_view text,
                                                     const std::string& file) {
  if (text.size() >= 3 && text.substr(0, 3) == "\xEF\xBB\xBF") text.remove_prefix(3);
  std::vector<std::vector<VCardProperty>> cards;
  bool inside = false, versioned = false;
  int begin_line = 0;
  for (const LogicalLine& l : logical_lines(text)) {
    const VCardProperty p = parse_property(l, file);
    if (p.name == "BEGIN") {
      if (upper_ascii(trim(p.value)) != "VCARD")
        fail(file, l.line, "BEGIN:" + p.value + " where BEGIN:VCARD was expected");
      if (inside)
        fail(file, l.line,
             "BEGIN:VCARD inside a card (line " + std::to_string(begin_line) + ") that has no END");
      inside = true;
      versioned = false;
      begin_line = l.line;
      cards.emplace_back();
      continue;
    }
    if (!inside) fail(file, l.line, p.name + " outside BEGIN:VCARD ... END:VCARD");
    if (p.name == "END") {
      if (upper_ascii(trim(p.value)) != "VCARD")
        fail(file, l.line, "END:" + p.value + " where END:VCARD was expected");
      if (!versioned) fail(file, begin_line, "the card has no VERSION");
      inside = false;
      continue;
    }
    if (p.name == "VERSION") {
      const std::string v = trim(p.value);
      if (v != "2.1" && v != "3.0" && v != "4.0")
        fail(file, l.line, "unsupported vCard version \"" + v + "\" (2.1, 3.0 or 4.0)");
      versioned = true;
      continue;
    }
    cards.back().push_back(p);
  }
  if (inside) fail(file, begin_line, "BEGIN:VCARD without END:VCARD");
  if (cards.empty()) fail(file, 1, "no BEGIN:VCARD in the file");
  return cards;
}

Deck parse_vcard_deck(std::string_view text, const std::string& file) {
  const auto vcards = parse_vcards(text, file);
  // Start lines: parse_vcards keeps each card's properties; the card starts a line before its
  // first property at the latest. Recompute from BEGIN lines for exact error positions.
  std::vector<int> begins;
  for (const LogicalLine& l : logical_lines(
           text.size() >= 3 && text.substr(0, 3) == "\xEF\xBB\xBF" ? text.substr(3) : text))
    if (upper_ascii(trim(l.text)) == "BEGIN:VCARD") begins.push_back(l.line);
  Deck deck;
  for (std::size_t i = 0; i < vcards.size(); ++i)
    deck.cards.push_back(
        card_from(vcards[i], i < begins.size() ? begins[i] : 1, file, deck.warnings));
  warn_duplicate_cards(deck);
  return deck;
}

std::string annotate_vcard_armies(std::string_view text, const std::map<int, Army>& armies) {
  std::string out;
  out.reserve(text.size() + armies.size() * 32);
  int card = -1;
  bool dropping = false;  // inside an army line being replaced (its folded continuation too)
  std::size_t start = 0;
  while (start < text.size()) {
    std::size_t end = text.find('\n', start);
    end = end == std::string_view::npos ? text.size() : end + 1;
    const std::string_view line = text.substr(start, end - start);
    start = end;
    std::string_view body = line;
    while (!body.empty() && (body.back() == '\n' || body.back() == '\r')) body.remove_suffix(1);
    const std::string head = upper_ascii(trim(body));
    const bool continuation = !body.empty() && (body[0] == ' ' || body[0] == '\t');
    if (dropping && continuation) continue;
    dropping = false;
    const auto annotated = armies.find(card);
    if (head == "BEGIN:VCARD") {
      ++card;
    } else if (annotated != armies.end() && !continuation) {
      std::string name = head.substr(0, head.find_first_of(";:"));
      name = name.substr(name.find('.') == std::string::npos ? 0 : name.find('.') + 1);
      if (name == "X-TABLETOP-ARMY") {
        dropping = true;
        continue;
      }
      if (head == "END:VCARD") {
        const std::string_view ending = line.substr(body.size());
        out += "X-TABLETOP-ARMY:";
        out += army_name(annotated->second);
        out += ending.empty() ? std::string_view("\r\n") : ending;
      }
    }
    out += line;
  }
  return out;
}

}  // namespace tabletop::conspiracy_tcg
