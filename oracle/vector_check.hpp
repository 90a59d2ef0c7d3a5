#pragma once
// Running one oracle vector and producing its output line (docs/oracle-vectors.md, "Output").
//
// Besides its core keys, a document may carry these extension keys (docs/oracle-vectors.md,
// "Extension keys"; other readers ignore them, as the format allows):
//   "legacy_type_system": bool, "strict": bool   the CheckOptions of the response
//   "requires_replace": ["<path>", ...]          plan: checked by plan.replace_path_invalid;
//                                                plan-final: the final plan's paths
//   "initial_requires_replace": ["<path>", ...]  plan-final: the initial plan's paths
//   "deferred": bool, "deferral_allowed": bool   plan: checked by plan.deferred_not_allowed
//   values.prior (plan-final)                    when given, the implied actions are compared

#include <nlohmann/json.hpp>

#include "oracle/vector_file.hpp"
#include "oracle/violation.hpp"
#include "proto/util/expected.hpp"

namespace tfc::oracle {

/// Runs the vector's check. Returns the output object ({"name", "violations": [...]} or, for
/// proposed, {"name", "proposed", "proposed_unknown"}), or an error naming the file, the vector
/// and the path when an input object (prior, config, initial_planned, apply's planned) does not
/// conform to the schema's type or an extension key is malformed. Objects the provider produced
/// that do not conform are `value.type_mismatch` findings instead.
Expected<nlohmann::json> run_vector(const Vector& vector);

/// {"rule", "severity", "path", "message"} with the path rendered as Terraform prints it.
nlohmann::json violation_to_json(const Violation& violation);

}  // namespace tfc::oracle
