// The family rule catalogue: the table is oracle/family_rule_table.hpp.
#include "oracle/family_rules.hpp"

#include "oracle/family_rule_table.hpp"

namespace tfc::oracle {

std::span<const RuleInfo> family_rules() noexcept { return catalogue::kFamilyRules; }

}  // namespace tfc::oracle
