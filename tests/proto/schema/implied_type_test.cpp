// Implied types hand-written from docs/protocol.md §4.3-§4.4: every nesting mode, nested attribute modes,
// the LIST/MAP-block-with-dynamic rule and the §4 type-JSON example.
#include "proto/schema/implied_type.hpp"

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "proto/cty/type_json.hpp"
#include "proto/schema/schema_json.hpp"
#include "tests/proto/schema/parse_block.hpp"

namespace tfc::schema {
namespace {

struct ImpliedCase {
  const char* name;
  const char* block;     // `providers schema -json` block
  const char* expected;  // type JSON of the implied type
};

// Each block is the body of one whole schema; the expectation is its object type.
const ImpliedCase kImpliedCases[] = {
    {"primitive and collection attributes",
     R"({"attributes":{"s":{"type":"string","optional":true},"n":{"type":"number","required":true},
        "b":{"type":"bool","computed":true},"l":{"type":["list","string"],"optional":true},
        "m":{"type":["map","number"],"optional":true},"t":{"type":["tuple",["string","bool"]],"optional":true},
        "d":{"type":"dynamic","optional":true}}})",
     R"(["object",{"b":"bool","d":"dynamic","l":["list","string"],"m":["map","number"],"n":"number","s":"string","t":["tuple",["string","bool"]]}])"},
    {"the §4 example",
     R"({"attributes":{"id":{"type":"string","computed":true},"tags":{"type":["map","string"],"optional":true}},
        "block_types":{"rule":{"nesting_mode":"list","block":{"attributes":{"port":{"type":"number","required":true}}}},
                       "opt":{"nesting_mode":"single","block":{"attributes":{"on":{"type":"bool","optional":true}}}}}})",
     R"(["object",{"id":"string","opt":["object",{"on":"bool"}],"rule":["list",["object",{"port":"number"}]],"tags":["map","string"]}])"},
    {"empty block", R"({})", R"(["object",{}])"},
    {"single block is its body",
     R"({"block_types":{"x":{"nesting_mode":"single","block":{"attributes":{"a":{"type":"string","optional":true}}}}}})",
     R"(["object",{"x":["object",{"a":"string"}]}])"},
    {"group block is its body",
     R"({"block_types":{"x":{"nesting_mode":"group","block":{"attributes":{"a":{"type":"string","optional":true}}}}}})",
     R"(["object",{"x":["object",{"a":"string"}]}])"},
    {"list block is a list of its body",
     R"({"block_types":{"x":{"nesting_mode":"list","block":{"attributes":{"a":{"type":"string","optional":true}}}}}})",
     R"(["object",{"x":["list",["object",{"a":"string"}]]}])"},
    {"set block is a set of its body",
     R"({"block_types":{"x":{"nesting_mode":"set","block":{"attributes":{"a":{"type":"string","optional":true}}}}}})",
     R"(["object",{"x":["set",["object",{"a":"string"}]]}])"},
    {"map block is a map of its body",
     R"({"block_types":{"x":{"nesting_mode":"map","block":{"attributes":{"a":{"type":"string","optional":true}}}}}})",
     R"(["object",{"x":["map",["object",{"a":"string"}]]}])"},
    {"list block with a dynamic attribute becomes dynamic",
     R"({"block_types":{"x":{"nesting_mode":"list","block":{"attributes":{"a":{"type":"dynamic","optional":true}}}}}})",
     R"(["object",{"x":"dynamic"}])"},
    {"map block with dynamic inside a collection type becomes dynamic",
     R"({"block_types":{"x":{"nesting_mode":"map","block":{"attributes":{"a":{"type":["list","dynamic"],"optional":true}}}}}})",
     R"(["object",{"x":"dynamic"}])"},
    {"list block with dynamic two blocks down becomes dynamic, the inner single stays an object",
     R"({"block_types":{"x":{"nesting_mode":"list","block":{"block_types":{"y":{"nesting_mode":"single",
        "block":{"attributes":{"d":{"type":"dynamic","optional":true}}}}}}}}})",
     R"(["object",{"x":"dynamic"}])"},
    {"list block whose inner list block has dynamic: both dynamic (inner judged first)",
     R"({"block_types":{"x":{"nesting_mode":"list","block":{"attributes":{"k":{"type":"string","optional":true}},
        "block_types":{"y":{"nesting_mode":"list","block":{"attributes":{"d":{"type":"dynamic","optional":true}}}}}}}}})",
     R"(["object",{"x":"dynamic"}])"},
    {"list block with dynamic in a nested attribute becomes dynamic",
     R"({"block_types":{"x":{"nesting_mode":"list","block":{"attributes":{"n":{"nested_type":{"nesting_mode":"list",
        "attributes":{"d":{"type":"dynamic","optional":true}}},"optional":true}}}}}})",
     R"(["object",{"x":"dynamic"}])"},
    {"single and group blocks with dynamic keep their object type",
     R"({"block_types":{"s":{"nesting_mode":"single","block":{"attributes":{"d":{"type":"dynamic","optional":true}}}},
        "g":{"nesting_mode":"group","block":{"attributes":{"d":{"type":"dynamic","optional":true}}}}}})",
     R"(["object",{"g":["object",{"d":"dynamic"}],"s":["object",{"d":"dynamic"}]}])"},
    {"set block with dynamic stays a set (invalid schema, still typed)",
     R"({"block_types":{"x":{"nesting_mode":"set","block":{"attributes":{"d":{"type":"dynamic","optional":true}}}}}})",
     R"(["object",{"x":["set",["object",{"d":"dynamic"}]]}])"},
    {"nested attribute modes",
     R"({"attributes":{
        "s":{"nested_type":{"nesting_mode":"single","attributes":{"a":{"type":"string","optional":true}}},"optional":true},
        "l":{"nested_type":{"nesting_mode":"list","attributes":{"a":{"type":"string","optional":true}}},"optional":true},
        "t":{"nested_type":{"nesting_mode":"set","attributes":{"a":{"type":"string","optional":true}}},"optional":true},
        "m":{"nested_type":{"nesting_mode":"map","attributes":{"a":{"type":"string","optional":true}}},"optional":true}}})",
     R"(["object",{"l":["list",["object",{"a":"string"}]],"m":["map",["object",{"a":"string"}]],"s":["object",{"a":"string"}],"t":["set",["object",{"a":"string"}]]}])"},
    {"list and map nested attributes stay collections with dynamic inside",
     R"({"attributes":{
        "l":{"nested_type":{"nesting_mode":"list","attributes":{"d":{"type":"dynamic","optional":true}}},"optional":true},
        "m":{"nested_type":{"nesting_mode":"map","attributes":{"d":{"type":"dynamic","optional":true}}},"optional":true}}})",
     R"(["object",{"l":["list",["object",{"d":"dynamic"}]],"m":["map",["object",{"d":"dynamic"}]]}])"},
    {"nested attributes inside nested attributes",
     R"({"attributes":{"o":{"nested_type":{"nesting_mode":"single","attributes":{
        "inner":{"nested_type":{"nesting_mode":"map","attributes":{"v":{"type":"number","computed":true}}},"computed":true}}},
        "optional":true}}})",
     R"(["object",{"o":["object",{"inner":["map",["object",{"v":"number"}]]}]}])"},
    {"optional markers in an attribute type are dropped",
     R"({"attributes":{"o":{"type":["object",{"a":"string","b":"number"},["b"]],"optional":true}}})",
     R"(["object",{"o":["object",{"a":"string","b":"number"}]}])"},
};

TEST(ImpliedType, Table) {
  for (const ImpliedCase& c : kImpliedCases) {
    SCOPED_TRACE(c.name);
    Block b = parse_block(c.block);
    EXPECT_EQ(cty::type_to_json(implied_type(b)), c.expected);
  }
}

TEST(ImpliedType, AttributeAndBlockTypeOverloadsMatchTheObjectMembers) {
  Block b = parse_block(kImpliedCases[1].block);
  cty::Type whole = implied_type(b);
  for (const Attribute& a : b.attributes) EXPECT_EQ(implied_type(a), *whole.attribute_type(a.name)) << a.name;
  for (const NestedBlock& nb : b.block_types)
    EXPECT_EQ(implied_type(nb), *whole.attribute_type(nb.type_name)) << nb.type_name;
}

TEST(ImpliedType, BrokenSchemasStillGetATypeWithoutThrowing) {
  Block b;
  Attribute neither;
  neither.name = "x";
  neither.optional = true;
  Attribute dup = neither;
  dup.type = cty::Type::string();
  b.attributes = {neither, dup};  // duplicate name, first has no type at all
  NestedBlock clash;
  clash.type_name = "x";  // also a block type
  clash.nesting = NestingMode::List;
  b.block_types = {clash};  // and without a body
  cty::Type t;
  ASSERT_NO_THROW(t = implied_type(b));
  EXPECT_EQ(cty::type_to_json(t), R"(["object",{"x":"dynamic"}])") << "the first attribute wins";
  EXPECT_EQ(cty::type_to_json(implied_type(clash)), R"(["list",["object",{}]])") << "a missing body is empty";
}

TEST(ImpliedType, CacheReturnsTheComputedTypeOncePerBlock) {
  Block a = parse_block(kImpliedCases[1].block);
  Block b = parse_block(kImpliedCases[0].block);
  ImpliedTypeCache cache;
  const cty::Type& first = cache.of(a);
  EXPECT_EQ(first, implied_type(a));
  EXPECT_EQ(&cache.of(a), &first) << "the second lookup is the stored entry";
  EXPECT_EQ(cache.of(b), implied_type(b));
  EXPECT_EQ(cache.of(*a.find_block_type("rule")->block), implied_type(*a.find_block_type("rule")->block));
  EXPECT_EQ(cache.size(), 3u);
  cache.clear();
  EXPECT_EQ(cache.size(), 0u);
}

TEST(ImpliedType, TypesWithoutOptionalMarkersAreKeptAsGiven) {
  Block b = parse_block(
      R"({"attributes":{"o":{"type":["object",{"a":["list",["object",{"x":"string"},["x"]]]}],"optional":true},
      "p":{"type":["map",["object",{"y":"bool"}]],"optional":true}}})");
  const cty::Type t = implied_type(b);
  EXPECT_EQ(cty::type_to_json(*t.attribute_type("o")), R"(["object",{"a":["list",["object",{"x":"string"}]]}])")
      << "markers deep inside are dropped too";
  EXPECT_EQ(cty::type_to_json(*t.attribute_type("p")), R"(["map",["object",{"y":"bool"}]])");
}

}  // namespace
}  // namespace tfc::schema
