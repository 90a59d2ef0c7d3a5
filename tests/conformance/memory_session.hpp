#pragma once
// Sessions over the in-memory provider, opened by a ProviderFactory like plugin processes are:
// the suite's orchestration (shrinking, replay, restart, --jobs, sharding) runs in-process,
// in milliseconds, through exactly the code path `run` uses. Each session is a fresh provider
// (its own store), as each plugin process is; restart() replaces it, as after a crash.

#include <atomic>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "conformance/session/provider_factory.hpp"
#include "tests/conformance/memory_families.hpp"

namespace tfc::conformance::testing {

struct MemoryProviderOptions {
  MemoryFault fault = MemoryFault::None;
  bool validates = false;
  std::vector<std::string> types = {"mem_thing"};
  /// Set: the provider serves the other families too (MemoryFamilyProvider, with this fault;
  /// `fault`, `validates` and `types` then do not apply).
  std::optional<FamilyFault> families;
  /// With `families`: the families' types take only some values (MemoryFamilyProvider's picky).
  bool picky_families = false;
  /// The factory's sessions share one "remote" whose live objects may not share a name, or of
  /// which one per type may exist (memory_remote.hpp); None: each session's objects are its own.
  MemoryCollision collision = MemoryCollision::None;
  /// With `collision`: cases played at once are made to meet until they first did (a create
  /// waits a little for another's while several sessions are open).
  bool meet = false;
};

/// What the factory's sessions did, for the tests to assert on.
struct MemoryCounters {
  std::atomic<std::size_t> opened{0};
  std::atomic<std::size_t> restarts{0};
  std::atomic<std::size_t> closed{0};
  std::atomic<std::size_t> played_cases{0};  // sessions that answered any call beyond their start
};

class MemoryFactory final : public ProviderFactory {
public:
  explicit MemoryFactory(MemoryProviderOptions options = {}) : m_options(std::move(options)) {}

  Expected<std::unique_ptr<ProviderSession>> open(RpcClock& clock, StartFailure* failed = nullptr) const override;
  std::size_t most_sessions() const override;
  std::string provider_name() const override { return "mem"; }

  const MemoryCounters& counters() const { return *m_counters; }

private:
  MemoryProviderOptions m_options;
  std::shared_ptr<MemoryCounters> m_counters = std::make_shared<MemoryCounters>();
  std::shared_ptr<MemoryRemote> m_remote = std::make_shared<MemoryRemote>(m_options.collision, m_options.meet);
};

}  // namespace tfc::conformance::testing
