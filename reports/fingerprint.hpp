#pragma once
// A finding's identity across seeds, runs and tfconform versions: the rule, the resource type,
// the step's stable key and the path pattern (list indices, set elements and map keys
// generalised to `[*]`), hashed to 16 hex digits. Baselines (`--baseline`) and the count of cases
// that met the same broken promise rest on it. Display text never goes in: a step's shown name
// may be corrected without changing a fingerprint.

#include <string>
#include <string_view>
#include <vector>

namespace tfc::report {

/// `.rule[0].port` → `.rule[*].port`, `.tags["a.b"]` → `.tags[*]`: every bracketed step
/// (quoted keys may hold brackets) becomes `[*]`; attribute steps stay. For paths known only as
/// text (a report read back from JSON); the suite computes patterns from the paths themselves
/// (cty::Path::pattern), and the two agree (tests/reports/path_pattern_test.cpp).
std::string path_pattern(std::string_view rendered_path);

/// The fingerprint of (rule, resource type, step key, path pattern). `pattern` is a pattern
/// already (cty::Path::pattern or path_pattern), not a rendered path.
std::string finding_fingerprint(std::string_view rule_id, std::string_view resource_type, std::string_view step_key,
                                std::string_view pattern);

struct Finding;

/// The step a finding's fingerprint and baselines use: its step_key, or its step when it has
/// none (a finding from a report written before step keys, whose steps were the keys).
const std::string& step_key_of(const Finding& finding);

/// Every path pattern of a finding (its path and the paths of its violations), sorted, unique:
/// the finding's path_patterns, or, when it has none, parsed from its rendered paths.
std::vector<std::string> path_patterns_of(const Finding& finding);

/// A finding's fingerprint: its rule, resource type, step key and smallest path pattern (the
/// same whichever order its paths came in).
std::string finding_fingerprint(const Finding& finding);

/// Whether two findings are the same broken promise: the same fingerprint, or the same rule,
/// resource type and step key with a path pattern in common (another case may break the
/// promise at a partly different set of attributes).
bool same_promise(const Finding& a, const Finding& b);

}  // namespace tfc::report
