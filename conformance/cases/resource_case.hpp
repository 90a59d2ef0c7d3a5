#pragma once
// The generated cases the suite plays, built from RapidCheck generators so that every failing
// case shrinks (steps drop out, attributes go null, blocks go away, unknowns become known):
// a lifecycle (create, then a random sequence of Core's steps on the same object, then
// destroy), a plan-only case (no real change), and a data source read. Leaves follow a value
// profile (generators/arbitrary_value.hpp): realistic unless the case belongs to the extreme
// phase of a run.

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <rapidcheck.h>

#include "conformance/cases/case_generator.hpp"
#include "conformance/cases/wiring.hpp"
#include "generators/config_gen.hpp"
#include "generators/hints.hpp"
#include "generators/unknown_injection.hpp"
#include "proto/cty/value.hpp"
#include "proto/schema/block.hpp"

namespace tfc::conformance {

/// A configuration, and the same configuration with unknowns injected: Core plans first with
/// the unknowns (values from resources not yet applied), then again with everything known.
struct ConfigPair {
  cty::Value known;
  gen::InjectedConfig with_unknowns;
};

/// The steps that may follow a create on the same object (seed 000: the lifecycle operations).
enum class StepKind { Refresh, Upgrade, Import, Update };

struct Step {
  StepKind kind = StepKind::Refresh;
  ConfigPair config;  // Update only: the new configuration
  /// Update only: a change meant to keep the object, made of the members not known to force
  /// its replacement (those the hints mark `forces_replacement` keep their create values).
  bool in_place = false;
};

/// create → steps... → destroy on one object (needs --apply). Once the hints know members that
/// force a replacement (and others that may change), some cases (kInPlacePercent) are long
/// lives: their updates are in place, so one object goes through several updates before it is
/// destroyed.
struct LifecycleCase {
  ConfigPair create;
  std::vector<Step> steps;
  Wiring wiring;  // resources created first whose values fill every configuration's wired attributes
};

/// Without --apply: plans `config` from nothing; then, from that plan's state with its unknown
/// values invented (a prior state the provider could have written: only computed values are
/// made up), an upgrade and a plan of `update` (of `config` again when there is none).
struct PlanOnlyCase {
  ConfigPair config;
  std::optional<ConfigPair> update;
  std::uint64_t invention_seed = 0;  // the invented values are a function of it and the plan
};

/// A data source read.
struct DataCase {
  ConfigPair config;
  Wiring wiring;  // with --apply: resources created first, their values read into the configuration
};

/// The share of lifecycle cases whose updates are in place, once a member is known to force
/// replacement (about a quarter of the cases then update one object in place twice or more).
inline constexpr int kInPlacePercent = 30;
/// Whether the lifecycle case of this case seed is a long life (kInPlacePercent of the seeds).
bool long_life_case(std::uint64_t case_seed);

/// The top-level attributes and blocks the hints mark `forces_replacement`, sorted.
std::vector<std::string> forcing_members(const gen::Hints& hints);

/// `update` with each top-level member named in `kept` as `create` has it.
cty::Value keep_members(const cty::Value& update, const cty::Value& create, const std::vector<std::string>& kept);

struct CaseGenOptions {
  gen::UnknownOptions unknowns;
  std::size_t max_steps = 4;
  gen::ValueProfile values = gen::ValueProfile::realistic;
  /// Cases may create resources of other types first (wiring.hpp): only with --apply.
  bool wiring = false;
  /// Every configuration is the hints' example unchanged (the first case of a type the
  /// provider's author gave examples of).
  bool first_example = false;
  /// A lifecycle case is a long life (once members are known to force replacement): chosen per
  /// case by long_life_case, so the other cases stay what they were.
  bool long_life = false;
};

/// `cases` with a wiring for every case, when `options` allow it and the provider has
/// producers for the type's inputs; `cases` itself otherwise (so a type without producers
/// draws exactly the cases it drew before wiring existed).
template <class Case>
rc::Gen<Case> with_wiring(rc::Gen<Case> cases, const schema::ProviderSchema& provider, const std::string& type,
                          const schema::Block& block, const gen::Hints& hints, const CaseGenOptions& options) {
  if (!options.wiring || !has_upstream(provider, type, block, hints)) return cases;
  return rc::gen::apply(
      [](Case c, Wiring w) {
        c.wiring = std::move(w);
        return c;
      },
      std::move(cases), wiring_of(provider, type, block, hints, options.values, options.first_example));
}

rc::Gen<ConfigPair> config_pair_of(const schema::Block& block, const gen::Hints& hints, const CaseGenOptions& options);
rc::Gen<LifecycleCase> lifecycle_case_of(const schema::Block& block, const gen::Hints& hints,
                                         const CaseGenOptions& options);
/// An update of the object `create` made that keeps it: a new configuration whose members the
/// hints mark `forces_replacement` are create's (and never unknown in the first plan).
rc::Gen<ConfigPair> in_place_pair_of(const schema::Block& block, const gen::Hints& hints, const cty::Value& create,
                                     const CaseGenOptions& options);
rc::Gen<PlanOnlyCase> plan_only_case_of(const schema::Block& block, const gen::Hints& hints,
                                        const CaseGenOptions& options);
rc::Gen<DataCase> data_case_of(const schema::Block& block, const gen::Hints& hints, const CaseGenOptions& options);

/// The generators of each kind (case_kinds.inc): the functions above over the suite's block.
Expected<CaseGenerator<LifecycleCase>> lifecycle_generator(const GeneratorSource& source);
Expected<CaseGenerator<PlanOnlyCase>> plan_only_generator(const GeneratorSource& source);
Expected<CaseGenerator<DataCase>> data_generator(const GeneratorSource& source);

std::string_view to_string(StepKind kind) noexcept;

/// The case as a person reads it: each configuration as a Terraform resource block, the paths
/// that were unknown in the first plan, and the steps in order.
std::string describe_case(const std::string& type, const schema::Block& block, const LifecycleCase& c);
std::string describe_case(const std::string& type, const schema::Block& block, const PlanOnlyCase& c);
std::string describe_case(const std::string& type, const schema::Block& block, const DataCase& c);

/// The "# with .x unknown in the first plan" line of a configuration (empty without unknowns).
std::string unknown_note(const ConfigPair& c);
/// Attributes set in a configuration's known value.
std::size_t pair_size(const ConfigPair& c);

/// Attributes set across the case's configurations (the counterexample's size).
std::size_t case_size(const LifecycleCase& c);
std::size_t case_size(const PlanOnlyCase& c);
std::size_t case_size(const DataCase& c);

}  // namespace tfc::conformance
