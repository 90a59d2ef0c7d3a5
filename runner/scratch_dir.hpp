#pragma once
// The private temporary directory of one provider process (its working directory, TMPDIR and
// socket directory). While tfconform lives it holds an advisory lock on a file inside; a
// directory whose lock nobody holds belongs to a tfconform that was killed (SIGKILL skips every
// cleanup), and the next launch removes it.

#include <filesystem>
#include <string>

#include "proto/util/expected.hpp"

namespace tfc::runner {

/// The name every scratch directory starts with, under $TMPDIR (or /tmp when TMPDIR is long:
/// Unix socket paths are limited to 107 bytes).
inline constexpr const char* kScratchPrefix = "tfconform-";
/// The lock file inside a scratch directory.
inline constexpr const char* kScratchLock = ".tfconform-lock";

class ScratchDir {
public:
  /// Sweeps stale directories of dead runs, then creates a fresh one and locks it.
  static Expected<ScratchDir> create();

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
/// Removes every scratch directory under `base` owned by this user whose lock is free (its run
/// is gone), and unlocked ones without a lock file older than a minute (a run killed between
/// creating the directory and locking it). Returns how many were removed.
std::size_t sweep_stale_scratch_dirs(const std::filesystem::path& base);

}  // namespace tfc::runner
