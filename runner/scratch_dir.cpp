#include "runner/scratch_dir.hpp"

#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstdlib>
#include <cstring>

#include "runner/live_processes.hpp"

namespace tfc::runner {
namespace {

constexpr auto kUnlockedGrace = std::chrono::seconds(60);

bool owned_by_me(const struct stat& info) { return info.st_uid == ::geteuid(); }

/// True when nobody holds the lock of `dir` (its run is gone) — or, without a lock file, when
/// the directory is old enough that its run cannot still be starting.
bool abandoned(const std::filesystem::path& dir, const struct stat& info) {
  const auto lock = dir / kScratchLock;
  const int fd = ::open(lock.c_str(), O_RDONLY | O_CLOEXEC | O_NOFOLLOW);
  if (fd < 0) {
    const auto age = std::chrono::system_clock::now() - std::chrono::system_clock::from_time_t(info.st_mtime);
    return errno == ENOENT && age > kUnlockedGrace;
  }
  const bool free = ::flock(fd, LOCK_EX | LOCK_NB) == 0;
  ::close(fd);  // also releases the lock just taken
  return free;
}

}  // namespace

std::filesystem::path scratch_base() {
  const char* tmp = std::getenv("TMPDIR");
  return tmp != nullptr && *tmp != '\0' && std::strlen(tmp) < 60 ? tmp : "/tmp";
}

std::size_t sweep_stale_scratch_dirs(const std::filesystem::path& base) {
  std::size_t removed = 0;
  std::error_code ec;
  for (const auto& entry : std::filesystem::directory_iterator(base, ec)) {
    const auto name = entry.path().filename().string();
    if (name.rfind(kScratchPrefix, 0) != 0) continue;
    struct stat info {};
    if (::lstat(entry.path().c_str(), &info) != 0 || !S_ISDIR(info.st_mode) || !owned_by_me(info)) continue;
    if (!abandoned(entry.path(), info)) continue;
    std::error_code rm;
    std::filesystem::remove_all(entry.path(), rm);
    if (!rm) ++removed;
  }
  return removed;
}

Expected<ScratchDir> ScratchDir::create() {
  const auto base = scratch_base();
  sweep_stale_scratch_dirs(base);
  std::string pattern = (base / (std::string(kScratchPrefix) + "XXXXXX")).string();
  if (::mkdtemp(pattern.data()) == nullptr)
    return Error{"cannot create a temporary directory under " + base.string() + ": " + std::strerror(errno)};
  ScratchDir dir;
  dir.m_path = pattern;
  const auto lock = dir.m_path / kScratchLock;
  dir.m_lock_fd = ::open(lock.c_str(), O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0600);
  if (dir.m_lock_fd < 0 || ::flock(dir.m_lock_fd, LOCK_EX | LOCK_NB) != 0) {
    const std::string why = std::strerror(errno);
    dir.remove();
    return Error{"cannot lock the temporary directory " + pattern + ": " + why};
  }
  register_scratch_dir(dir.m_path);
  return dir;
}

ScratchDir::~ScratchDir() { remove(); }

ScratchDir::ScratchDir(ScratchDir&& other) noexcept
    : m_path(std::exchange(other.m_path, {})), m_lock_fd(std::exchange(other.m_lock_fd, -1)) {}

ScratchDir& ScratchDir::operator=(ScratchDir&& other) noexcept {
  if (this != &other) {
    remove();
    m_path = std::exchange(other.m_path, {});
    m_lock_fd = std::exchange(other.m_lock_fd, -1);
  }
  return *this;
}

void ScratchDir::remove() {
  if (!m_path.empty()) {
    std::error_code ec;
    std::filesystem::remove_all(m_path, ec);
    unregister_scratch_dir(m_path);
    m_path.clear();
  }
  if (m_lock_fd >= 0) ::close(m_lock_fd);
  m_lock_fd = -1;
}

}  // namespace tfc::runner
