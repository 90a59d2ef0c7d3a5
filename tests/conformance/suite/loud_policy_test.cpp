// When a quiet search plays a case loud (suite/loud_policy.hpp): when the replays it would
// probably need cost more than the provider's logging, by the costs measured so far.
#include <gtest/gtest.h>

#include "conformance/suite/loud_policy.hpp"

namespace tfc::conformance {
namespace {

LoudCosts measured(double quiet, double loud, double fresh_share) {
  LoudCosts c;
  c.quiet_play(quiet);
  c.loud_play(loud);
  c.fresh_share = fresh_share;
  return c;
}

TEST(LoudPolicy, NothingPlaysLoudBeforeBothCostsAreMeasured) {
  LoudCosts c;
  for (int i = 0; i < 50; ++i) c.judged(true);
  EXPECT_FALSE(plays_loud(c)) << "no loud play measured yet";
  c.quiet_play(0.01);
  EXPECT_FALSE(plays_loud(c));
  c.loud_play(0.011);
  EXPECT_TRUE(plays_loud(c));
}

TEST(LoudPolicy, CostlyLoggingPlaysLoudOnlyWhenMostCasesFindSomethingNew) {
  // A loud case costs 1.7 quiet ones: even at 0.7 / 1.7, about 41 % of the cases.
  EXPECT_FALSE(plays_loud(measured(0.010, 0.017, 0.05)));
  EXPECT_FALSE(plays_loud(measured(0.010, 0.017, 0.40)));
  EXPECT_TRUE(plays_loud(measured(0.010, 0.017, 0.42)));
}

TEST(LoudPolicy, CheapLoggingPlaysLoudAsSoonAsNewFindingsAreCommon) {
  // A loud case costs 1.1 quiet ones: even at about 9 %.
  EXPECT_FALSE(plays_loud(measured(0.010, 0.011, 0.05)));
  EXPECT_TRUE(plays_loud(measured(0.010, 0.011, 0.10)));
  EXPECT_TRUE(plays_loud(measured(0.010, 0.009, 0.0))) << "logging that costs nothing: loud";
}

TEST(LoudPolicy, TheShareOfNewFindingsFollowsTheRecentCases) {
  LoudCosts c;
  c.judged(true);
  EXPECT_NEAR(c.fresh_share, LoudCosts::kWeight, 1e-12) << "one early finding does not tip it";
  for (int i = 0; i < 200; ++i) c.judged(true);
  EXPECT_GT(c.fresh_share, 0.99);
  for (int i = 0; i < 200; ++i) c.judged(false);
  EXPECT_LT(c.fresh_share, 0.01);
  c.quiet_play(1.0);
  for (int i = 0; i < 200; ++i) c.quiet_play(2.0);
  EXPECT_NEAR(c.quiet_seconds, 2.0, 1e-3);
}

}  // namespace
}  // namespace tfc::conformance
