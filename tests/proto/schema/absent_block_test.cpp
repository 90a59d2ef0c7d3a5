// The values of what a configuration leaves out (docs/protocol.md §4.4): an absent block by its
// nesting mode, and a block with nothing written in it.
#include "proto/schema/absent_block.hpp"

#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <nlohmann/json.hpp>

#include "proto/cty/json_mirror.hpp"
#include "proto/schema/implied_type.hpp"
#include "proto/schema/schema_json.hpp"
#include "tests/proto/schema/arbitrary_block.hpp"
#include "tests/proto/schema/parse_block.hpp"

namespace tfc::schema {
namespace {

nlohmann::json mirrored(const cty::Value& v, const cty::Type& type) {
  return cty::value_to_mirrored_json(v, type).value;
}

TEST(AbsentBlock, EmptyBlockValueHasEmptyCollectionsAndNullSingles) {
  const auto block = parse_block(R"({"attributes": {"a": {"type": "string", "optional": true}},
    "block_types": {"l": {"nesting_mode": "list", "block": {}}, "s": {"nesting_mode": "set", "block": {"attributes": {"x": {"type": "string", "optional": true}}}},
      "m": {"nesting_mode": "map", "block": {}}, "one": {"nesting_mode": "single", "block": {}},
      "g": {"nesting_mode": "group", "block": {"attributes": {"y": {"type": "number", "optional": true}}}},
      "dl": {"nesting_mode": "list", "block": {"attributes": {"d": {"type": "dynamic", "optional": true}}}}}})");
  const auto empty = empty_block_value(block);
  EXPECT_EQ(mirrored(empty, implied_type(block)),
            nlohmann::json::parse(R"({"a": null, "dl": {"value": [], "type": ["tuple", []]}, "g": {"y": null},
    "l": [], "m": {}, "one": null, "s": []})"));
  EXPECT_TRUE(empty.conforms_to(implied_type(block)));
}

TEST(AbsentBlock, EachNestingModeHasItsAbsentValue) {
  const auto block = parse_block(R"({"block_types": {
      "one": {"nesting_mode": "single", "block": {"attributes": {"x": {"type": "string", "optional": true}}}},
      "g": {"nesting_mode": "group", "block": {"block_types": {"inner": {"nesting_mode": "list", "block": {}}}}},
      "l": {"nesting_mode": "list", "block": {}}, "s": {"nesting_mode": "set", "block": {}},
      "m": {"nesting_mode": "map", "block": {}},
      "dm": {"nesting_mode": "map", "block": {"attributes": {"d": {"type": "dynamic", "optional": true}}}}}})");
  auto absent = [&](const char* name) {
    const NestedBlock& nb = *block.find_block_type(name);
    const cty::Value v = absent_block(nb);
    EXPECT_TRUE(v.conforms_to(implied_type(nb))) << name;
    return mirrored(v, implied_type(nb));
  };
  EXPECT_EQ(absent("one"), nullptr);
  EXPECT_EQ(absent("g"), nlohmann::json::parse(R"({"inner": []})")) << "a group is never null, nor its own blocks";
  EXPECT_EQ(absent("l"), nlohmann::json::array());
  EXPECT_EQ(absent("s"), nlohmann::json::array());
  EXPECT_EQ(absent("m"), nlohmann::json::object());
  EXPECT_EQ(absent("dm"), nlohmann::json::parse(R"({"value": {}, "type": ["object", {}]})"));
  EXPECT_TRUE(absent_block(*block.find_block_type("one")).is_null());
  EXPECT_TRUE(absent_block(*block.find_block_type("s")).is_known());
}

// Schemas off the wire may be broken (schema.name_conflict, a block type without a body): the
// value still has the implied type, where the attribute wins, and a missing body is empty.
TEST(AbsentBlock, BrokenSchemasStillGiveAValueOfTheImpliedType) {
  Block block;
  Attribute a;
  a.name = "x";
  a.type = cty::Type::string();
  a.optional = true;
  block.attributes = {a};
  NestedBlock same_name;
  same_name.type_name = "x";
  same_name.nesting = NestingMode::List;
  same_name.block = std::make_shared<const Block>();
  NestedBlock no_body;
  no_body.type_name = "g";
  no_body.nesting = NestingMode::Group;
  block.block_types = {same_name, no_body};
  const cty::Value empty = empty_block_value(block);
  EXPECT_TRUE(empty.conforms_to(implied_type(block))) << empty.to_display();
  EXPECT_TRUE(empty.attribute("x")->is_null());
  EXPECT_EQ(mirrored(*empty.attribute("g"), implied_type(no_body)), nlohmann::json::object());
}

RC_GTEST_PROP(AbsentBlock, EmptyValuesHaveTheImpliedTypeAndOnlySingleBlocksAreNull, ()) {
  const Block block = *testgen::block(2);
  const cty::Value empty = empty_block_value(block);
  RC_ASSERT(empty.conforms_to(implied_type(block)));
  for (const NestedBlock& nb : block.block_types) {
    const cty::Value absent = absent_block(nb);
    RC_ASSERT(absent.conforms_to(implied_type(nb)));
    RC_ASSERT(absent.is_null() == (nb.nesting == NestingMode::Single));
  }
}

}  // namespace
}  // namespace tfc::schema
