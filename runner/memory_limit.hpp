#pragma once
// The memory a provider process may use (--provider-memory). A generated value can drive a
// provider into unbounded allocation (random_pet with length 26012895142787340 took 24 GB until
// the kernel's OOM killer ended it, on a machine shared with others); each provider process is
// therefore held to a limit, and going over it is a finding, not an outage. Three layers:
//   - a memory cgroup of its own, when tfconform may create one under its own cgroup: cgroup v2
//     when the memory controller is delegated to it, else the cgroup v1 memory hierarchy;
//   - RLIMIT_DATA always (the private writable mappings a heap lives in; Go's runtime then stops
//     with "fatal error: out of memory" instead of growing);
//   - GOMEMLIMIT at three quarters of the limit, so a Go provider collects garbage before that.

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>

#include "proto/util/expected.hpp"

namespace tfc::runner {

/// "2GiB", "512MiB", "1.5G", "800M", "1048576" (bytes); "0", "off" or "none" for no limit.
Expected<std::uint64_t> parse_memory_size(std::string_view text);
/// "2 GiB", "512 MiB", "1.5 GiB", "900 KiB", "12 bytes".
std::string format_memory_size(std::uint64_t bytes);
/// The default limit: 2 GiB or a quarter of the machine's memory, whichever is smaller.
std::uint64_t default_provider_memory();

/// True when a process's last words say it ran out of memory (Go's "fatal error: out of
/// memory", "runtime: out of memory", C++ "std::bad_alloc", "Cannot allocate memory", ...).
bool reads_as_out_of_memory(std::string_view stderr_tail);

/// One provider process's own memory cgroup.
class MemoryCgroup {
public:
  /// A new cgroup limited to `bytes` (swap included where the kernel counts it), or nullptr
  /// when tfconform may not create one here (the rlimit then stands alone).
  static std::unique_ptr<MemoryCgroup> create(std::uint64_t bytes);
  /// Kills whatever is still in it and removes it.
  ~MemoryCgroup();
  MemoryCgroup(const MemoryCgroup&) = delete;
  MemoryCgroup& operator=(const MemoryCgroup&) = delete;

  /// cgroup.procs, open for writing: the child writes its pid there before exec.
  int procs_fd() const noexcept { return m_procs_fd; }
  /// True once the kernel killed a process of this cgroup for going over the limit.
  bool out_of_memory() const;
  /// "cgroup v2" or "cgroup v1".
  std::string_view mechanism() const noexcept { return m_v2 ? "cgroup v2" : "cgroup v1"; }

private:
  MemoryCgroup() = default;
  std::string m_dir;
  bool m_v2 = false;
  int m_procs_fd = -1;
};

/// Removes the cgroups of tfconform processes that no longer exist (a SIGKILLed run cannot
/// remove its own). Returns how many were removed.
std::size_t sweep_stale_cgroups();

}  // namespace tfc::runner
