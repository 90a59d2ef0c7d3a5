#pragma once
// One suite: the generated cases of one resource type (or data source) played against the
// provider, each failure shrunk to a minimal case and replayed once more to keep its requests,
// responses and provider log; then the scenarios' verdicts and the coverage figures. The parts,
// each a function of what it is given: case_schedule.hpp (seeds, sizes, learning rounds),
// suite_rounds.hpp (the search: rounds of played cases), shrink_report.hpp and case_report.hpp
// (shrinking and reporting a failure), suite_replay.hpp (a replay token's case), suite_tally.hpp
// (the figures and the suite's report), finding_book.hpp (each finding reported once).

#include <chrono>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "conformance/cases/resource_case.hpp"
#include "conformance/core/client_capabilities.hpp"
#include "conformance/repro/repro_context.hpp"
#include "conformance/session/loud_session.hpp"
#include "conformance/session/provider_session.hpp"
#include "conformance/session/session_pool.hpp"
#include "conformance/suite/case_schedule.hpp"
#include "conformance/suite/replay_token.hpp"
#include "generators/hints.hpp"
#include "generators/world_values.hpp"
#include "oracle/violation.hpp"
#include "reports/console_progress.hpp"
#include "reports/run_report.hpp"

namespace tfc::conformance {

/// The provider author's examples of one type (--examples): how many, where the first is, and
/// their configurations (.tf.json bodies, identical ones once). A suite plays its first cases
/// from them unchanged, one each (at most kMaxExampleCases, and never more than half its
/// cases); those the provider accepts are learned like any accepted configuration.
struct ExampleSeed {
  std::size_t found = 0;
  std::string source;  // file:line
  std::vector<nlohmann::json> bodies;
};
inline constexpr std::size_t kMaxExampleCases = 3;

struct SuiteSettings {
  std::size_t cases = 25;
  std::uint64_t run_seed = 0;
  std::size_t max_shrinks = 400;
  std::chrono::seconds shrink_time{60};  // per failure
  oracle::CheckOptions check;
  /// The Core version the cases stand in for (--core): the client capabilities sent.
  CoreVersion core = default_core();
  CaseGenOptions generation;
  ReproContext repro;
  ValueSchedule values = ValueSchedule::realistic;
  bool apply = false;   // --apply (the families beyond managed resources read it from here)
  std::string address;  // the provider's address (the source address of a move)
  /// By suite label ("resource.tls_private_key", "data.http", ...): the types with examples.
  std::map<std::string, ExampleSeed, std::less<>> examples;
  /// What the run's world offers (docs/world.md); absent with --no-world (and in-process runs):
  /// the learners then start as they always did.
  std::optional<gen::WorldValues> world;
};

/// Plays `settings.cases` cases of `kind` on `type`, each generated with what the suite has
/// learned from the provider's refusals in the earlier learning rounds (generators/learning);
/// with `replay`, plays only that case (after replaying the earlier rounds' validation and
/// plans to learn the same).
/// The suite starts from its kind's hints in `hints` (kind_hints.hpp). The host is restarted
/// whenever its process is lost. `learned`, when given, receives the hints the suite ended with
/// (the user's and the learned ones: what --write-hints writes).
/// With a `pool`, the cases of a learning round are also played on the sessions free in it, at
/// the same time: those that change nothing real (plans, reads, function calls), and lifecycle
/// cases under --apply, whose names are unique per case (cases/unique_names.hpp) and which are
/// played again alone when they did not pass cleanly beside the others (concurrent_conflict.hpp);
/// the results are those of playing them one at a time on `host`.
/// With a `loud` session that is wanted (--provider-log failures), each new finding's case is
/// played again on it for the provider's log (loud_evidence.hpp).
report::Suite run_suite(ProviderSession& host, CaseKind kind, const std::string& type, const gen::HintsFile& hints,
                        const SuiteSettings& settings, report::ProgressListener* progress,
                        const std::optional<ReplayToken>& replay = std::nullopt, gen::Hints* learned = nullptr,
                        SessionPool* pool = nullptr, LoudSession* loud = nullptr);

/// The index of `type` among the provider's resource types (data sources for Data), in name order.
std::size_t type_index(const schema::ProviderSchema& schema, CaseKind kind, const std::string& type);
/// Fills a token's type name from its index (or checks the name it has): errors when the
/// provider has no such type.
Expected<void> resolve_type(ReplayToken& token, const schema::ProviderSchema& schema);

}  // namespace tfc::conformance
