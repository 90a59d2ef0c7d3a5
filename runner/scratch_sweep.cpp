// The sweep of scratch directories left by killed runs (runner/scratch_dir.hpp). A directory is
// removed only when every check proves it is one of ours whose run is gone; anything that does
// not answer as expected (a symlink, another owner, no marker, a marker of other content, a
// held lock) is left as it is.
#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include "runner/scratch_dir.hpp"

namespace tfc::runner {
namespace {

/// More than any marker of ours: a bigger file is not one.
constexpr std::size_t kMaxMarkerBytes = 256;

class Fd {
public:
  explicit Fd(int fd) : m_fd(fd) {}
  ~Fd() {
    if (m_fd >= 0) ::close(m_fd);
  }
  Fd(const Fd&) = delete;
  Fd& operator=(const Fd&) = delete;
  int get() const { return m_fd; }
  bool ok() const { return m_fd >= 0; }

private:
  int m_fd;
};

bool mine(const struct stat& info) { return info.st_uid == ::geteuid(); }

std::string read_small(int fd) {
  std::string text(kMaxMarkerBytes + 1, '\0');
  std::size_t got = 0;
  while (got < text.size()) {
    const ssize_t n = ::read(fd, text.data() + got, text.size() - got);
    if (n <= 0) break;
    got += static_cast<std::size_t>(n);
  }
  text.resize(got);
  return text;
}

/// Removes `dir` when it proves it is an abandoned scratch directory of ours.
bool remove_if_abandoned(const std::filesystem::path& dir) {
  // O_NOFOLLOW: a symlink named tfconform-* is never followed (open fails with ELOOP).
  const Fd dir_fd(::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC));
  struct stat dir_info {};
  if (!dir_fd.ok() || ::fstat(dir_fd.get(), &dir_info) != 0 || !S_ISDIR(dir_info.st_mode) || !mine(dir_info))
    return false;
  const Fd lock_fd(::openat(dir_fd.get(), kScratchLock, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC));
  struct stat lock_info {};
  if (!lock_fd.ok() || ::fstat(lock_fd.get(), &lock_info) != 0 || !S_ISREG(lock_info.st_mode) || !mine(lock_info) ||
      static_cast<std::size_t>(lock_info.st_size) > kMaxMarkerBytes)
    return false;
  // Held by a live run: not abandoned. Taken here, it stays held until the removal is done, so
  // two sweeping runs never remove one directory together.
  if (::flock(lock_fd.get(), LOCK_EX | LOCK_NB) != 0) return false;
  if (!is_scratch_marker(read_small(lock_fd.get()))) return false;
  // The name must still be the directory checked above.
  struct stat now {};
  if (::lstat(dir.c_str(), &now) != 0 || now.st_dev != dir_info.st_dev || now.st_ino != dir_info.st_ino) return false;
  std::error_code ec;
  std::filesystem::remove_all(dir, ec);  // removes symlinks inside, never what they point to
  return !ec;
}

}  // namespace

std::size_t sweep_stale_scratch_dirs(const std::filesystem::path& base) {
  std::size_t removed = 0;
  std::error_code ec;
  for (const auto& entry : std::filesystem::directory_iterator(base, ec)) {
    if (entry.path().filename().string().rfind(kScratchPrefix, 0) != 0) continue;
    if (remove_if_abandoned(entry.path())) ++removed;
  }
  return removed;
}

}  // namespace tfc::runner
