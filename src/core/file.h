// Reading a user's file safely: the one way Tabletop reads a file someone named (a deck, the
// gazetteer, a saved state, a record, a PPN file, a variants list).
//
// `read_regular_file` opens the path with O_RDONLY|O_NONBLOCK|O_NOCTTY (so a FIFO or a terminal
// never blocks the open), then fstat's the open descriptor (not the path: no window between the
// check and the read) and refuses anything that is not a regular file — a directory, a FIFO, a
// character or block device such as /dev/zero, a socket — before reading a byte. It reads at most
// `max_bytes` bytes and refuses a file larger than that (judged by fstat's size and by what is
// actually read, for files that grow). Every refusal is a FileError whose one line names the
// file, quoted: "'/dev/zero' is not a regular file (a character device)", "'x.json' is larger
// than the 16777216 bytes allowed", "cannot read 'x': No such file or directory".
#pragma once

#include <cstddef>
#include <functional>
#include <istream>
#include <memory>
#include <string>

#include "core/error.h"

namespace tabletop {

// A file named by a user cannot be read: absent, unreadable, not a regular file or too large.
struct FileError : Error {
  using Error::Error;
  FileError(const std::string& what, int errno_value) : Error(what), error_number(errno_value) {}
  // The errno of a failed open (ENOENT: there is no such file), else 0.
  int error_number = 0;
};

// The whole content of the regular file at `path`, at most `max_bytes` bytes (see above).
std::string read_regular_file(const std::string& path, std::size_t max_bytes);

// The regular file `relative` (a path inside `root`, without "..") read as read_regular_file does,
// refused with FileError unless the file actually opened lies beneath `root`: after the open, the
// descriptor's own path (/proc/self/fd) is compared with `root`'s canonical path, so a symlink
// that leads out of the root is refused however it is spelled, and nothing can swap the file
// between the check and the read. A server serves its static client with it.
std::string read_file_beneath(const std::string& root, const std::string& relative,
                              std::size_t max_bytes);

// The regular file at `path`, opened and checked as above, as a stream for readers that read a
// long file piece by piece (JSON Lines records) and bound each piece themselves.
std::unique_ptr<std::istream> open_regular_file(const std::string& path);

// Every open of the three readers above first calls the process's file-open hook, when one is set,
// with the path about to be opened (after read_file_beneath joins it to its root). A test sets a
// hook that fails, to prove a route opens no file; the hook may throw to refuse the open. Set it
// before the threads that read files start, and reset it (an empty function) when done.
using FileOpenHook = std::function<void(const std::string& path)>;
void set_file_open_hook(FileOpenHook hook);

// While one lives on a thread, every open of the readers above on that thread is refused with a
// FileError that names no path ("no file is opened for parameters from the network"), after the
// hook is called. The registry holds one while it makes a game from parameters that did not come
// from the command line (core/registry.h), so such a game cannot read a file whatever its
// parameters say. Nests.
class NoFileAccess {
 public:
  NoFileAccess();
  ~NoFileAccess();
  NoFileAccess(const NoFileAccess&) = delete;
  NoFileAccess& operator=(const NoFileAccess&) = delete;
  // Whether one lives on the calling thread.
  static bool active();
};

}  // namespace tabletop
