#include "conformance/core/scenario_names.hpp"

namespace tfc::conformance {

std::vector<std::string> scenarios_of(ScenarioOwner owner) {
  std::vector<std::string> out;
  for (const auto& e : kScenarioTable)
    if (e.owner == owner) out.emplace_back(e.name);
  return out;
}

const std::vector<std::string>& kind_scenarios(CaseKind kind) {
  static const std::vector<std::vector<std::string>> all = [] {
    std::vector<std::vector<std::string>> out;
    for (CaseKind k : kCaseKinds) out.push_back(scenarios_of(owner_of(k)));
    return out;
  }();
  return all[kind_index(kind)];
}

}  // namespace tfc::conformance
