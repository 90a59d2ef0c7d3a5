// config_of: configurations follow docs/protocol.md §4.3-§4.4 for arbitrary schemas and for a fixed
// schema covering every nesting mode.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <algorithm>

#include "generators/arbitrary_block.hpp"
#include "generators/config_gen.hpp"
#include "proto/cty/msgpack.hpp"
#include "proto/cty/type_json.hpp"
#include "proto/schema/implied_type.hpp"
#include "proto/schema/schema_json.hpp"
#include "tests/generators/config_checks.hpp"

namespace tfc::gen {
namespace {

using testing::Shape;
using testing::shape_problem;

schema::Block parse_block(const char* text) {
  auto b = schema::block_from_json(nlohmann::json::parse(text));
  EXPECT_TRUE(b.has_value()) << (b ? "" : b.error().message);
  return b ? *b : schema::Block{};
}

// A schema with one member of each kind: flags, a dynamic attribute, nested attribute types in
// every nesting mode, and blocks in every nesting mode (one LIST and one MAP with dynamic).
const char* kAllKinds = R"({
  "attributes": {
    "id": {"type": "string", "computed": true},
    "name": {"type": "string", "required": true},
    "size": {"type": "number", "optional": true},
    "zone": {"type": "string", "optional": true, "computed": true},
    "secret": {"type": "string", "optional": true, "sensitive": true, "write_only": true},
    "tags": {"type": ["map", "string"], "optional": true},
    "ports": {"type": ["set", "number"], "optional": true},
    "any": {"type": "dynamic", "optional": true},
    "many": {"type": ["list", "dynamic"], "required": true},
    "endpoint": {"nested_type": {"nesting_mode": "single", "attributes": {
        "url": {"type": "string", "required": true}, "port": {"type": "number", "computed": true}}}, "optional": true},
    "disks": {"nested_type": {"nesting_mode": "list", "attributes": {
        "size": {"type": "number", "required": true}, "meta": {"type": "dynamic", "optional": true}}}, "optional": true},
    "rules": {"nested_type": {"nesting_mode": "set", "attributes": {
        "cidr": {"type": "string", "required": true}}}, "optional": true},
    "envs": {"nested_type": {"nesting_mode": "map", "attributes": {
        "value": {"type": "string", "optional": true}}}, "required": true}
  },
  "block_types": {
    "timeouts": {"nesting_mode": "single", "block": {"attributes": {"create": {"type": "string", "optional": true}}}},
    "network": {"nesting_mode": "single", "min_items": 1, "max_items": 1,
                "block": {"attributes": {"vpc": {"type": "string", "required": true}}}},
    "settings": {"nesting_mode": "group", "block": {"attributes": {"level": {"type": "number", "optional": true}},
                 "block_types": {"inner": {"nesting_mode": "list", "block": {"attributes": {"x": {"type": "bool", "optional": true}}}}}}},
    "rule": {"nesting_mode": "list", "min_items": 1, "max_items": 2,
             "block": {"attributes": {"port": {"type": "number", "required": true}}}},
    "ingress": {"nesting_mode": "set", "max_items": 4, "block": {"attributes": {"from": {"type": "number", "required": true}}}},
    "label": {"nesting_mode": "map", "block": {"attributes": {"text": {"type": "string", "optional": true}}}},
    "dyn_list": {"nesting_mode": "list", "block": {"attributes": {"v": {"type": "dynamic", "optional": true}}}},
    "dyn_map": {"nesting_mode": "map", "block": {"attributes": {"v": {"type": "dynamic", "required": true}}}}
  }
})";

// Every value round-trips through msgpack against the implied type: the shapes (tuples for
// dynamic blocks, wrapped dynamic positions) and the container types are the codecs' own.
void expect_wire_round_trip(const cty::Value& v, const cty::Type& t) {
  auto bytes = cty::msgpack_encode(v, t);
  RC_ASSERT(bytes.has_value());
  auto back = cty::msgpack_decode(*bytes, t);
  RC_ASSERT(back.has_value());
  RC_ASSERT(raw_equals(*back, v));
}

RC_GTEST_PROP(ConfigOf, ConformsToImpliedTypeForArbitrarySchemas, ()) {
  const schema::Block block = *gen::block();
  const cty::Type type = schema::implied_type(block);
  const cty::Value config = *config_of(block);
  RC_ASSERT(config.conforms_to(type));
  RC_ASSERT(config.is_wholly_known());
  RC_ASSERT(!config.is_null());
  expect_wire_round_trip(config, type);
  RC_CLASSIFY(!block.block_types.empty(), "nested blocks");
  RC_CLASSIFY(type.has_dynamic(), "dynamic somewhere");
  RC_CLASSIFY(std::any_of(block.attributes.begin(), block.attributes.end(),
                          [](const auto& a) { return a.nested_type != nullptr; }),
              "nested attribute types");
}

RC_GTEST_PROP(ConfigOf, FollowsPresenceAndCountRulesForArbitrarySchemas, ()) {
  const schema::Block block = *gen::block();
  const cty::Value config = *config_of(block);
  const std::string problem = shape_problem(block, config, Shape::Config);
  RC_ASSERT(problem == "");
}

RC_GTEST_PROP(ConfigOf, CoversEveryNestingModeOfAFixedSchema, ()) {
  static const schema::Block block = parse_block(kAllKinds);
  const cty::Type type = schema::implied_type(block);
  const cty::Value config = *config_of(block);
  RC_ASSERT(config.conforms_to(type));
  RC_ASSERT(shape_problem(block, config, Shape::Config) == "");
  expect_wire_round_trip(config, type);
  RC_ASSERT(config.attribute("id")->is_null());
  RC_ASSERT(!config.attribute("name")->is_null());
  RC_ASSERT(config.attribute("dyn_list")->type().kind() == cty::Kind::Tuple);
  RC_ASSERT(config.attribute("dyn_map")->type().kind() == cty::Kind::Object);
  // A list(dynamic) keeps its declared type; its elements share one concrete type.
  const cty::Value& many = *config.attribute("many");
  RC_ASSERT(many.type() == cty::Type::list(cty::Type::dynamic()));
  for (const cty::Value& e : many.elements()) RC_ASSERT(e.type() == many.elements().front().type());
  // Nested LIST attribute with a dynamic member: one concrete type across the elements.
  const cty::Value& disks = *config.attribute("disks");
  if (!disks.is_null() && disks.length() > 1) {
    const auto& es = disks.elements();
    RC_ASSERT(es[0].attribute("meta")->type() == es[1].attribute("meta")->type() ||
              es[0].attribute("meta")->is_null() || es[1].attribute("meta")->is_null());
  }
  RC_TAG(config.attribute("timeouts")->is_null() ? "timeouts absent" : "timeouts present");
  RC_TAG(config.attribute("secret")->is_null() ? "write-only null" : "write-only set");
}

TEST(ConfigOf, OptionalAttributesAndSingleBlocksAreSometimesNullAndSometimesSet) {
  const schema::Block block = parse_block(kAllKinds);
  auto g = config_of(block);
  int size_set = 0, size_null = 0, timeouts_set = 0, label_nonempty = 0, write_only_set = 0;
  for (int seed = 0; seed < 200; ++seed) {
    const cty::Value v = g(rc::Random(seed), 50).value();
    (v.attribute("size")->is_null() ? size_null : size_set)++;
    if (!v.attribute("timeouts")->is_null()) ++timeouts_set;
    if (v.attribute("label")->length() > 0) ++label_nonempty;
    if (!v.attribute("secret")->is_null()) ++write_only_set;
  }
  EXPECT_GT(size_set, 20);
  EXPECT_GT(size_null, 20);
  EXPECT_GT(timeouts_set, 20);
  EXPECT_GT(label_nonempty, 20);
  EXPECT_GT(write_only_set, 20);
}

TEST(ConfigOf, WriteOnlyAttributesStayNullWhenDisabled) {
  const schema::Block block = parse_block(kAllKinds);
  ConfigOptions options;
  options.write_only = false;
  auto g = config_of(block, {}, options);
  for (int seed = 0; seed < 50; ++seed) EXPECT_TRUE(g(rc::Random(seed), 50).value().attribute("secret")->is_null());
}

TEST(ConfigOf, EmptyBlockIsAnEmptyObject) {
  const cty::Value v = config_of(schema::Block{})(rc::Random(1), 10).value();
  EXPECT_TRUE(raw_equals(v, cty::Value::object(cty::Type::object({}), {})));
}

}  // namespace
}  // namespace tfc::gen
