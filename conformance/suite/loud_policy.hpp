#pragma once
// When a quiet search (--provider-log failures) plays a suite's case with the provider's
// logging on. Every quietly played case with a new finding is played once more with logging on
// for its log (loud_evidence.hpp); a case played loud needs no second play, its own log is the
// evidence. So a case is played loud when the replay it would probably need costs more than
// the logging itself: when (share of cases with a new finding) × (a loud case's time) is at
// least (a loud case's time − a quiet one's), all three measured on the worker as it goes
// (LoudCosts). On a provider whose logging is costly (a framework provider: a loud case takes
// about 1.7 quiet ones, docs/provider-logs.md) that takes about 40 % of the cases finding
// something new; where logging costs little (terraform-provider-aws plan-only, many tolerated
// warnings each at its own path) much less. Nothing is played loud before a first replay has
// measured what it costs. What is found never depends on it, only which play a finding's log
// comes from.

#include "conformance/suite/suite_context.hpp"

namespace tfc::conformance {

/// Whether the costs measured say the next case should play loud.
inline bool plays_loud(const LoudCosts& c) {
  if (c.loud_seconds <= 0 || c.quiet_seconds <= 0) return false;
  return c.fresh_share * c.loud_seconds >= c.loud_seconds - c.quiet_seconds;
}

/// The worker's loud session the suite's next case plays on, or null to play it quietly.
inline ProviderSession* loud_for_next_case(const SuiteContext& ctx) {
  if (ctx.loud == nullptr || !ctx.loud->wanted() || !plays_loud(ctx.loud->costs())) return nullptr;
  return ctx.loud->get();
}

}  // namespace tfc::conformance
