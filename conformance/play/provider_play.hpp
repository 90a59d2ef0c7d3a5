#pragma once
// The provider's own suite, played as Core plays the calls about the provider itself: its schema
// (judged, asked twice for stability, against GetFunctions and GetMetadata), its configuration,
// StopProvider at the end of the run; and the suite of a provider that did not start.

#include <string>

#include "conformance/session/core_start.hpp"
#include "conformance/session/provider_session.hpp"
#include "reports/run_report.hpp"

namespace tfc::conformance {

/// The provider suite: its schema (sanity rules, asked twice for stability) and configuration.
report::Suite provider_suite(ProviderSession& host, const std::string& name);

/// StopProvider at the end of the run, as Core sends it on an interrupt: answered, not failed.
report::Scenario stop_scenario(ProviderSession& host, const std::string& name);

/// The provider suite of a provider that did not start (`message` says why): one finding.
report::Suite start_failure_suite(const std::string& name, const StartFailure& failure, const std::string& message);

}  // namespace tfc::conformance
