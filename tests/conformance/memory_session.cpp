#include "tests/conformance/memory_session.hpp"

#include <limits>

namespace tfc::conformance::testing {
namespace {

class MemorySession final : public ProviderSession {
public:
  MemorySession(MemoryProviderOptions options, RpcClock& clock, std::shared_ptr<MemoryCounters> counters,
                std::shared_ptr<MemoryRemote> remote)
      : m_options(std::move(options)), m_clock(clock), m_counters(std::move(counters)), m_remote(std::move(remote)) {}
  ~MemorySession() override { close(); }

  Expected<void> open(StartFailure& failed) {
    if (m_options.families)
      m_provider = std::make_unique<MemoryFamilyProvider>(*m_options.families, m_options.picky_families);
    else
      m_provider = std::make_unique<MemoryProvider>(m_options.fault, m_options.validates, m_options.types);
    if (m_options.collision != MemoryCollision::None) m_provider->share(m_remote);
    m_remote->opened();
    m_timed = std::make_unique<TimedClient>(*m_provider, m_clock);
    TFC_TRY(started, start_like_core(*m_timed, CoreStartSettings{}, failed));
    m_started = std::move(started);
    m_calls_at_start = m_provider->calls();
    ++m_counters->opened;
    m_open = true;
    return {};
  }

  protocol::ProviderClient& client() override { return *m_timed; }
  const schema::ProviderSchema& schema() const override { return m_started.schema; }
  int protocol_version() const override { return m_provider->protocol_version(); }
  const protocol::Diagnostics& schema_diagnostics() const override { return m_started.schema_diagnostics; }
  const protocol::Diagnostics& configure_warnings() const override { return m_started.configure_warnings; }

  Expected<void> restart() override {
    close();
    ++m_counters->restarts;
    StartFailure failed;
    return open(failed);
  }
  std::vector<std::string> take_new_logs() override {
    return m_provider ? m_provider->take_log() : std::vector<std::string>{};
  }
  std::optional<std::string> exit_description() override {
    if (m_provider && m_provider->crashed()) return std::string("the in-memory provider crashed (planted fault)");
    return std::nullopt;
  }
  void close() override {
    if (!m_open) return;
    m_open = false;
    m_remote->closed();
    if (!m_played && m_provider->calls() > m_calls_at_start) {
      m_played = true;
      ++m_counters->played_cases;
    }
    ++m_counters->closed;
  }

private:
  MemoryProviderOptions m_options;
  RpcClock& m_clock;
  std::shared_ptr<MemoryCounters> m_counters;
  std::shared_ptr<MemoryRemote> m_remote;
  std::unique_ptr<MemoryProvider> m_provider;
  std::unique_ptr<TimedClient> m_timed;
  StartedProvider m_started;
  bool m_open = false;
  std::size_t m_calls_at_start = 0;
  bool m_played = false;
};

}  // namespace

Expected<std::unique_ptr<ProviderSession>> MemoryFactory::open(RpcClock& clock, StartFailure* failed) const {
  auto session = std::make_unique<MemorySession>(m_options, clock, m_counters, m_remote);
  StartFailure failure;
  if (auto opened = session->open(failure); !opened) {
    if (failed) *failed = failure;
    return opened.error();
  }
  return std::unique_ptr<ProviderSession>(std::move(session));
}

std::size_t MemoryFactory::most_sessions() const { return std::numeric_limits<std::size_t>::max(); }

}  // namespace tfc::conformance::testing
