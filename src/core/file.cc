// Reading a user's file safely (see file.h).
#include "core/file.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <ext/stdio_filebuf.h>
#include <filesystem>
#include <mutex>

namespace tabletop {
namespace {

std::mutex hook_mutex;
FileOpenHook& open_hook() {
  static FileOpenHook hook;
  return hook;
}
thread_local int no_file_access_depth = 0;

// The hook, then the thread's NoFileAccess: what every open passes before it happens.
void before_open(const std::string& path) {
  FileOpenHook hook;
  {
    const std::lock_guard<std::mutex> lock(hook_mutex);
    hook = open_hook();
  }
  if (hook) hook(path);
  if (no_file_access_depth > 0)
    throw FileError("no file is opened for parameters from the network", EACCES);
}

const char* kind_of(mode_t mode) {
  if (S_ISDIR(mode)) return "a directory";
  if (S_ISFIFO(mode)) return "a FIFO";
  if (S_ISCHR(mode)) return "a character device";
  if (S_ISBLK(mode)) return "a block device";
  if (S_ISSOCK(mode)) return "a socket";
  return "not a plain file";
}

struct Fd {
  int fd;
  Fd(int f) : fd(f) {}
  Fd(Fd&& o) noexcept : fd(o.fd) { o.fd = -1; }
  Fd(const Fd&) = delete;
  ~Fd() {
    if (fd >= 0) ::close(fd);
  }
};

// Opens `path` without blocking and checks the open descriptor is a regular file; `st` its stat.
Fd open_checked(const std::string& path, struct stat& st) {
  before_open(path);
  Fd file{::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)};
  if (file.fd < 0)
    throw FileError("cannot read " + quote(path) + ": " + std::strerror(errno), errno);
  if (::fstat(file.fd, &st) != 0)
    throw FileError("cannot read " + quote(path) + ": " + std::strerror(errno));
  if (!S_ISREG(st.st_mode))
    throw FileError(quote(path) + " is not a regular file (" + kind_of(st.st_mode) + ")");
  return file;
}

// A stream that owns the file buffer reading the descriptor.
struct FdStream : std::istream {
  explicit FdStream(int fd) : std::istream(nullptr), buffer(fd, std::ios::in) { rdbuf(&buffer); }
  __gnu_cxx::stdio_filebuf<char> buffer;
};

// Reads the checked, open `file` (named `path` in errors) to its end, at most `max_bytes`.
std::string read_open_file(const Fd& file, const struct stat& st, const std::string& path,
                           std::size_t max_bytes) {
  auto too_large = [&] {
    return FileError(quote(path) + " is larger than the " + std::to_string(max_bytes) +
                     " bytes allowed");
  };
  if (st.st_size < 0 || std::size_t(st.st_size) > max_bytes) throw too_large();
  std::string text;
  text.reserve(std::size_t(st.st_size));
  char buffer[1 << 16];
  for (;;) {
    const ssize_t n = ::read(file.fd, buffer, sizeof buffer);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) throw FileError("cannot read " + quote(path) + ": " + std::strerror(errno));
    if (n == 0) return text;
    if (text.size() + std::size_t(n) > max_bytes) throw too_large();
    text.append(buffer, std::size_t(n));
  }
}

}  // namespace

std::unique_ptr<std::istream> open_regular_file(const std::string& path) {
  struct stat st {};
  Fd file = open_checked(path, st);
  auto stream = std::make_unique<FdStream>(file.fd);
  file.fd = -1;  // the stream's buffer closes it
  return stream;
}

std::string read_regular_file(const std::string& path, std::size_t max_bytes) {
  struct stat st {};
  const Fd file = open_checked(path, st);
  return read_open_file(file, st, path, max_bytes);
}

std::string read_file_beneath(const std::string& root, const std::string& relative,
                              std::size_t max_bytes) {
  std::error_code ec;
  const std::filesystem::path base = std::filesystem::canonical(root, ec);
  if (ec) throw FileError("cannot read " + quote(root) + ": " + ec.message());
  if (relative.find('\0') != std::string::npos)
    throw FileError(quote(relative) + " holds a NUL byte");
  const std::string path = base.string() + "/" + relative;
  struct stat st {};
  const Fd file = open_checked(path, st);
  // Where the open descriptor really is (every symlink resolved by the kernel at the open).
  char where[4096];
  const std::string link = "/proc/self/fd/" + std::to_string(file.fd);
  const ssize_t n = ::readlink(link.c_str(), where, sizeof where - 1);
  if (n <= 0) throw FileError("cannot tell where " + quote(relative) + " lies");
  const std::string real(where, std::size_t(n));
  const std::string prefix = base.string() == "/" ? "/" : base.string() + "/";
  if (!real.starts_with(prefix))
    throw FileError(quote(relative) + " lies outside " + quote(base.string()));
  return read_open_file(file, st, relative, max_bytes);
}

void set_file_open_hook(FileOpenHook hook) {
  const std::lock_guard<std::mutex> lock(hook_mutex);
  open_hook() = std::move(hook);
}

NoFileAccess::NoFileAccess() {
  ++no_file_access_depth;
}
NoFileAccess::~NoFileAccess() {
  --no_file_access_depth;
}
bool NoFileAccess::active() {
  return no_file_access_depth > 0;
}

}  // namespace tabletop
