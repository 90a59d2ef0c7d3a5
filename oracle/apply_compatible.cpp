#include "oracle/apply_compatible.hpp"

#include "oracle/compatible.hpp"
#include "oracle/findings.hpp"
#include "oracle/state_checks.hpp"
#include "oracle/value_conformance.hpp"
#include "oracle/value_walk.hpp"
#include "proto/schema/implied_type.hpp"

namespace tfc::oracle {

namespace {

constexpr DriftRules kApplyRules{
    .known_changed = "apply.known_value_changed",
    // Reported once per position by the wholly-known check below, not again here.
    .became_unknown = {},
    .null_became_value = "apply.null_became_value",
    .value_became_null = "apply.value_became_null",
    .element_changed = "apply.collection_element_changed",
    .block_count = "apply.block_count_changed",
    .refinement_broken = "apply.unknown_refinement_broken",
    .root_vanished = "apply.object_vanished",
    .root_appeared = "apply.delete_not_null",
};

}  // namespace

Violations check_apply(const schema::Block& block, const cty::Value& planned, const cty::Value& new_state,
                       const CheckOptions& options) {
  Findings out(options);
  check_conformance(schema::implied_type(block), new_state, "new state", out);
  if (!out.empty()) return out.take();
  if (planned.is_null()) {
    if (!new_state.is_null())
      out.add("apply.delete_not_null", cty::Path{},
              "a delete returned a non-null new state; destroying always produces null");
    return out.take();
  }
  std::vector<cty::Path> unknowns;
  collect_unknown_paths(new_state, cty::Path{}, unknowns);
  for (const cty::Path& p : unknowns) out.add("apply.unknown_in_new_state", p, "the new state holds an unknown value");
  out.append(check_write_only_null(block, new_state, "apply.write_only_not_null", "new state"));
  check_compatible(block, planned, new_state, kApplyRules, out);
  return out.take();
}

}  // namespace tfc::oracle
