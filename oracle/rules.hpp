#pragma once
// The catalogue of every contract rule the suite knows (docs/rules.md, docs/lifecycle-contract.md):
// stable id, severity, a one-line summary, the seed section it comes from and which cores
// enforce it. `tfconform rules` prints it; every Violation's rule id is listed here.

#include <cstdint>
#include <span>
#include <string_view>

#include "oracle/violation.hpp"

namespace tfc::oracle {

/// Which cores reject a provider for breaking the rule ("none": a check beyond Core).
enum class Cores : std::uint8_t { Terraform, OpenTofu, Both, None };

struct RuleInfo {
  std::string_view id;
  Severity severity;
  std::string_view summary;
  /// Seed document and heading, e.g. "000 §PlanResourceChange".
  std::string_view seed;
  Cores cores;
  /// Core only logs this rule for a response with `legacy_type_system` set.
  bool legacy_logged_only;
};

/// Every rule, sorted by id. Ids are stable once released.
std::span<const RuleInfo> all_rules() noexcept;

/// The rule with this id, or nullptr.
const RuleInfo* find_rule(std::string_view id) noexcept;

/// "terraform", "opentofu", "both" or "none".
std::string_view to_string(Cores cores) noexcept;

}  // namespace tfc::oracle
