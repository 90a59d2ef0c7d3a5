// Shrinking: a shrunk case still fails, is no bigger than the original, and the recorded shrink
// path leads from the generated case straight back to it (what a replay token relies on).
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <set>

#include "conformance/cases/resource_case.hpp"
#include "conformance/core/value_io.hpp"
#include "conformance/suite/shrink.hpp"
#include "conformance/suite/suite_runner.hpp"
#include "tests/conformance/memory_provider.hpp"
#include "tests/conformance/plain_shrink.hpp"

namespace tfc::conformance {
namespace {

using testing::shrink_failure;

const schema::Block& thing_block() {
  static const auto s = testing::MemoryProvider::thing_schema();
  return s.block;
}

/// A failure that needs a size to be set and at least one update step.
bool fails(const LifecycleCase& c) {
  if (c.create.known.attribute("size")->is_null()) return false;
  for (const auto& s : c.steps) {
    if (s.kind == StepKind::Update) return true;
  }
  return false;
}

RC_GTEST_PROP(Shrink, ShrunkCasesStillFailAndReplayFromTheirPath, ()) {
  const auto gen = lifecycle_case_of(thing_block(), {}, {});
  auto seed = *rc::gen::arbitrary<std::uint64_t>();
  const int size = *rc::gen::inRange(30, 101);
  auto root = gen(rc::Random(seed), size);
  for (int i = 0; i < 500 && !fails(root.value()); ++i) root = gen(rc::Random(++seed), size);  // find a failing case
  RC_PRE(fails(root.value()));
  const auto shrunk = shrink_failure(root, fails, 1000);
  const auto minimal = shrunk.minimal.value();
  RC_ASSERT(fails(minimal));
  RC_ASSERT(case_size(minimal) <= case_size(root.value()));
  // The minimum: one update step, and only what the predicate needs set at create.
  RC_ASSERT(minimal.steps.size() == 1u);
  RC_ASSERT(count_set_attributes(minimal.create.known) == 2u);  // name (required) and size
  auto replayed = gen(rc::Random(seed), size);
  RC_ASSERT(follow_shrink_path(replayed, shrunk.path));
  RC_ASSERT(raw_equals(replayed.value().create.known, minimal.create.known));
}

RC_GTEST_PROP(Shrink, SpeculatingEndsWhereShrinkingOneAtATimeDoesPlayingEachCaseOnce, ()) {
  const auto gen = lifecycle_case_of(thing_block(), {}, {});
  auto seed = *rc::gen::arbitrary<std::uint64_t>();
  const int size = *rc::gen::inRange(30, 101);
  const std::size_t width = *rc::gen::inRange<std::size_t>(1, 5);
  auto root = gen(rc::Random(seed), size);
  for (int i = 0; i < 500 && !fails(root.value()); ++i) root = gen(rc::Random(++seed), size);
  RC_PRE(fails(root.value()));
  std::size_t every = 0;
  const auto plain = shrink_failure(
      root, [&](const LifecycleCase& c) { return ++every, fails(c); }, 1000);
  const auto key = [](const LifecycleCase& c) { return describe_case("mem_thing", thing_block(), c); };
  std::vector<std::string> played;
  std::size_t widest = 0;
  const auto speculating = shrink_speculating(
      root, key,
      [&](const std::vector<const LifecycleCase*>& cs) {
        widest = std::max(widest, cs.size());
        std::vector<bool> out;
        for (const auto* c : cs) played.push_back(key(*c)), out.push_back(fails(*c));
        return out;
      },
      [&] { return width; }, 1000);
  RC_ASSERT(speculating.path == plain.path);
  RC_ASSERT(speculating.attempts == plain.attempts);
  RC_ASSERT(key(speculating.minimal.value()) == key(plain.minimal.value()));
  RC_ASSERT(widest <= width);
  const std::set<std::string> distinct(played.begin(), played.end());
  RC_ASSERT(distinct.size() == played.size());  // each case played once
  if (width == 1) RC_ASSERT(played.size() <= every);
  RC_CLASSIFY(played.size() < every, "fewer plays");
}

TEST(Shrink, SpeculatingTakesTheFirstFailingCandidateOfABatchAndPlaysEachCaseOnce) {
  // Candidates of 10: 0..9 (of 7: 0..6); 7 and above fail, so 7 is the minimum.
  const auto root = rc::shrinkable::shrinkRecur(10, [](int v) {
    std::vector<int> smaller;
    for (int i = 0; i < v; ++i) smaller.push_back(i);
    return rc::seq::fromContainer(smaller);
  });
  std::vector<std::vector<int>> batches;
  const auto shrunk = shrink_speculating(
      root, [](int v) { return std::to_string(v); },
      [&](const std::vector<const int*>& vs) {
        batches.emplace_back();
        std::vector<bool> out;
        for (const int* v : vs) batches.back().push_back(*v), out.push_back(*v >= 7);
        return out;
      },
      [] { return 3; }, 100);
  EXPECT_EQ(shrunk.minimal.value(), 7);
  const auto plain = shrink_failure(
      root, [](int v) { return v >= 7; }, 100);
  EXPECT_EQ(shrunk.path, plain.path);
  EXPECT_EQ(shrunk.attempts, plain.attempts);
  // Three at a time; 8 was played beside 7 for nothing; 7's own candidates had all passed.
  EXPECT_EQ(batches, (std::vector<std::vector<int>>{{0, 1, 2}, {3, 4, 5}, {6, 7, 8}}));
  std::set<int> seen;
  for (const auto& b : batches)
    for (int v : b) EXPECT_TRUE(seen.insert(v).second) << v << " played twice";
}

TEST(Shrink, StopsAtTheAttemptBudget) {
  const auto gen = lifecycle_case_of(thing_block(), {}, {});
  std::size_t calls = 0;
  const auto shrunk = shrink_failure(
      gen(rc::Random(3), 100), [&](const LifecycleCase&) { return ++calls, true; }, 5);
  EXPECT_EQ(calls, 5u);
  EXPECT_EQ(shrunk.attempts, 5u);
}

TEST(CaseSeeds, DependOnlyOnRunSeedKindTypeAndIndex) {
  EXPECT_EQ(case_seed(1, CaseKind::Lifecycle, "a", 3), case_seed(1, CaseKind::Lifecycle, "a", 3));
  EXPECT_NE(case_seed(1, CaseKind::Lifecycle, "a", 3), case_seed(1, CaseKind::Lifecycle, "a", 4));
  EXPECT_NE(case_seed(1, CaseKind::Lifecycle, "a", 3), case_seed(1, CaseKind::Lifecycle, "b", 3));
  EXPECT_NE(case_seed(1, CaseKind::Lifecycle, "a", 3), case_seed(1, CaseKind::PlanOnly, "a", 3));
  EXPECT_EQ(case_size(0, 10), 0);
  EXPECT_EQ(case_size(9, 10), 100);
}

TEST(ValueSchedule, TheExtremePhaseIsTheLastFifthOfTheCasesAndOnlyWhenAskedFor) {
  auto extreme_indexes = [](ValueSchedule schedule, std::size_t total) {
    std::vector<std::size_t> out;
    for (std::size_t i = 0; i < total; ++i) {
      if (extreme_case(schedule, i, total)) out.push_back(i);
    }
    return out;
  };
  EXPECT_TRUE(extreme_indexes(ValueSchedule::realistic, 25).empty());
  EXPECT_EQ(extreme_indexes(ValueSchedule::extreme, 3), (std::vector<std::size_t>{0, 1, 2}));
  EXPECT_EQ(extreme_indexes(ValueSchedule::all, 25), (std::vector<std::size_t>{20, 21, 22, 23, 24}));
  EXPECT_EQ(extreme_indexes(ValueSchedule::all, 10), (std::vector<std::size_t>{8, 9}));
  EXPECT_EQ(extreme_indexes(ValueSchedule::all, 2), (std::vector<std::size_t>{1}));
  EXPECT_TRUE(extreme_indexes(ValueSchedule::all, 1).empty()) << "a single case stays realistic";
  EXPECT_EQ(extreme_cases(ValueSchedule::all, 100), 20u);
}

TEST(ValueSchedule, OnlyExtremeCasesHoldExtremeValues) {
  CaseGenOptions extreme;
  extreme.values = gen::ValueProfile::extreme;
  const auto realistic_gen = lifecycle_case_of(thing_block(), {}, {});
  const auto extreme_gen = lifecycle_case_of(thing_block(), {}, extreme);
  auto outsized = [](const LifecycleCase& c) {
    const cty::Value& name = *c.create.known.attribute("name");
    return name.as_string().size() > 64 || name.as_string().find('\n') != std::string::npos;
  };
  int realistic_outsized = 0, extreme_outsized = 0;
  for (int seed = 0; seed < 200; ++seed) {
    realistic_outsized += outsized(realistic_gen(rc::Random(seed), 90).value());
    extreme_outsized += outsized(extreme_gen(rc::Random(seed), 90).value());
  }
  EXPECT_EQ(realistic_outsized, 0);
  EXPECT_GT(extreme_outsized, 0);
}

}  // namespace
}  // namespace tfc::conformance
