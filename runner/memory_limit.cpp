#include "runner/memory_limit.hpp"

#include <fcntl.h>
#include <signal.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <charconv>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <optional>
#include <sstream>
#include <thread>
#include <vector>

namespace tfc::runner {
namespace {

constexpr std::uint64_t kKiB = 1024;
constexpr std::uint64_t kMiB = kKiB * 1024;
constexpr std::uint64_t kGiB = kMiB * 1024;
constexpr std::uint64_t kTiB = kGiB * 1024;
constexpr const char* kCgroupPrefix = "tfconform-";

std::string lower(std::string_view s) {
  std::string out(s);
  // ASCII by hand: this runs on every stderr line a provider writes (reads_as_out_of_memory),
  // and libc's tolower is a call per character.
  std::transform(out.begin(), out.end(), out.begin(),
                 [](char c) { return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c; });
  return out;
}

std::string read_file(const std::string& path) {
  std::ifstream in(path);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

bool write_file(const std::string& path, const std::string& text) {
  const int fd = ::open(path.c_str(), O_WRONLY | O_CLOEXEC);
  if (fd < 0) return false;
  const bool ok = ::write(fd, text.data(), text.size()) == static_cast<ssize_t>(text.size());
  ::close(fd);
  return ok;
}

/// The number after `key` on its own line of a flat-keyed cgroup file ("oom_kill 3").
std::optional<std::uint64_t> keyed_value(const std::string& text, std::string_view key) {
  std::istringstream in(text);
  std::string k;
  std::uint64_t v = 0;
  while (in >> k >> v) {
    if (k == key) return v;
  }
  return std::nullopt;
}

/// Where this process's memory cgroup lives in the file system, for one hierarchy.
struct Hierarchy {
  std::string dir;  // our own cgroup's directory
  bool v2 = false;
};

/// The mount point of a cgroup hierarchy and the cgroup path its root corresponds to.
struct Mount {
  std::string root;
  std::string point;
};

std::optional<Mount> find_mount(bool v2) {
  std::ifstream in("/proc/self/mountinfo");
  std::string line;
  while (std::getline(in, line)) {
    const auto dash = line.find(" - ");
    if (dash == std::string::npos) continue;
    std::istringstream head(line.substr(0, dash));
    std::istringstream tail(line.substr(dash + 3));
    std::string id, parent, devices, root, point, type, source, options;
    head >> id >> parent >> devices >> root >> point;
    tail >> type >> source >> options;
    if (v2 && type == "cgroup2") return Mount{root, point};
    if (!v2 && type == "cgroup" && ("," + options + ",").find(",memory,") != std::string::npos)
      return Mount{root, point};
  }
  return std::nullopt;
}

std::optional<Hierarchy> own_cgroup(bool v2) {
  std::ifstream in("/proc/self/cgroup");
  std::string line;
  std::optional<std::string> path;
  while (std::getline(in, line)) {
    const auto a = line.find(':');
    const auto b = line.find(':', a + 1);
    if (a == std::string::npos || b == std::string::npos) continue;
    const std::string controllers = line.substr(a + 1, b - a - 1);
    const bool match = v2 ? line.substr(0, a) == "0" && controllers.empty()
                          : ("," + controllers + ",").find(",memory,") != std::string::npos;
    if (match) path = line.substr(b + 1);
  }
  const auto mount = find_mount(v2);
  if (!path || !mount) return std::nullopt;
  std::string rel = *path;
  if (mount->root != "/" && rel.rfind(mount->root, 0) == 0) rel = rel.substr(mount->root.size());
  return Hierarchy{mount->point + (rel == "/" ? "" : rel), v2};
}

/// The hierarchy a child cgroup with a memory limit can be made in, if any.
std::optional<Hierarchy> usable_hierarchy() {
  if (auto v2 = own_cgroup(true)) {
    const std::string control = v2->dir + "/cgroup.subtree_control";
    if (read_file(control).find("memory") != std::string::npos || write_file(control, "+memory")) return v2;
  }
  if (auto v1 = own_cgroup(false); v1 && ::access(v1->dir.c_str(), W_OK) == 0) return v1;
  return std::nullopt;
}

std::string next_cgroup_name() {
  static std::atomic<unsigned> counter{0};
  return std::string(kCgroupPrefix) + std::to_string(::getpid()) + "-" + std::to_string(counter++);
}

/// SIGKILL to every process in a cgroup, then wait (briefly) until it is empty and remove it.
void empty_and_remove(const std::string& dir) {
  for (int attempt = 0; attempt < 100; ++attempt) {
    if (::rmdir(dir.c_str()) == 0 || errno == ENOENT) return;
    if (errno != EBUSY) return;
    std::istringstream procs(read_file(dir + "/cgroup.procs"));
    pid_t pid = 0;
    while (procs >> pid) ::kill(pid, SIGKILL);
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
}

}  // namespace

Expected<std::uint64_t> parse_memory_size(std::string_view text) {
  const std::string t = lower(text);
  if (t == "0" || t == "off" || t == "none" || t == "unlimited") return std::uint64_t{0};
  double number = 0;
  const auto [end, ec] = std::from_chars(t.data(), t.data() + t.size(), number);
  const auto bad = [&] {
    return Error{"memory size \"" + std::string(text) +
                 "\": expected a number with an optional unit (KiB, MiB, GiB, TiB; K, M, G, T mean the same), "
                 "or 0/off for no limit"};
  };
  if (ec != std::errc() || !(number > 0) || !std::isfinite(number)) return bad();
  std::string unit(end, t.data() + t.size());
  unit.erase(std::remove(unit.begin(), unit.end(), ' '), unit.end());
  if (!unit.empty() && unit.back() == 'b') unit.pop_back();
  if (!unit.empty() && unit.back() == 'i') unit.pop_back();
  std::uint64_t scale = 1;
  if (unit == "k")
    scale = kKiB;
  else if (unit == "m")
    scale = kMiB;
  else if (unit == "g")
    scale = kGiB;
  else if (unit == "t")
    scale = kTiB;
  else if (!unit.empty())
    return bad();
  const double bytes = number * static_cast<double>(scale);
  if (bytes < static_cast<double>(kMiB))
    return Error{"memory size \"" + std::string(text) + "\": at least 1 MiB (or 0 for no limit)"};
  if (bytes > 1e18) return bad();
  return static_cast<std::uint64_t>(bytes);
}

std::string format_memory_size(std::uint64_t bytes) {
  const auto show = [](double v, const char* unit) {
    std::ostringstream out;
    out.precision(v >= 100 ? 0 : (std::fmod(v, 1.0) == 0 ? 0 : 1));
    out << std::fixed << v << " " << unit;
    return out.str();
  };
  if (bytes >= kTiB) return show(static_cast<double>(bytes) / kTiB, "TiB");
  if (bytes >= kGiB) return show(static_cast<double>(bytes) / kGiB, "GiB");
  if (bytes >= kMiB) return show(static_cast<double>(bytes) / kMiB, "MiB");
  if (bytes >= kKiB) return show(static_cast<double>(bytes) / kKiB, "KiB");
  return std::to_string(bytes) + " bytes";
}

std::uint64_t default_provider_memory() {
  std::ifstream in("/proc/meminfo");
  std::string key;
  std::uint64_t kib = 0;
  while (in >> key >> kib) {
    if (key == "MemTotal:") return std::min<std::uint64_t>(2 * kGiB, kib * kKiB / 4);
    in.ignore(64, '\n');  // the unit
  }
  return 2 * kGiB;
}

bool reads_as_out_of_memory(std::string_view stderr_tail) {
  const std::string t = lower(stderr_tail);
  for (const char* words : {"out of memory", "cannot allocate memory", "std::bad_alloc", "memoryerror",
                            "failed to allocate", "allocation failed"}) {
    if (t.find(words) != std::string::npos) return true;
  }
  return false;
}

std::unique_ptr<MemoryCgroup> MemoryCgroup::create(std::uint64_t bytes) {
  const auto hierarchy = usable_hierarchy();
  if (!hierarchy) return nullptr;
  std::unique_ptr<MemoryCgroup> group(new MemoryCgroup());
  group->m_v2 = hierarchy->v2;
  group->m_dir = hierarchy->dir + "/" + next_cgroup_name();
  if (::mkdir(group->m_dir.c_str(), 0755) != 0) return nullptr;
  const std::string limit = std::to_string(bytes);
  const bool limited = group->m_v2 ? write_file(group->m_dir + "/memory.max", limit)
                                   : write_file(group->m_dir + "/memory.limit_in_bytes", limit);
  if (!limited) {
    ::rmdir(group->m_dir.c_str());
    group->m_dir.clear();
    return nullptr;
  }
  // Swap would let the provider pass the limit slowly instead of stopping it.
  if (group->m_v2)
    write_file(group->m_dir + "/memory.swap.max", "0");
  else
    write_file(group->m_dir + "/memory.memsw.limit_in_bytes", limit);
  group->m_procs_fd = ::open((group->m_dir + "/cgroup.procs").c_str(), O_WRONLY | O_CLOEXEC);
  if (group->m_procs_fd < 0) return nullptr;  // the destructor removes the directory
  return group;
}

MemoryCgroup::~MemoryCgroup() {
  if (m_procs_fd >= 0) ::close(m_procs_fd);
  if (!m_dir.empty()) empty_and_remove(m_dir);
}

bool MemoryCgroup::out_of_memory() const {
  if (m_dir.empty()) return false;
  if (m_v2) return keyed_value(read_file(m_dir + "/memory.events"), "oom_kill").value_or(0) > 0;
  const auto text = read_file(m_dir + "/memory.oom_control");
  if (auto kills = keyed_value(text, "oom_kill")) return *kills > 0;
  // Older kernels only count hitting the limit.
  const auto failures = read_file(m_dir + "/memory.failcnt");
  return !failures.empty() && failures != "0\n" && failures != "0";
}

std::size_t sweep_stale_cgroups() {
  std::size_t removed = 0;
  for (bool v2 : {true, false}) {
    const auto hierarchy = own_cgroup(v2);
    if (!hierarchy) continue;
    std::error_code ec;
    for (const auto& entry : std::filesystem::directory_iterator(hierarchy->dir, ec)) {
      const std::string name = entry.path().filename().string();
      if (name.rfind(kCgroupPrefix, 0) != 0 || !entry.is_directory()) continue;
      const std::string rest = name.substr(std::string_view(kCgroupPrefix).size());
      long owner = 0;
      const auto [end, err] = std::from_chars(rest.data(), rest.data() + rest.size(), owner);
      if (err != std::errc() || owner <= 0) continue;
      if (::kill(static_cast<pid_t>(owner), 0) == 0 || errno != ESRCH) continue;  // its run still lives
      empty_and_remove(entry.path().string());
      if (!std::filesystem::exists(entry.path())) ++removed;
    }
  }
  return removed;
}

}  // namespace tfc::runner
