// The learning rounds of a suite (conformance/suite/suite_runner.hpp): they cut the cases into
// consecutive rounds whatever --jobs is, learning waits at most for a few cases, and a replay
// finds the round of any case.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <algorithm>
#include <vector>

#include "conformance/suite/suite_runner.hpp"

namespace tfc::conformance {
namespace {

std::vector<std::size_t> round_sizes(std::size_t total) {
  std::vector<std::size_t> out;
  for (std::size_t start = 0; start < total;) {
    const std::size_t end = learning_round_end(start, total);
    out.push_back(end - start);
    start = end;
  }
  return out;
}

TEST(LearningRounds, TheFirstFourCasesAreAloneThenRoundsGrowToSixteen) {
  EXPECT_EQ(round_sizes(10), (std::vector<std::size_t>{1, 1, 1, 1, 2, 2, 2}));
  EXPECT_EQ(round_sizes(25), (std::vector<std::size_t>{1, 1, 1, 1, 2, 2, 4, 4, 8, 1}));
  EXPECT_EQ(round_sizes(3), (std::vector<std::size_t>{1, 1, 1}));
  EXPECT_EQ(round_sizes(0), (std::vector<std::size_t>{}));
  const auto big = round_sizes(200);
  EXPECT_EQ(*std::max_element(big.begin(), big.end()), 16u);
}

RC_GTEST_PROP(LearningRounds, RoundsCoverEveryCaseOnceAndWaitAtMostHalfTheCasesBefore, ()) {
  const auto total = *rc::gen::inRange<std::size_t>(0, 300);
  std::size_t start = 0;
  while (start < total) {
    const std::size_t end = learning_round_end(start, total);
    RC_ASSERT(end > start);
    RC_ASSERT(end <= total);
    const std::size_t size = end - start;
    RC_ASSERT(size == 1 || size <= start / 2);
    RC_ASSERT(size <= 16u);
    for (std::size_t i = start; i < end; ++i) RC_ASSERT(learning_round_start(i, total) == start);
    start = end;
  }
  RC_ASSERT(start == total);
}

}  // namespace
}  // namespace tfc::conformance
