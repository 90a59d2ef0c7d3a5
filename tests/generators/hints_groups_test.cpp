// Hints groups (cross-attribute rules) honoured by config_of, also when it mutates examples;
// data-source hints; hints and configurations written back as JSON and read again.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <rapidcheck/shrinkable/Operations.h>

#include "generators/config_gen.hpp"
#include "generators/hints.hpp"
#include "proto/schema/schema_json.hpp"
#include "proto/schema/tf_json.hpp"

namespace tfc::gen {
namespace {

using nlohmann::json;

const char* kGroupsSchema = R"({
  "attributes": {
    "a": {"type": "string", "optional": true},
    "b": {"type": "string", "optional": true},
    "c": {"type": "number", "optional": true},
    "d": {"type": ["list", "string"], "optional": true},
    "e": {"type": "bool", "optional": true},
    "name": {"type": "string", "required": true},
    "out": {"type": "string", "computed": true}
  },
  "block_types": {
    "rule": {"nesting_mode": "list", "block": {"attributes": {
      "x": {"type": "number", "optional": true}, "y": {"type": "number", "optional": true}}}},
    "single": {"nesting_mode": "single", "block": {"attributes": {"v": {"type": "string", "optional": true}}}},
    "tags": {"nesting_mode": "map", "block": {"attributes": {"t": {"type": "string", "optional": true}}}}
  }})";

schema::Block groups_schema() { return *schema::block_from_json(json::parse(kGroupsSchema)); }

// Set: an attribute that is not null, a block type with blocks (`single`, `tags`).
bool is_set(const std::string& name, const cty::Value& v) {
  if (v.is_null()) return false;
  if (name == "tags") return v.length() > 0;
  return true;
}

std::size_t count_set(const cty::Value& object, const std::vector<std::string>& names) {
  std::size_t n = 0;
  for (const auto& name : names) n += is_set(name, *object.attribute(name)) ? 1 : 0;
  return n;
}

Hints grouped() {
  Hints h;
  h.groups.push_back({AttributeGroup::Kind::AtMostOne, {"a", "b"}});
  h.groups.push_back({AttributeGroup::Kind::ExactlyOne, {"c", "single"}});
  h.groups.push_back({AttributeGroup::Kind::AtLeastOne, {"a", "tags"}});
  h.groups.push_back({AttributeGroup::Kind::AllOrNone, {"e", "name"}});
  h.groups.push_back({AttributeGroup::Kind::ExactlyOne, {"rule.x", "rule.y"}});
  return h;
}

void check_groups(const cty::Value& v) {
  RC_ASSERT(count_set(v, {"a", "b"}) <= 1u);
  RC_ASSERT(count_set(v, {"c", "single"}) == 1u);
  RC_ASSERT(count_set(v, {"a", "tags"}) >= 1u);
  // `name` is required: all_or_none can only mean both.
  RC_ASSERT(count_set(v, {"e", "name"}) == 2u);
  for (const auto& rule : v.attribute("rule")->elements()) RC_ASSERT(count_set(rule, {"x", "y"}) == 1u);
}

RC_GTEST_PROP(HintsGroups, GeneratedConfigsKeepEveryGroup, ()) {
  const schema::Block block = groups_schema();
  check_groups(*config_of(block, grouped()));
}

RC_GTEST_PROP(HintsGroups, MutatedExamplesKeepEveryGroup, ()) {
  const schema::Block block = groups_schema();
  Hints h = grouped();
  h.examples.push_back(json::parse(R"({"name": "n", "e": true, "a": "x", "c": 1, "rule": [{"x": 1}]})"));
  ConfigOptions options;
  options.example_percent = 100;
  options.mutate_percent = 60;
  check_groups(*config_of(block, h, options));
}

TEST(HintsGroups, EachMemberOfAnExactlyOneGroupIsSometimesTheOne) {
  const schema::Block block = groups_schema();
  const auto gen = config_of(block, grouped());
  bool saw_c = false, saw_single = false;
  for (int seed = 0; seed < 60; ++seed) {
    const cty::Value v = gen(rc::Random(seed), 50).value();
    saw_c = saw_c || is_set("c", *v.attribute("c"));
    saw_single = saw_single || is_set("single", *v.attribute("single"));
  }
  EXPECT_TRUE(saw_c);
  EXPECT_TRUE(saw_single);
}

TEST(HintsGroups, OmittedMembersAreNotChosen) {
  const schema::Block block = groups_schema();
  Hints h;
  h.groups.push_back({AttributeGroup::Kind::ExactlyOne, {"a", "b"}});
  h.attributes["a"].omit = true;
  const auto gen = config_of(block, h);
  for (int seed = 0; seed < 30; ++seed) {
    const cty::Value v = gen(rc::Random(seed), 50).value();
    EXPECT_TRUE(v.attribute("a")->is_null());
    EXPECT_FALSE(v.attribute("b")->is_null());
  }
}

TEST(HintsGroups, ParseCheckAndWriteBack) {
  const json doc = json::parse(R"({
    "resources": {"r": {"attributes": {"a": {"values": ["x", "y"], "always": true}, "b": "omit",
                                       "c": {"range": [1, 5], "integer": true}, "name": {"pattern": "[a-z]{2}"}},
                        "examples": [{"name": "nn"}],
                        "groups": [{"at_most_one": ["a", "b"]}, {"exactly_one": ["rule.x", "rule.y"]}]},
                  "s": {"attributes": {"name": {"value": "x"}}}},
    "data_sources": {"r": {"attributes": {"name": {"value": "only"}}}}})");
  auto parsed = parse_hints(doc, "h.json");
  ASSERT_TRUE(parsed.has_value()) << parsed.error().message;
  const Hints& r = parsed->for_resource("r");
  ASSERT_EQ(r.groups.size(), 2u);
  EXPECT_EQ(r.groups[1].kind, AttributeGroup::Kind::ExactlyOne);
  EXPECT_EQ(r.groups[1].parent(), "rule");
  EXPECT_TRUE(check_hints(r, groups_schema()).has_value());
  // The data source's own hints, and the resource's for a data source without any.
  EXPECT_NE(parsed->for_data_source("r").find("name"), nullptr);
  EXPECT_EQ(parsed->for_data_source("r").find("a"), nullptr);
  EXPECT_NE(parsed->for_data_source("s").find("name"), nullptr);
  EXPECT_TRUE(parsed->for_data_source("nothing").attributes.empty());
  // Written back, the document reads back to the same hints.
  const json written = hints_file_to_json(*parsed);
  auto again = parse_hints(written, "h.json");
  ASSERT_TRUE(again.has_value()) << again.error().message << "\n" << written.dump(2);
  EXPECT_EQ(hints_file_to_json(*again), written);
  EXPECT_EQ(written["resources"]["r"]["attributes"]["b"], "omit");
  EXPECT_EQ(written["resources"]["r"]["groups"][0], json::parse(R"({"at_most_one": ["a", "b"]})"));
}

TEST(HintsGroups, SchemaCheckNamesGroupPathsThatDoNotExist) {
  Hints h;
  h.file = "h.json";
  h.resource = "r";
  h.groups.push_back({AttributeGroup::Kind::AtMostOne, {"a", "nope"}});
  auto checked = check_hints(h, groups_schema());
  ASSERT_FALSE(checked.has_value());
  EXPECT_EQ(checked.error().message,
            "h.json: resource r: groups[0]: nope: no such attribute or block type in the schema");
  h.groups[0].paths = {"a", "out"};
  checked = check_hints(h, groups_schema());
  ASSERT_FALSE(checked.has_value());
  EXPECT_NE(checked.error().message.find("computed-only"), std::string::npos);
}

TEST(HintsPresent, SetWhenGeneratedButShrinksAway) {
  // `present` (the learner's way to try members out): every generated configuration sets the
  // members, and a shrunk failure can still drop them, unlike `always`.
  const schema::Block block = groups_schema();
  Hints h;
  for (const char* path : {"a", "c", "single", "tags"}) h.attributes[path].present = true;
  const auto gen = config_of(block, h);
  for (int seed = 0; seed < 20; ++seed) {
    const auto shrinkable = gen(rc::Random(seed), 30);
    const cty::Value v = shrinkable.value();
    EXPECT_FALSE(v.attribute("a")->is_null());
    EXPECT_FALSE(v.attribute("c")->is_null());
    EXPECT_FALSE(v.attribute("single")->is_null());
    EXPECT_GT(v.attribute("tags")->length(), 0u);
    const auto min = rc::shrinkable::findLocalMin(shrinkable, [](const cty::Value&) { return true; });
    EXPECT_TRUE(min.first.attribute("a")->is_null());
    EXPECT_TRUE(min.first.attribute("single")->is_null());
    EXPECT_EQ(min.first.attribute("tags")->length(), 0u);
  }
}

RC_GTEST_PROP(ConfigJson, ConfigurationsRoundTripThroughTfJson, ()) {
  const schema::Block block = groups_schema();
  const cty::Value config = *config_of(block);
  const json body = schema::config_to_tf_json(config, block);
  auto back = schema::config_from_tf_json(body, block, "");
  RC_ASSERT(back.has_value());
  RC_ASSERT(raw_equals(*back, config));
}

}  // namespace
}  // namespace tfc::gen
