// Must compile: the control for misspelt_scenario.cpp (same flags, a scenario of the table).
#include "conformance/core/scenario_names.hpp"

constexpr tfc::conformance::ScenarioName kKnown = "refresh";
static_assert(kKnown.str() == "refresh");
