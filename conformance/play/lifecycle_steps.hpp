#pragma once
// The lifecycle's steps as Core takes them on one object (case_play.hpp lists the sequences):
// validation, the plans with and without unknowns, apply and the checks after it, create,
// update, replace and destroy. Every kind of case that creates an object plays them.

#include <optional>
#include <string>

#include "conformance/cases/resource_case.hpp"
#include "conformance/play/resource_driver.hpp"

namespace tfc::conformance::lifecycle {

inline constexpr const char* kAfterApply = "lifecycle.plan_not_empty_after_apply";
inline constexpr const char* kAfterRefresh = "lifecycle.plan_not_empty_after_refresh";
inline constexpr const char* kAfterMove = "lifecycle.plan_not_empty_after_move";

/// Core stops an operation at the first error it finds in a provider's answer, so the case does
/// too (only the destroy follows): later findings would be consequences of the first one.
bool failed(ResourceDriver& d);

/// Judges a check that compares two answers (no single RPC of its own).
void judge_pair(ResourceDriver& d, StepName step, protocol::Rpc rpc, const oracle::Violations& v,
                const char* expected_name, const cty::Value& expected, const char* actual_name,
                const cty::Value& actual);

/// `identity.changed` between the identity the case knows and one an answer gave for the same
/// object (a check that compares two answers).
void judge_identity_pair(ResourceDriver& d, StepName step, const cty::Value& expected, const cty::Value& actual);

/// Validation with unknowns (when any were injected), then with the known configuration.
bool validate_config(ResourceDriver& d, const ConfigPair& config);

/// The plan with unknowns, when any were injected. Returns false when the case cannot go on.
bool plan_initial(ResourceDriver& d, const cty::Value& prior, const std::string& prior_private,
                  const ConfigPair& config, std::optional<Planned>& initial,
                  const std::optional<cty::Value>& prior_identity = std::nullopt);

/// Validation, then the plan with unknowns. Returns false when the case cannot go on.
bool validate_and_plan_initial(ResourceDriver& d, const cty::Value& prior, const std::string& prior_private,
                               const ConfigPair& config, std::optional<Planned>& initial,
                               const std::optional<cty::Value>& prior_identity = std::nullopt);

/// The final plan, made when the values are known (at apply time), judged against the initial
/// plan: 000 §PlanResourceChange, "OpenTofu Core compares the final with the initial".
std::optional<Planned> plan_final(ResourceDriver& d, const cty::Value& prior, const std::string& prior_private,
                                  const ConfigPair& config, const std::optional<Planned>& initial, StepName step,
                                  const std::optional<cty::Value>& prior_identity = std::nullopt);

/// Both plans of a create (or of the create half of a replacement).
std::optional<Planned> validate_and_plan(ResourceDriver& d, const cty::Value& prior, const std::string& prior_private,
                                         const ConfigPair& config);

/// After an apply: plan again (no-op), read, and plan again after the refresh (no-op).
std::optional<LiveObject> settle(ResourceDriver& d, LiveObject live, const cty::Value& config);

/// Applies a plan and settles; a failed or vanished apply leaves what is left for cleanup.
std::optional<LiveObject> apply_and_settle(ResourceDriver& d, const cty::Value& prior, const Planned& planned,
                                           const cty::Value& config);

std::optional<LiveObject> create(ResourceDriver& d, const ConfigPair& config, bool learn_only);

/// Destroy: plan to null, then apply. Returns false when the object may still exist.
bool destroy(ResourceDriver& d, const LiveObject& live, ScenarioName scenario);

/// The delete half of a replacement, applied from the replace change with no destroy plan, as
/// Core does: the create half's private data, a null planned identity. False when the object
/// may still exist.
bool delete_for_replace(ResourceDriver& d, const LiveObject& live, const Planned& planned_create);

/// Core carries out a replacement as a delete, then a create planned again from a null prior
/// at apply time (001 §Default Planning Behavior, "Replace"); that create plan is the final
/// plan, judged against the create plan made at plan time (`planned_create`).
std::optional<LiveObject> replace(ResourceDriver& d, const LiveObject& live, const ConfigPair& config,
                                  const Planned& planned_create);

/// When a plan from the prior state asks for replacement, Core plans again from a null prior:
/// the change's new object is that create plan (Terraform's plan(), "we want to produce a
/// change object that shows our real prior object but has a new object built from a null prior"),
/// sent the private data of `replacing` (the plan that asked for the replacement).
std::optional<Planned> create_half(ResourceDriver& d, const cty::Value& config, StepName step,
                                   const Planned& replacing);

/// What an update plan says of the object's top-level members (CaseOutcome::replaced_for and
/// updated_in_place): the names its requires_replace starts with, or, without a replacement,
/// those whose planned value differs from the prior state's.
void note_update_plan(ResourceDriver& d, const cty::Value& prior, const Planned& planned);

/// `took` says whether the object now follows `config` (false when the provider refused it).
std::optional<LiveObject> update(ResourceDriver& d, const LiveObject& live, const ConfigPair& config, bool& took);

/// The end of a case: destroys the object the case holds (or the partial object a failed apply
/// left); what cannot be destroyed because the process was lost stays in `out` for the suite.
void destroy_at_end(ResourceDriver& d, std::optional<LiveObject>& live, CaseOutcome& out);

}  // namespace tfc::conformance::lifecycle
