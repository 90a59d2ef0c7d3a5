#pragma once
// The provider session a worker plays a failing case again on, with the provider's logging on,
// when the search runs its processes quietly (--provider-log failures, docs/provider-logs.md):
// opened the first time a finding needs its log, then kept for the worker's later findings.

#include <memory>
#include <optional>
#include <string>

#include "conformance/session/provider_factory.hpp"

namespace tfc::conformance {

class LoudSession {
public:
  /// `factory`: the quiet factory's loud() (null: every session already logs, none is opened).
  LoudSession(std::shared_ptr<const ProviderFactory> factory, RpcClock& clock)
      : m_factory(std::move(factory)), m_clock(clock) {}
  ~LoudSession();
  LoudSession(const LoudSession&) = delete;
  LoudSession& operator=(const LoudSession&) = delete;

  /// True when the search's sessions run quietly, so findings need a loud replay.
  bool wanted() const noexcept { return m_factory != nullptr; }
  /// The loud session, opened on first use; null when it would not open (error() says why; it
  /// is not tried again).
  ProviderSession* get();
  const std::optional<std::string>& error() const noexcept { return m_error; }

private:
  std::shared_ptr<const ProviderFactory> m_factory;
  RpcClock& m_clock;
  std::unique_ptr<ProviderSession> m_session;
  std::optional<std::string> m_error;
};

}  // namespace tfc::conformance
