// The block and schema JSON form (schema_json.cpp): defaults, emitted fields, errors that name
// the JSON path, and a property: arbitrary blocks round-trip through JSON.
#include "proto/schema/schema_json.hpp"

#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include "proto/cty/type_json.hpp"
#include "tests/proto/schema/arbitrary_block.hpp"

namespace tfc::schema {
namespace {

using nlohmann::json;

TEST(SchemaJson, MissingBooleansAreFalseAndMissingItemsZero) {
  auto b = block_from_json(json::parse(R"({"attributes":{"id":{"type":"string"}},
      "block_types":{"rule":{"nesting_mode":"list","block":{}}}})"));
  ASSERT_TRUE(b) << b.error().message;
  const Attribute& id = b->attributes.at(0);
  EXPECT_FALSE(id.required || id.optional || id.computed || id.sensitive || id.deprecated || id.write_only);
  EXPECT_EQ(id.description_kind, DescriptionKind::Plain);
  const NestedBlock& rule = b->block_types.at(0);
  EXPECT_EQ(rule.min_items, 0);
  EXPECT_EQ(rule.max_items, 0);
  ASSERT_NE(rule.block, nullptr);
  EXPECT_TRUE(rule.block->attributes.empty());
}

TEST(SchemaJson, ReadsEveryField) {
  auto b = block_from_json(json::parse(R"({
    "attributes":{
      "secret":{"type":["map","string"],"description":"**pw**","description_kind":"markdown","optional":true,
                "sensitive":true,"write_only":true,"deprecated":true,"deprecation_message":"use other"},
      "obj":{"nested_type":{"nesting_mode":"set","attributes":{"k":{"type":"string","required":true}}},"computed":true}},
    "block_types":{"rule":{"nesting_mode":"map","min_items":1,"max_items":3,
      "block":{"computed":true,"deprecated":true,"description":"r"}}},
    "description":"top","description_kind":"plain"})"));
  ASSERT_TRUE(b) << b.error().message;
  ASSERT_EQ(b->attributes.size(), 2u);
  const Attribute& obj = b->attributes[0];
  EXPECT_EQ(obj.name, "obj");
  ASSERT_NE(obj.nested_type, nullptr);
  EXPECT_FALSE(obj.type.has_value());
  EXPECT_EQ(obj.nested_type->nesting, NestingMode::Set);
  EXPECT_TRUE(obj.nested_type->attributes.at(0).required);
  const Attribute& secret = b->attributes[1];
  EXPECT_EQ(*secret.type, cty::Type::map(cty::Type::string()));
  EXPECT_EQ(secret.description, "**pw**");
  EXPECT_EQ(secret.description_kind, DescriptionKind::Markdown);
  EXPECT_TRUE(secret.optional && secret.sensitive && secret.write_only && secret.deprecated);
  EXPECT_EQ(secret.deprecation_message, "use other");
  const NestedBlock& rule = b->block_types.at(0);
  EXPECT_EQ(rule.nesting, NestingMode::Map);
  EXPECT_EQ(rule.min_items, 1);
  EXPECT_EQ(rule.max_items, 3);
  EXPECT_TRUE(rule.block->computed);
  EXPECT_TRUE(rule.block->deprecated);
  EXPECT_EQ(b->description, "top");
}

TEST(SchemaJson, EmitsOnlyNonDefaultFieldsAndAlwaysTheDescriptionKind) {
  Block b;
  Attribute id;
  id.name = "id";
  id.type = cty::Type::string();
  id.computed = true;
  b.attributes.push_back(id);
  NestedBlock rule;
  rule.type_name = "rule";
  rule.nesting = NestingMode::List;
  rule.max_items = 2;
  rule.block = std::make_shared<const Block>();
  b.block_types.push_back(rule);
  EXPECT_EQ(block_to_json(b), json::parse(R"({
    "attributes":{"id":{"type":"string","description_kind":"plain","computed":true}},
    "block_types":{"rule":{"nesting_mode":"list","block":{"description_kind":"plain"},"max_items":2}},
    "description_kind":"plain"})"));
  EXPECT_EQ(block_to_json(Block{}), json::parse(R"({"description_kind":"plain"})"));
}

TEST(SchemaJson, SchemaHasVersionAndBlock) {
  auto s =
      schema_from_json(json::parse(R"({"version":3,"block":{"attributes":{"a":{"type":"bool","optional":true}}}})"));
  ASSERT_TRUE(s) << s.error().message;
  EXPECT_EQ(s->version, 3);
  EXPECT_NE(s->block.find_attribute("a"), nullptr);
  EXPECT_EQ(schema_to_json(*s), json::parse(R"({"version":3,"block":{"attributes":{"a":{"type":"bool",
      "description_kind":"plain","optional":true}},"description_kind":"plain"}})"));
  auto negative = schema_from_json(json::parse(R"({"version":-1,"block":{}})"));
  ASSERT_TRUE(negative) << "negative versions are read; schema.negative_version reports them";
  EXPECT_EQ(negative->version, -1);
}

struct BadCase {
  const char* doc;
  const char* path_in_message;
};

TEST(SchemaJson, ErrorsNameTheJsonPath) {
  const BadCase cases[] = {
      {R"([])", "expected a block object"},
      {R"({"attributes":[]})", "at attributes: expected an object"},
      {R"({"attributes":{"id":"string"}})", "at attributes.id: expected an attribute object"},
      {R"({"attributes":{"id":{"type":"text"}}})", "at attributes.id.type:"},
      {R"({"attributes":{"id":{"type":"string","optional":"yes"}}})", "at attributes.id.optional: expected a boolean"},
      {R"({"attributes":{"id":{"type":"string","description_kind":"html"}}})", "at attributes.id.description_kind"},
      {R"({"attributes":{"id":{"nested_type":{"attributes":{}}}}})",
       "at attributes.id.nested_type.nesting_mode: missing"},
      {R"({"attributes":{"id":{"nested_type":{"nesting_mode":"list","attributes":{"x":{"type":7}}}}}})",
       "at attributes.id.nested_type.attributes.x.type"},
      {R"({"block_types":{"rule":{"block":{}}}})", "at block_types.rule.nesting_mode: missing"},
      {R"({"block_types":{"rule":{"nesting_mode":"bag"}}})", "at block_types.rule.nesting_mode: nesting mode \"bag\""},
      {R"({"block_types":{"rule":{"nesting_mode":"list","min_items":1.5}}})",
       "at block_types.rule.min_items: expected an integer"},
      {R"({"block_types":{"rule":{"nesting_mode":"list","max_items":18446744073709551615}}})",
       "at block_types.rule.max_items: integer out of range"},
      {R"({"block_types":{"rule":{"nesting_mode":"list","block":{"attributes":{"port":{"type":["list"]}}}}}})",
       "at block_types.rule.block.attributes.port.type"},
      {R"({"block_types":{"rule":{"nesting_mode":"list","block":{"block_types":{"x":{"nesting_mode":"single","block":[]}}}}}})",
       "at block_types.rule.block.block_types.x.block: expected an object"},
  };
  for (const BadCase& c : cases) {
    SCOPED_TRACE(c.doc);
    auto b = block_from_json(json::parse(c.doc));
    ASSERT_FALSE(b);
    EXPECT_NE(b.error().message.find(c.path_in_message), std::string::npos) << b.error().message;
  }
  auto s = schema_from_json_at(json::parse(R"({"version":"1"})"), "resource_schemas.tfc_thing");
  ASSERT_FALSE(s);
  EXPECT_NE(s.error().message.find("at resource_schemas.tfc_thing.version"), std::string::npos) << s.error().message;
}

TEST(SchemaJson, RefusesNestingDeeperThanAnySchemaNeeds) {
  json deep_blocks = json::object();
  json deep_nested = json::object();
  for (int i = 0; i < 200; ++i) {
    deep_blocks = json{{"block_types", {{"b", {{"nesting_mode", "single"}, {"block", deep_blocks}}}}}};
    deep_nested =
        json{{"attributes",
              {{"a",
                {{"optional", true},
                 {"nested_type", {{"nesting_mode", "single"}, {"attributes", deep_nested["attributes"]}}}}}}}};
  }
  auto b = block_from_json(deep_blocks);
  ASSERT_FALSE(b);
  EXPECT_NE(b.error().message.find("nested deeper than"), std::string::npos) << b.error().message;
  auto n = block_from_json(deep_nested);
  ASSERT_FALSE(n);
  EXPECT_NE(n.error().message.find("nested deeper than"), std::string::npos) << n.error().message;
  json ok = json::object();
  for (int i = 0; i < 10; ++i) ok = json{{"block_types", {{"b", {{"nesting_mode", "list"}, {"block", ok}}}}}};
  EXPECT_TRUE(block_from_json(ok));
}

TEST(SchemaJson, NullFieldsMeanDefaults) {
  auto b = block_from_json(json::parse(R"({"attributes":null,"block_types":null,"description":null,
      "deprecated":null})"));
  ASSERT_TRUE(b) << b.error().message;
  EXPECT_EQ(*b, Block{});
}

TEST(SchemaJson, HandBuiltBlockRoundTrips) {
  Block inner;
  Attribute port;
  port.name = "port";
  port.type = cty::Type::number();
  port.required = true;
  inner.attributes.push_back(port);
  inner.computed = true;
  Block b;
  Attribute tags;
  tags.name = "tags";
  tags.type = cty::Type::object({{"a", cty::Type::string()}, {"b", cty::Type::dynamic()}}, {"b"});
  tags.optional = true;
  tags.deprecated = true;
  tags.deprecation_message = "gone soon";
  auto nested = std::make_shared<NestedType>();
  nested->nesting = NestingMode::Map;
  nested->attributes.push_back(port);
  Attribute obj;
  obj.name = "obj";
  obj.nested_type = nested;
  obj.computed = true;
  obj.description = "an \u00b5 object";
  obj.description_kind = DescriptionKind::Markdown;
  b.attributes = {tags, obj};
  NestedBlock rule;
  rule.type_name = "rule";
  rule.nesting = NestingMode::Set;
  rule.min_items = 1;
  rule.max_items = 5;
  rule.block = std::make_shared<const Block>(inner);
  b.block_types = {rule};
  b.deprecated = true;
  b.description = "top";
  b.sort();
  json j = block_to_json(b);
  auto back = block_from_json(json::parse(j.dump()));
  ASSERT_TRUE(back) << back.error().message;
  EXPECT_EQ(*back, b);
  EXPECT_EQ(block_to_json(*back), j);
  EXPECT_EQ(j["attributes"]["tags"]["type"], json::parse(R"(["object",{"a":"string","b":"dynamic"},["b"]])"));
  EXPECT_EQ(j["block_types"]["rule"]["block"]["computed"], true);
}

RC_GTEST_PROP(SchemaJsonProperty, ArbitraryBlocksRoundTripThroughJsonText, ()) {
  const Block b = *testgen::block(2);
  RC_CLASSIFY(!b.block_types.empty(), "with block types");
  RC_CLASSIFY(std::any_of(b.attributes.begin(), b.attributes.end(),
                          [](const Attribute& a) { return a.nested_type != nullptr; }),
              "with nested attributes");
  const json j = block_to_json(b);
  auto back = block_from_json(json::parse(j.dump()));
  RC_ASSERT(back.has_value());
  RC_ASSERT(*back == b);
  RC_ASSERT(block_to_json(*back) == j);
}

RC_GTEST_PROP(SchemaJsonProperty, ArbitrarySchemasRoundTrip, ()) {
  Schema s;
  s.version = *rc::gen::inRange<std::int64_t>(-2, 100);
  s.block = *testgen::block(1);
  auto back = schema_from_json(schema_to_json(s));
  RC_ASSERT(back.has_value());
  RC_ASSERT(*back == s);
}

}  // namespace
}  // namespace tfc::schema
