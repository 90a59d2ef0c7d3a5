#pragma once
// The final planned state against the initial one (seed 000 §PlanResourceChange, "OpenTofu
// Core compares the final with the initial planned state"). Enforced for the legacy SDK too.

#include <string_view>
#include <vector>

#include "oracle/violation.hpp"
#include "proto/cty/path.hpp"
#include "proto/cty/value.hpp"
#include "proto/schema/block.hpp"

namespace tfc::oracle {

/// The action Core derives from a plan (001 §Default Planning Behavior).
enum class Action : std::uint8_t { NoOp, Create, Update, Replace, Delete };

std::string_view to_string(Action action) noexcept;

/// The action implied by a prior state, a planned state and the requires_replace paths: create
/// from null, delete to null, no-op when identical, replace when a requires_replace path's
/// value is not known to be equal (001 §Provider-driven Behaviors), update otherwise.
Action implied_action(const cty::Value& prior, const cty::Value& planned,
                      const std::vector<cty::Path>& requires_replace);

/// Every value known in `initial` must be identical in `final_planned`; an unknown may stay
/// unknown or take any value of its type honouring its refinements; null-ness, elements and
/// block counts are kept (`plan_final.known_value_changed`); an object planned present may not
/// turn absent nor the reverse (`plan_final.action_changed`). `final_planned` must conform to
/// the schema's type first. Never tolerated for the legacy SDK.
Violations check_plan_final(const schema::Block& block, const cty::Value& initial, const cty::Value& final_planned);

/// `plan_final.action_changed`: the final plan's action must be the initial one, except that a
/// replace is carried out as a create and an update may become a no-op once its unknowns are known.
Violations check_action_change(Action initial, Action final_action);

}  // namespace tfc::oracle
