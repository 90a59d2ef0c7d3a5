#pragma once
// Lifecycle cases of one type applied at the same time on several provider processes (--jobs):
// their names are unique per case (cases/unique_names.hpp), yet a type may still hold one object
// only (a singleton) or key its objects by something tfconform does not know. So a case played
// beside others counts only when it passed cleanly; any other is played again alone, and that
// answer is the one judged. When the case alone was not refused with the conflict it met beside
// others, the type falls back to one case at a time and the report says why: a finding caused by
// tfconform's own concurrency is never reported.

#include <functional>
#include <optional>
#include <string>

#include "conformance/suite/played_case.hpp"

namespace tfc::conformance {

/// Whether a case played beside others may be judged as it is: no finding, no refusal of its
/// configuration nor of a call that meets the object (plan, apply, read, import), no conflict
/// in what it was told, the process kept, nothing the harness could not do.
bool passed_cleanly(const Played& played);

/// Whether a case played beside others may be judged as it is, its findings included: each has
/// a fingerprint `known` (already found by a case played alone, so the concurrency cannot have
/// caused it), and otherwise the case passed cleanly. Playing every case with a known finding
/// again alone would play most cases twice on a type every case of which breaks a rule.
bool stands_beside_others(const Played& played, const std::function<bool(const std::string&)>& known);

/// The refusal or finding of `outcome` that reads as a conflict with another object ("already
/// exists", "conflict", "in use", "only one", "singleton", "duplicate", ...), shortened to one
/// line; nullopt when none does.
std::optional<std::string> conflict_in(const CaseOutcome& outcome);

}  // namespace tfc::conformance
