#include "world/scratch_folder.hpp"

#include <stdlib.h>  // NOLINT(modernize-deprecated-headers): mkdtemp is POSIX

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <utility>

#include "runner/scratch_dir.hpp"
#include "world/tree_removal.hpp"

namespace tfc::world {

std::filesystem::path temp_base() {
  const char* tmp = std::getenv("TMPDIR");
  return tmp != nullptr && *tmp != '\0' ? std::filesystem::path(tmp) : std::filesystem::path("/tmp");
}

Expected<ScratchFolder> ScratchFolder::create(const std::filesystem::path& base, std::string_view prefix) {
  // Under the runner's scratch base with its prefix, the folder is a runner scratch directory:
  // it carries the runner's locked marker, so a run killed with SIGKILL leaves a folder the next
  // run's sweep recognises as ours and removes (runner/scratch_dir.hpp).
  const std::string_view runner_prefix = runner::kScratchPrefix;
  if (prefix.starts_with(runner_prefix) && base.lexically_normal() == runner::scratch_base().lexically_normal()) {
    TFC_TRY(marked, runner::ScratchDir::create(prefix.substr(runner_prefix.size())));
    ScratchFolder folder;
    folder.m_path = marked.path();
    folder.m_marked = std::move(marked);
    return folder;
  }
  std::string pattern = (base / (std::string(prefix) + "XXXXXX")).string();
  if (::mkdtemp(pattern.data()) == nullptr)
    return Error{"cannot create a temporary folder under " + base.string() + ": " + std::strerror(errno)};
  ScratchFolder folder;
  folder.m_path = pattern;
  return folder;
}

ScratchFolder::~ScratchFolder() { (void)remove(); }

ScratchFolder::ScratchFolder(ScratchFolder&& other) noexcept
    : m_path(std::exchange(other.m_path, {})), m_marked(std::move(other.m_marked)) {}

ScratchFolder& ScratchFolder::operator=(ScratchFolder&& other) noexcept {
  if (this != &other) {
    (void)remove();
    m_path = std::exchange(other.m_path, {});
    m_marked = std::move(other.m_marked);
  }
  return *this;
}

Expected<void> ScratchFolder::remove() {
  if (m_path.empty()) return {};
  auto removed = remove_tree(m_path);
  m_path.clear();
  m_marked.remove();  // its lock, last: the folder is gone
  return removed;
}

}  // namespace tfc::world
