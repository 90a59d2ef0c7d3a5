#pragma once
// The provider session a worker plays a failing case again on, with the provider's logging on,
// when the search runs its processes quietly (--provider-log failures, docs/provider-logs.md):
// opened the first time a finding needs its log, then kept for the worker's later findings.

#include <memory>
#include <optional>
#include <string>

#include "conformance/session/provider_factory.hpp"

namespace tfc::conformance {

/// Running means, each new sample weighing kWeight: what a case costs played quietly and with
/// the provider's logging on, and how often a judged case brings a new finding (which a quiet
/// play must then play again with logging on; from 0, so one early finding does not tip it).
/// Recent cases weigh most: the types of one run differ.
struct LoudCosts {
  static constexpr double kWeight = 0.05;
  double quiet_seconds = 0;  // 0: not measured yet
  double loud_seconds = 0;
  double fresh_share = 0;

  void quiet_play(double seconds) { quiet_seconds = mean_with(quiet_seconds, seconds); }
  void loud_play(double seconds) { loud_seconds = mean_with(loud_seconds, seconds); }
  void judged(bool fresh) { fresh_share += kWeight * ((fresh ? 1.0 : 0.0) - fresh_share); }

private:
  static double mean_with(double mean, double sample) { return mean == 0 ? sample : mean + kWeight * (sample - mean); }
};

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
  /// What plays cost on this worker, for suite/loud_policy.hpp (the worker's thread only).
  LoudCosts& costs() noexcept { return m_costs; }

private:
  std::shared_ptr<const ProviderFactory> m_factory;
  RpcClock& m_clock;
  std::unique_ptr<ProviderSession> m_session;
  std::optional<std::string> m_error;
  LoudCosts m_costs;
};

}  // namespace tfc::conformance
