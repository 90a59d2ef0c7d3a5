#pragma once
// What tells two violations of one finding apart (docs/reports.md, "Distinct violations"): the
// message with every value reduced to its shape. `element "k" has vanished` and
// `element "j" has vanished` are one kind; `was {}, but now null` is another, and so is
// `was {"a" = "b"}, but now null`: null, an empty and a non-empty collection are kept apart,
// strings and numbers are not. Fingerprints do not change: kinds live inside one finding.

#include <cstddef>
#include <string>
#include <string_view>

namespace tfc::report {

struct Finding;
struct DistinctViolation;

/// At most this many distinct kinds are kept beyond the finding's own violations.
inline constexpr std::size_t kMaxDistinctViolations = 5;

/// `message` with each quoted string as `"…"`, each number as `N`, each non-empty `{…}` or
/// `[…]` as that (empty ones stay `{}` and `[]`); null, true, false and the words stay.
std::string violation_kind(std::string_view message);

/// True when `finding` shows no violation of `kind` yet (its own, or a kept example) and has
/// room for one more example.
bool wants_kind(const Finding& finding, const std::string& kind);

/// Keeps `example` when wants_kind says so; returns whether it was kept.
bool add_distinct_violation(Finding& finding, DistinctViolation example);

}  // namespace tfc::report
