// Must compile: the control for misspelt_rule_id.cpp (same flags, a catalogued id).
#include "oracle/rule_id.hpp"

constexpr tfc::oracle::RuleId kKnown = "plan.config_value_changed";
static_assert(kKnown.str() == "plan.config_value_changed");
