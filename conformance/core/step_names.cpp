#include "conformance/core/step_names.hpp"

namespace tfc::conformance {

std::string step_key_of(std::string_view scenario, StepName step) {
  return std::string(scenario) + ": " + std::string(step.key());
}

std::string step_label_of(std::string_view scenario, StepName step) {
  if (step.display() == scenario) return std::string(scenario);
  return std::string(scenario) + ": " + std::string(step.display());
}

}  // namespace tfc::conformance
