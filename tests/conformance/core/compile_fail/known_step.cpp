// Must compile: the control for misspelt_step.cpp (same flags, a step of the table).
#include "conformance/core/step_names.hpp"

constexpr tfc::conformance::StepName kKnown = "plan after apply";
static_assert(kKnown.key() == "plan after apply");
