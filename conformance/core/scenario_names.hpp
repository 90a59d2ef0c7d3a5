#pragma once
// Every scenario name findings can be recorded under, as one table the compiler reads: each kind
// of case's scenarios (its row of case_kinds.inc), then the provider's. A suite reports the
// scenarios of its kind in this order, and collects findings only under those; a
// case names its scenario as a literal (`rec.scenario("refresh")`), which converts to a
// ScenarioName in a consteval constructor: a name not in this table does not compile (the error
// names `scenario_name_not_in_the_table`).

#include <array>
#include <string>
#include <string_view>
#include <vector>

#include "conformance/core/case_kind.hpp"

namespace tfc::conformance {

/// Who reports a scenario: a kind of case (one owner per row of case_kinds.inc, in its order),
/// the provider's own suite, or nobody (cleanup after a lost provider is played without judging).
enum class ScenarioOwner : char {
#define TFC_CASE_KIND(Name, ...) Name,
#include "conformance/core/case_kinds.inc"
#undef TFC_CASE_KIND
  Provider,
  Quiet
};

struct ScenarioEntry {
  ScenarioOwner owner;
  std::string_view name;
};

/// The owner of a kind of case's scenarios.
constexpr ScenarioOwner owner_of(CaseKind kind) noexcept { return static_cast<ScenarioOwner>(kind_index(kind)); }

namespace detail {
/// The scenarios no kind of case owns.
inline constexpr ScenarioEntry kOtherScenarios[] = {
    {ScenarioOwner::Provider, "schema"},
    {ScenarioOwner::Provider, "stop"},
    {ScenarioOwner::Quiet, "cleanup"},
};

constexpr std::size_t scenario_count() {
  std::size_t n = std::size(kOtherScenarios);
  for (const auto& kind : kCaseKindTable) n += kind.scenarios.size();
  return n;
}
}  // namespace detail

/// Each kind's scenarios (case_kinds.inc), then the provider's and the quiet ones.
inline constexpr auto kScenarioTable = [] {
  std::array<ScenarioEntry, detail::scenario_count()> out{};
  std::size_t n = 0;
  for (CaseKind kind : kCaseKinds) {
    for (std::string_view name : kind_info(kind).scenarios) out[n++] = {owner_of(kind), name};
  }
  for (const auto& e : detail::kOtherScenarios) out[n++] = e;
  return out;
}();

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
/// The scenarios a suite of `kind` reports, in order.
const std::vector<std::string>& kind_scenarios(CaseKind kind);

}  // namespace tfc::conformance
