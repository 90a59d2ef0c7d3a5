#pragma once
// A finding's identity across seeds, runs and tfconform versions: the rule, the resource type,
// the step and the path pattern (list indices, set elements and map keys generalised to `[*]`),
// hashed to 16 hex digits. Baselines (`--baseline`) and the count of cases that met the same
// broken promise rest on it.

#include <string>
#include <string_view>
#include <vector>

namespace tfc::report {

/// `.rule[0].port` → `.rule[*].port`, `.tags["a.b"]` → `.tags[*]`: every bracketed step
/// (quoted keys may hold brackets) becomes `[*]`; attribute steps stay.
std::string path_pattern(std::string_view rendered_path);

/// The fingerprint of (rule, resource type, step, path pattern of `rendered_path`).
std::string finding_fingerprint(std::string_view rule_id, std::string_view resource_type, std::string_view step,
                                std::string_view rendered_path);

struct Finding;

/// Every path pattern of a finding (its path and the paths of its violations), sorted, unique.
std::vector<std::string> path_patterns_of(const Finding& finding);

/// Whether two findings are the same broken promise: the same fingerprint, or the same rule,
/// resource type and step with a path pattern in common (another case may break the promise at
/// a partly different set of attributes).
bool same_promise(const Finding& a, const Finding& b);

}  // namespace tfc::report
