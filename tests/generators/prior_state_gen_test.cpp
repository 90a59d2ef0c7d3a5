// prior_state_of: wholly known states of the implied type with computed values filled in and
// write-only attributes null (docs/protocol.md §4.3).
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include "generators/arbitrary_block.hpp"
#include "generators/prior_state_gen.hpp"
#include "proto/cty/msgpack.hpp"
#include "proto/schema/implied_type.hpp"
#include "proto/schema/schema_json.hpp"
#include "tests/generators/config_checks.hpp"

namespace tfc::gen {
namespace {

RC_GTEST_PROP(PriorStateOf, WhollyKnownOfTheImpliedTypeForArbitrarySchemas, ()) {
  const schema::Block block = *gen::block();
  const cty::Type type = schema::implied_type(block);
  const cty::Value state = *prior_state_of(block);
  RC_ASSERT(state.is_wholly_known());
  RC_ASSERT(state.conforms_to(type));
  RC_ASSERT(testing::shape_problem(block, state, testing::Shape::PriorState) == "");
  auto bytes = cty::msgpack_encode(state, type);
  RC_ASSERT(bytes.has_value());
  auto back = cty::msgpack_decode(*bytes, type);
  RC_ASSERT(back.has_value());
  RC_ASSERT(raw_equals(*back, state));
}

TEST(PriorStateOf, FillsComputedAndNullsWriteOnly) {
  auto block = schema::block_from_json(nlohmann::json::parse(R"({"attributes": {
    "id": {"type": "string", "computed": true},
    "arn": {"type": "string", "optional": true, "computed": true},
    "password": {"type": "string", "required": true, "write_only": true},
    "note": {"type": "string", "optional": true}}})"));
  ASSERT_TRUE(block.has_value());
  auto g = prior_state_of(*block);
  int arn_set = 0, note_set = 0, note_null = 0;
  for (int seed = 0; seed < 100; ++seed) {
    const cty::Value v = g(rc::Random(seed), 40).value();
    EXPECT_FALSE(v.attribute("id")->is_null());
    EXPECT_TRUE(v.attribute("password")->is_null());
    if (!v.attribute("arn")->is_null()) ++arn_set;
    (v.attribute("note")->is_null() ? note_null : note_set)++;
  }
  EXPECT_GT(arn_set, 70);
  EXPECT_GT(note_set, 10);
  EXPECT_GT(note_null, 10);
}

}  // namespace
}  // namespace tfc::gen
