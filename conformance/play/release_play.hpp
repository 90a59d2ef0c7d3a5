#pragma once
// Plays a case across two releases (cases/release_case.hpp) as Core plays the first run after a
// provider upgrade:
//
//   previous release:  create (and update) as in any lifecycle case, judged the same way;
//   new release:       the configuration carried to its schema and validated → the stored state
//                      upgraded from the previous release's schema version (raw JSON, as Core
//                      keeps it) → read → planned with the unchanged configuration: a no-op
//                      (release.plan_not_empty; a replacement is release.plan_replaces) →
//                      destroyed. A type the new release lacks is release.type_removed.
//
// Phases (CaseFinding::phase): 0 create, 1 update (both previous release), 2 the upgrade and its
// plan, 3 the destroy (new release).

#include "conformance/cases/release_case.hpp"
#include "conformance/play/case_play.hpp"
#include "conformance/play/resource_driver.hpp"

namespace tfc::conformance {

inline constexpr std::size_t kReleaseUpgradePhase = 2;

CaseOutcome play_case(protocol::ProviderClient& client, const std::string& type, const schema::Schema& schema,
                      const ReleaseCase& c, const PlayOptions& options);

/// A data source across two releases, after the previous release (`previous`) read `first` for
/// the known `config`: it reads once more (what varies from read to read is no finding), then the
/// new release validates and reads the same configuration; its result is judged against both
/// (release.data_result_changed, and the configuration rules of managed resources).
void read_across_releases(ResourceDriver& previous, const schema::Schema& schema, const cty::Value& config,
                          const cty::Value& first, const NextRelease& next, const oracle::CheckOptions& check);

}  // namespace tfc::conformance
