// The table of case kinds (conformance/core/case_kinds.inc) gives what the hand-written switches
// gave before it: every value below is pinned from them. Codes and scenario names are part of
// replay tokens, seeds and reports, so a change here is a deliberate one.
#include <gtest/gtest.h>

#include "conformance/core/case_kind.hpp"
#include "conformance/core/counted_steps.hpp"
#include "conformance/core/scenario_names.hpp"

namespace tfc::conformance {
namespace {

using Names = std::vector<std::string>;

TEST(CaseKinds, CodesAndTokenOrderAreThoseOfEveryEarlierRelease) {
  std::string codes;
  for (CaseKind k : kCaseKinds) codes += static_cast<char>(k);
  EXPECT_EQ(codes, "apdfelxr");
  for (std::size_t i = 0; i < std::size(kCaseKinds); ++i) EXPECT_EQ(kind_index(kCaseKinds[i]), i);
}

TEST(CaseKinds, EachKindReportsItsSuiteKindAndScenarios) {
  using report::SuiteKind;
  const std::vector<std::pair<SuiteKind, Names>> expected{
      {SuiteKind::resource, {"create", "update", "replace", "refresh", "upgrade", "import", "move", "destroy"}},
      {SuiteKind::resource, {"plan", "upgrade", "move", "plan update"}},
      {SuiteKind::data_source, {"validate", "read"}},
      {SuiteKind::function, {"call", "repeat", "unknown arguments"}},
      {SuiteKind::ephemeral_resource, {"validate", "open", "renew", "close"}},
      {SuiteKind::list_resource, {"validate", "list", "read listed", "list created"}},
      {SuiteKind::action, {"validate", "plan", "invoke"}},
      {SuiteKind::resource, {"create", "update", "replace", "upgrade", "destroy"}},
  };
  ASSERT_EQ(std::size(kCaseKinds), expected.size());
  for (std::size_t i = 0; i < expected.size(); ++i) {
    const CaseKind k = kCaseKinds[i];
    EXPECT_EQ(suite_kind(k), expected[i].first) << static_cast<char>(k);
    EXPECT_EQ(kind_scenarios(k), expected[i].second) << static_cast<char>(k);
    EXPECT_EQ(scenarios_of(owner_of(k)), expected[i].second) << static_cast<char>(k);
  }
  EXPECT_EQ(scenarios_of(ScenarioOwner::Provider), (Names{"schema", "stop"}));
  EXPECT_EQ(scenarios_of(ScenarioOwner::Quiet), (Names{"cleanup"}));
}

TEST(CaseKinds, ApplyAndRealChangesAreAsBefore) {
  EXPECT_TRUE(kind_plays_with(CaseKind::Lifecycle, true));
  EXPECT_FALSE(kind_plays_with(CaseKind::Lifecycle, false));
  EXPECT_FALSE(kind_plays_with(CaseKind::PlanOnly, true));
  EXPECT_TRUE(kind_plays_with(CaseKind::Release, true));
  EXPECT_FALSE(kind_plays_with(CaseKind::Release, false));
  EXPECT_TRUE(kind_plays_with(CaseKind::PlanOnly, false));
  for (bool apply : {false, true}) {
    EXPECT_FALSE(changes_nothing(CaseKind::Lifecycle, apply));
    for (CaseKind k : {CaseKind::PlanOnly, CaseKind::Data, CaseKind::Function}) EXPECT_TRUE(changes_nothing(k, apply));
    for (CaseKind k : {CaseKind::Ephemeral, CaseKind::List, CaseKind::Action})
      EXPECT_EQ(changes_nothing(k, apply), !apply);
  }
  // The scenarios played with --apply only: every ephemeral one but validation, the invoke, and
  // the list's created object.
  Names with_apply;
  for (CaseKind k : kCaseKinds) {
    for (const auto& name : kind_scenarios(k)) {
      if (needs_apply(k, name)) with_apply.push_back(std::string(1, static_cast<char>(k)) + ":" + name);
    }
  }
  EXPECT_EQ(with_apply, (Names{"e:open", "e:renew", "e:close", "l:read listed", "l:list created", "x:invoke"}));
  EXPECT_TRUE(starts_from_plan(CaseKind::PlanOnly, "upgrade"));
  EXPECT_TRUE(starts_from_plan(CaseKind::PlanOnly, "plan update"));
  EXPECT_FALSE(starts_from_plan(CaseKind::Lifecycle, "upgrade"));
  EXPECT_FALSE(starts_from_plan(CaseKind::PlanOnly, "plan"));
  EXPECT_TRUE(kind_info(CaseKind::Data).data_source);
  EXPECT_FALSE(kind_info(CaseKind::Lifecycle).data_source);
}

TEST(CaseKinds, EachKindCountsItsSteps) {
  auto steps = [](CaseKind k) {
    Names out;
    for (CoverageStep s : counted_steps(k)) out.emplace_back(to_string(s));
    return out;
  };
  EXPECT_EQ(steps(CaseKind::Lifecycle), (Names{"validated", "planned", "applied", "update planned", "updated",
                                               "replaced", "read", "imported", "upgraded", "destroyed"}));
  EXPECT_EQ(steps(CaseKind::PlanOnly), (Names{"validated", "planned", "upgraded", "update planned"}));
  EXPECT_EQ(steps(CaseKind::Data), (Names{"validated", "read"}));
  EXPECT_EQ(steps(CaseKind::Function), (Names{"called"}));
  EXPECT_EQ(steps(CaseKind::Ephemeral), (Names{"validated", "opened"}));
  EXPECT_EQ(steps(CaseKind::List), (Names{"validated", "listed"}));
  EXPECT_EQ(steps(CaseKind::Action), (Names{"validated", "planned", "invoked"}));
}

TEST(CaseKinds, EachKindFindsItsTypesAndSchemas) {
  schema::ProviderSchema s;
  s.resource_schemas["r_b"] = {};
  s.resource_schemas["r_a"] = {};
  s.data_source_schemas["d"] = {};
  s.functions["f"] = nlohmann::json::object();
  s.ephemeral_resource_schemas["e"] = {};
  s.list_resource_schemas["l"] = {};
  s.action_schemas["x"] = {};
  EXPECT_EQ(kind_type_names(s, CaseKind::Lifecycle), (Names{"r_a", "r_b"}));
  EXPECT_EQ(kind_type_names(s, CaseKind::PlanOnly), (Names{"r_a", "r_b"}));
  EXPECT_EQ(kind_schema(s, CaseKind::PlanOnly, "r_b"), &s.resource_schemas["r_b"]);
  EXPECT_EQ(kind_schema(s, CaseKind::PlanOnly, "d"), nullptr);
  EXPECT_EQ(kind_type_names(s, CaseKind::Function), (Names{"f"}));
  EXPECT_EQ(kind_schema(s, CaseKind::Function, "f"), nullptr);  // functions have signatures, not schemas
  for (auto [k, name, family] : {std::tuple{CaseKind::Data, "d", &s.data_source_schemas},
                                 std::tuple{CaseKind::Ephemeral, "e", &s.ephemeral_resource_schemas},
                                 std::tuple{CaseKind::List, "l", &s.list_resource_schemas},
                                 std::tuple{CaseKind::Action, "x", &s.action_schemas}}) {
    EXPECT_EQ(kind_type_names(s, k), (Names{name}));
    EXPECT_EQ(kind_schema(s, k, name), &family->at(name));
  }
}

}  // namespace
}  // namespace tfc::conformance
