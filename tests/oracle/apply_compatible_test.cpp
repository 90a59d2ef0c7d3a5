// Tables of intent for check_apply and check_plan_final (seed 000 §ApplyResourceChange and
// §PlanResourceChange "final against initial"): set correlation, unknown blocks, refinements,
// null against empty, legacy tolerance.
#include "oracle/apply_compatible.hpp"
#include "oracle/plan_final.hpp"

#include "tests/oracle/oracle_test_support.hpp"

namespace tfc::oracle {
namespace {

using testing::block_of;
using testing::summary;
using testing::value_of;

struct ApplyCase {
  const char* name;
  const char* schema;
  const char* planned;
  const char* planned_unknown;
  const char* planned_refinements;
  const char* actual;
  std::vector<std::string> want;
  CheckOptions options{};
};

class ApplyTable : public ::testing::TestWithParam<ApplyCase> {};

TEST_P(ApplyTable, FindsExactlyTheExpectedViolations) {
  const ApplyCase& c = GetParam();
  const auto block = block_of(c.schema);
  const auto planned = value_of(block, c.planned, c.planned_unknown, c.planned_refinements);
  const auto actual = value_of(block, c.actual);
  EXPECT_EQ(summary(check_apply(block, planned, actual, c.options)), c.want) << c.name;
}

const char* kSets =
    R"({"attributes": {"s": {"type": ["set", ["object", {"k": "string", "n": "number"}]], "optional": true, "computed": true},
  "strs": {"type": ["set", "string"], "optional": true, "computed": true}},
  "block_types": {"b": {"nesting_mode": "set", "block": {"attributes": {"k": {"type": "string", "required": true},
    "id": {"type": "string", "computed": true}}}}}})";

const char* kLists = R"({"attributes": {"l": {"type": ["list", "string"], "optional": true, "computed": true},
  "m": {"type": ["map", "number"], "optional": true, "computed": true}},
  "block_types": {"one": {"nesting_mode": "single", "block": {"attributes": {"v": {"type": "string", "optional": true}}}},
                  "many": {"nesting_mode": "list", "block": {"attributes": {"v": {"type": "string", "computed": true}}}}}})";

// 6.11 computed blocks: compared like computed values once planned.
const char* kComputedBlock = R"({"block_types": {"endpoint": {"nesting_mode": "list",
  "block": {"computed": true, "attributes": {"url": {"type": "string", "computed": true}}}}}})";

INSTANTIATE_TEST_SUITE_P(
    Apply, ApplyTable,
    ::testing::Values(ApplyCase{"a computed block planned unknown may become any blocks",
                                kComputedBlock,
                                R"({"endpoint": null})",
                                R"({"endpoint": true})",
                                "null",
                                R"({"endpoint": [{"url": "a"}, {"url": "b"}]})",
                                {}},
                      ApplyCase{"a computed block planned known keeps its count",
                                kComputedBlock,
                                R"({"endpoint": [{"url": "a"}]})",
                                "null",
                                "null",
                                R"({"endpoint": [{"url": "a"}, {"url": "b"}]})",
                                {"apply.block_count_changed .endpoint"}},
                      ApplyCase{"two unknown-bearing set elements each find their match",
                                kSets,
                                R"({"s": [{"k": "a", "n": null}, {"k": "b", "n": null}], "strs": [], "b": []})",
                                R"({"s": [{"n": true}, {"n": true}]})",
                                "null",
                                R"({"s": [{"k": "b", "n": 2}, {"k": "a", "n": 1}], "strs": [], "b": []})",
                                {}},
                      ApplyCase{"two unknown elements may coalesce into one",
                                kSets,
                                R"({"s": [], "strs": [null, null], "b": []})",
                                R"({"strs": [true, true]})",
                                "null",
                                R"({"s": [], "strs": ["x"], "b": []})",
                                {}},
                      ApplyCase{"a planned element with no partner is reported once",
                                kSets,
                                R"({"s": [{"k": "a", "n": null}, {"k": "b", "n": 1}], "strs": [], "b": []})",
                                R"({"s": [{"n": true}, false]})",
                                "null",
                                R"({"s": [{"k": "a", "n": 1}, {"k": "c", "n": 1}], "strs": [], "b": []})",
                                {"apply.collection_element_changed .s"}},
                      ApplyCase{"set block correlates through a computed id",
                                kSets,
                                R"({"s": [], "strs": [], "b": [{"k": "x", "id": null}, {"k": "y", "id": null}]})",
                                R"({"b": [{"id": true}, {"id": true}]})",
                                "null",
                                R"({"s": [], "strs": [], "b": [{"k": "y", "id": "2"}, {"k": "x", "id": "1"}]})",
                                {}},
                      ApplyCase{"set block element refinement broken means no correlation",
                                kSets,
                                R"({"s": [], "strs": [], "b": [{"k": "x", "id": null}]})",
                                R"({"b": [{"id": true}]})",
                                R"({".b[...].id": {"string_prefix": "id-"}})",
                                R"({"s": [], "strs": [], "b": [{"k": "x", "id": "zz"}]})",
                                {"apply.collection_element_changed .b"}},
                      ApplyCase{"empty list planned, null returned",
                                kLists,
                                R"({"l": [], "m": {}, "one": null, "many": []})",
                                "null",
                                "null",
                                R"({"l": null, "m": {}, "one": null, "many": []})",
                                {"apply.value_became_null .l"}},
                      ApplyCase{"null map planned, empty returned",
                                kLists,
                                R"({"l": [], "m": null, "one": null, "many": []})",
                                "null",
                                "null",
                                R"({"l": [], "m": {}, "one": null, "many": []})",
                                {"apply.null_became_value .m"}},
                      ApplyCase{"number compared exactly",
                                kLists,
                                R"({"l": [], "m": {"a": 9007199254740993}, "one": null, "many": []})",
                                "null",
                                "null",
                                R"({"l": [], "m": {"a": 9007199254740992}, "one": null, "many": []})",
                                {"apply.known_value_changed .m[\"a\"]"}},
                      ApplyCase{"unknown list block placeholder may resolve to blocks",
                                kLists,
                                R"({"l": [], "m": {}, "one": null, "many": null})",
                                R"({"many": true})",
                                "null",
                                R"({"l": [], "m": {}, "one": null, "many": [{"v": "a"}, {"v": "b"}]})",
                                {}},
                      ApplyCase{"unknown element of a list block resolved",
                                kLists,
                                R"({"l": [], "m": {}, "one": null, "many": [{"v": null}]})",
                                R"({"many": [{"v": true}]})",
                                "null",
                                R"({"l": [], "m": {}, "one": null, "many": [{"v": "a"}]})",
                                {}},
                      ApplyCase{"legacy SDK tolerates consistency findings but not unknowns",
                                kLists,
                                R"({"l": ["a"], "m": {}, "one": {"v": "x"}, "many": []})",
                                "null",
                                "null",
                                R"({"l": ["b"], "m": {}, "one": null, "many": []})",
                                {"apply.known_value_changed .l[0] (warning)", "apply.value_became_null .one (warning)"},
                                CheckOptions{true, false}}),
    [](const auto& param) { return "case" + std::to_string(param.index); });

TEST(ApplyCompatible, UnknownsInTheNewStateAreReportedAtEachPath) {
  const auto block = block_of(kLists);
  const auto planned =
      value_of(block, R"({"l": [null, "b"], "m": {}, "one": null, "many": []})", R"({"l": [true, false]})");
  const auto actual = value_of(block, R"({"l": [null, "b"], "m": {"k": null}, "one": null, "many": []})",
                               R"({"l": [true, false], "m": {"k": true}})");
  EXPECT_EQ(summary(check_apply(block, planned, actual, CheckOptions{true, false})),
            (std::vector<std::string>{"apply.unknown_in_new_state .l[0]", "apply.unknown_in_new_state .m[\"k\"]",
                                      "apply.collection_element_changed .m (warning)"}));
}

TEST(ApplyCompatible, ThousandsOfSetBlockElementsCorrelate) {
  const auto block = block_of(kSets);
  nlohmann::json planned = {
      {"s", nlohmann::json::array()}, {"strs", nlohmann::json::array()}, {"b", nlohmann::json::array()}};
  nlohmann::json mirror = {{"b", nlohmann::json::array()}};
  nlohmann::json actual = planned;
  for (int i = 0; i < 2000; ++i) {
    planned["b"].push_back({{"k", "k" + std::to_string(i)}, {"id", nullptr}});
    mirror["b"].push_back({{"id", true}});
    actual["b"].push_back({{"k", "k" + std::to_string(i)}, {"id", "id" + std::to_string(i)}});
  }
  const auto p = value_of(block, planned.dump(), mirror.dump());
  const auto a = value_of(block, actual.dump());
  EXPECT_TRUE(check_apply(block, p, a).empty());
}

TEST(PlanFinal, ActionsAndTheirChanges) {
  const auto block = block_of(kLists);
  const auto prior = value_of(block, R"({"l": ["a"], "m": {}, "one": {"v": "x"}, "many": []})");
  const auto update = value_of(block, R"({"l": ["b"], "m": {}, "one": {"v": "x"}, "many": []})");
  const auto null = cty::Value::null(prior.type());
  const cty::Path l = cty::Path().attribute("l");
  const cty::Path one = cty::Path().attribute("one").attribute("v");
  EXPECT_EQ(implied_action(null, update, {}), Action::Create);
  EXPECT_EQ(implied_action(prior, null, {}), Action::Delete);
  EXPECT_EQ(implied_action(prior, prior, {l}), Action::NoOp);
  EXPECT_EQ(implied_action(prior, update, {}), Action::Update);
  EXPECT_EQ(implied_action(prior, update, {one}), Action::Update);
  EXPECT_EQ(implied_action(prior, update, {l}), Action::Replace);
  const auto unknown_l = value_of(block, R"({"l": null, "m": {}, "one": {"v": "x"}, "many": []})", R"({"l": true})");
  EXPECT_EQ(implied_action(prior, unknown_l, {l}), Action::Replace) << "an unknown may differ";
  EXPECT_TRUE(check_action_change(Action::Replace, Action::Create).empty());
  EXPECT_TRUE(check_action_change(Action::Update, Action::Update).empty());
  EXPECT_TRUE(check_action_change(Action::Update, Action::NoOp).empty())
      << "final values may match the prior after all";
  EXPECT_EQ(summary(check_action_change(Action::NoOp, Action::Update)),
            std::vector<std::string>{"plan_final.action_changed "});
  EXPECT_EQ(summary(check_action_change(Action::Update, Action::Replace)),
            std::vector<std::string>{"plan_final.action_changed "});
  EXPECT_EQ(check_action_change(Action::Update, Action::Replace).front().message,
            "planned action changed from update to replace");
}

TEST(PlanFinal, UnknownMayStayOrResolveButKnownMayNotMove) {
  const auto block = block_of(kLists);
  const auto initial = value_of(block, R"({"l": null, "m": {"a": 1}, "one": null, "many": []})", R"({"l": true})");
  EXPECT_TRUE(check_plan_final(block, initial, initial).empty());
  EXPECT_TRUE(
      check_plan_final(block, initial, value_of(block, R"({"l": ["x"], "m": {"a": 1}, "one": null, "many": []})"))
          .empty());
  EXPECT_EQ(summary(check_plan_final(block, initial,
                                     value_of(block, R"({"l": ["x"], "m": {"a": 2}, "one": null, "many": []})"))),
            std::vector<std::string>{"plan_final.known_value_changed .m[\"a\"]"});
  EXPECT_EQ(summary(check_plan_final(block, initial, cty::Value::null(initial.type()))),
            std::vector<std::string>{"plan_final.action_changed "});
}

}  // namespace
}  // namespace tfc::oracle
