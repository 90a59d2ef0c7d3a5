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

TEST(ConcurrentConflict, AFindingAlreadyFoundAloneStandsBesideOthersANewOneDoesNot) {
  const auto known = [](const std::string& fingerprint) { return fingerprint == "seen"; };
  Played repeat;  // every case of the type breaks the rule the suite already has
  repeat.outcome.findings.push_back({});
  repeat.outcome.findings.back().finding.fingerprint = "seen";
  EXPECT_TRUE(stands_beside_others(repeat, known));
  EXPECT_FALSE(stands_beside_others(repeat, {})) << "nothing is known without a book";
  Played fresh = repeat;
  fresh.outcome.findings.push_back({});
  fresh.outcome.findings.back().finding.fingerprint = "new";
  EXPECT_FALSE(stands_beside_others(fresh, known)) << "a new finding is only reported from a case played alone";
  Played conflicted = repeat;  // a known fingerprint, yet its message reads as a conflict
  conflicted.outcome.findings.back().finding.message = "the object already exists";
  EXPECT_FALSE(stands_beside_others(conflicted, known));
  Played refused = repeat;
  refused.outcome.rejection = "create: ApplyResourceChange: error: quota";
  EXPECT_FALSE(stands_beside_others(refused, known));
  Played lost = repeat;
  lost.lost = "the process exited";
  EXPECT_FALSE(stands_beside_others(lost, known));
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
