#pragma once
// What every part of one suite reads and none changes: the session it plays on, its kind and
// type, the type's schema, the settings, and where progress goes.

#include <string>

#include "conformance/cases/unique_names.hpp"
#include "conformance/session/loud_session.hpp"
#include "conformance/session/provider_session.hpp"
#include "conformance/session/session_pool.hpp"
#include "conformance/suite/move_refusals.hpp"
#include "conformance/suite/suite_runner.hpp"
#include "reports/console_progress.hpp"

namespace tfc::conformance {

struct SuiteContext {
  ProviderSession& host;
  CaseKind kind;
  std::string type;
  std::size_t type_index = 0;  // among the provider's types of the kind, in name order
  /// The suite's own copy of the type's schema (empty for functions): generators keep
  /// references into it.
  schema::Schema schema;
  const SuiteSettings& settings;
  report::ProgressListener* progress = nullptr;
  SessionPool* pool = nullptr;  // the run's spare sessions (null in a replay)
  bool spreads = false;         // a round's cases are played on spare sessions too
  /// They create objects: one that did not pass cleanly beside the others is played again alone
  /// (concurrent_conflict.hpp).
  bool guarded = false;
  std::string label;                     // the suite's label in progress events
  const ExampleSeed* example = nullptr;  // the author's examples of the type, when any
  /// What names an object in the suite's lifecycle cases (empty for every other kind): made
  /// unique per case so that cases may create objects at the same time.
  UniqueNames unique;
  /// With --provider-log failures: the worker's session with the provider's logging on, on which
  /// a failing case is played again for its log (loud_evidence.hpp); null when every session logs.
  LoudSession* loud = nullptr;
  /// Whether the type refuses every move alike, so cases stop asking (move_refusals.hpp);
  /// changed only between learning rounds, when no case plays.
  MoveRefusals* moves = nullptr;
};

}  // namespace tfc::conformance
