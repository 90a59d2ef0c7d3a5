// Must NOT compile: a rule id that is not in the catalogue (tests/oracle/CMakeLists.txt expects
// the compiler's error to name rule_id_not_in_the_catalogue).
#include "oracle/rule_id.hpp"

constexpr tfc::oracle::RuleId kMisspelt = "plan.config_value_chanegd";
