// Two releases side by side (see release_pair.hpp).
#include "conformance/session/release_pair.hpp"

#include <algorithm>

namespace tfc::conformance {

ReleasePair::ReleasePair(std::unique_ptr<ProviderSession> previous, std::unique_ptr<ProviderSession> next,
                         std::string previous_label, std::string next_label)
    : m_previous(std::move(previous)),
      m_next(std::move(next)),
      m_previous_label(std::move(previous_label)),
      m_next_label(std::move(next_label)) {}

ReleasePair::~ReleasePair() { close(); }

Expected<void> ReleasePair::restart() {
  if (auto ok = m_previous->restart(); !ok)
    return Error{"the previous release (" + m_previous_label + "): " + ok.error().message};
  if (auto ok = m_next->restart(); !ok) return Error{"the new release (" + m_next_label + "): " + ok.error().message};
  return {};
}

std::vector<std::string> ReleasePair::take_new_logs() {
  std::vector<std::string> out;
  for (auto& line : m_previous->take_new_logs()) out.push_back("[" + m_previous_label + "] " + line);
  for (auto& line : m_next->take_new_logs()) out.push_back("[" + m_next_label + "] " + line);
  return out;
}

std::optional<std::string> ReleasePair::exit_description() {
  if (auto d = m_previous->exit_description()) return m_previous_label + ": " + *d;
  if (auto d = m_next->exit_description()) return m_next_label + ": " + *d;
  return std::nullopt;
}

void ReleasePair::close() {
  if (m_previous) m_previous->close();
  if (m_next) m_next->close();
}

namespace {

class ReleasePairFactory final : public ProviderFactory {
public:
  ReleasePairFactory(std::shared_ptr<const ProviderFactory> previous, std::shared_ptr<const ProviderFactory> next,
                     std::string previous_label, std::string next_label)
      : m_previous(std::move(previous)),
        m_next(std::move(next)),
        m_previous_label(std::move(previous_label)),
        m_next_label(std::move(next_label)) {}

  Expected<std::unique_ptr<ProviderSession>> open(RpcClock& clock, StartFailure* failed) const override {
    auto previous = m_previous->open(clock, failed);
    if (!previous) return Error{"the previous release (" + m_previous_label + "): " + previous.error().message};
    auto next = m_next->open(clock, failed);
    if (!next) {
      (*previous)->close();
      return Error{"the new release (" + m_next_label + "): " + next.error().message};
    }
    return std::unique_ptr<ProviderSession>(
        std::make_unique<ReleasePair>(std::move(*previous), std::move(*next), m_previous_label, m_next_label));
  }
  std::size_t most_sessions() const override { return std::min(m_previous->most_sessions(), m_next->most_sessions()); }
  std::string provider_name() const override { return m_next->provider_name(); }

private:
  std::shared_ptr<const ProviderFactory> m_previous;
  std::shared_ptr<const ProviderFactory> m_next;
  std::string m_previous_label;
  std::string m_next_label;
};

}  // namespace

std::shared_ptr<const ProviderFactory> release_pair_factory(std::shared_ptr<const ProviderFactory> previous,
                                                            std::shared_ptr<const ProviderFactory> next,
                                                            std::string previous_label, std::string next_label) {
  return std::make_shared<ReleasePairFactory>(std::move(previous), std::move(next), std::move(previous_label),
                                              std::move(next_label));
}

}  // namespace tfc::conformance
