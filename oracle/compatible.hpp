#pragma once
// The "is this object compatible with the plan" walk shared by ApplyResourceChange (new state
// against final plan) and the final plan against the initial plan (seed 000
// §ApplyResourceChange, §PlanResourceChange "OpenTofu Core compares the final with the
// initial planned state"). What a difference means depends on the step, so each kind of
// difference maps to a rule id chosen by the caller.

#include <string_view>

#include "oracle/findings.hpp"
#include "proto/cty/value.hpp"
#include "proto/schema/block.hpp"

namespace tfc::oracle {

/// The rule id to report for each kind of difference; an empty id means "not reported here".
struct DriftRules {
  RuleId known_changed;      // a known value differs (or changed type)
  RuleId became_unknown;     // known in the plan, unknown now
  RuleId null_became_value;  // null in the plan (or block absent), non-null now
  RuleId value_became_null;  // known non-null in the plan, null now
  RuleId element_changed;    // collection elements vanished/appeared, set correlation
  RuleId block_count;        // nested block count or keys changed
  RuleId refinement_broken;  // a value contradicts its planned unknown's refinements
  RuleId root_vanished;      // the whole object was planned present, now null
  RuleId root_appeared;      // the whole object was planned null, now present
};

/// Walks `actual` against `planned` under `block`: known planned values must be equal in
/// `actual` (numbers compared exactly, strings byte for byte), unknown planned values may take
/// any value of their type that honours their refinements, null-ness is kept, list/map/tuple
/// elements neither vanish nor appear, every planned set element correlates with some actual
/// element (unknowns match anything they could become) and no actual element is left
/// uncorrelated, sets do not grow, block counts and keys stay. Sensitive attributes report one
/// "inconsistent values for sensitive attribute" finding without values. Write-only attributes
/// are skipped (their own rule checks them).
void check_compatible(const schema::Block& block, const cty::Value& planned, const cty::Value& actual,
                      const DriftRules& rules, Findings& out);

}  // namespace tfc::oracle
