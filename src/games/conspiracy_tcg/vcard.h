// vCard (.vcf) reading for Conspiracy TCG decks: the standard digital business card, as phones and
// mail programs export it. No Debian package offers a small C++ vCard reader, so this one is
// written for the purpose; it is fuzzed by vcard_test (seeded random mutations of valid files must
// give a deck or one BadDeck, never anything else).
//
// Accepted (RFC 2426 = 3.0, RFC 6350 = 4.0, and the 2.1 specification):
//   - BEGIN:VCARD ... END:VCARD blocks, any number per file, VERSION 2.1, 3.0 or 4.0 (required);
//   - line ends CRLF or LF; folded lines (a line starting with a space or tab continues the one
//     before); quoted-printable soft line breaks (a QP value's line ending in '=');
//   - item groups (`item1.TEL:...`): the group is dropped;
//   - parameters `;TYPE=work,pref`, `;TYPE="work,voice"`, 2.1's bare `;WORK;PREF`, 4.0's
//     `;PREF=1` (the lowest PREF wins), `ENCODING=QUOTED-PRINTABLE` (or `QUOTED-PRINTABLE` bare)
//     with `CHARSET=UTF-8` (default) or ISO-8859-1, `VALUE=uri`;
//   - a value without an ENCODING parameter that is quoted-printable all the same (every '='
//     a valid =XX, the result UTF-8 with a non-ASCII letter: Outlook marks some lines only) is
//     decoded, with a warning in Deck::warnings;
//   - escapes `\\ \, \; \n \N` in values; structured values (N, ADR, ORG) split at unescaped ';';
//   - `tel:` URIs for TEL (`tel:+1-555-0100;ext=12` reads as "+1-555-0100 x12") and `geo:` URIs
//     for GEO (`geo:40.7,-74.0`), as well as 3.0's `GEO:40.7;-74.0` and 2.1's `GEO:40.7,-74.0`.
//
// Mapping to a Card: N (family; given) -> last_name, first_name; FN -> organisation when the card
// has neither N nor ORG; TEL -> phone (the preferred one, else the first; a TYPE=fax number only
// when the card has no other); ADR (the preferred, else the first `work`, else the first) ->
// address (street), city (locality), region, country; CATEGORIES -> categories; GEO ->
// latitude/longitude; TITLE and ROLE -> occupation; ORG -> organisation (units joined by ", ");
// URL -> website; EMAIL -> email; NOTE -> note. Extension properties for what vCard lacks:
// X-TABLETOP-ARMY (absent: inferred, cards.h ArmySource; two lines: the last counts, with a
// warning), X-TABLETOP-FEATURES (comma list of feature names),
// X-TABLETOP-PRO-MOVES-ADD / X-TABLETOP-PRO-MOVES-REMOVE (comma lists of pro move names),
// X-TABLETOP-JURISDICTION, X-TABLETOP-COUNTRY (when ADR has none), X-TABLETOP-TRAVEL-KM,
// X-TABLETOP-ID. Other properties (PHOTO, UID, REV, X-ABLabel...) are ignored; an unknown
// X-TABLETOP-* property is an error (a typo must not be silently lost).
//
// Errors: BadDeck "file:line: what is wrong" (the line where the offending logical line starts):
// no colon, a property outside BEGIN/END, BEGIN inside a card, a missing END, a missing or
// unsupported VERSION, bad quoted-printable, invalid UTF-8, an unsupported charset or encoding of
// a mapped property, a malformed GEO, an unknown army, feature or pro move.
#pragma once

#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "games/conspiracy_tcg/cards.h"

namespace tabletop::conspiracy_tcg {

// One content line of a vCard, unfolded and decoded.
struct VCardProperty {
  int line = 0;       // where the logical line starts (1-based)
  std::string group;  // "item1", or empty
  std::string name;   // upper-cased: "TEL"
  std::vector<std::pair<std::string, std::string>> params;  // upper-cased names; "" for bare
  std::vector<std::string> types;                           // TYPE values, lower-cased
  int pref = 101;  // 4.0 PREF (1..100), 1 for TYPE=pref / bare PREF, 101 when none
  std::vector<std::string> components;  // value split at unescaped ';' and unescaped
  std::string value;                    // the whole value, unescaped (components joined by ';')
};

// Each vCard of `text` as its properties (BEGIN/END/VERSION excluded); throws BadDeck.
std::vector<std::vector<VCardProperty>> parse_vcards(std::string_view text,
                                                     const std::string& file);
// A deck from a .vcf file's text: one card per vCard (see the mapping above); throws BadDeck and
// returns nothing on any error.
Deck parse_vcard_deck(std::string_view text, const std::string& file);

// `text` (a .vcf the reader accepts) with X-TABLETOP-ARMY set on the cards `armies` names (by
// index, 0 = the file's first card): any army line of such a card (and its folded continuation)
// is dropped and "X-TABLETOP-ARMY:Name" is written just before its END:VCARD, with that line's
// line ending. Every other byte of the file is kept, so the player's export carries the
// annotations and nothing else changes.
std::string annotate_vcard_armies(std::string_view text, const std::map<int, Army>& armies);

}  // namespace tabletop::conspiracy_tcg
