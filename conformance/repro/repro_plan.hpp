#pragma once
// From a finding's (shrunk) case to a Terraform reproduction: one configuration per step Core
// takes, unknowns written as outputs of `terraform_data` resources created in the same step
// (so they are unknown at plan time and known at apply, as in the case), an import as an
// `import` block, a refresh as `plan -refresh-only`, the "no changes after apply" checks as
// `plan -detailed-exitcode`. A finding no configuration can replay (a generated prior state, a
// comparison Core never makes) gets the reason instead of steps.

#include <string>

#include "conformance/cases/release_case.hpp"
#include "conformance/cases/resource_case.hpp"
#include "conformance/repro/repro_context.hpp"
#include "proto/schema/block.hpp"
#include "reports/run_report.hpp"

namespace tfc::conformance {

/// `phase` says where in the lifecycle case the finding arose (CaseFinding::phase).
report::Reproduction make_reproduction(const std::string& type, const schema::Block& block, const LifecycleCase& c,
                                       const std::string& scenario, std::size_t phase, const report::Finding& finding,
                                       const ReproContext& ctx);
report::Reproduction make_reproduction(const std::string& type, const schema::Block& block, const PlanOnlyCase& c,
                                       const std::string& scenario, std::size_t phase, const report::Finding& finding,
                                       const ReproContext& ctx);
report::Reproduction make_reproduction(const std::string& type, const schema::Block& block, const DataCase& c,
                                       const std::string& scenario, std::size_t phase, const report::Finding& finding,
                                       const ReproContext& ctx);

/// Across two releases (--upgrade-from): the previous release's steps, then the new release's
/// first plan of the same configuration (release_play.hpp's phases).
report::Reproduction make_reproduction(const std::string& type, const schema::Block& block, const ReleaseCase& c,
                                       const std::string& scenario, std::size_t phase, const report::Finding& finding,
                                       const ReproContext& ctx);

/// Why no configuration can replay a finding of `rule` found at `step` (empty when one can):
/// comparisons only tfconform makes, or inputs Core never sends.
std::string not_expressible_reason(const std::string& rule, const std::string& step);

}  // namespace tfc::conformance
