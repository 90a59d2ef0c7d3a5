#pragma once
// Plays one generated case against a live provider, making Core's calls in Core's order
// (docs/protocol.md §5; seeds 000 §PlanResourceChange to §ImportResourceState):
//
//   create:  validate (with unknowns, then known) → plan with unknowns → final plan → apply →
//            plan again (must be a no-op) → read → plan again after the refresh (no-op)
//   update:  the same with the object's state as prior; a plan that asks for replacement is
//            carried out as Core does (destroy, then create from a null prior)
//   refresh: read → no-op plan;  upgrade: state (and identity) at the current version;
//   import:  by `id`, then read, compared with the applied state, then planned with the
//            configuration in force (a no-op but for what import left null); GenerateResourceConfig of it
//            when advertised (TF 1.14); by identity too (6.9+);
//   move:    right after the create, when the provider can move states: the object moved
//            from its own type (a `moved` block across configurations) → no-op plan;
//   destroy: plan to null → apply.
//   plan only (no --apply): the create's validation and plans; then the planned state, its
//            unknown values invented, is the prior of an upgrade, of a move (when the provider
//            can move states) and of a plan of the known values of a new configuration
//            (validated first) or of the same one. No accepted plan: no prior, none of these.

#include <functional>
#include <optional>
#include <string>

#include "conformance/cases/resource_case.hpp"
#include "conformance/core/case_outcome.hpp"
#include "oracle/violation.hpp"
#include "proto/protocol/provider_client.hpp"
#include "proto/schema/provider_schema.hpp"

namespace tfc::conformance {

/// The new release of the provider, when a case plays across two releases (--upgrade-from).
struct NextRelease {
  protocol::ProviderClient* client = nullptr;
  const schema::ProviderSchema* schema = nullptr;
  std::string previous_label;  // the releases' binaries' file names, for findings
  std::string label;
};

struct PlayOptions {
  oracle::CheckOptions check;
  /// Only the calls the suite learns from (a replay re-deriving what earlier cases taught):
  /// a lifecycle case stops after its create plan, before anything is applied.
  bool learn_only = false;
  /// The provider's log length so far (CaseRecorder::set_log_mark); empty: no marks.
  std::function<std::size_t()> log_mark;
  /// The whole provider schema (identity schemas, function signatures, the managed resource of
  /// a list resource); null in tests that play one type alone.
  const schema::ProviderSchema* provider = nullptr;
  /// --apply: real changes (and, for the other families, Open, Invoke and created objects).
  bool apply = false;
  /// The provider's address, the source address of a MoveResourceState from its own types.
  std::string provider_address;
  /// With --upgrade-from: the new release (the client and schema given to play_case are the
  /// previous release's).
  std::optional<NextRelease> next_release;
  /// The Core version the cases stand in for (--core): the client capabilities sent.
  CoreVersion core = default_core();
  /// The suite learned that the type refuses every move alike: no MoveResourceState.
  bool skip_move = false;
};

/// A case's recorder, judging as the options say: the profile, the Core version, the log marks.
inline void record_as(CaseRecorder& rec, const PlayOptions& options) {
  rec.set_profile(options.check.profile);
  rec.set_core(options.core);
  rec.set_log_mark(options.log_mark);
}

CaseOutcome play_case(protocol::ProviderClient& client, const std::string& type, const schema::Schema& schema,
                      const LifecycleCase& c, const PlayOptions& options);
CaseOutcome play_case(protocol::ProviderClient& client, const std::string& type, const schema::Schema& schema,
                      const PlanOnlyCase& c, const PlayOptions& options);
CaseOutcome play_case(protocol::ProviderClient& client, const std::string& type, const schema::Schema& schema,
                      const DataCase& c, const PlayOptions& options);

/// Destroys an object left behind by a case whose provider was lost, without judging it; the
/// requests carry `core`'s client capabilities, as the case's did.
void destroy_quietly(protocol::ProviderClient& client, const std::string& type, const schema::Schema& schema,
                     const cty::Value& state, const std::string& private_data, const CoreVersion& core);

}  // namespace tfc::conformance
