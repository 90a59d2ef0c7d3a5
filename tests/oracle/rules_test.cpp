// The rule catalogue, legacy tolerance in Findings, and path text.
#include "oracle/rules.hpp"
#include "oracle/findings.hpp"
#include "oracle/path_text.hpp"
#include "oracle/rule_id.hpp"
#include "oracle/schema_rules.hpp"

#include <algorithm>
#include <set>

#include "tests/oracle/oracle_test_support.hpp"

namespace tfc::oracle {
namespace {

// Every contract rule id (docs/rules.md, docs/lifecycle-contract.md); an upgraded state of the
// wrong type is reported as value.type_mismatch, so there is no upgrade.type_mismatch.
const char* kContractIds[] = {
    "schema.invalid_name", "schema.name_conflict", "schema.attribute_flags", "schema.block_items", "schema.set_dynamic",
    "schema.negative_version", "schema.unstable", "value.type_mismatch", "value.undecodable",
    "plan.config_value_changed", "plan.non_computed_set", "plan.unknown_for_configured", "plan.block_absent",
    "plan.block_present", "plan.block_count_changed", "plan.block_collection_null", "plan.block_element_unknown",
    "plan.destroy_not_null", "plan.null_for_existing", "plan.replace_path_invalid", "plan.write_only_not_null",
    "plan.deferred_not_allowed", "plan_final.known_value_changed", "plan_final.action_changed",
    "apply.known_value_changed", "apply.unknown_in_new_state", "apply.null_became_value", "apply.value_became_null",
    "apply.collection_element_changed", "apply.block_count_changed", "apply.unknown_refinement_broken",
    "apply.object_vanished", "apply.delete_not_null", "apply.write_only_not_null", "read.unknown_in_state",
    "read.write_only_not_null", "read.normalization_not_preserved", "upgrade.unknown_in_state",
    "upgrade.meaning_changed", "release.config_refused", "release.data_result_changed",
    "release.dropped_without_upgrade", "release.meaning_changed", "release.plan_not_empty", "release.plan_replaces",
    "release.schema_version_lowered", "release.type_removed", "release.upgrade_failed", "release.value_lost",
    "import.no_resources", "import.multiple", "import.type_missing", "import.null_object",
    "import.nonexistent_after_read", "import.incomplete", "import.plan_not_empty", "data.null_result",
    "data.unknown_in_result", "data.config_value_changed", "lifecycle.plan_not_empty_after_apply",
    "lifecycle.plan_not_empty_after_refresh", "validate.rejects_unknown", "rpc.crashed", "rpc.timeout",
    "rpc.error_status", "rpc.handshake",
    // Beyond the catalogue: the JSON state Core writes cannot hold invalid UTF-8.
    "value.invalid_utf8",
    // Beyond the catalogue: an answer too large for the harness (and terraform-plugin-go) to read.
    "rpc.message_too_large",
    // Beyond the catalogue: a provider that a generated input drives past its memory limit.
    "rpc.out_of_memory",
    // Not a contract rule: the suite's own gate (--require-coverage).
    "coverage.type_not_exercised"};

// The families beyond managed resources and data sources (oracle/family_rules.cpp).
const char* kFamilyIds[] = {"function.argument_index_out_of_range",
                            "function.inconsistent_result",
                            "function.invalid_signature",
                            "function.no_result",
                            "function.schema_mismatch",
                            "function.unknown_for_known_arguments",
                            "function.unknown_result_mismatch",
                            "deferral.not_allowed",
                            "deferral.reason_invalid",
                            "ephemeral.null_result",
                            "ephemeral.private_rejected",
                            "ephemeral.renew_at_past",
                            "ephemeral.result_invalid_for_config",
                            "ephemeral.unknown_in_result",
                            "identity.changed",
                            "identity.missing",
                            "identity.type_mismatch",
                            "identity.unknown",
                            "identity.upgrade_changed",
                            "import.identity_mismatch",
                            "import.identity_missing",
                            "schema.identity_attribute_type",
                            "import.write_only_not_null",
                            "upgrade.write_only_not_null",
                            "list.created_not_listed",
                            "list.duplicate_identity",
                            "list.identity_incomplete",
                            "list.identity_missing",
                            "list.limit_exceeded",
                            "list.no_identity_schema",
                            "list.object_mismatch",
                            "list.resource_object_invalid",
                            "lifecycle.plan_not_empty_after_move",
                            "move.state_invalid",
                            "move.write_only_not_null",
                            "action.completed_count",
                            "action.event_empty",
                            "generate.config_invalid",
                            "metadata.schema_mismatch"};

TEST(Rules, FamilyRulesCiteTheProtocolAndAreListed) {
  for (const char* id : kFamilyIds) {
    const RuleInfo* r = find_rule(id);
    ASSERT_NE(r, nullptr) << id;
    EXPECT_FALSE(r->summary.empty()) << id;
    const bool cites = r->seed.rfind("00", 0) == 0 || r->seed.find("tfplugin6.proto") != std::string_view::npos;
    EXPECT_TRUE(cites) << id << " cites " << r->seed;
  }
}

TEST(Rules, CatalogueHasEveryContractRuleOnceAndSorted) {
  const auto rules = all_rules();
  EXPECT_EQ(rules.size(), std::size(kContractIds) + std::size(kFamilyIds));
  for (const char* id : kContractIds) {
    const RuleInfo* r = find_rule(id);
    ASSERT_NE(r, nullptr) << id;
    EXPECT_EQ(r->id, id);
    EXPECT_FALSE(r->summary.empty());
    // Every contract rule cites a seed document; the suite's own gate says it is none.
    const bool gate = r->id.rfind("coverage.", 0) == 0;
    EXPECT_TRUE(r->seed.rfind(gate ? "none:" : "00", 0) == 0) << "cites a seed document: " << r->seed;
  }
  EXPECT_TRUE(
      std::is_sorted(rules.begin(), rules.end(), [](const RuleInfo& a, const RuleInfo& b) { return a.id < b.id; }));
  EXPECT_EQ(find_rule("plan.nope"), nullptr);
}

// Ids read at run time (vector files, schema problems) are looked up; the compiler checked every
// literal (tests/oracle/compile_fail/).
TEST(Rules, RuleIdFindsEveryCatalogueIdAndNothingElse) {
  for (const RuleInfo& r : all_rules()) {
    const auto id = RuleId::find(r.id);
    ASSERT_TRUE(id.has_value()) << r.id;
    EXPECT_EQ(id->str(), r.id);
  }
  EXPECT_FALSE(RuleId::find("plan.nope").has_value());
  EXPECT_FALSE(RuleId::find("").has_value());
  constexpr RuleId known = "plan.config_value_changed";
  EXPECT_EQ(RuleId::find("plan.config_value_changed"), known);
  EXPECT_TRUE(RuleId{}.empty());
}

TEST(Rules, SeverityAndLegacyFlagsFollowTheContract) {
  for (const char* warning : {"read.normalization_not_preserved", "upgrade.meaning_changed", "release.meaning_changed",
                              "release.dropped_without_upgrade", "release.data_result_changed", "import.incomplete",
                              "data.config_value_changed", "validate.rejects_unknown"})
    EXPECT_EQ(find_rule(warning)->severity, Severity::warning) << warning;
  for (const char* never : {"value.type_mismatch", "apply.unknown_in_new_state", "plan_final.known_value_changed",
                            "plan_final.action_changed", "apply.delete_not_null"})
    EXPECT_FALSE(find_rule(never)->legacy_logged_only) << never;
  EXPECT_TRUE(find_rule("apply.known_value_changed")->legacy_logged_only);
  EXPECT_TRUE(find_rule("plan.config_value_changed")->legacy_logged_only);
  EXPECT_EQ(find_rule("plan.write_only_not_null")->cores, Cores::Terraform);
  EXPECT_EQ(find_rule("schema.unstable")->cores, Cores::None);
}

TEST(Findings, LegacyToleranceAndStrict) {
  Findings plain;
  plain.add("apply.known_value_changed", cty::Path(), "was 1, but now 2");
  EXPECT_EQ(plain.violations()[0].severity, Severity::error);
  Findings legacy(CheckOptions{true, false});
  legacy.add("apply.known_value_changed", cty::Path(), "was 1, but now 2");
  legacy.add("apply.unknown_in_new_state", cty::Path(), "the new state holds an unknown value");
  EXPECT_EQ(legacy.violations()[0].severity, Severity::warning);
  EXPECT_EQ(legacy.violations()[0].message, "was 1, but now 2 (tolerated for the legacy SDK)");
  EXPECT_EQ(legacy.violations()[1].severity, Severity::error);
  EXPECT_TRUE(has_errors(legacy.violations()));
  Findings strict(CheckOptions{true, true});
  strict.add("apply.known_value_changed", cty::Path(), "was 1, but now 2");
  EXPECT_EQ(strict.violations()[0].severity, Severity::error);
  EXPECT_EQ(strict.violations()[0].message, "was 1, but now 2");
  Findings warning;
  warning.add("import.incomplete", cty::Path(), "x");
  EXPECT_FALSE(has_errors(warning.violations()));
}

TEST(PathText, ParsesWhatRenderPrints) {
  for (const char* text : {"", ".a", ".rule[0].port", ".tags[\"env\"]", ".m[\"a.b[c]\\\"\"].x[12]"}) {
    auto p = parse_path(text);
    ASSERT_TRUE(p.has_value()) << text << ": " << p.error().message;
    EXPECT_EQ(p->render(), text);
  }
  for (const char* bad : {"a", ".", "[x]", ".a[", ".a[\"b\"", ".a[1"}) EXPECT_FALSE(parse_path(bad).has_value()) << bad;
}

TEST(SchemaRules, ProblemsAndInstability) {
  schema::ProviderSchema good;
  good.resource_schemas["tfc_thing"].block =
      testing::block_of(R"({"attributes": {"id": {"type": "string", "computed": true}}})");
  EXPECT_TRUE(check_schema(good).empty());
  EXPECT_TRUE(check_schema_stable(good, good).empty());
  schema::ProviderSchema bad = good;
  bad.resource_schemas["tfc_thing"].block = testing::block_of(R"({"attributes": {"Bad-Name": {"type": "string"}}})");
  bad.resource_schemas["tfc_other"].version = -1;
  const Violations problems = check_schema(bad);
  std::set<std::string> rules;
  for (const Violation& v : problems) rules.insert(v.rule);
  EXPECT_EQ(rules.count("schema.invalid_name"), 1u);
  EXPECT_EQ(rules.count("schema.attribute_flags"), 1u);
  EXPECT_EQ(rules.count("schema.negative_version"), 1u);
  EXPECT_EQ(testing::summary(check_schema_stable(good, bad)),
            (std::vector<std::string>{"schema.unstable ", "schema.unstable "}));
}

TEST(SchemaRules, GetMetadataListsTheSchemasTypes) {
  schema::ProviderSchema s;
  s.resource_schemas["tfc_thing"] = {};
  s.functions["join"] = nlohmann::json::object();
  s.list_resource_schemas["tfc_thing"] = {};
  MetadataNames same;
  same.resources = {"tfc_thing"};
  same.functions = {"join"};
  same.list_resources = {"tfc_thing"};
  EXPECT_TRUE(check_metadata_agrees(s, same).empty());
  MetadataNames other = same;
  other.functions.clear();
  other.actions = {"tfc_notify"};
  EXPECT_EQ(testing::summary(check_metadata_agrees(s, other)),
            (std::vector<std::string>{"metadata.schema_mismatch ", "metadata.schema_mismatch "}));
}

}  // namespace
}  // namespace tfc::oracle
