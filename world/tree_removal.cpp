#include "world/tree_removal.hpp"

#include <dirent.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <string>
#include <vector>

namespace tfc::world {
namespace {

constexpr int kMaxDepth = 64;  // deeper trees are not ours to walk (a provider making a maze)

int open_dir_at(int parent, const char* name) {
  return ::openat(parent, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
}

/// Empties the directory open as `fd` (which it closes); `where` names it for errors.
void empty_dir(int fd, const std::string& where, int depth, std::string& first_error) {
  DIR* listing = ::fdopendir(fd);
  if (listing == nullptr) {
    if (first_error.empty()) first_error = where + ": " + std::strerror(errno);
    ::close(fd);
    return;
  }
  std::vector<std::string> names;
  while (const dirent* e = ::readdir(listing)) {
    const std::string name = e->d_name;
    if (name != "." && name != "..") names.push_back(name);
  }
  for (const auto& name : names) {
    const std::string path = where + "/" + name;
    struct stat st {};
    if (::fstatat(fd, name.c_str(), &st, AT_SYMLINK_NOFOLLOW) != 0) continue;  // gone meanwhile
    if (S_ISDIR(st.st_mode) && depth < kMaxDepth) {
      // A folder without read, write or search permission for us cannot be emptied: give them back.
      if ((st.st_mode & S_IRWXU) != S_IRWXU) ::fchmodat(fd, name.c_str(), st.st_mode | S_IRWXU, 0);
      const int child = open_dir_at(fd, name.c_str());
      if (child >= 0) empty_dir(child, path, depth + 1, first_error);
      if (::unlinkat(fd, name.c_str(), AT_REMOVEDIR) != 0 && first_error.empty())
        first_error = path + ": " + std::strerror(errno);
      continue;
    }
    // Files, links (never followed), sockets, fifos: the entry itself goes.
    if (::unlinkat(fd, name.c_str(), 0) != 0 && first_error.empty()) first_error = path + ": " + std::strerror(errno);
  }
  ::closedir(listing);  // closes fd
}

}  // namespace

Expected<void> remove_tree(const std::filesystem::path& dir) {
  struct stat st {};
  if (::lstat(dir.c_str(), &st) != 0) {
    if (errno == ENOENT) return {};
    return Error{dir.string() + ": " + std::strerror(errno)};
  }
  if (!S_ISDIR(st.st_mode)) return Error{dir.string() + ": not a directory (left alone)"};
  if ((st.st_mode & S_IRWXU) != S_IRWXU) ::chmod(dir.c_str(), st.st_mode | S_IRWXU);
  std::string first_error;
  const int fd = ::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
  if (fd < 0) return Error{dir.string() + ": " + std::strerror(errno)};
  empty_dir(fd, dir.string(), 0, first_error);
  if (::rmdir(dir.c_str()) != 0 && first_error.empty()) first_error = dir.string() + ": " + std::strerror(errno);
  if (!first_error.empty()) return Error{"cannot remove " + first_error};
  return {};
}

}  // namespace tfc::world
