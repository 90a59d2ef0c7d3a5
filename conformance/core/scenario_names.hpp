#pragma once
// Every scenario name findings can be recorded under, as one table the compiler reads. A suite
// reports the scenarios of its kind in this order, and collects findings only under those; a
// case names its scenario as a literal (`rec.scenario("refresh")`), which converts to a
// ScenarioName in a consteval constructor: a name not in this table does not compile (the error
// names `scenario_name_not_in_the_table`).

#include <array>
#include <string>
#include <string_view>
#include <vector>

#include "conformance/suite/replay_token.hpp"

namespace tfc::conformance {

/// Who reports a scenario: a kind of case, the provider's own suite, or nobody (cleanup after a
/// lost provider is played without judging).
enum class ScenarioOwner : char { Lifecycle, PlanOnly, Data, Function, Ephemeral, List, Action, Provider, Quiet };

struct ScenarioEntry {
  ScenarioOwner owner;
  std::string_view name;
};

inline constexpr std::array kScenarioTable{
    ScenarioEntry{ScenarioOwner::Lifecycle, "create"},
    ScenarioEntry{ScenarioOwner::Lifecycle, "update"},
    ScenarioEntry{ScenarioOwner::Lifecycle, "replace"},
    ScenarioEntry{ScenarioOwner::Lifecycle, "refresh"},
    ScenarioEntry{ScenarioOwner::Lifecycle, "upgrade"},
    ScenarioEntry{ScenarioOwner::Lifecycle, "import"},
    ScenarioEntry{ScenarioOwner::Lifecycle, "move"},
    ScenarioEntry{ScenarioOwner::Lifecycle, "destroy"},
    ScenarioEntry{ScenarioOwner::PlanOnly, "plan"},
    ScenarioEntry{ScenarioOwner::PlanOnly, "upgrade"},
    ScenarioEntry{ScenarioOwner::PlanOnly, "move"},
    ScenarioEntry{ScenarioOwner::PlanOnly, "plan update"},
    ScenarioEntry{ScenarioOwner::Data, "validate"},
    ScenarioEntry{ScenarioOwner::Data, "read"},
    ScenarioEntry{ScenarioOwner::Function, "call"},
    ScenarioEntry{ScenarioOwner::Function, "repeat"},
    ScenarioEntry{ScenarioOwner::Function, "unknown arguments"},
    ScenarioEntry{ScenarioOwner::Ephemeral, "validate"},
    ScenarioEntry{ScenarioOwner::Ephemeral, "open"},
    ScenarioEntry{ScenarioOwner::Ephemeral, "renew"},
    ScenarioEntry{ScenarioOwner::Ephemeral, "close"},
    ScenarioEntry{ScenarioOwner::List, "validate"},
    ScenarioEntry{ScenarioOwner::List, "list"},
    ScenarioEntry{ScenarioOwner::List, "read listed"},
    ScenarioEntry{ScenarioOwner::List, "list created"},
    ScenarioEntry{ScenarioOwner::Action, "validate"},
    ScenarioEntry{ScenarioOwner::Action, "plan"},
    ScenarioEntry{ScenarioOwner::Action, "invoke"},
    ScenarioEntry{ScenarioOwner::Provider, "schema"},
    ScenarioEntry{ScenarioOwner::Provider, "stop"},
    ScenarioEntry{ScenarioOwner::Quiet, "cleanup"},
};

namespace detail {
/// Never defined: a constant expression that reaches it is the compiler's error message.
void scenario_name_not_in_the_table();

consteval bool known_scenario(std::string_view name) {
  for (const auto& e : kScenarioTable)
    if (e.name == name) return true;
  return false;
}
}  // namespace detail

class ScenarioName {
public:
  // NOLINTNEXTLINE(google-explicit-constructor): literals are meant to convert, and are checked.
  consteval ScenarioName(const char* name) : m_name(name) {
    if (!detail::known_scenario(m_name)) detail::scenario_name_not_in_the_table();
  }
  constexpr std::string_view str() const noexcept { return m_name; }

private:
  std::string_view m_name;
};

/// The scenarios `owner` reports, in the table's order.
std::vector<std::string> scenarios_of(ScenarioOwner owner);

/// The owner of a kind of case's scenarios.
constexpr ScenarioOwner owner_of(CaseKind kind) noexcept {
  switch (kind) {
    case CaseKind::Lifecycle: return ScenarioOwner::Lifecycle;
    case CaseKind::PlanOnly: return ScenarioOwner::PlanOnly;
    case CaseKind::Data: return ScenarioOwner::Data;
    case CaseKind::Function: return ScenarioOwner::Function;
    case CaseKind::Ephemeral: return ScenarioOwner::Ephemeral;
    case CaseKind::List: return ScenarioOwner::List;
    case CaseKind::Action: return ScenarioOwner::Action;
  }
  return ScenarioOwner::Quiet;
}

}  // namespace tfc::conformance
