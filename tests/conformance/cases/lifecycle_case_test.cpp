// Lifecycle cases and what the hints know of replacement (conformance/cases/resource_case.hpp):
// once members are known to force replacement, some cases are long lives whose updates keep
// those members at their create values, so one object is updated in place several times.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <algorithm>
#include <string>
#include <variant>
#include <vector>

#include "conformance/cases/resource_case.hpp"
#include "generators/arbitrary_block.hpp"
#include "tests/conformance/memory_provider.hpp"
#include "tests/conformance/plain_shrink.hpp"

namespace tfc::conformance {
namespace {

/// The top-level members a configuration may set.
std::vector<std::string> configurable_members(const schema::Block& block) {
  std::vector<std::string> out;
  for (const auto& a : block.attributes) {
    if (a.optional || a.required) out.push_back(a.name);
  }
  for (const auto& nb : block.block_types) out.push_back(nb.type_name);
  return out;
}

gen::Hints forcing(const std::vector<std::string>& names) {
  gen::Hints h;
  for (const auto& n : names) h.attributes[n].forces_replacement = true;
  return h;
}

std::size_t in_place_updates(const LifecycleCase& c) {
  return static_cast<std::size_t>(
      std::count_if(c.steps.begin(), c.steps.end(), [](const Step& s) { return s.in_place; }));
}

RC_GTEST_PROP(LifecycleCases, InPlaceUpdatesNeverChangeAMemberKnownToForceReplacement, ()) {
  const auto block = *gen::block(gen::BlockOptions{1, true, false, true});
  const auto members = configurable_members(block);
  RC_PRE(!members.empty());
  std::vector<std::string> forced;
  for (const auto& m : members) {
    if (*rc::gen::arbitrary<bool>()) forced.push_back(m);
  }
  RC_PRE(!forced.empty());
  CaseGenOptions options;
  options.unknowns.percent = 50;
  options.long_life = *rc::gen::arbitrary<bool>();
  const auto c = *lifecycle_case_of(block, forcing(forced), options);
  for (const auto& step : c.steps) {
    RC_ASSERT(step.in_place == false || step.kind == StepKind::Update);
    if (!step.in_place) continue;
    for (const auto& name : forced) {
      const cty::Value* was = c.create.known.attribute(name);
      RC_ASSERT(was != nullptr);
      RC_ASSERT(raw_equals(*step.config.known.attribute(name), *was));
      // Never unknown in the first plan either: an unknown there would replace the object.
      RC_ASSERT(raw_equals(*step.config.with_unknowns.value.attribute(name), *was));
    }
  }
}

RC_GTEST_PROP(LifecycleCases, NothingIsInPlaceUntilAMemberIsKnownToForceReplacement, ()) {
  const auto block = *gen::block(gen::BlockOptions{1, true, false, true});
  const auto c = *lifecycle_case_of(block, {}, {});
  RC_ASSERT(in_place_updates(c) == 0u);
}

RC_GTEST_PROP(LifecycleCases, NothingIsInPlaceWhenEveryMemberForcesReplacement, ()) {
  const auto block = *gen::block(gen::BlockOptions{1, true, false, true});
  const auto c = *lifecycle_case_of(block, forcing(configurable_members(block)), {});
  RC_ASSERT(in_place_updates(c) == 0u);
}

TEST(LifecycleCases, LongLivesAreChosenByCaseSeedSoTheOtherCasesStayAsTheyWere) {
  const schema::Block block = testing::MemoryProvider::thing_schema().block;
  // Learning that members force replacement changes nothing of a case that is no long life.
  const auto before = lifecycle_case_of(block, {}, {});
  const auto after = lifecycle_case_of(block, forcing({"name", "tags"}), {});
  for (std::uint64_t seed = 1; seed <= 50; ++seed)
    EXPECT_EQ(describe_case("mem_thing", block, before(rc::Random(seed), 50).value()),
              describe_case("mem_thing", block, after(rc::Random(seed), 50).value()));
  std::size_t chosen = 0;
  for (std::uint64_t seed = 1; seed <= 1000; ++seed) chosen += long_life_case(seed) ? 1 : 0;
  EXPECT_GE(chosen, 250u);
  EXPECT_LE(chosen, 350u);
}

TEST(LifecycleCases, AboutAQuarterOfTheCasesUpdateOneObjectInPlaceTwiceOrMore) {
  const schema::Block block = testing::MemoryProvider::thing_schema().block;
  CaseGenOptions long_life;
  long_life.long_life = true;
  const auto any = lifecycle_case_of(block, forcing({"name", "tags"}), {});
  const auto lives = lifecycle_case_of(block, forcing({"name", "tags"}), long_life);
  std::size_t long_lives = 0;
  constexpr std::size_t kCases = 400;
  for (std::size_t seed = 1; seed <= kCases; ++seed) {
    const auto& gen = long_life_case(seed * 7919) ? lives : any;
    if (in_place_updates(gen(rc::Random(seed), 50).value()) >= 2) ++long_lives;
  }
  EXPECT_GE(long_lives, kCases * 18 / 100) << long_lives;
  EXPECT_LE(long_lives, kCases * 35 / 100) << long_lives;
}

TEST(LifecycleCases, AFailingSecondInPlaceUpdateShrinksToCreateAndTwoUpdates) {
  const schema::Block block = testing::MemoryProvider::thing_schema().block;
  CaseGenOptions long_life;
  long_life.long_life = true;
  const auto gen = lifecycle_case_of(block, forcing({"name", "tags"}), long_life);
  // A stand-in for a provider whose second in-place update of an object goes wrong.
  auto fails = [](const LifecycleCase& c) { return in_place_updates(c) >= 2; };
  std::size_t shrunk = 0;
  for (std::size_t seed = 1; seed <= 200 && shrunk < 5; ++seed) {
    auto failing = gen(rc::Random(seed), 50);
    const LifecycleCase original = failing.value();
    if (!fails(original) || original.steps.size() <= 2) continue;
    const auto minimal = testing::shrink_failure(failing, fails, 10000).minimal.value();
    EXPECT_EQ(minimal.steps.size(), 2u) << describe_case("mem_thing", block, minimal);
    EXPECT_EQ(in_place_updates(minimal), 2u);
    ++shrunk;
  }
  EXPECT_EQ(shrunk, 5u);
}

TEST(LifecycleCases, KeepMembersTakesTheNamedMembersFromTheCreate) {
  const auto create = cty::Value::object({{"a", cty::Value::string("x")}, {"b", cty::Value::string("y")}});
  const auto update = cty::Value::object({{"a", cty::Value::string("p")}, {"b", cty::Value::string("q")}});
  const auto kept = keep_members(update, create, {"a"});
  EXPECT_EQ(kept.attribute("a")->as_string(), "x");
  EXPECT_EQ(kept.attribute("b")->as_string(), "q");
  EXPECT_TRUE(raw_equals(keep_members(update, create, {}), update));
}

}  // namespace
}  // namespace tfc::conformance
