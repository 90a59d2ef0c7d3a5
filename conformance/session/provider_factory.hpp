#pragma once
// The one way the suite opens providers: `run` (one per --jobs worker), `schema`, the benches
// and the tests all ask a ProviderFactory. The process factory launches (or attaches to) a
// plugin; the suite's own tests give one over an in-memory provider.

#include <cstddef>
#include <memory>
#include <string>

#include "conformance/session/provider_host.hpp"
#include "conformance/session/provider_session.hpp"
#include "conformance/session/timed_client.hpp"

namespace tfc::conformance {

class ProviderFactory {
public:
  virtual ~ProviderFactory() = default;
  /// Opens one more provider, ready for cases; its RPCs are timed into `clock`. `failed`
  /// receives the step that failed.
  virtual Expected<std::unique_ptr<ProviderSession>> open(RpcClock& clock, StartFailure* failed = nullptr) const = 0;
  /// How many may be open at once: one per running provider when attached.
  virtual std::size_t most_sessions() const = 0;
  /// True when each session is a provider already running (attached): opening one is cheap and
  /// may be refused (a different provider), so the run opens them all before it plays.
  virtual bool opens_running_instances() const { return false; }
  /// The provider's local name (random for terraform-provider-random_v3.6.0).
  virtual std::string provider_name() const = 0;
  /// When this factory's processes run with the provider's logging turned off (--provider-log
  /// failures): a factory of the same provider with its logging on, to play a failing case again
  /// for its log. Null when this one's sessions log as the provider always does.
  virtual std::shared_ptr<const ProviderFactory> loud() const { return nullptr; }
};

/// Launches `target.executable` for each session, or attaches to `target.attach` and then to
/// each of `target.more_attached`, one session on each; a further instance whose schema is not
/// the first one's is refused, naming both. Launched processes after the first one skip the
/// schema RPCs as Core does when the provider says get_provider_schema_optional (SchemaCache,
/// core_start.hpp): a provider that crashes restarts in a fraction of the time.
std::shared_ptr<const ProviderFactory> process_factory(ProviderTarget target);

/// A process factory whose launched providers run with their logging off (the SDKs' level
/// variables at OFF, except those the user set: runner/plugin_env.hpp); its loud() launches
/// `target` as it is. An attached target is not quieted (tfconform does not start it): then
/// this is process_factory(target).
std::shared_ptr<const ProviderFactory> quiet_process_factory(const ProviderTarget& target);

/// The provider name Terraform derives from a binary: terraform-provider-random_v3.6.0 → random.
std::string provider_name_from_binary(const std::string& path);

}  // namespace tfc::conformance
