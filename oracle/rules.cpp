// The rule catalogue (docs/rules.md is generated from it): the lifecycle rules
// (lifecycle_rule_table.hpp) and the family rules (family_rule_table.hpp), sorted by id.
#include "oracle/rules.hpp"

#include "oracle/family_rules.hpp"
#include "oracle/lifecycle_rule_table.hpp"

#include <algorithm>
#include <array>
#include <vector>

namespace tfc::oracle {
namespace {

const std::vector<RuleInfo>& sorted_rules() {
  static const std::vector<RuleInfo> rules = [] {
    std::vector<RuleInfo> r(catalogue::kLifecycleRules.begin(), catalogue::kLifecycleRules.end());
    const auto families = family_rules();
    r.insert(r.end(), families.begin(), families.end());
    std::sort(r.begin(), r.end(), [](const RuleInfo& a, const RuleInfo& b) { return a.id < b.id; });
    return r;
  }();
  return rules;
}

}  // namespace

std::span<const RuleInfo> all_rules() noexcept { return sorted_rules(); }

const RuleInfo* find_rule(std::string_view id) noexcept {
  const auto& rules = sorted_rules();
  auto it = std::lower_bound(rules.begin(), rules.end(), id,
                             [](const RuleInfo& r, std::string_view key) { return r.id < key; });
  return it != rules.end() && it->id == id ? &*it : nullptr;
}

std::string_view to_string(Cores cores) noexcept {
  switch (cores) {
    case Cores::Terraform: return "terraform";
    case Cores::OpenTofu: return "opentofu";
    case Cores::Both: return "both";
    case Cores::None: return "none";
  }
  return "none";
}

bool has_errors(const Violations& violations) noexcept {
  return std::any_of(violations.begin(), violations.end(),
                     [](const Violation& v) { return v.severity == Severity::error; });
}

}  // namespace tfc::oracle
