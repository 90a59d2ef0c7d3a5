// ReadResource, UpgradeResourceState, ImportResourceState, ReadDataSource, lifecycle and
// validation checks (docs/lifecycle-contract.md), and the value conformance walk.
#include "oracle/state_checks.hpp"
#include "oracle/value_conformance.hpp"

#include "tests/oracle/oracle_test_support.hpp"

namespace tfc::oracle {
namespace {

using testing::block_of;
using testing::summary;
using testing::value_of;
using Want = std::vector<std::string>;

const char* kStateSchema =
    R"({"attributes": {"id": {"type": "string", "computed": true}, "name": {"type": "string", "optional": true},
  "pw": {"type": "string", "optional": true, "write_only": true}},
  "block_types": {"rule": {"nesting_mode": "list", "block": {"attributes": {"port": {"type": "number", "optional": true},
    "token": {"type": "string", "optional": true, "write_only": true}}}}}})";

TEST(ReadCheck, UnknownsWriteOnlyAndNull) {
  const auto b = block_of(kStateSchema);
  EXPECT_TRUE(
      check_read(b, value_of(b, R"({"id": "x", "name": "n", "pw": null, "rule": [{"port": 1, "token": null}]})"))
          .empty());
  EXPECT_TRUE(check_read(b, value_of(b, "null")).empty()) << "a vanished object reads back as null";
  EXPECT_EQ(
      summary(check_read(b, value_of(b, R"({"id": null, "name": "n", "pw": "p", "rule": [{"port": 1, "token": "t"}]})",
                                     R"({"id": true})"))),
      (Want{"read.unknown_in_state .id", "read.write_only_not_null .pw", "read.write_only_not_null .rule[0].token"}));
}

TEST(ReadCheck, NormalizationMustKeepTheAppliedValue) {
  const auto b = block_of(kStateSchema);
  const auto applied = value_of(b, R"({"id": "x", "name": "{\"a\": 1}", "pw": null, "rule": []})");
  EXPECT_TRUE(check_read_normalization(b, applied, applied).empty());
  const Violations v =
      check_read_normalization(b, applied, value_of(b, R"({"id": "x", "name": "{\"a\":1}", "pw": null, "rule": []})"));
  EXPECT_EQ(summary(v), Want{"read.normalization_not_preserved .name (warning)"});
}

TEST(UpgradeCheck, UnknownsTypeAndMeaning) {
  const auto b = block_of(kStateSchema);
  const auto state = value_of(b, R"({"id": "x", "name": "n", "pw": null, "rule": []})");
  EXPECT_TRUE(check_upgrade(b, state).empty());
  EXPECT_EQ(
      summary(check_upgrade(b, value_of(b, R"({"id": null, "name": "n", "pw": null, "rule": []})", R"({"id": true})"))),
      Want{"upgrade.unknown_in_state .id"});
  const auto wrong = cty::Value::object({{"id", cty::Value::string("x")}});
  EXPECT_EQ(summary(check_upgrade(b, wrong)),
            (Want{"value.type_mismatch .name", "value.type_mismatch .pw", "value.type_mismatch .rule"}));
  EXPECT_TRUE(check_upgrade_same_version(b, state, state).empty());
  EXPECT_EQ(
      summary(check_upgrade_same_version(b, state, value_of(b, R"({"id": "x", "name": "m", "pw": null, "rule": []})"))),
      Want{"upgrade.meaning_changed .name (warning)"});
}

TEST(MoveCheck, NonNullKnownConformingWithoutWriteOnlyValues) {
  const auto b = block_of(kStateSchema);
  EXPECT_TRUE(
      check_move(b, value_of(b, R"({"id": "x", "name": "n", "pw": null, "rule": [{"port": 1, "token": null}]})"))
          .empty());
  EXPECT_EQ(summary(check_move(b, value_of(b, "null"))), Want{"move.state_invalid "});
  EXPECT_EQ(
      summary(check_move(b, value_of(b, R"({"id": null, "name": "n", "pw": "p", "rule": []})", R"({"id": true})"))),
      (Want{"move.state_invalid .id", "move.write_only_not_null .pw"}));
  EXPECT_EQ(summary(check_move(b, cty::Value::object({{"id", cty::Value::string("x")}}))).front(),
            "value.type_mismatch .name");
}

TEST(GeneratedConfig, ConformsKnownAndWithoutComputedOnlyValues) {
  const auto b = block_of(kStateSchema);
  EXPECT_TRUE(check_generated_config(
                  b, value_of(b, R"({"id": null, "name": "n", "pw": null, "rule": [{"port": 1, "token": null}]})"))
                  .empty());
  EXPECT_EQ(summary(check_generated_config(b, value_of(b, R"({"id": "x", "name": "n", "pw": null, "rule": []})"))),
            Want{"generate.config_invalid .id"});
  EXPECT_EQ(summary(check_generated_config(
                b, value_of(b, R"({"id": null, "name": null, "pw": null, "rule": []})", R"({"name": true})"))),
            Want{"generate.config_invalid .name"});
  EXPECT_EQ(summary(check_generated_config(b, cty::Value::object({{"id", cty::Value::string("x")}}))).front(),
            "generate.config_invalid .name");
}

TEST(ImportCheck, CountsTypesAndNulls) {
  const auto b = block_of(kStateSchema);
  const auto state = value_of(b, R"({"id": "x", "name": null, "pw": null, "rule": []})");
  EXPECT_TRUE(check_import({{"thing", state}}, false).empty());
  EXPECT_TRUE(check_import({}, true).empty()) << "deferred";
  EXPECT_EQ(summary(check_import({}, false)), Want{"import.no_resources "});
  EXPECT_EQ(summary(check_import({{"thing", state}, {"", cty::Value::null(state.type())}}, false)),
            (Want{"import.multiple ", "import.type_missing ", "import.null_object "}));
  EXPECT_EQ(summary(check_import_read(cty::Value::null(state.type()))), Want{"import.nonexistent_after_read "});
  EXPECT_TRUE(check_import_read(state).empty());
  const auto applied = value_of(b, R"({"id": "x", "name": "n", "pw": null, "rule": [{"port": 1, "token": null}]})");
  EXPECT_EQ(summary(check_import_complete(b, applied, state)),
            (Want{"import.incomplete .name (warning)", "import.incomplete .rule (warning)"}));
}

TEST(ImportCheck, ThePlanAfterImportChangesNothingImportSet) {
  const auto b = block_of(R"({"attributes": {"id": {"type": "string", "computed": true},
    "name": {"type": "string", "optional": true}, "keepers": {"type": ["map", "string"], "optional": true},
    "pw": {"type": "string", "optional": true, "write_only": true}},
    "block_types": {"rule": {"nesting_mode": "list", "block": {"attributes": {"port": {"type": "number", "optional": true}}}}}})");
  const auto imported = value_of(b, R"({"id": "x", "name": "n", "keepers": {}, "pw": null, "rule": [{"port": 1}]})");
  EXPECT_TRUE(check_plan_after_import(b, imported, imported, imported, {}).empty());
  EXPECT_TRUE(check_plan_after_import(b, imported, imported, imported, {cty::Path().attribute("name")}).empty())
      << "requires_replace without a change replaces nothing";
  // Import set keepers to {} where the configuration has null: the plan changes it back.
  const auto keepers_null =
      value_of(b, R"({"id": "x", "name": "n", "keepers": null, "pw": null, "rule": [{"port": 1}]})");
  const auto v = check_plan_after_import(b, imported, imported, keepers_null, {});
  EXPECT_EQ(summary(v), Want{"import.plan_not_empty .keepers"});
  ASSERT_EQ(v.size(), 1u);
  EXPECT_EQ(v[0].message, "the plan after import changes what the import set: was {}, but now null");
  // A value import set, changed on a path that requires replacement.
  const auto renamed = value_of(b, R"({"id": "x", "name": "m", "keepers": {}, "pw": null, "rule": [{"port": 2}]})");
  const auto replaced = check_plan_after_import(b, imported, imported, renamed, {cty::Path().attribute("name")});
  EXPECT_EQ(summary(replaced), (Want{"import.plan_not_empty .name", "import.plan_not_empty .rule[0].port"}));
  EXPECT_NE(replaced[0].message.find("requires replacement"), std::string::npos) << replaced[0].message;
  EXPECT_EQ(replaced[1].message.find("requires replacement"), std::string::npos) << replaced[1].message;
  // What forces the replacement comes first, whatever the attribute order.
  const auto by_port = check_plan_after_import(b, imported, imported, renamed,
                                               {cty::Path().attribute("rule").index(0).attribute("port")});
  EXPECT_EQ(summary(by_port), (Want{"import.plan_not_empty .rule[0].port", "import.plan_not_empty .name"}));
}

TEST(ImportCheck, WhatImportCouldNotKnowIsImportIncompletesNotThePlans) {
  const auto b = block_of(R"({"attributes": {"id": {"type": "string", "computed": true},
    "min_special": {"type": "number", "optional": true},
    "triggers": {"type": ["map", "string"], "optional": true}}})");
  // Apply stored what the configuration said; import read back a default and an empty map (the
  // provider cannot import them: import.incomplete warns). Planning the configuration again
  // restores them: no finding of the plan's own.
  const auto applied = value_of(b, R"({"id": "x", "min_special": 1, "triggers": {"k": "v"}})");
  const auto imported = value_of(b, R"({"id": "x", "min_special": 0, "triggers": {}})");
  EXPECT_TRUE(check_plan_after_import(b, applied, imported, applied, {cty::Path().attribute("min_special")}).empty());
  // Nor the values a replacement that they alone force leaves unknown (time_offset's triggers
  // forcing a new id).
  const auto replaced = value_of(b, R"({"id": null, "min_special": 1, "triggers": {"k": "v"}})", R"({"id": true})");
  EXPECT_TRUE(check_plan_after_import(b, applied, imported, replaced, {cty::Path().attribute("triggers")}).empty());
  // Where apply had null and import set {}, the plan's change back is the plan's own finding.
  const auto applied_null = value_of(b, R"({"id": "x", "min_special": 1, "triggers": null})");
  const auto imported_empty = value_of(b, R"({"id": "x", "min_special": 1, "triggers": {}})");
  EXPECT_EQ(summary(check_plan_after_import(b, applied_null, imported_empty, applied_null, {})),
            Want{"import.plan_not_empty .triggers"});
  // And a replacement it forces keeps the unknowns it plans as findings too.
  const auto replaced_null = value_of(b, R"({"id": null, "min_special": 1, "triggers": null})", R"({"id": true})");
  EXPECT_EQ(summary(check_plan_after_import(b, applied_null, imported_empty, replaced_null,
                                            {cty::Path().attribute("triggers")})),
            (Want{"import.plan_not_empty .triggers", "import.plan_not_empty .id"}));
}

TEST(ImportCheck, WhatImportLeftNullMayBeFilledIn) {
  const auto b = block_of(kStateSchema);
  // A partial import (000 §ImportResourceState): name and the rule's port left null; the plan
  // fills them in from the configuration. A write-only value is never compared.
  const auto partial = value_of(b, R"({"id": "x", "name": null, "pw": null, "rule": [{"port": null, "token": null}]})");
  const auto planned = value_of(b, R"({"id": "x", "name": "n", "pw": null, "rule": [{"port": 1, "token": null}]})");
  EXPECT_TRUE(check_plan_after_import(b, partial, partial, planned, {cty::Path().attribute("name")}).empty());
  // But a value import did set is not a partial import.
  EXPECT_EQ(summary(check_plan_after_import(b, planned, planned, partial, {})),
            (Want{"import.plan_not_empty .name", "import.plan_not_empty .rule[0].port"}));
}

TEST(DataCheck, ResultRules) {
  const auto b = block_of(kStateSchema);
  const auto config = value_of(b, R"({"id": null, "name": "n", "pw": null, "rule": [{"port": 1, "token": null}]})");
  EXPECT_TRUE(
      check_data_read(b, config,
                      value_of(b, R"({"id": "x", "name": "n", "pw": null, "rule": [{"port": 1, "token": null}]})"))
          .empty());
  EXPECT_EQ(summary(check_data_read(b, config, cty::Value::null(config.type()))), Want{"data.null_result "});
  EXPECT_EQ(summary(check_data_read(
                b, config,
                value_of(b, R"({"id": null, "name": "m", "pw": null, "rule": [{"port": 2, "token": null}]})",
                         R"({"id": true})"))),
            (Want{"data.unknown_in_result .id", "data.config_value_changed .name (warning)",
                  "data.config_value_changed .rule[0].port (warning)"}));
}

TEST(LifecycleCheck, PlanAgainMustBeANoOp) {
  const auto b = block_of(kStateSchema);
  const auto state = value_of(b, R"({"id": "x", "name": "n", "pw": null, "rule": []})");
  EXPECT_TRUE(check_plan_is_no_op(b, state, state, "lifecycle.plan_not_empty_after_apply").empty());
  EXPECT_EQ(summary(check_plan_is_no_op(b, state, value_of(b, R"({"id": "x", "name": "N", "pw": null, "rule": []})"),
                                        "lifecycle.plan_not_empty_after_refresh")),
            Want{"lifecycle.plan_not_empty_after_refresh .name"});
}

TEST(ValidateCheck, ErrorsOnUnknownValuesAreFlagged) {
  const auto b = block_of(kStateSchema);
  const auto config = value_of(b, R"({"id": null, "name": null, "pw": null, "rule": [{"port": null, "token": null}]})",
                               R"({"name": true, "rule": [{"port": true}]})");
  const cty::Path name = cty::Path().attribute("name");
  const cty::Path port = cty::Path().attribute("rule").index(0).attribute("port");
  const cty::Path pw = cty::Path().attribute("pw");
  EXPECT_EQ(summary(check_validate_diagnostics(config, {name, port, pw})),
            (Want{"validate.rejects_unknown .name (warning)", "validate.rejects_unknown .rule[0].port (warning)"}));
}

TEST(ValueConformance, ReportsTheDeepestMismatch) {
  const auto b = block_of(kStateSchema);
  const auto good = value_of(b, R"({"id": "x", "name": null, "pw": null, "rule": []})");
  EXPECT_TRUE(check_value_conforms(b, good, "state").empty());
  const auto bad_rule = cty::Value::object(
      {{"id", cty::Value::string("x")},
       {"name", cty::Value::null(cty::Type::string())},
       {"pw", cty::Value::null(cty::Type::string())},
       {"rule", cty::Value::list(cty::Type::object({{"port", cty::Type::string()}, {"token", cty::Type::string()}}),
                                 {cty::Value::object({{"port", cty::Value::string("80")},
                                                      {"token", cty::Value::null(cty::Type::string())}})})}});
  EXPECT_EQ(summary(check_value_conforms(b, bad_rule, "state")), Want{"value.type_mismatch .rule[0].port"});
  const auto empty_wrong = cty::Value::object({{"id", cty::Value::string("x")},
                                               {"name", cty::Value::null(cty::Type::string())},
                                               {"pw", cty::Value::null(cty::Type::string())},
                                               {"rule", cty::Value::list(cty::Type::string(), {})}});
  EXPECT_EQ(summary(check_value_conforms(b, empty_wrong, "state")), Want{"value.type_mismatch .rule"});
}

}  // namespace
}  // namespace tfc::oracle
