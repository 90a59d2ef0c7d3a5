// Tables of intent for check_plan, check_requires_replace and check_deferral
// (seed 000 §PlanResourceChange, §Handling of Nested Blocks in Configuration).
#include "oracle/plan_valid.hpp"

#include "tests/oracle/oracle_test_support.hpp"

namespace tfc::oracle {
namespace {

using testing::block_of;
using testing::summary;
using testing::value_of;

const char* kBlocks = R"({"attributes": {"id": {"type": "string", "computed": true}},
  "block_types": {
    "rule": {"nesting_mode": "list", "block": {"attributes": {"port": {"type": "number", "required": true}},
      "block_types": {"tag": {"nesting_mode": "set", "block": {"attributes": {"k": {"type": "string", "required": true}}}}}}},
    "one": {"nesting_mode": "single", "block": {"attributes": {"v": {"type": "string", "optional": true, "computed": true}}}},
    "named": {"nesting_mode": "map", "block": {"attributes": {"v": {"type": "string", "optional": true}}}}}})";

struct PlanCase {
  const char* name;
  const char* schema;
  const char* prior;
  const char* config;
  const char* planned;
  const char* planned_unknown;
  std::vector<std::string> want;
  CheckOptions options{};
};

class PlanTable : public ::testing::TestWithParam<PlanCase> {};

TEST_P(PlanTable, FindsExactlyTheExpectedViolations) {
  const PlanCase& c = GetParam();
  const auto block = block_of(c.schema);
  const auto prior = value_of(block, c.prior);
  const auto config = value_of(block, c.config);
  const auto planned = value_of(block, c.planned, c.planned_unknown);
  EXPECT_EQ(summary(check_plan(block, prior, config, planned, c.options)), c.want) << c.name;
}

// 6.11: a computed list block and a computed single block (every attribute computed).
const char* kComputedBlocks = R"({"attributes": {"id": {"type": "string", "computed": true}},
  "block_types": {
    "endpoint": {"nesting_mode": "list", "block": {"computed": true, "attributes": {"url": {"type": "string", "computed": true}}}},
    "status": {"nesting_mode": "single", "block": {"computed": true, "attributes": {"code": {"type": "number", "optional": true, "computed": true}}}}}})";

const char* kPrior =
    R"({"id": "x", "rule": [{"port": 1, "tag": [{"k": "a"}]}], "one": {"v": "p"}, "named": {"a": {"v": "1"}}})";
const char* kConfig =
    R"({"id": null, "rule": [{"port": 1, "tag": [{"k": "a"}]}], "one": {"v": null}, "named": {"a": {"v": "1"}}})";

INSTANTIATE_TEST_SUITE_P(
    Plan, PlanTable,
    ::testing::Values(
        PlanCase{"prior kept", kBlocks, kPrior, kConfig, kPrior, "null", {}},
        PlanCase{
            "set nested in a list block is trusted",
            kBlocks,
            kPrior,
            kConfig,
            R"({"id": "x", "rule": [{"port": 1, "tag": [{"k": "b"}, {"k": "c"}]}], "one": {"v": "p"}, "named": {"a": {"v": "1"}}})",
            "null",
            {}},
        PlanCase{"unknown element of a set nested in a list block",
                 kBlocks,
                 kPrior,
                 kConfig,
                 R"({"id": "x", "rule": [{"port": 1, "tag": [null]}], "one": {"v": "p"}, "named": {"a": {"v": "1"}}})",
                 R"({"rule": [{"tag": [true]}]})",
                 {"plan.block_element_unknown .rule[0].tag[...]"}},
        PlanCase{"computed blocks absent from config may be planned with blocks",
                 kComputedBlocks,
                 "null",
                 R"({"id": null, "endpoint": [], "status": null})",
                 R"({"id": null, "endpoint": [{"url": "a"}, {"url": "b"}], "status": {"code": 200}})",
                 R"({"id": true})",
                 {}},
        PlanCase{"computed blocks absent from config may be planned unknown",
                 kComputedBlocks,
                 "null",
                 R"({"id": null, "endpoint": [], "status": null})",
                 R"({"id": null, "endpoint": null, "status": null})",
                 R"({"id": true, "endpoint": true, "status": true})",
                 {}},
        PlanCase{"a computed block config sets keeps the config's count",
                 kComputedBlocks,
                 "null",
                 R"({"id": null, "endpoint": [{"url": null}], "status": null})",
                 R"({"id": null, "endpoint": [], "status": null})",
                 R"({"id": true})",
                 {"plan.block_count_changed .endpoint"}},
        PlanCase{"null list block in config reads as empty",
                 kBlocks,
                 "null",
                 R"({"id": null, "rule": null, "one": null, "named": {}})",
                 R"({"id": null, "rule": [], "one": null, "named": {}})",
                 R"({"id": true})",
                 {}},
        PlanCase{"null list block planned where config is empty",
                 kBlocks,
                 "null",
                 R"({"id": null, "rule": [], "one": null, "named": {}})",
                 R"({"id": null, "rule": null, "one": null, "named": {}})",
                 R"({"id": true})",
                 {"plan.block_collection_null .rule"}},
        PlanCase{
            "computed attribute of a single block set",
            kBlocks,
            kPrior,
            kConfig,
            R"({"id": "x", "rule": [{"port": 1, "tag": [{"k": "a"}]}], "one": {"v": "new"}, "named": {"a": {"v": "1"}}})",
            "null",
            {}},
        PlanCase{"unknown element of a map block",
                 kBlocks,
                 kPrior,
                 kConfig,
                 R"({"id": "x", "rule": [{"port": 1, "tag": [{"k": "a"}]}], "one": {"v": "p"}, "named": {"a": null}})",
                 R"({"named": {"a": true}})",
                 {"plan.block_element_unknown .named[\"a\"]"}},
        PlanCase{
            "violations accumulate in sorted schema order",
            kBlocks,
            kPrior,
            kConfig,
            R"({"id": "x", "rule": [{"port": 2, "tag": [{"k": "a"}]}], "one": null, "named": {"a": {"v": "1"}, "b": {"v": "2"}}})",
            "null",
            {"plan.block_count_changed .named", "plan.block_absent .one", "plan.config_value_changed .rule[0].port"}},
        PlanCase{
            "legacy SDK turns each of them into a warning",
            kBlocks,
            kPrior,
            kConfig,
            R"({"id": "x", "rule": [{"port": 2, "tag": [{"k": "a"}]}], "one": null, "named": {"a": {"v": "1"}, "b": {"v": "2"}}})",
            "null",
            {"plan.block_count_changed .named (warning)", "plan.block_absent .one (warning)",
             "plan.config_value_changed .rule[0].port (warning)"},
            CheckOptions{true, false}},
        PlanCase{"list block element gained a block key in a nested map",
                 R"({"block_types": {"outer": {"nesting_mode": "list",
                   "block": {"block_types": {"inner": {"nesting_mode": "map", "block": {"attributes": {"x": {"type": "string", "optional": true}}}}}}}}})",
                 "null",
                 R"({"outer": [{"inner": {"k": {"x": "1"}}}]})",
                 R"({"outer": [{"inner": {"k": {"x": "1"}, "j": {"x": "2"}}}]})",
                 "null",
                 {"plan.block_count_changed .outer[0].inner"}},
        PlanCase{"empty and null attribute collections differ",
                 R"({"attributes": {"l": {"type": ["list", "string"], "optional": true}}})",
                 "null",
                 R"({"l": []})",
                 R"({"l": null})",
                 "null",
                 {"plan.config_value_changed .l"}},
        PlanCase{"optional computed list null in config may become empty",
                 R"({"attributes": {"l": {"type": ["list", "string"], "optional": true, "computed": true}}})",
                 "null",
                 R"({"l": null})",
                 R"({"l": []})",
                 "null",
                 {}},
        PlanCase{"dynamic attribute planned with the config value in another type",
                 R"({"attributes": {"d": {"type": "dynamic", "optional": true}}})",
                 "null",
                 R"({"d": {"value": "1", "type": "string"}})",
                 R"({"d": {"value": 1, "type": "number"}})",
                 "null",
                 {"plan.config_value_changed .d"}},
        PlanCase{"unknown planned for a non-computed attribute null in config",
                 R"({"attributes": {"s": {"type": "string", "optional": true}}})",
                 "null",
                 R"({"s": null})",
                 R"({"s": null})",
                 R"({"s": true})",
                 {"plan.non_computed_set .s"}}),
    [](const auto& param) { return "case" + std::to_string(param.index); });

TEST(PlanValid, UnknownConfigValueMayStayUnknownWithOrWithoutItsRefinements) {
  const auto block = block_of(R"({"attributes": {"s": {"type": "string", "optional": true}}})");
  const auto config = value_of(block, R"({"s": null})", R"({"s": true})", R"({".s": {"string_prefix": "a"}})");
  const auto same = value_of(block, R"({"s": null})", R"({"s": true})", R"({".s": {"string_prefix": "a"}})");
  const auto plain = value_of(block, R"({"s": null})", R"({"s": true})");
  const auto known = value_of(block, R"({"s": "abc"})");
  const auto null = cty::Value::null(config.type());
  EXPECT_TRUE(check_plan(block, null, config, same).empty());
  EXPECT_TRUE(check_plan(block, null, config, plain).empty()) << "terraform-plugin-go drops refinements";
  EXPECT_EQ(summary(check_plan(block, null, config, known)), std::vector<std::string>{"plan.config_value_changed .s"});
}

TEST(PlanValid, SensitiveValuesNeverAppearInMessages) {
  const auto block = block_of(R"({"attributes": {"pw": {"type": "string", "optional": true, "sensitive": true},
      "extra": {"type": "string", "optional": true, "sensitive": true}}})");
  const auto config = value_of(block, R"({"pw": "hunter2", "extra": null})");
  const auto planned = value_of(block, R"({"pw": "swordfish", "extra": "leaked"})");
  const Violations v = check_plan(block, cty::Value::null(config.type()), config, planned);
  ASSERT_EQ(summary(v), (std::vector<std::string>{"plan.non_computed_set .extra", "plan.config_value_changed .pw"}));
  for (const Violation& x : v) {
    EXPECT_EQ(x.message.find("hunter2"), std::string::npos) << x.message;
    EXPECT_EQ(x.message.find("swordfish"), std::string::npos) << x.message;
    EXPECT_EQ(x.message.find("leaked"), std::string::npos) << x.message;
  }
}

TEST(RequiresReplace, PathsMustExistInPriorOrPlanned) {
  const auto block = block_of(kBlocks);
  const auto prior = value_of(block, kPrior);
  const auto planned = value_of(block, kPrior);
  auto path = cty::Path().attribute("rule").index(0).attribute("port");
  EXPECT_TRUE(check_requires_replace(prior, planned, {path}).empty());
  auto beyond = cty::Path().attribute("rule").index(5).attribute("port");
  auto label = cty::Path().attribute("named").key("a").attribute("v");
  auto missing_label = cty::Path().attribute("named").key("zz");
  EXPECT_EQ(summary(check_requires_replace(prior, planned, {beyond, label, missing_label})),
            (std::vector<std::string>{"plan.replace_path_invalid .rule[5].port",
                                      "plan.replace_path_invalid .named[\"zz\"]"}));
  EXPECT_TRUE(check_requires_replace(cty::Value::null(prior.type()), planned, {beyond}).empty())
      << "create: nothing to replace";
}

TEST(Deferral, OnlyWhenAllowed) {
  EXPECT_TRUE(check_deferral(false, false).empty());
  EXPECT_TRUE(check_deferral(true, true).empty());
  EXPECT_EQ(summary(check_deferral(false, true)), std::vector<std::string>{"plan.deferred_not_allowed "});
}

}  // namespace
}  // namespace tfc::oracle
