#include "runner/scratch_dir.hpp"

#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>

#include "runner/live_processes.hpp"

namespace tfc::runner {
namespace {

bool all_digits(std::string_view s) {
  return !s.empty() && s.find_first_not_of("0123456789") == std::string_view::npos;
}

/// The next line of `text` from `pos` (without its newline); npos-safe.
std::string_view next_line(std::string_view text, std::size_t& pos) {
  if (pos >= text.size()) return {};
  const auto end = text.find('\n', pos);
  const auto line = text.substr(pos, end == std::string_view::npos ? std::string_view::npos : end - pos);
  pos = end == std::string_view::npos ? text.size() : end + 1;
  return line;
}

}  // namespace

std::string scratch_marker(pid_t pid, std::time_t created) {
  return std::string(kScratchMarkerLine) + "\npid " + std::to_string(pid) + "\ncreated " +
         std::to_string(static_cast<long long>(created)) + "\n";
}

bool is_scratch_marker(std::string_view text) {
  std::size_t pos = 0;
  if (next_line(text, pos) != kScratchMarkerLine) return false;
  const auto pid = next_line(text, pos);
  const auto created = next_line(text, pos);
  return pid.rfind("pid ", 0) == 0 && all_digits(pid.substr(4)) && created.rfind("created ", 0) == 0 &&
         all_digits(created.substr(8)) && pos == text.size() && text.back() == '\n';
}

std::filesystem::path scratch_base() {
  const char* tmp = std::getenv("TMPDIR");
  return tmp != nullptr && *tmp != '\0' && std::strlen(tmp) < 60 ? tmp : "/tmp";
}

Expected<ScratchDir> ScratchDir::create(std::string_view kind) {
  const auto base = scratch_base();
  sweep_stale_scratch_dirs(base);
  std::string pattern = (base / (std::string(kScratchPrefix) + std::string(kind) + "XXXXXX")).string();
  if (::mkdtemp(pattern.data()) == nullptr)
    return Error{"cannot create a temporary directory under " + base.string() + ": " + std::strerror(errno)};
  ScratchDir dir;
  dir.m_path = pattern;
  // The marker is the first thing in the directory and is locked before its text is written:
  // a sweeper never sees our text unlocked while this run lives, and a run killed at any later
  // point leaves a directory that proves it is ours. (Killed in the microseconds before, it
  // leaves an empty directory that is never removed: it cannot prove whose it is.)
  const auto lock = dir.m_path / kScratchLock;
  dir.m_lock_fd = ::open(lock.c_str(), O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0600);
  if (dir.m_lock_fd < 0 || ::flock(dir.m_lock_fd, LOCK_EX | LOCK_NB) != 0) {
    const std::string why = std::strerror(errno);
    dir.remove();
    return Error{"cannot lock the temporary directory " + pattern + ": " + why};
  }
  const std::string marker = scratch_marker(::getpid(), std::time(nullptr));
  if (::write(dir.m_lock_fd, marker.data(), marker.size()) != static_cast<ssize_t>(marker.size())) {
    const std::string why = std::strerror(errno);
    dir.remove();
    return Error{"cannot mark the temporary directory " + pattern + ": " + why};
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
