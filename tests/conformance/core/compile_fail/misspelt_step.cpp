// Must NOT compile: a step name that is not in conformance/core/step_names.hpp
// (tests/conformance/CMakeLists.txt expects the error to name step_name_not_in_the_table).
#include "conformance/core/step_names.hpp"

constexpr tfc::conformance::StepName kMisspelt = "plan after aply";
