// The exceptions Tabletop throws for bad input. Each carries one line that names the problem, fit
// to print after "error: " and exit non-zero. Nothing in the engine throws for any other reason
// except a broken invariant (InvariantError), which is a bug.
#pragma once

#include <stdexcept>
#include <string>

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

}  // namespace tabletop
