#include "runner/live_processes.hpp"

#include <signal.h>

#include <mutex>
#include <set>
#include <system_error>

namespace tfc::runner {
namespace {

struct Live {
  std::mutex mutex;
  std::set<pid_t> groups;
  std::set<std::filesystem::path> dirs;
};

Live& live() {
  static Live l;
  return l;
}

}  // namespace

void register_live_group(pid_t pgid) {
  const std::lock_guard lock(live().mutex);
  live().groups.insert(pgid);
}

void unregister_live_group(pid_t pgid) {
  const std::lock_guard lock(live().mutex);
  live().groups.erase(pgid);
}

void kill_live_groups() {
  const std::lock_guard lock(live().mutex);
  // An unreaped group leader keeps its group id reserved, so the id cannot name a stranger.
  for (pid_t g : live().groups) ::kill(-g, SIGKILL);
}

void register_scratch_dir(const std::filesystem::path& dir) {
  const std::lock_guard lock(live().mutex);
  live().dirs.insert(dir);
}

void unregister_scratch_dir(const std::filesystem::path& dir) {
  const std::lock_guard lock(live().mutex);
  live().dirs.erase(dir);
}

void remove_scratch_dirs() {
  const std::lock_guard lock(live().mutex);
  for (const auto& dir : live().dirs) {
    std::error_code ec;
    std::filesystem::remove_all(dir, ec);
  }
}

}  // namespace tfc::runner
