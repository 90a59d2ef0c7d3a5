#include "conformance/core/scenario_names.hpp"

namespace tfc::conformance {

std::vector<std::string> scenarios_of(ScenarioOwner owner) {
  std::vector<std::string> out;
  for (const auto& e : kScenarioTable)
    if (e.owner == owner) out.emplace_back(e.name);
  return out;
}

}  // namespace tfc::conformance
