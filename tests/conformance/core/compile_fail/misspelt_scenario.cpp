// Must NOT compile: a scenario name that is not in conformance/core/scenario_names.hpp
// (tests/conformance/CMakeLists.txt expects the error to name scenario_name_not_in_the_table).
#include "conformance/core/scenario_names.hpp"

constexpr tfc::conformance::ScenarioName kMisspelt = "refesh";
