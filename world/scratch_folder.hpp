#pragma once
// A folder of the run's own, made with mkdtemp under $TMPDIR (never a fixed name, so never
// somebody else's), removed with everything in it when the owner is done (tree_removal.hpp:
// links inside are not followed).

#include <filesystem>
#include <string>
#include <string_view>

#include "proto/util/expected.hpp"
#include "runner/scratch_dir.hpp"

namespace tfc::world {

/// $TMPDIR, or /tmp when it is unset or empty.
std::filesystem::path temp_base();

class ScratchFolder {
public:
  /// Makes `<base>/<prefix>XXXXXX` (mode 0700); under the runner's scratch base with the runner's
  /// prefix, as a runner scratch directory (swept by the next run when this one was killed).
  static Expected<ScratchFolder> create(const std::filesystem::path& base, std::string_view prefix);

  ScratchFolder() = default;
  ~ScratchFolder();
  ScratchFolder(ScratchFolder&& other) noexcept;
  ScratchFolder& operator=(ScratchFolder&& other) noexcept;
  ScratchFolder(const ScratchFolder&) = delete;
  ScratchFolder& operator=(const ScratchFolder&) = delete;

  const std::filesystem::path& path() const noexcept { return m_path; }
  /// Removes the folder and its contents (idempotent); the error names what stayed.
  Expected<void> remove();

private:
  std::filesystem::path m_path;
  runner::ScratchDir m_marked;  // set when the folder is a runner scratch directory
};

}  // namespace tfc::world
