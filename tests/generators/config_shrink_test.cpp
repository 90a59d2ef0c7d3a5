// Shrinking of generated configurations: a failure that needs one attribute set shrinks to a
// configuration where everything optional is null and every block type has its fewest
// blocks; with examples, it shrinks back to the example (rapidcheck's own local-minimum
// search, rc::shrinkable::findLocalMin, is what a failing property runs).
#include <gtest/gtest.h>

#include <rapidcheck.h>
#include <rapidcheck/shrinkable/Operations.h>

#include "generators/config_gen.hpp"
#include "generators/hints.hpp"
#include "proto/schema/schema_json.hpp"
#include "proto/schema/tf_json.hpp"

namespace tfc::gen {
namespace {

const char* kShrinkSchema = R"({
  "attributes": {
    "name": {"type": "string", "required": true},
    "target": {"type": "string", "optional": true},
    "a": {"type": "number", "optional": true},
    "b": {"type": ["list", "string"], "optional": true},
    "c": {"type": "bool", "optional": true, "computed": true},
    "d": {"type": "dynamic", "optional": true},
    "e": {"nested_type": {"nesting_mode": "set", "attributes": {"x": {"type": "string", "optional": true}}}, "optional": true},
    "id": {"type": "string", "computed": true}
  },
  "block_types": {
    "single": {"nesting_mode": "single", "block": {"attributes": {"v": {"type": "string", "optional": true}}}},
    "many": {"nesting_mode": "list", "min_items": 2, "block": {"attributes": {
      "v": {"type": "string", "optional": true}, "w": {"type": "number", "required": true}}}},
    "labels": {"nesting_mode": "map", "block": {"attributes": {"v": {"type": "string", "optional": true}}}},
    "group": {"nesting_mode": "group", "block": {"attributes": {"v": {"type": "string", "optional": true}}}}
  }
})";

schema::Block shrink_schema() { return *schema::block_from_json(nlohmann::json::parse(kShrinkSchema)); }

bool target_set(const cty::Value& config) { return !config.attribute("target")->is_null(); }

TEST(ConfigShrinking, FailureNeedingOneAttributeShrinksEverythingElseToNullOrEmpty) {
  const schema::Block block = shrink_schema();
  const auto gen = config_of(block);
  int shrunk = 0;
  for (int seed = 0; seed < 30; ++seed) {
    const auto shrinkable = gen(rc::Random(seed), 60);
    if (!target_set(shrinkable.value())) continue;
    ++shrunk;
    const cty::Value min = rc::shrinkable::findLocalMin(shrinkable, target_set).first;
    SCOPED_TRACE(min.to_display());
    EXPECT_EQ(min.attribute("target")->as_string(), "");  // the string itself shrank too
    EXPECT_FALSE(min.attribute("name")->is_null());       // required: stays set
    for (const char* name : {"a", "b", "c", "d", "e", "id", "single"})
      EXPECT_TRUE(min.attribute(name)->is_null()) << name;
    EXPECT_EQ(min.attribute("labels")->length(), 0u);
    ASSERT_EQ(min.attribute("many")->length(), 2u);  // min_items
    for (const cty::Value& body : min.attribute("many")->elements()) {
      EXPECT_TRUE(body.attribute("v")->is_null());
      EXPECT_FALSE(body.attribute("w")->is_null());
    }
    const cty::Value& group = *min.attribute("group");
    ASSERT_FALSE(group.is_null());
    EXPECT_TRUE(group.attribute("v")->is_null());
  }
  EXPECT_GT(shrunk, 5);
}

TEST(ConfigShrinking, LocalMinimumHasNoSmallerFailingNeighbour) {
  // The minimum really is minimal: regenerating from the same seed and walking the shrink
  // tree from the minimum finds no immediate shrink that still fails.
  const schema::Block block = shrink_schema();
  const auto gen = config_of(block);
  for (int seed = 0; seed < 10; ++seed) {
    const auto shrinkable = gen(rc::Random(seed), 60);
    if (!target_set(shrinkable.value())) continue;
    auto current = shrinkable;
    for (bool progressed = true; progressed;) {
      progressed = false;
      for (auto seq = current.shrinks(); auto next = seq.next();) {
        if (target_set(next->value())) {
          current = *next;
          progressed = true;
          break;
        }
      }
    }
    const auto via_rapidcheck = rc::shrinkable::findLocalMin(shrinkable, target_set).first;
    EXPECT_TRUE(raw_equals(current.value(), via_rapidcheck));
    for (auto seq = current.shrinks(); auto next = seq.next();) EXPECT_FALSE(target_set(next->value()));
  }
}

TEST(ConfigShrinking, WithExamplesShrinksBackToTheExample) {
  const schema::Block block = shrink_schema();
  Hints hints;
  hints.examples.push_back(nlohmann::json::parse(R"({"name": "web", "target": "t", "many": [{"w": 1}, {"w": 2}]})"));
  const cty::Value example = *schema::config_from_tf_json(hints.examples[0], block, "");
  ConfigOptions options;
  options.example_percent = 50;
  options.mutate_percent = 50;
  const auto gen = config_of(block, hints, options);
  int from_fresh = 0;
  for (int seed = 0; seed < 30; ++seed) {
    const auto shrinkable = gen(rc::Random(seed), 60);
    if (!target_set(shrinkable.value())) continue;
    if (!raw_equals(shrinkable.value(), example)) ++from_fresh;
    const cty::Value min = rc::shrinkable::findLocalMin(shrinkable, target_set).first;
    EXPECT_TRUE(raw_equals(min, example)) << min.to_display();
  }
  EXPECT_GT(from_fresh, 3);
}

}  // namespace
}  // namespace tfc::gen
