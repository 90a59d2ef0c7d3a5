// Opening plugin processes for a run: launched from a binary or attached to running ones.
#include "conformance/session/provider_factory.hpp"

#include <unistd.h>

#include <atomic>
#include <limits>
#include <mutex>

namespace tfc::conformance {
namespace {

/// The running instance opened `slot`th, as the user named it: "--reattach #2 (provider at
/// address, pid N)".
std::string instance_label(std::size_t slot, const runner::ReattachTarget& t) {
  std::string out = "--reattach #" + std::to_string(slot + 1) + " (" + t.provider + " at " + t.address;
  if (t.pid > 0) out += ", pid " + std::to_string(t.pid);
  return out + ")";
}

class ProcessFactory final : public ProviderFactory {
public:
  explicit ProcessFactory(ProviderTarget target, std::shared_ptr<const ProviderFactory> loud = nullptr)
      : m_target(std::move(target)), m_loud(std::move(loud)) {}

  Expected<std::unique_ptr<ProviderSession>> open(RpcClock& clock, StartFailure* failed) const override {
    if (!m_target.attach) {
      TFC_TRY(host, ProviderHost::start(m_target, clock, failed));
      return std::unique_ptr<ProviderSession>(std::move(host));
    }
    return open_instance(m_next_instance++, clock, failed);
  }
  // Attached providers are processes that tfconform did not start and cannot multiply: one
  // session on each running instance it was given.
  std::size_t most_sessions() const override {
    return m_target.attach ? 1 + m_target.more_attached.size() : std::numeric_limits<std::size_t>::max();
  }
  bool opens_running_instances() const override { return m_target.attach.has_value(); }
  std::string provider_name() const override {
    return m_target.attach ? m_target.attach->provider : provider_name_from_binary(m_target.executable.string());
  }
  std::shared_ptr<const ProviderFactory> loud() const override { return m_loud; }

private:
  const runner::ReattachTarget& instance(std::size_t slot) const {
    return slot == 0 ? *m_target.attach : m_target.more_attached[slot - 1];
  }

  /// A session on the `slot`th running instance. The run opens the first before any other, and
  /// every further one must serve the first one's schema: sessions of different providers would
  /// make a run's findings depend on which worker played a case.
  Expected<std::unique_ptr<ProviderSession>> open_instance(std::size_t slot, RpcClock& clock,
                                                           StartFailure* failed) const {
    if (slot >= most_sessions())
      return Error{"all " + std::to_string(most_sessions()) + " running providers given with --reattach are in use"};
    ProviderTarget target = m_target;
    target.attach = instance(slot);
    target.more_attached.clear();
    auto host = ProviderHost::start(target, clock, failed);
    if (!host && most_sessions() > 1) return with_context(instance_label(slot, instance(slot)), host.error());
    if (!host) return host.error();
    const std::lock_guard lock(m_mutex);
    if (slot == 0) {
      m_first_schema = (*host)->schema();
    } else if (m_first_schema && !((*host)->schema() == *m_first_schema)) {
      (*host)->close();
      return Error{instance_label(slot, instance(slot)) + " serves another schema than " +
                   instance_label(0, instance(0)) +
                   ": every --reattach must name a running instance of the same provider"};
    }
    return std::unique_ptr<ProviderSession>(std::move(*host));
  }

  ProviderTarget m_target;
  std::shared_ptr<const ProviderFactory> m_loud;
  mutable std::atomic<std::size_t> m_next_instance{0};
  mutable std::mutex m_mutex;
  mutable std::optional<schema::ProviderSchema> m_first_schema;
};

}  // namespace

namespace {

/// `target` with a schema cache for its processes (keeping one it has: a loud twin shares its
/// quiet factory's). Attached instances are always asked: each must serve the first one's schema.
ProviderTarget with_schema_cache(ProviderTarget target) {
  if (!target.attach && !target.start.schema_cache) target.start.schema_cache = std::make_shared<SchemaCache>();
  return target;
}

}  // namespace

std::shared_ptr<const ProviderFactory> process_factory(ProviderTarget target) {
  return std::make_shared<ProcessFactory>(with_schema_cache(std::move(target)));
}

std::shared_ptr<const ProviderFactory> quiet_process_factory(const ProviderTarget& given) {
  if (given.attach) return process_factory(given);
  const ProviderTarget target = with_schema_cache(given);  // one cache for the quiet and the loud processes
  ProviderTarget quiet = target;
  quiet.environment =
      runner::quiet_log_environment(environ, provider_name_from_binary(target.executable.string()), target.environment);
  if (quiet.environment.empty()) return process_factory(target);  // the user set every one of them
  quiet.environment.insert(quiet.environment.end(), target.environment.begin(), target.environment.end());
  return std::make_shared<ProcessFactory>(std::move(quiet), process_factory(target));
}

std::string provider_name_from_binary(const std::string& path) {
  std::string name = std::filesystem::path(path).filename().string();
  const std::string prefix = "terraform-provider-";
  if (name.rfind(prefix, 0) == 0) name = name.substr(prefix.size());
  if (auto cut = name.find('_'); cut != std::string::npos) name = name.substr(0, cut);
  return name;
}

}  // namespace tfc::conformance
