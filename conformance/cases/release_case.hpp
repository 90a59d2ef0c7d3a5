#pragma once
// A case across two releases of one provider (--upgrade-from): the previous release creates the
// object (and may update it), then the new release takes the state over as Core does on the
// first plan after a provider upgrade (seed 000 §UpgradeResourceState: the upgraded state holds
// the same information; 001: an unchanged configuration plans no change). Its configurations
// are written against the previous release's schema: what users wrote before they upgraded.

#include <optional>
#include <string>

#include <rapidcheck.h>

#include "conformance/cases/case_generator.hpp"
#include "conformance/cases/resource_case.hpp"
#include "conformance/cases/wiring.hpp"

namespace tfc::conformance {

struct ReleaseCase {
  ConfigPair create;
  /// Applied with the previous release before the upgrade; the configuration then in force is
  /// the one the new release plans.
  std::optional<ConfigPair> update;
  Wiring wiring;  // resources the previous release creates first (wiring.hpp)
};

rc::Gen<ReleaseCase> release_case_of(const schema::Block& block, const gen::Hints& hints,
                                     const CaseGenOptions& options);
/// The kind's generator (case_kinds.inc), over the previous release's schema.
Expected<CaseGenerator<ReleaseCase>> release_generator(const GeneratorSource& source);

/// The configuration the new release plans: the update's when there is one.
const ConfigPair& config_in_force(const ReleaseCase& c);

std::string describe_case(const std::string& type, const schema::Block& block, const ReleaseCase& c);
std::size_t case_size(const ReleaseCase& c);

}  // namespace tfc::conformance
