// The contract between two releases (oracle/release_rules.hpp): what a configuration written for
// the previous release becomes in the new schema, and what the new release's upgrade of the
// previous release's state may change.
#include "oracle/release_rules.hpp"

#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include "generators/arbitrary_block.hpp"
#include "generators/config_gen.hpp"
#include "tests/oracle/oracle_test_support.hpp"

namespace tfc::oracle {
namespace {

using testing::block_of;
using testing::summary;
using testing::value_of;

// The previous release: `name` required, `label` optional, `tags` an optional list, `digest`
// computed, a `rule` list block.
const char* kPrevious = R"({"attributes": {
    "name": {"type": "string", "required": true}, "label": {"type": "string", "optional": true},
    "tags": {"type": ["list", "string"], "optional": true}, "digest": {"type": "string", "computed": true},
    "size": {"type": "number", "optional": true}},
  "block_types": {"rule": {"nesting_mode": "list", "block": {"attributes": {"x": {"type": "string", "optional": true}}}}}})";

schema::Block previous() { return block_of(kPrevious); }

cty::Value config(const char* json) { return value_of(previous(), json); }

std::vector<std::string> refused(const char* next_schema, const char* config_json) {
  return summary(carry_config(previous(), block_of(next_schema), config(config_json)).refused);
}

TEST(CarryConfig, TheSameSchemaCarriesEveryValueUnchanged) {
  const auto c = config(R"({"name": "a", "label": null, "tags": [], "digest": null, "size": 3, "rule": [{"x": "y"}]})");
  const auto carried = carry_config(previous(), previous(), c);
  ASSERT_TRUE(carried.value) << carried.uncarried;
  EXPECT_TRUE(raw_equals(*carried.value, c));
  // An empty list is a value the user wrote, not nothing: carrying it as null would plan a
  // change that is not there (found on terraform-provider-tls: dns_names = []).
  EXPECT_EQ(carried.value->attribute("tags")->elements().size(), 0u);
  EXPECT_FALSE(carried.value->attribute("tags")->is_null());
}

TEST(CarryConfig, ADynamicAttributeKeepsTheTypeOfItsValue) {
  const char* dynamic = R"({"attributes": {"meta": {"type": "dynamic", "optional": true}}})";
  const auto block = block_of(dynamic);
  // The value's own type is bool, the schema's dynamic: the schemas' types decide.
  const auto c = cty::Value::object(schema::implied_type(block), {cty::Value::boolean(true)});
  const auto carried = carry_config(block, block, c);
  EXPECT_TRUE(carried.refused.empty()) << summary(carried.refused).front();
  ASSERT_TRUE(carried.value);
  EXPECT_TRUE(raw_equals(*carried.value, c));
}

TEST(CarryConfig, AnArgumentTheNewReleaseDroppedIsRefusedOnlyWhenSet) {
  const char* next = R"({"attributes": {"name": {"type": "string", "required": true},
      "tags": {"type": ["list", "string"], "optional": true}, "digest": {"type": "string", "computed": true},
      "size": {"type": "number", "optional": true}},
    "block_types": {"rule": {"nesting_mode": "list", "block": {"attributes": {"x": {"type": "string", "optional": true}}}}}})";
  EXPECT_EQ(refused(next, R"({"name": "a", "label": "l", "tags": null, "digest": null, "size": null, "rule": []})"),
            std::vector<std::string>{"release.config_refused .label"});
  EXPECT_TRUE(
      refused(next, R"({"name": "a", "label": null, "tags": null, "digest": null, "size": null, "rule": []})").empty());
}

TEST(CarryConfig, ANewRequiredArgumentOrARetypedOneIsRefused) {
  const char* next = R"({"attributes": {"name": {"type": "string", "required": true},
      "label": {"type": "string", "optional": true}, "tags": {"type": ["list", "string"], "optional": true},
      "digest": {"type": "string", "computed": true}, "size": {"type": "string", "optional": true},
      "owner": {"type": "string", "required": true}},
    "block_types": {"rule": {"nesting_mode": "list", "block": {"attributes": {"x": {"type": "string", "optional": true}}}}}})";
  EXPECT_EQ(refused(next, R"({"name": "a", "label": null, "tags": null, "digest": null, "size": 1, "rule": []})"),
            (std::vector<std::string>{"release.config_refused .owner", "release.config_refused .size"}));
}

TEST(CarryConfig, ANewOptionalArgumentIsNullAndABlockWhoseShapeChangedIsNotCarried) {
  const char* next = R"({"attributes": {"name": {"type": "string", "required": true},
      "label": {"type": "string", "optional": true}, "tags": {"type": ["list", "string"], "optional": true},
      "digest": {"type": "string", "computed": true}, "size": {"type": "number", "optional": true},
      "depth": {"type": "number", "optional": true, "computed": true}},
    "block_types": {"rule": {"nesting_mode": "list", "block": {"attributes": {"x": {"type": "string", "optional": true},
      "z": {"type": "string", "optional": true}}}}}})";
  const auto plain = carry_config(previous(), block_of(next),
                                  config(R"({"name": "a", "label": null, "tags": null, "digest": null, "size": null,
                                             "rule": []})"));
  ASSERT_TRUE(plain.value) << plain.uncarried;
  EXPECT_TRUE(plain.value->attribute("depth")->is_null());
  const auto with_rule = carry_config(previous(), block_of(next),
                                      config(R"({"name": "a", "label": null, "tags": null, "digest": null, "size": null,
                                                 "rule": [{"x": "y"}]})"));
  EXPECT_FALSE(with_rule.value);
  EXPECT_TRUE(with_rule.refused.empty()) << "the file may still fit: no finding tfconform cannot stand behind";
  EXPECT_NE(with_rule.uncarried.find("rule"), std::string::npos);
}

std::vector<std::string> upgrade(const char* next_schema, std::int64_t next_version, const char* before,
                                 const char* configured, const char* upgraded) {
  const auto next = block_of(next_schema);
  return summary(check_release_upgrade(previous(), 0, next, next_version, value_of(previous(), before),
                                       config(configured), value_of(next, upgraded)));
}

const char* kSameSchema = kPrevious;

TEST(ReleaseUpgrade, AConfiguredValueChangedIsLostAComputedOneAWarning) {
  const char* before = R"({"name": "a", "label": "l", "tags": [], "digest": "d1", "size": null, "rule": []})";
  const char* configured = R"({"name": "a", "label": "l", "tags": [], "digest": null, "size": null, "rule": []})";
  EXPECT_TRUE(upgrade(kSameSchema, 0, before, configured, before).empty());
  EXPECT_EQ(upgrade(kSameSchema, 0, before, configured,
                    R"({"name": "a", "label": null, "tags": [], "digest": "d1", "size": null, "rule": []})"),
            std::vector<std::string>{"release.value_lost .label"});
  EXPECT_EQ(upgrade(kSameSchema, 0, before, configured,
                    R"({"name": "a", "label": "l", "tags": null, "digest": "d1", "size": null, "rule": []})"),
            std::vector<std::string>{"release.value_lost .tags"})
      << "an empty list set by the configuration is a value";
  EXPECT_EQ(upgrade(kSameSchema, 0, before, configured,
                    R"({"name": "a", "label": "l", "tags": [], "digest": "d2", "size": null, "rule": []})"),
            std::vector<std::string>{"release.meaning_changed .digest (warning)"});
}

TEST(ReleaseUpgrade, AValueWhoseAttributeIsGoneNeedsAHigherSchemaVersion) {
  // `digest` renamed `fingerprint`: only a state upgrader (a higher version) can carry it.
  const char* next = R"({"attributes": {"name": {"type": "string", "required": true},
      "label": {"type": "string", "optional": true}, "tags": {"type": ["list", "string"], "optional": true},
      "fingerprint": {"type": "string", "computed": true}, "size": {"type": "number", "optional": true}},
    "block_types": {"rule": {"nesting_mode": "list", "block": {"attributes": {"x": {"type": "string", "optional": true}}}}}})";
  const char* before = R"({"name": "a", "label": null, "tags": null, "digest": "d1", "size": null, "rule": []})";
  const char* after = R"({"name": "a", "label": null, "tags": null, "fingerprint": "d1", "size": null, "rule": []})";
  EXPECT_EQ(upgrade(next, 0, before, before, after),
            std::vector<std::string>{"release.dropped_without_upgrade .digest (warning)"});
  EXPECT_TRUE(upgrade(next, 1, before, before, after).empty());
}

TEST(ReleaseData, OnlyAValueThePreviousReleaseReadTwiceAlikeCounts) {
  const auto block = block_of(R"({"attributes": {"url": {"type": "string", "required": true},
      "body": {"type": "string", "computed": true}, "at": {"type": "string", "computed": true}}})");
  auto read = [&](const char* body, const char* at) {
    return value_of(block, std::string(R"({"url": "u", "body": ")") + body + R"(", "at": ")" + at + R"("})");
  };
  EXPECT_TRUE(check_release_data(block, block, read("b", "1"), read("b", "2"), read("b", "3")).empty())
      << "a time that differs on every read is no finding";
  EXPECT_EQ(summary(check_release_data(block, block, read("b", "1"), read("b", "2"), read("c", "3"))),
            std::vector<std::string>{"release.data_result_changed .body (warning)"});
}

TEST(ReleaseVersion, ALowerSchemaVersionIsRefusedByCore) {
  EXPECT_EQ(summary(check_release_version(2, 1)), std::vector<std::string>{"release.schema_version_lowered "});
  EXPECT_TRUE(check_release_version(1, 1).empty());
  EXPECT_TRUE(check_release_version(1, 2).empty());
}

// For any schema and configuration of it, an upgrade to the same release changes nothing:
// the configuration carries over unchanged and the same state breaks no rule.
RC_GTEST_PROP(ReleaseRules, TheSameReleaseCarriesEverythingAndLosesNothing, ()) {
  const auto block = *gen::block(gen::BlockOptions{});
  const auto config = *gen::config_of(block);
  const auto carried = carry_config(block, block, config);
  RC_ASSERT(carried.refused.empty());
  RC_ASSERT(carried.uncarried.empty());
  RC_ASSERT(carried.value.has_value());
  RC_ASSERT(raw_equals(*carried.value, config));
  RC_ASSERT(check_release_upgrade(block, 3, block, 3, config, config, config).empty());
}

}  // namespace
}  // namespace tfc::oracle
