// Values and resource bodies in .tf.json form, converted to configuration values.
#include "proto/schema/tf_json.hpp"

#include <gtest/gtest.h>

#include "proto/cty/type_json.hpp"
#include "proto/schema/implied_type.hpp"
#include "proto/schema/schema_json.hpp"

namespace tfc::schema {
namespace {

using nlohmann::json;

cty::Type type(const char* t) { return *cty::type_from_json(t); }

TEST(ValueFromTfJson, ConvertsPrimitivesAsTerraformDoes) {
  EXPECT_EQ(value_from_tf_json(json(5), type("\"string\""), "x")->as_string(), "5");
  EXPECT_EQ(value_from_tf_json(json(true), type("\"string\""), "x")->as_string(), "true");
  EXPECT_EQ(value_from_tf_json(json("0.1"), type("\"number\""), "x")->as_number().canonical(), "0.1");
  EXPECT_EQ(value_from_tf_json(json::parse("0.1"), type("\"number\""), "x")->as_number().canonical(), "0.1");
  EXPECT_TRUE(value_from_tf_json(json("false"), type("\"bool\""), "x")->is_known());
  EXPECT_TRUE(value_from_tf_json(json(nullptr), type("\"number\""), "x")->is_null());
  auto bad = value_from_tf_json(json("abc"), type("\"number\""), "tags[\"a\"]");
  ASSERT_FALSE(bad.has_value());
  EXPECT_EQ(bad.error().message, "tags[\"a\"]: expected a number, got a string");
}

TEST(ValueFromTfJson, ConvertsCollectionsObjectsAndDynamic) {
  auto set = value_from_tf_json(json::parse(R"(["a","b","a"])"), type(R"(["set","string"])"), "s");
  ASSERT_TRUE(set.has_value());
  EXPECT_EQ(set->length(), 2u);
  auto obj = value_from_tf_json(json::parse(R"({"a": 1})"), type(R"(["object",{"a":"number","b":"string"}])"), "o");
  ASSERT_TRUE(obj.has_value());
  EXPECT_TRUE(obj->attribute("b")->is_null());
  auto extra = value_from_tf_json(json::parse(R"({"c": 1})"), type(R"(["object",{"a":"number"}])"), "o");
  ASSERT_FALSE(extra.has_value());
  EXPECT_EQ(extra.error().message, "o.c: no such attribute");
  auto dyn = value_from_tf_json(json::parse(R"([1, "x", {"k": true}])"), type("\"dynamic\""), "d");
  ASSERT_TRUE(dyn.has_value());
  EXPECT_EQ(cty::type_to_json(dyn->type()), R"(["tuple",["number","string",["object",{"k":"bool"}]]])");
  auto list = value_from_tf_json(json::parse(R"([1, "x"])"), type(R"(["list","number"])"), "l");
  ASSERT_FALSE(list.has_value());
  EXPECT_EQ(list.error().message, "l[1]: expected a number, got a string");
}

Block block(const char* text) { return *block_from_json(json::parse(text)); }

const char* kSchema = R"({
  "attributes": {"name": {"type": "string", "required": true}, "id": {"type": "string", "computed": true}},
  "block_types": {
    "one": {"nesting_mode": "single", "block": {"attributes": {"v": {"type": "string", "optional": true}}}},
    "grp": {"nesting_mode": "group", "block": {"attributes": {"v": {"type": "string", "optional": true}}}},
    "rule": {"nesting_mode": "list", "max_items": 2, "block": {"attributes": {"port": {"type": "number", "optional": true}}}},
    "tag": {"nesting_mode": "map", "block": {"attributes": {"v": {"type": "string", "optional": true}}}},
    "dyn": {"nesting_mode": "list", "block": {"attributes": {"v": {"type": "dynamic", "optional": true}}}}
  }})";

TEST(ConfigFromTfJson, BuildsBlocksFromObjectsAndListsOfObjects) {
  const Block b = block(kSchema);
  auto v = config_from_tf_json(json::parse(R"({"name": "x", "count": 2, "one": {"v": "a"},
      "rule": [{"port": 1}, {"port": 2}], "tag": {"k1": {"v": "z"}}, "dyn": [{"v": 1}, {"v": "s"}]})"),
                               b, "");
  ASSERT_TRUE(v.has_value()) << v.error().message;
  EXPECT_TRUE(v->conforms_to(implied_type(b)));
  EXPECT_EQ(v->attribute("one")->attribute("v")->as_string(), "a");
  EXPECT_EQ(v->attribute("rule")->length(), 2u);
  EXPECT_EQ(v->attribute("tag")->map_find("k1")->attribute("v")->as_string(), "z");
  EXPECT_EQ(v->attribute("dyn")->type().kind(), cty::Kind::Tuple);
  EXPECT_FALSE(v->attribute("grp")->is_null());  // absent group: the empty object
  EXPECT_TRUE(v->attribute("grp")->attribute("v")->is_null());
  auto single_as_object = config_from_tf_json(json::parse(R"({"name": "x", "rule": {"port": 7}})"), b, "");
  ASSERT_TRUE(single_as_object.has_value());
  EXPECT_EQ(single_as_object->attribute("rule")->length(), 1u);
  auto absent = config_from_tf_json(json::parse(R"({"name": "x"})"), b, "");
  ASSERT_TRUE(absent.has_value());
  EXPECT_TRUE(absent->attribute("one")->is_null());
  EXPECT_EQ(absent->attribute("rule")->length(), 0u);
  EXPECT_EQ(absent->attribute("dyn")->type().kind(), cty::Kind::Tuple);
}

TEST(ConfigFromTfJson, ErrorsNameThePath) {
  const Block b = block(kSchema);
  auto computed = config_from_tf_json(json::parse(R"({"id": "x"})"), b, "examples[0]");
  ASSERT_FALSE(computed.has_value());
  EXPECT_EQ(computed.error().message, "examples[0].id: computed-only attribute cannot be set in configuration");
  auto unknown = config_from_tf_json(json::parse(R"({"nope": 1})"), b, "");
  ASSERT_FALSE(unknown.has_value());
  EXPECT_EQ(unknown.error().message, "nope: no such attribute or block type");
  auto too_many = config_from_tf_json(json::parse(R"({"rule": [{}, {}, {}]})"), b, "");
  ASSERT_FALSE(too_many.has_value());
  EXPECT_EQ(too_many.error().message, "rule: 3 blocks given, at most 2 allowed");
  auto nested = config_from_tf_json(json::parse(R"({"rule": [{"port": "x"}]})"), b, "");
  ASSERT_FALSE(nested.has_value());
  EXPECT_EQ(nested.error().message, "rule[0].port: expected a number, got a string");
}

}  // namespace
}  // namespace tfc::schema
