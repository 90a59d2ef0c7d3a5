// InvokeAction stream checks (oracle/action_rules.hpp).
#include "oracle/action_rules.hpp"

#include "tests/oracle/oracle_test_support.hpp"

namespace tfc::oracle {
namespace {

using testing::summary;
using Want = std::vector<std::string>;
using enum ActionEvent;

TEST(InvokeEvents, ProgressThenExactlyOneCompletedAtTheEnd) {
  EXPECT_TRUE(check_invoke_events({Completed}).empty());
  EXPECT_TRUE(check_invoke_events({Progress, Progress, Completed}).empty());
  EXPECT_EQ(summary(check_invoke_events({})), Want{"action.completed_count "});
  EXPECT_EQ(summary(check_invoke_events({Progress})), Want{"action.completed_count "});
  EXPECT_EQ(summary(check_invoke_events({Completed, Completed})), Want{"action.completed_count "});
  EXPECT_EQ(summary(check_invoke_events({Completed, Progress})), Want{"action.completed_count "});
  EXPECT_EQ(summary(check_invoke_events({Progress, None, Completed})), Want{"action.event_empty [1]"});
}

}  // namespace
}  // namespace tfc::oracle
