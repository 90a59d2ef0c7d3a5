// What a case played beside others must show to be judged as it is, and what reads as a
// conflict with another object (suite/concurrent_conflict.hpp).
#include <gtest/gtest.h>

#include "conformance/suite/concurrent_conflict.hpp"

namespace tfc::conformance {
namespace {

TEST(ConcurrentConflict, OnlyACleanPassCountsAsPlayedBesideOthers) {
  Played clean;
  EXPECT_TRUE(passed_cleanly(clean));
  Played refused;
  refused.outcome.rejection = "create: ApplyResourceChange: error: quota";
  EXPECT_FALSE(passed_cleanly(refused));
  Played unmovable;  // the provider does not move state: its own function, no object met
  unmovable.outcome.rejection = "move: MoveResourceState: error: Unable to Move Resource State";
  EXPECT_TRUE(passed_cleanly(unmovable));
  Played found;
  found.outcome.findings.push_back({});
  EXPECT_FALSE(passed_cleanly(found));
  Played lost;
  lost.outcome.provider_lost = true;
  EXPECT_FALSE(passed_cleanly(lost));
}

TEST(ConcurrentConflict, AlreadyExistsAndInUseReadAsConflictsOtherRefusalsDoNot) {
  CaseOutcome o;
  o.rejection = "create: ApplyResourceChange: Error creating x: a x named \"web\" already exists\nmore";
  ASSERT_TRUE(conflict_in(o));
  EXPECT_EQ(*conflict_in(o), "create: ApplyResourceChange: Error creating x: a x named \"web\" already exists");
  o.rejection = "create: ApplyResourceChange: Error: 409 Conflict";
  EXPECT_TRUE(conflict_in(o));
  o.rejection = "create: ApplyResourceChange: the name is already in use";
  EXPECT_TRUE(conflict_in(o));
  o.rejection = "create: ValidateResourceConfig: expected size to be in the range (1 - 10)";
  EXPECT_FALSE(conflict_in(o));
}

}  // namespace
}  // namespace tfc::conformance
