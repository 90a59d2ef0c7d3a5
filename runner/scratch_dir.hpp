#pragma once
// The private temporary directories of tfconform: one per provider process (its working
// directory, TMPDIR and socket directory) and one per confirmation run. Each holds one file,
// created before anything else, that proves the directory is tfconform's: it carries a marker
// text of ours, and while tfconform lives it holds an advisory lock (flock) on it. A directory
// whose marker is ours and whose lock nobody holds belongs to a tfconform that was killed
// (SIGKILL skips every cleanup), and the next start removes it. Any other directory is left
// alone, whatever its name or age: tfconform never deletes what it did not create.

#include <sys/types.h>

#include <ctime>
#include <filesystem>
#include <string>
#include <string_view>

#include "proto/util/expected.hpp"

namespace tfc::runner {

/// The name every scratch directory starts with, under $TMPDIR (or /tmp when TMPDIR is long:
/// Unix socket paths are limited to 107 bytes).
inline constexpr const char* kScratchPrefix = "tfconform-";
/// The lock file inside a scratch directory, which is also its marker (the name older
/// releases gave their lock file, so that a run of one never removes a live directory of the other).
inline constexpr const char* kScratchLock = ".tfconform-lock";
/// The marker's first line.
inline constexpr std::string_view kScratchMarkerLine = "tfconform scratch directory";

/// The marker text a directory made by process `pid` at `created` carries.
std::string scratch_marker(pid_t pid, std::time_t created);
/// True when `text` is a marker written by `scratch_marker` (the fixed first line, then the
/// creating pid and time), and nothing else.
bool is_scratch_marker(std::string_view text);

class ScratchDir {
public:
  /// Sweeps stale directories of dead runs, then creates a fresh one, `tfconform-<kind>XXXXXX`,
  /// with its marker, locked.
  static Expected<ScratchDir> create(std::string_view kind = {});

  ScratchDir() = default;
  ~ScratchDir();
  ScratchDir(ScratchDir&& other) noexcept;
  ScratchDir& operator=(ScratchDir&& other) noexcept;
  ScratchDir(const ScratchDir&) = delete;
  ScratchDir& operator=(const ScratchDir&) = delete;

  const std::filesystem::path& path() const noexcept { return m_path; }
  /// Removes the directory and releases the lock (idempotent).
  void remove();

private:
  std::filesystem::path m_path;
  int m_lock_fd = -1;
};

/// The directory scratch directories are made in.
std::filesystem::path scratch_base();
/// Removes every directory under `base` that proves it is a scratch directory of a run that is
/// gone: named `tfconform-*`, a real directory (not a symlink) owned by this user, holding a
/// regular lock file of this user whose content is our marker and whose lock is free. Returns
/// how many were removed.
std::size_t sweep_stale_scratch_dirs(const std::filesystem::path& base);

}  // namespace tfc::runner
