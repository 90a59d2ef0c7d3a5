// with_unknowns: unknowns appear exactly at the reported paths, keep the configuration's
// type, carry only refinements true of the values they replace (docs/protocol.md §3.4), and shrink
// towards fewer unknowns.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <rapidcheck/shrinkable/Operations.h>

#include "generators/arbitrary_block.hpp"
#include "generators/config_gen.hpp"
#include "generators/unknown_injection.hpp"
#include "proto/cty/msgpack.hpp"
#include "proto/cty/path.hpp"
#include "proto/schema/implied_type.hpp"
#include "proto/schema/schema_json.hpp"

namespace tfc::gen {
namespace {

bool has_set_step(const cty::Path& p) {
  for (const auto& s : p.steps()) {
    if (std::holds_alternative<cty::SetElementStep>(s)) return true;
  }
  return false;
}

// The refinements of `u` hold for `original` (the value the unknown stands for).
bool consistent(const cty::Value& u, const cty::Value& original) {
  const cty::Refinements& r = u.refinements();
  if (original.is_null())
    return !r.not_null && !r.string_prefix && !r.number_lower && !r.number_upper && !r.length_upper;
  if (r.string_prefix && original.as_string().rfind(*r.string_prefix, 0) != 0) return false;
  if (r.number_lower && compare(r.number_lower->value, original.as_number()) > 0) return false;
  if (r.number_upper && compare(r.number_upper->value, original.as_number()) < 0) return false;
  if (r.length_lower && *r.length_lower > original.length()) return false;
  if (r.length_upper && *r.length_upper < original.length()) return false;
  return true;
}

RC_GTEST_PROP(WithUnknowns, InjectedExactlyAtTheReportedPaths, ()) {
  const schema::Block block = *gen::block();
  const cty::Type type = schema::implied_type(block);
  const cty::Value config = *config_of(block);
  const InjectedConfig injected = *with_unknowns(config);
  RC_ASSERT(injected.value.conforms_to(type));
  RC_ASSERT(injected.injected == unknown_paths(injected.value));
  for (const cty::Path& p : injected.injected) {
    RC_ASSERT(!p.empty());
    const cty::Value* u = cty::value_at(injected.value, p);
    RC_ASSERT(u != nullptr);
    RC_ASSERT(!u->is_known());
    if (has_set_step(p)) continue;  // set elements are named by their new (partly unknown) value
    const cty::Value* original = cty::value_at(config, p);
    RC_ASSERT(original != nullptr);
    RC_ASSERT(consistent(*u, *original));
    RC_ASSERT(u->type() == original->type() || u->type().is_dynamic());
  }
  // The wire carries them: refined unknowns survive a msgpack round trip.
  auto bytes = cty::msgpack_encode(injected.value, type);
  RC_ASSERT(bytes.has_value());
  auto back = cty::msgpack_decode(*bytes, type);
  RC_ASSERT(back.has_value());
  RC_ASSERT(raw_equals(*back, injected.value));
  RC_CLASSIFY(injected.injected.empty(), "no unknowns");
  RC_CLASSIFY(injected.injected.size() > 2, "more than two unknowns");
}

TEST(WithUnknowns, InjectsLeavesCollectionsAndRefinements) {
  auto block = schema::block_from_json(nlohmann::json::parse(R"({"attributes": {
    "name": {"type": "string", "required": true},
    "size": {"type": "number", "required": true},
    "tags": {"type": ["map", "string"], "required": true}},
    "block_types": {"rule": {"nesting_mode": "list", "min_items": 1, "block": {"attributes": {
      "port": {"type": "number", "required": true}}}}}})"));
  ASSERT_TRUE(block.has_value());
  auto configs = config_of(*block);
  UnknownOptions options;
  options.percent = 40;
  int whole_collection = 0, leaf = 0, prefix = 0, bounds = 0, lengths = 0;
  for (int seed = 0; seed < 300; ++seed) {
    const cty::Value config = configs(rc::Random(seed), 30).value();
    const InjectedConfig in = with_unknowns(config, options)(rc::Random(seed + 1000), 30).value();
    for (const cty::Path& p : in.injected) {
      const cty::Value* u = cty::value_at(in.value, p);
      ASSERT_NE(u, nullptr);
      if (u->type().is_collection()) ++whole_collection;
      if (u->type().is_primitive()) ++leaf;
      if (u->refinements().string_prefix) ++prefix;
      if (u->refinements().number_lower || u->refinements().number_upper) ++bounds;
      if (u->refinements().length_lower || u->refinements().length_upper) ++lengths;
    }
  }
  EXPECT_GT(whole_collection, 10);
  EXPECT_GT(leaf, 10);
  EXPECT_GT(prefix, 5);
  EXPECT_GT(bounds, 5);
  EXPECT_GT(lengths, 5);
}

TEST(WithUnknowns, ShrinksToASingleUnknown) {
  auto block = schema::block_from_json(nlohmann::json::parse(R"({"attributes": {
    "a": {"type": "string", "required": true}, "b": {"type": ["list", "number"], "required": true},
    "c": {"type": "bool", "required": true}, "d": {"type": ["map", "string"], "required": true}}})"));
  ASSERT_TRUE(block.has_value());
  UnknownOptions options;
  options.percent = 60;
  int checked = 0;
  for (int seed = 0; seed < 40; ++seed) {
    const cty::Value config = config_of(*block)(rc::Random(seed), 30).value();
    const auto shrinkable = with_unknowns(config, options)(rc::Random(seed), 30);
    if (shrinkable.value().injected.size() < 2) continue;
    ++checked;
    // "Fails when there is any unknown": the local minimum has exactly one, and no refinements.
    const auto min =
        rc::shrinkable::findLocalMin(shrinkable, [](const InjectedConfig& c) { return !c.injected.empty(); });
    ASSERT_EQ(min.first.injected.size(), 1u);
    EXPECT_TRUE(cty::value_at(min.first.value, min.first.injected[0])->refinements().empty());
  }
  EXPECT_GT(checked, 5);
}

TEST(UnknownPaths, ListsUnknownsInWalkOrderWithoutDescending) {
  const cty::Type obj = cty::Type::object({{"a", cty::Type::string()}, {"b", cty::Type::list(cty::Type::number())}});
  const cty::Value v = cty::Value::object(
      obj, {cty::Value::unknown(cty::Type::string()),
            cty::Value::list(cty::Type::number(), {cty::Value::number(1), cty::Value::unknown(cty::Type::number())})});
  const auto paths = unknown_paths(v);
  ASSERT_EQ(paths.size(), 2u);
  EXPECT_EQ(paths[0].render(), ".a");
  EXPECT_EQ(paths[1].render(), ".b[1]");
  EXPECT_TRUE(unknown_paths(cty::Value::unknown(obj)).front().empty());
}

}  // namespace
}  // namespace tfc::gen
