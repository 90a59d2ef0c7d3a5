#include "world/scratch_folder.hpp"

#include <stdlib.h>  // NOLINT(modernize-deprecated-headers): mkdtemp is POSIX

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <utility>

#include "world/tree_removal.hpp"

namespace tfc::world {

std::filesystem::path temp_base() {
  const char* tmp = std::getenv("TMPDIR");
  return tmp != nullptr && *tmp != '\0' ? std::filesystem::path(tmp) : std::filesystem::path("/tmp");
}

Expected<ScratchFolder> ScratchFolder::create(const std::filesystem::path& base, std::string_view prefix) {
  std::string pattern = (base / (std::string(prefix) + "XXXXXX")).string();
  if (::mkdtemp(pattern.data()) == nullptr)
    return Error{"cannot create a temporary folder under " + base.string() + ": " + std::strerror(errno)};
  ScratchFolder folder;
  folder.m_path = pattern;
  return folder;
}

ScratchFolder::~ScratchFolder() { (void)remove(); }

ScratchFolder::ScratchFolder(ScratchFolder&& other) noexcept : m_path(std::exchange(other.m_path, {})) {}

ScratchFolder& ScratchFolder::operator=(ScratchFolder&& other) noexcept {
  if (this != &other) {
    (void)remove();
    m_path = std::exchange(other.m_path, {});
  }
  return *this;
}

Expected<void> ScratchFolder::remove() {
  if (m_path.empty()) return {};
  auto removed = remove_tree(m_path);
  m_path.clear();
  return removed;
}

}  // namespace tfc::world
