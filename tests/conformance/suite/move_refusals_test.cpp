// When a suite stops asking for moves: after the same refusal in MoveRefusals::kAlike judged
// cases in a row, settled only at a round's start.
#include "conformance/suite/move_refusals.hpp"

#include <gtest/gtest.h>

namespace tfc::conformance {
namespace {

CaseOutcome refused(const std::string& words) {
  CaseOutcome o;
  o.move_refusal = words;
  return o;
}

CaseOutcome moved() {
  CaseOutcome o;
  o.scenarios_run.insert("move");
  return o;
}

TEST(MoveRefusals, SettlesAfterTheSameRefusalInEnoughCasesInARowAndOnlyAtARoundsStart) {
  MoveRefusals m;
  for (std::size_t i = 0; i < MoveRefusals::kAlike; ++i) {
    m.settle();
    EXPECT_FALSE(m.settled()) << "after " << i << " refusals";
    m.count(refused("move: MoveResourceState: error: no move support"));
  }
  EXPECT_FALSE(m.settled()) << "a round's cases all ask, whatever the order they are judged in";
  m.settle();
  EXPECT_TRUE(m.settled());
  EXPECT_EQ(m.refusal(), "move: MoveResourceState: error: no move support");
}

TEST(MoveRefusals, RefusalsThatDifferOrAMoveThatWorkedStartTheCountAgain) {
  MoveRefusals m;
  m.count(refused("move: MoveResourceState: error: object a"));
  m.count(refused("move: MoveResourceState: error: object b"));
  m.count(refused("move: MoveResourceState: error: object c"));
  m.settle();
  EXPECT_FALSE(m.settled()) << "a refusal naming something of the state is not the type's";
  m.count(refused("move: MoveResourceState: error: same"));
  m.count(refused("move: MoveResourceState: error: same"));
  m.count(moved());
  m.count(refused("move: MoveResourceState: error: same"));
  m.count(refused("move: MoveResourceState: error: same"));
  m.settle();
  EXPECT_FALSE(m.settled()) << "a move that worked in between";
  m.count(CaseOutcome{});  // a case that never reached the move counts for nothing
  m.count(refused("move: MoveResourceState: error: same"));
  m.settle();
  EXPECT_TRUE(m.settled());
}

}  // namespace
}  // namespace tfc::conformance
