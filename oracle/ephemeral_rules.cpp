#include "oracle/ephemeral_rules.hpp"

#include "oracle/findings.hpp"
#include "oracle/plan_valid.hpp"
#include "oracle/value_conformance.hpp"
#include "oracle/value_walk.hpp"
#include "proto/schema/implied_type.hpp"

namespace tfc::oracle {

Violations check_ephemeral_open(const schema::Block& block, const cty::Value& config, const cty::Value& result) {
  Findings out;
  if (result.is_null()) {
    out.add("ephemeral.null_result", cty::Path{},
            "OpenEphemeralResource returned a null result without error diagnostics");
    return out.take();
  }
  check_conformance(schema::implied_type(block), result, "ephemeral result", out);
  if (!out.empty()) return out.take();
  std::vector<cty::Path> unknowns;
  collect_unknown_paths(result, cty::Path{}, unknowns);
  for (const cty::Path& p : unknowns)
    out.add("ephemeral.unknown_in_result", p, "the ephemeral result holds an unknown value");
  // Terraform judges the result as a plan from a null prior (AssertPlanValid); each plan rule
  // broken there is this one rule here, its message saying which.
  for (Violation& v : check_plan(block, cty::Value::null(result.type()), config, result)) {
    if (v.rule == rule_text("plan.unknown_for_configured")) continue;  // an unknown is reported above
    out.add("ephemeral.result_invalid_for_config", v.path, v.message + " (" + v.rule + " for a plan)");
  }
  return out.take();
}

Violations check_renew_at(std::optional<std::chrono::system_clock::time_point> renew_at,
                          std::chrono::system_clock::time_point sent, std::string_view what) {
  Findings out;
  if (renew_at && *renew_at <= sent) {
    const auto early = std::chrono::duration_cast<std::chrono::milliseconds>(sent - *renew_at).count();
    out.add("ephemeral.renew_at_past", cty::Path{},
            std::string(what) + " set renew_at " + std::to_string(early) +
                " ms before the request was sent; expected a time after it");
  }
  return out.take();
}

Violations check_private_accepted(std::string_view rpc, bool errors, std::string_view diagnostics) {
  Findings out;
  if (errors)
    out.add("ephemeral.private_rejected", cty::Path{},
            std::string(rpc) +
                " with the private data the provider returned answered with errors: " + std::string(diagnostics));
  return out.take();
}

}  // namespace tfc::oracle
