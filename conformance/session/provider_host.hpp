#pragma once
// One provider process as the suite uses it: launched (or attached), opened the way Core opens
// every provider process (conformance/session/core_start.hpp). A process that crashed or hung is
// replaced by a fresh one with restart(); the run goes on.

#include <chrono>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "conformance/session/core_start.hpp"
#include "conformance/session/provider_session.hpp"
#include "conformance/session/timed_client.hpp"
#include "runner/adaptive_deadline.hpp"
#include "runner/plugin_env.hpp"
#include "runner/plugin_session.hpp"
#include "runner/reattach.hpp"

namespace tfc::conformance {

/// How to reach the provider and how long to wait for it.
struct ProviderTarget {
  std::filesystem::path executable;              // launch this binary...
  std::vector<std::string> arguments;            // ...with these arguments (--provider-arg)...
  std::optional<runner::ReattachTarget> attach;  // ...or attach to this running provider
  /// Further running instances of the same provider (--reattach given more than once): the
  /// process factory opens one session on each, after `attach` (provider_factory.hpp).
  std::vector<runner::ReattachTarget> more_attached;
  std::vector<runner::EnvVar> environment;
  bool plaintext = false;
  /// The longest any RPC may take (--timeout); the deadlines below adapt under it.
  std::chrono::milliseconds rpc_timeout{std::chrono::seconds(30)};
  /// Adaptive deadlines shared by every process of the run (fixed at rpc_timeout when null).
  std::shared_ptr<runner::DeadlinePolicy> deadlines;
  /// Memory each launched provider process may use (--provider-memory); 0: no limit.
  std::uint64_t memory_limit_bytes = 0;
  /// GOMAXPROCS for each launched process (run_conformance: its share of the cores); 0: the
  /// Go runtime's own choice.
  unsigned go_procs = 0;
  std::chrono::milliseconds handshake_timeout{std::chrono::minutes(1)};
  /// The provider configuration and how far to open (schema only, or configured).
  CoreStartSettings start;
};

class ProviderHost final : public ProviderSession {
public:
  /// Launches or attaches and opens the provider as Core does. `failed` receives the step
  /// that failed and the kind of a failed RPC.
  static Expected<std::unique_ptr<ProviderHost>> start(const ProviderTarget& target, RpcClock& clock,
                                                       StartFailure* failed = nullptr);

  ~ProviderHost() override;
  ProviderHost(const ProviderHost&) = delete;
  ProviderHost& operator=(const ProviderHost&) = delete;

  protocol::ProviderClient& client() override { return *m_timed; }
  const schema::ProviderSchema& schema() const override { return m_started.schema; }
  int protocol_version() const override { return m_session ? m_session->protocol_version() : 0; }
  const protocol::Diagnostics& configure_warnings() const override { return m_started.configure_warnings; }
  const protocol::Diagnostics& schema_diagnostics() const override { return m_started.schema_diagnostics; }

  /// Closes this process and starts a fresh, configured one (not possible when attached).
  Expected<void> restart() override;
  std::vector<std::string> take_new_logs() override;
  std::optional<std::string> exit_description() override;
  /// Shuts the provider down (go-plugin Shutdown, then the process group is killed). Idempotent.
  void close() override;

private:
  ProviderHost(ProviderTarget target, RpcClock& clock) : m_target(std::move(target)), m_clock(clock) {}
  Expected<void> open();
  StartFailure m_failure;

  ProviderTarget m_target;
  RpcClock& m_clock;
  std::unique_ptr<runner::PluginSession> m_session;
  std::unique_ptr<protocol::ProviderClient> m_client;
  std::unique_ptr<TimedClient> m_timed;
  StartedProvider m_started;
  std::size_t m_logs_seen = 0;
};

}  // namespace tfc::conformance
