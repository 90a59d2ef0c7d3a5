// The lifecycle's steps (see lifecycle_steps.hpp).
#include "conformance/play/lifecycle_steps.hpp"

#include <variant>

#include "conformance/core/value_io.hpp"
#include "oracle/identity_rules.hpp"
#include "oracle/plan_final.hpp"
#include "oracle/state_checks.hpp"

namespace tfc::conformance::lifecycle {

using protocol::Rpc;

/// Core stops an operation at the first error it finds in a provider's answer, so the case does
/// too (only the destroy follows): later findings would be consequences of the first one.
bool failed(ResourceDriver& d) { return d.lost() || d.recorder().outcome().has_error_finding(); }

/// Judges a check that compares two answers (no single RPC of its own).
void judge_pair(ResourceDriver& d, StepName step, protocol::Rpc rpc, const oracle::Violations& v,
                const char* expected_name, const cty::Value& expected, const char* actual_name,
                const cty::Value& actual) {
  StepValues values;
  values.request = {{expected_name, display_json(d.block(), expected)}};
  values.response = {{actual_name, display_json(d.block(), actual)}};
  values.expected = &expected;
  values.actual = &actual;
  d.recorder().judge(step, rpc, v, values);
}

/// `identity.changed` between the identity the case knows and one an answer gave for the same
/// object (a check that compares two answers).
void judge_identity_pair(ResourceDriver& d, StepName step, const cty::Value& expected, const cty::Value& actual) {
  StepValues values;
  values.request = {{"identity", display_json(d.identity_block(), expected)}};
  values.response = {{"identity", display_json(d.identity_block(), actual)}};
  d.recorder().judge(step, Rpc::ReadResource,
                     oracle::check_identity_kept(d.identity_block(), expected, actual, "the imported object"), values);
}

/// Validation with unknowns (when any were injected), then with the known configuration.
bool validate_config(ResourceDriver& d, const ConfigPair& config) {
  if (!config.with_unknowns.injected.empty() && !d.validate(config.with_unknowns.value, "validate (unknowns)"))
    return false;
  return d.validate(config.known, "validate");
}

/// The plan with unknowns, when any were injected. Returns false when the case cannot go on.
bool plan_initial(ResourceDriver& d, const cty::Value& prior, const std::string& prior_private,
                  const ConfigPair& config, std::optional<Planned>& initial,
                  const std::optional<cty::Value>& prior_identity) {
  if (config.with_unknowns.injected.empty()) return true;
  initial = d.plan(prior, prior_private, config.with_unknowns.value, "plan (unknowns)", prior_identity);
  return initial && !failed(d);
}

/// Validation, then the plan with unknowns. Returns false when the case cannot go on.
bool validate_and_plan_initial(ResourceDriver& d, const cty::Value& prior, const std::string& prior_private,
                               const ConfigPair& config, std::optional<Planned>& initial,
                               const std::optional<cty::Value>& prior_identity) {
  return validate_config(d, config) && plan_initial(d, prior, prior_private, config, initial, prior_identity);
}

/// The final plan, made when the values are known (at apply time), judged against the initial
/// plan: 000 §PlanResourceChange, "OpenTofu Core compares the final with the initial".
std::optional<Planned> plan_final(ResourceDriver& d, const cty::Value& prior, const std::string& prior_private,
                                  const ConfigPair& config, const std::optional<Planned>& initial, StepName step,
                                  const std::optional<cty::Value>& prior_identity) {
  // At apply time Core sends back the private data of the plan-time plan (6.11).
  auto final_plan = d.plan(prior, prior_private, config.known, step, prior_identity, false,
                           initial ? initial->planned_private : std::string());
  if (final_plan) {
    d.recorder().outcome().planned = true;
    d.recorder().reached(CoverageStep::Planned);
  }
  if (!final_plan || failed(d)) return std::nullopt;
  if (initial) {
    auto v = oracle::check_plan_final(d.block(), initial->state, final_plan->state);
    auto action = oracle::check_action_change(initial->action, final_plan->action);
    v.insert(v.end(), action.begin(), action.end());
    judge_pair(d, step, Rpc::PlanResourceChange, v, "initial_planned_state", initial->state, "final_planned_state",
               final_plan->state);
    if (failed(d)) return std::nullopt;
  }
  return final_plan;
}

/// Both plans of a create (or of the create half of a replacement).
std::optional<Planned> validate_and_plan(ResourceDriver& d, const cty::Value& prior, const std::string& prior_private,
                                         const ConfigPair& config) {
  std::optional<Planned> initial;
  if (!validate_and_plan_initial(d, prior, prior_private, config, initial)) return std::nullopt;
  return plan_final(d, prior, prior_private, config, initial, initial ? StepName("final plan") : StepName("plan"));
}

/// After an apply: plan again (no-op), read, and plan again after the refresh (no-op).
std::optional<LiveObject> settle(ResourceDriver& d, LiveObject live, const cty::Value& config) {
  if (auto again = d.plan(live.state, live.private_data, config, "plan after apply", live.identity);
      again && !failed(d)) {
    judge_pair(d, "plan after apply", Rpc::PlanResourceChange,
               oracle::check_plan_is_no_op(d.block(), live.state, again->state, kAfterApply), "prior_state", live.state,
               "planned_state", again->state);
  }
  if (failed(d)) return d.lost() ? std::nullopt : std::optional<LiveObject>(live);
  auto read = d.read(live, "read after apply");
  if (!read) return d.lost() ? std::nullopt : std::optional<LiveObject>(live);
  // A read may find the object gone (an expiring resource, say): the case ends there.
  if (read->state.is_null()) return std::nullopt;
  judge_pair(d, "read after apply", Rpc::ReadResource,
             oracle::check_read_normalization(d.block(), live.state, read->state), "applied_state", live.state,
             "read_state", read->state);
  if (failed(d)) return d.lost() ? std::nullopt : std::optional<LiveObject>(live);
  if (!raw_equals(read->state, live.state)) {
    if (auto again = d.plan(read->state, read->private_data, config, "plan after refresh", read->identity);
        again && !failed(d)) {
      judge_pair(d, "plan after refresh", Rpc::PlanResourceChange,
                 oracle::check_plan_is_no_op(d.block(), read->state, again->state, kAfterRefresh), "prior_state",
                 read->state, "planned_state", again->state);
    }
  }
  if (read->private_data.empty()) read->private_data = live.private_data;
  return read;
}

/// Applies a plan and settles; a failed or vanished apply leaves what is left for cleanup.
std::optional<LiveObject> apply_and_settle(ResourceDriver& d, const cty::Value& prior, const Planned& planned,
                                           const cty::Value& config) {
  auto applied = d.apply(prior, planned, config, "apply");
  auto& out = d.recorder().outcome();
  if (!applied) return std::nullopt;
  if (applied->apply_failed) {
    out.leftover_state = applied->state;
    out.leftover_private = applied->private_data;
    return std::nullopt;
  }
  out.applied = true;
  d.recorder().reached(CoverageStep::Applied);
  if (applied->state.is_null()) return std::nullopt;
  if (!applied->state.is_wholly_known() || failed(d)) {
    out.leftover_state = applied->state;  // cannot be planned against; destroy it anyway
    out.leftover_private = applied->private_data;
    return std::nullopt;
  }
  return settle(d, *applied, config);
}

std::optional<LiveObject> create(ResourceDriver& d, const ConfigPair& config, bool learn_only) {
  d.recorder().scenario("create");
  const cty::Value& none = d.null_object();
  d.recorder().set_learning(true);
  auto planned = validate_and_plan(d, none, "", config);
  d.recorder().set_learning(false);
  if (!planned || learn_only) return std::nullopt;
  return apply_and_settle(d, none, *planned, config.known);
}

namespace {

/// ApplyResourceChange of a delete (planned state and configuration null) with the change's
/// private data and planned identity. False when the object may still exist.
bool apply_delete(ResourceDriver& d, const cty::Value& prior, std::string planned_private,
                  std::optional<cty::Value> identity) {
  const cty::Value& none = d.null_object();
  Planned to_null;
  to_null.state = none;
  to_null.action = oracle::Action::Delete;
  to_null.planned_private = std::move(planned_private);
  to_null.identity = std::move(identity);
  auto applied = d.apply(prior, to_null, none, "apply destroy");
  if (applied) d.recorder().reached(CoverageStep::Destroyed);
  return applied.has_value();
}

}  // namespace

/// Destroy: plan to null, then apply. Returns false when the object may still exist.
bool destroy(ResourceDriver& d, const LiveObject& live, ScenarioName scenario) {
  d.recorder().scenario(scenario);
  auto planned = d.plan(live.state, live.private_data, d.null_object(), "plan destroy", live.identity);
  if (d.lost()) return false;
  return apply_delete(d, live.state, planned ? planned->planned_private : std::string(), live.identity);
}

/// The delete half of a replacement. Core applies it from the replace change itself, with no
/// destroy plan: the planned state null, the change's private data (the create half's plan's)
/// and a null planned identity (Terraform v1.13 and OpenTofu v1.12,
/// ResourceInstanceChange.Simplify for a destroy node). Returns false when the object may still
/// exist.
bool delete_for_replace(ResourceDriver& d, const LiveObject& live, const Planned& planned_create) {
  d.recorder().scenario("replace");
  return apply_delete(d, live.state, planned_create.planned_private, std::nullopt);
}

/// Core carries out a replacement as a delete, then a create planned again from a null prior
/// at apply time (001 §Default Planning Behavior, "Replace"); that create plan is the final
/// plan, judged against the create plan made at plan time (`planned_create`).
std::optional<LiveObject> replace(ResourceDriver& d, const LiveObject& live, const ConfigPair& config,
                                  const Planned& planned_create) {
  if (!delete_for_replace(d, live, planned_create)) return std::nullopt;
  const cty::Value& none = d.null_object();
  auto created = plan_final(d, none, "", config, planned_create, "final plan (create)");
  if (!created) return std::nullopt;
  auto replaced = apply_and_settle(d, none, *created, config.known);
  if (replaced) d.recorder().reached(CoverageStep::Replaced);
  return replaced;
}

/// When a plan from the prior state asks for replacement, Core plans again from a null prior:
/// the change's new object is that create plan (Terraform's plan(), "we want to produce a
/// change object that shows our real prior object but has a new object built from a null prior"),
/// sent the replacing plan's private data as its prior private data (both Cores).
std::optional<Planned> create_half(ResourceDriver& d, const cty::Value& config, StepName step,
                                   const Planned& replacing) {
  const cty::Value& none = d.null_object();
  auto created = d.plan(none, replacing.planned_private, config, step);
  if (!created || failed(d)) return std::nullopt;
  return created;
}

/// What an update plan says of the object's top-level members (CaseOutcome::replaced_for and
/// updated_in_place): the names its requires_replace starts with, or, without a replacement,
/// those whose planned value differs from the prior state's.
void note_update_plan(ResourceDriver& d, const cty::Value& prior, const Planned& planned) {
  CaseOutcome& out = d.recorder().outcome();
  if (planned.action == oracle::Action::Replace) {
    for (const auto& path : planned.requires_replace) {
      if (path.empty()) continue;
      if (const auto* step = std::get_if<cty::AttributeStep>(&path.steps().front()))
        out.replaced_for.insert(step->name);
    }
    return;
  }
  if (planned.action != oracle::Action::Update) return;
  if (planned.state.is_null() || !planned.state.is_known() || prior.is_null() || !prior.is_known()) return;
  const auto& names = planned.state.type().attributes();
  const auto& values = planned.state.attribute_values();
  for (std::size_t i = 0; i < names.size() && i < values.size(); ++i) {
    const cty::Value* before = prior.attribute(names[i].name);
    if (before == nullptr || !raw_equals(*before, values[i])) out.updated_in_place.insert(names[i].name);
  }
}

/// `took` says whether the object now follows `config` (false when the provider refused it).
std::optional<LiveObject> update(ResourceDriver& d, const LiveObject& live, const ConfigPair& config, bool& took) {
  d.recorder().scenario("update");
  took = false;
  auto unchanged = [&]() { return d.lost() ? std::nullopt : std::optional<LiveObject>(live); };
  std::optional<Planned> initial;
  if (!validate_and_plan_initial(d, live.state, live.private_data, config, initial, live.identity)) return unchanged();
  if (initial) note_update_plan(d, live.state, *initial);
  if (initial && initial->action == oracle::Action::Replace) {
    d.recorder().scenario("replace");
    auto created = create_half(d, config.with_unknowns.value, "plan (unknowns, replace: create)", *initial);
    if (!created) return unchanged();
    took = true;
    d.recorder().reached(CoverageStep::UpdatePlanned);
    return replace(d, live, config, *created);
  }
  auto planned = plan_final(d, live.state, live.private_data, config, initial,
                            initial ? StepName("final plan") : StepName("plan"), live.identity);
  if (!planned) return unchanged();
  note_update_plan(d, live.state, *planned);
  took = true;
  d.recorder().reached(CoverageStep::UpdatePlanned);
  switch (planned->action) {
    case oracle::Action::NoOp: return live;
    case oracle::Action::Replace: {
      d.recorder().scenario("replace");
      auto created = create_half(d, config.known, "plan (replace: create)", *planned);
      if (!created) return unchanged();
      return replace(d, live, config, *created);
    }
    case oracle::Action::Update: {
      auto updated = apply_and_settle(d, live.state, *planned, config.known);
      if (updated) d.recorder().reached(CoverageStep::Updated);
      return updated;
    }
    default: return std::nullopt;  // create or delete from an update: already a plan finding
  }
}

void destroy_at_end(ResourceDriver& d, std::optional<LiveObject>& live, CaseOutcome& out) {
  if (live && !d.lost()) {
    if (!destroy(d, *live, "destroy") && d.lost()) {
      out.leftover_state = live->state;
      out.leftover_private = live->private_data;
    }
  } else if (live) {
    out.leftover_state = live->state;
    out.leftover_private = live->private_data;
  } else if (out.leftover_state && !d.lost()) {
    // A partial object from a failed apply: destroy it now, judged like any destroy.
    LiveObject partial{*out.leftover_state, out.leftover_private};
    if (destroy(d, partial, "destroy")) out.leftover_state.reset();
  }
}

}  // namespace tfc::conformance::lifecycle
