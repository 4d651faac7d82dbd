// The exceptions Tabletop throws for bad input. Each carries one line that names the problem, fit
// to print after "error: " and exit non-zero. Nothing in the engine throws for any other reason
// except a broken invariant (InvariantError), which is a bug.
#pragma once

#include <cstddef>
#include <stdexcept>
#include <string>
#include <string_view>

namespace tabletop {

// Base of all of Tabletop's errors.
struct Error : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// A game parameter is unknown, of the wrong type, or out of range.
struct BadParams : Error {
  using Error::Error;
};

// A move's text does not parse, or the move is not legal here (the message says why).
struct BadMove : Error {
  using Error::Error;
};

// A record, saved state or PPN file is malformed or does not replay.
struct BadRecord : Error {
  using Error::Error;
};

// A game's invariant does not hold: always a bug in the engine.
struct InvariantError : Error {
  using Error::Error;
};

// The one way an error message echoes what the user gave (a move, a parameter value, an agent
// spec, a file name): `input` in single quotes with every byte that is not printable ASCII
// escaped (\n, \t, \\, \', \xNN: no control character, ANSI escape or line break reaches the
// terminal), and cut after `limit` characters of the escaped text, the cut marked by "..." and the
// input's length in bytes. quote("end\nend") is 'end\nend' (backslash n, one line).
std::string quote(std::string_view input, std::size_t limit = 60);

// A whole message made safe to print as one line: control characters escaped as by `quote`
// (printable ASCII and valid UTF-8 text are kept; a byte that is not part of a well-formed UTF-8
// sequence is escaped as \xNN), cut after `limit` bytes (at a character boundary)
// with "...". main() passes every error through it before printing "error: ...".
std::string one_line(std::string_view message, std::size_t limit = 1000);

// `text` with every byte that is not part of a well-formed UTF-8 sequence (RFC 3629: no overlong
// form, no surrogate, nothing above U+10FFFF) replaced by the four characters \xNN; everything
// else, control characters included, is kept. The result is always valid UTF-8, so it can go into
// JSON (the server passes every error text through it: a client's invalid bytes echoed in an
// error must not make writing the answer fail).
std::string valid_utf8(std::string_view text);

// The length of the well-formed UTF-8 sequence at the start of `text` (1 to 4), or 0 if the first
// byte does not begin one.
std::size_t utf8_sequence_length(std::string_view text);

}  // namespace tabletop
