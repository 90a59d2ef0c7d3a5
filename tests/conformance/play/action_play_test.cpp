// Actions (conformance/play/action_play.cpp) against the in-memory family provider: validate,
// plan without and with deferral allowed, and with --apply only, invoke. Each planted fault is
// found under exactly its rule.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include "tests/conformance/play/family_play_support.hpp"

namespace tfc::conformance {
namespace {

using testing::FamilyFault;
using testing::MemoryFamilyProvider;

const schema::Schema& notify() {
  static const auto s = MemoryFamilyProvider::notify_schema();
  return s;
}

ActionCase notify_case() { return ActionCase{testing::config_pair(notify().block, R"({"message": "hi"})", "message")}; }

CaseOutcome played(MemoryFamilyProvider& provider, const ActionCase& c, bool apply) {
  return play_case(provider, "mem_notify", notify(), c, testing::family_options(apply));
}

TEST(ActionPlay, AnHonestActionIsPlannedAndInvokedOnce) {
  MemoryFamilyProvider provider;
  const auto out = played(provider, notify_case(), true);
  EXPECT_TRUE(out.findings.empty()) << testing::described(out);
  for (const char* s : {"validate", "plan", "invoke"}) EXPECT_TRUE(out.scenarios_run.contains(s)) << s;
  EXPECT_TRUE(out.reached.contains(CoverageStep::Planned));
  EXPECT_TRUE(out.reached.contains(CoverageStep::Invoked));
  EXPECT_EQ(provider.invocations(), 1u);
}

TEST(ActionPlay, WithoutApplyNothingIsInvoked) {
  MemoryFamilyProvider provider(FamilyFault::InvokeNeverCompletes);
  const auto out = played(provider, notify_case(), false);
  EXPECT_TRUE(out.findings.empty()) << testing::described(out);
  EXPECT_TRUE(out.planned);
  EXPECT_EQ(provider.invocations(), 0u);
}

RC_GTEST_PROP(ActionPlay, AnHonestActionGivesNoErrorForGeneratedCases, ()) {
  const auto c = *action_case_of(notify().block, {}, {});
  MemoryFamilyProvider provider;
  const auto out = played(provider, c, true);
  RC_ASSERT(!out.has_error_finding());
  RC_ASSERT(provider.invocations() == 1u);
}

struct ActionFaultCase {
  FamilyFault fault;
  const char* rule;
  const char* scenario;
  std::size_t invocations;
};

// Failures name the fault's rule.
void PrintTo(const ActionFaultCase& c, std::ostream* os) { *os << c.rule; }

class ActionFault : public ::testing::TestWithParam<ActionFaultCase> {};

TEST_P(ActionFault, IsFoundUnderItsRuleAlone) {
  MemoryFamilyProvider provider(GetParam().fault);
  const auto out = played(provider, notify_case(), true);
  EXPECT_EQ(testing::rules_of(out), std::vector<std::string>{GetParam().rule}) << testing::described(out);
  ASSERT_FALSE(out.findings.empty());
  EXPECT_EQ(out.findings.front().scenario, GetParam().scenario);
  EXPECT_EQ(provider.invocations(), GetParam().invocations) << "a plan that failed is never invoked";
}

INSTANTIATE_TEST_SUITE_P(
    Faults, ActionFault,
    ::testing::Values(ActionFaultCase{FamilyFault::InvokeNeverCompletes, "action.completed_count", "invoke", 1},
                      ActionFaultCase{FamilyFault::InvokeSendsEmptyEvent, "action.event_empty", "invoke", 1},
                      ActionFaultCase{FamilyFault::PlanActionDefers, "deferral.not_allowed", "plan", 0},
                      ActionFaultCase{FamilyFault::PlanActionDefersForAbsentPrereq, "deferral.reason_invalid", "plan",
                                      0}));

}  // namespace
}  // namespace tfc::conformance
