// holds_configured_value: which prior nested values only configuration can have set (000
// §Proposed New State; the exception follows Core's behaviour), and what ProposedNew does with
// an optional+computed nested attribute that config no longer sets.
#include "oracle/configured_prior.hpp"

#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include "oracle/proposed_new.hpp"
#include "tests/oracle/oracle_test_support.hpp"

namespace tfc::oracle {
namespace {

using nlohmann::json;
using testing::block_of;
using testing::value_of;

// `obj` is an optional+computed list of objects: `name` configurable, `status` computed, `opts`
// an optional (configurable) nested object, `extra` an optional+computed one.
const char* kPriorSchema = R"({"attributes": {"obj": {"nested_type": {"nesting_mode": "list", "attributes": {
    "name": {"type": "string", "optional": true}, "status": {"type": "string", "computed": true},
    "opts": {"nested_type": {"nesting_mode": "single", "attributes": {"x": {"type": "string", "optional": true}}}, "optional": true},
    "extra": {"nested_type": {"nesting_mode": "single", "attributes": {"x": {"type": "string", "optional": true},
      "y": {"type": "string", "computed": true}}}, "optional": true, "computed": true}}}, "optional": true, "computed": true}}})";

bool holds(const char* prior_json, const char* unknown = "null") {
  const auto block = block_of(kPriorSchema);
  const auto prior = value_of(block, prior_json, unknown);
  return holds_configured_value(*block.find_attribute("obj")->nested_type, *prior.attribute("obj"));
}

TEST(ConfiguredPrior, ANonNullConfigurableValueAtAnyDepthCounts) {
  EXPECT_TRUE(holds(R"({"obj": [{"name": "a", "status": null, "opts": null, "extra": null}]})"));
  EXPECT_TRUE(holds(R"({"obj": [{"name": null, "status": "s", "opts": {"x": null}, "extra": null}]})"))
      << "a non-computed nested object is configurable itself";
  EXPECT_TRUE(holds(R"({"obj": [{"name": null, "status": "s", "opts": null, "extra": {"x": "v", "y": "c"}}]})"))
      << "an optional+computed nested object is looked through";
  EXPECT_TRUE(holds(R"({"obj": [{"name": null, "status": null, "opts": null, "extra": null},
                               {"name": "b", "status": null, "opts": null, "extra": null}]})"))
      << "any element may hold it";
  EXPECT_TRUE(
      holds(R"({"obj": [{"name": null, "status": "s", "opts": null, "extra": null}]})", R"({"obj": [{"name": true}]})"))
      << "an unknown is not null";
}

TEST(ConfiguredPrior, ComputedValuesNullsAndUnknownsHoldNothing) {
  EXPECT_FALSE(holds(R"({"obj": [{"name": null, "status": "s", "opts": null, "extra": {"x": null, "y": "c"}}]})"));
  EXPECT_FALSE(holds(R"({"obj": []})"));
  EXPECT_FALSE(holds(R"({"obj": null})"));
  EXPECT_FALSE(holds(R"({"obj": [null]})"));
  EXPECT_FALSE(holds(R"({"obj": null})", R"({"obj": true})"));
  EXPECT_FALSE(holds(R"({"obj": [null]})", R"({"obj": [true]})"));
}

// Property against an independent statement of the rule: for a random prior list, ProposedNew
// proposes null exactly when some element has `name`, `opts` or `extra.x` non-null, and the
// prior value otherwise.
RC_GTEST_PROP(ConfiguredPrior, RemovedAttributeProposesNullExactlyWhenConfigSetIt, ()) {
  const auto count = *rc::gen::inRange(0, 4);
  json elements = json::array();
  bool configured = false;
  const auto maybe = [](bool present, json v) { return present ? v : json(); };
  for (int i = 0; i < count; ++i) {
    const bool name = *rc::gen::arbitrary<bool>(), opts = *rc::gen::arbitrary<bool>(),
               extra = *rc::gen::arbitrary<bool>(), extra_x = *rc::gen::arbitrary<bool>(),
               status = *rc::gen::arbitrary<bool>();
    elements.push_back({{"name", maybe(name, "n")},
                        {"status", maybe(status, "s")},
                        {"opts", maybe(opts, {{"x", maybe(extra_x, "v")}})},
                        {"extra", maybe(extra, {{"x", maybe(extra_x, "w")}, {"y", "c"}})}});
    configured = configured || name || opts || (extra && extra_x);
  }
  const auto block = block_of(kPriorSchema);
  const auto prior = value_of(block, json{{"obj", elements}}.dump());
  const auto config = value_of(block, R"({"obj": null})");
  const auto got = proposed_new(block, prior, config);
  RC_ASSERT(raw_equals(got, configured ? config : prior));
}

}  // namespace
}  // namespace tfc::oracle
