#pragma once
// Every step a finding can be recorded at, as one table the compiler reads (like the scenarios of
// scenario_names.hpp). A step has two names: its key, the text it had when it was first released,
// which is hashed into every fingerprint built at that step and so never changes (users'
// baselines hold those fingerprints); and its display name, what reports show, which may be
// corrected at will. A case names its step as a literal key (`d.plan(..., "plan after apply")`),
// which converts to a StepName in a consteval constructor: a key not in this table does not
// compile (the error names `step_name_not_in_the_table`).

#include <array>
#include <cstddef>
#include <string>
#include <string_view>

namespace tfc::conformance {

struct StepEntry {
  std::string_view key;      // stable: part of the fingerprint (the finding's step_key)
  std::string_view display;  // shown after "scenario: "; the scenario alone when they are equal
};

// clang-format off
inline constexpr std::array kStepTable{
    // Resources and data sources (case_play.cpp, resource_driver.hpp), in Core's order.
    StepEntry{"validate (unknowns)", "validate (unknowns)"},
    StepEntry{"validate", "validate"},
    StepEntry{"plan (unknowns)", "plan (unknowns)"},
    StepEntry{"plan", "plan"},
    StepEntry{"final plan", "final plan"},
    StepEntry{"apply", "apply"},
    StepEntry{"plan after apply", "plan after apply"},
    StepEntry{"read after apply", "read after apply"},
    StepEntry{"read", "read"},
    StepEntry{"plan after refresh", "plan after refresh"},
    StepEntry{"plan (unknowns, replace: create)", "plan of the new object (unknowns)"},
    StepEntry{"plan (replace: create)", "plan of the new object"},
    StepEntry{"final plan (create)", "final plan of the new object"},
    StepEntry{"plan destroy", "plan destroy"},
    StepEntry{"apply destroy", "apply destroy"},
    StepEntry{"upgrade", "upgrade"},
    StepEntry{"upgrade identity", "upgrade identity"},
    StepEntry{"import", "import"},
    StepEntry{"read after import", "read after import"},
    StepEntry{"generate config", "generate config"},
    StepEntry{"import by identity", "import by identity"},
    StepEntry{"read after import by identity", "read after import by identity"},
    StepEntry{"plan after import", "plan after import"},
    StepEntry{"move", "move"},
    StepEntry{"plan after move", "plan after move"},
    StepEntry{"plan update", "plan update"},
    // Across two releases (release_play.cpp): the new release's first run.
    StepEntry{"read after upgrade", "read after upgrade"},
    StepEntry{"plan after upgrade", "plan after upgrade"},
    StepEntry{"read again", "read again"},
    StepEntry{"validate (new release)", "validate with the new release"},
    StepEntry{"read (new release)", "read with the new release"},
    // Provider functions.
    StepEntry{"call", "call"},
    StepEntry{"call again", "call again"},
    StepEntry{"call with unknowns", "call with unknowns"},
    // Ephemeral resources.
    StepEntry{"open", "open"},
    StepEntry{"renew", "renew"},
    StepEntry{"close", "close"},
    StepEntry{"close again", "close again"},
    // List resources.
    StepEntry{"list", "list"},
    StepEntry{"validate object to create", "validate object to create"},
    StepEntry{"plan object to create", "plan object to create"},
    StepEntry{"create object", "create object"},
    StepEntry{"list after create", "list after create"},
    StepEntry{"read listed object", "read listed object"},
    StepEntry{"destroy object", "destroy object"},
    // Actions.
    StepEntry{"plan (deferral allowed)", "plan (deferral allowed)"},
    StepEntry{"invoke", "invoke"},
    // The provider's own suite (conformance_run.cpp).
    StepEntry{"GetProviderSchema", "GetProviderSchema"},
    StepEntry{"GetProviderSchema functions", "function signatures"},
    StepEntry{"GetFunctions", "GetFunctions"},
    StepEntry{"GetMetadata", "GetMetadata"},
    StepEntry{"GetProviderSchema (again)", "GetProviderSchema again"},
    StepEntry{"StopProvider", "StopProvider"},
};
// clang-format on

namespace detail {
/// Never defined: a constant expression that reaches it is the compiler's error message.
void step_name_not_in_the_table();

consteval std::size_t step_index(std::string_view key) {
  for (std::size_t i = 0; i < kStepTable.size(); ++i)
    if (kStepTable[i].key == key) return i;
  step_name_not_in_the_table();
  return kStepTable.size();
}
}  // namespace detail

class StepName {
public:
  // NOLINTNEXTLINE(google-explicit-constructor): literals are meant to convert, and are checked.
  consteval StepName(const char* key) : m_index(detail::step_index(key)) {}
  /// The stable key, hashed into the fingerprint.
  constexpr std::string_view key() const noexcept { return kStepTable[m_index].key; }
  /// What reports show.
  constexpr std::string_view display() const noexcept { return kStepTable[m_index].display; }

private:
  std::size_t m_index;
};

/// The step a finding carries: "scenario: step", from the keys (the fingerprint's, as first
/// released: `upgrade: upgrade`) or from the display names, where a step that only repeats its
/// scenario is left out (`upgrade`).
std::string step_key_of(std::string_view scenario, StepName step);
std::string step_label_of(std::string_view scenario, StepName step);

}  // namespace tfc::conformance
