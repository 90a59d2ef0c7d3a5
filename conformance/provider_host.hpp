#pragma once
// One provider process as the suite uses it: launched (or attached), its schema read, its
// configuration validated and applied, the way Core opens every provider process
// (docs/protocol.md §5.1). A process that crashed or hung is replaced by a fresh one
// with restart(); the run goes on.

#include <chrono>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "conformance/timed_client.hpp"
#include "proto/protocol/provider_client.hpp"
#include "proto/schema/provider_schema.hpp"
#include "proto/util/expected.hpp"
#include "runner/adaptive_deadline.hpp"
#include "runner/plugin_env.hpp"
#include "runner/plugin_session.hpp"
#include "runner/reattach.hpp"

namespace tfc::conformance {

/// How to reach the provider and how long to wait for it.
struct ProviderTarget {
  std::filesystem::path executable;             // launch this binary...
  std::optional<runner::ReattachTarget> attach;  // ...or attach to this running provider
  std::vector<runner::EnvVar> environment;
  bool plaintext = false;
  /// The longest any RPC may take (--timeout); the deadlines below adapt under it.
  std::chrono::milliseconds rpc_timeout{std::chrono::seconds(30)};
  /// Adaptive deadlines shared by every process of the run (made from rpc_timeout when null).
  std::shared_ptr<runner::DeadlinePolicy> deadlines;
  /// Memory each launched provider process may use (--provider-memory); 0: no limit.
  std::uint64_t memory_limit_bytes = 0;
  std::chrono::milliseconds handshake_timeout{std::chrono::minutes(1)};
  /// The provider block's body in .tf.json form (attributes and blocks); empty = all null.
  nlohmann::json provider_config = nlohmann::json::object();
  std::string terraform_version = "1.14.0";
};

/// The step of opening a provider that failed: launch (process start, handshake, TLS), the
/// schema (GetProviderSchema), or the configuration (the provider refused the user's config).
enum class StartStage { Launch, Schema, Configure };

/// Where opening a provider failed and, when an RPC itself failed (no answer, a crash, a
/// malformed answer: the provider's fault, not the user's), which and how.
struct StartFailure {
  StartStage stage = StartStage::Launch;
  std::optional<protocol::FailureKind> failed_rpc_kind;
  std::string failed_rpc;  // GetProviderSchema, ValidateProviderConfig, ConfigureProvider
};

class ProviderHost {
public:
  /// Launches or attaches, reads the schema, validates and configures the provider. Errors say
  /// which step failed and quote the provider's diagnostics or the handshake problem;
  /// `failed` receives the step and the kind of a failed schema call.
  static Expected<std::unique_ptr<ProviderHost>> start(const ProviderTarget& target, RpcClock& clock,
                                                       StartFailure* failed = nullptr);

  ~ProviderHost();
  ProviderHost(const ProviderHost&) = delete;
  ProviderHost& operator=(const ProviderHost&) = delete;

  protocol::ProviderClient& client() { return *m_timed; }
  const schema::ProviderSchema& schema() const { return m_schema; }
  int protocol_version() const { return m_session ? m_session->protocol_version() : 0; }
  /// The warnings ValidateProviderConfig and ConfigureProvider returned at the last start.
  const protocol::Diagnostics& configure_warnings() const { return m_warnings; }

  /// Closes this process and starts a fresh, configured one (not possible when attached).
  Expected<void> restart();
  /// The provider's log lines that arrived since the last call (raw text).
  std::vector<std::string> take_new_logs();
  /// How the process ended, when it already has (a crash).
  std::optional<std::string> exit_description();
  /// Shuts the provider down (go-plugin Shutdown, then the process group is killed). Idempotent.
  void close();

private:
  ProviderHost(ProviderTarget target, RpcClock& clock) : m_target(std::move(target)), m_clock(clock) {}
  Expected<void> open();
  /// Records a failed start RPC in m_failure and says what happened.
  Error rpc_failed(const char* rpc, const protocol::RpcFailure& failure);
  StartFailure m_failure;

  ProviderTarget m_target;
  RpcClock& m_clock;
  std::unique_ptr<runner::PluginSession> m_session;
  std::unique_ptr<protocol::ProviderClient> m_client;
  std::unique_ptr<TimedClient> m_timed;
  schema::ProviderSchema m_schema;
  protocol::Diagnostics m_warnings;
  std::size_t m_logs_seen = 0;
};

/// The diagnostics' summaries (and details) in one line, for error messages.
std::string describe_diagnostics(const protocol::Diagnostics& diagnostics);

}  // namespace tfc::conformance
