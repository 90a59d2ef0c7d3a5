#pragma once
// Two releases of one provider opened side by side (--upgrade-from): the previous release's
// session answers client() and schema() (cases are written against what users wrote before they
// upgraded), next_release() is the new release's. Both are restarted, logged and closed together.

#include <memory>
#include <string>

#include "conformance/session/provider_factory.hpp"

namespace tfc::conformance {

class ReleasePair final : public ProviderSession {
public:
  ReleasePair(std::unique_ptr<ProviderSession> previous, std::unique_ptr<ProviderSession> next,
              std::string previous_label, std::string next_label);
  ~ReleasePair() override;
  ReleasePair(const ReleasePair&) = delete;
  ReleasePair& operator=(const ReleasePair&) = delete;

  protocol::ProviderClient& client() override { return m_previous->client(); }
  const schema::ProviderSchema& schema() const override { return m_previous->schema(); }
  int protocol_version() const override { return m_previous->protocol_version(); }
  const protocol::Diagnostics& schema_diagnostics() const override { return m_previous->schema_diagnostics(); }
  const protocol::Diagnostics& configure_warnings() const override { return m_previous->configure_warnings(); }
  /// Restarts both: a case may have lost either, and the next one needs both.
  Expected<void> restart() override;
  /// The previous release's lines, then the new one's, each marked with its release.
  std::vector<std::string> take_new_logs() override;
  std::optional<std::string> exit_description() override;
  void close() override;
  ProviderSession* next_release() override { return m_next.get(); }
  std::string release_label() const override { return m_previous_label; }
  std::string next_release_label() const override { return m_next_label; }

private:
  std::unique_ptr<ProviderSession> m_previous;
  std::unique_ptr<ProviderSession> m_next;
  std::string m_previous_label;
  std::string m_next_label;
};

/// Opens the previous release, then the new one, for each session (most_sessions: the smaller
/// of the two); the provider's name is the new release's.
std::shared_ptr<const ProviderFactory> release_pair_factory(std::shared_ptr<const ProviderFactory> previous,
                                                            std::shared_ptr<const ProviderFactory> next,
                                                            std::string previous_label, std::string next_label);

}  // namespace tfc::conformance
