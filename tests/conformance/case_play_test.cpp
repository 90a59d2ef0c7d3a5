// Core's sequences against an in-memory provider: an honest provider passes every step; each
// planted fault is reported under its rule at its path, and the case stops there like Core.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include "conformance/case_play.hpp"
#include "generators/hints_tf_json.hpp"
#include "tests/conformance/memory_provider.hpp"

namespace tfc::conformance {
namespace {

using testing::MemoryFault;
using testing::MemoryProvider;

const schema::Schema& thing() {
  static const auto s = MemoryProvider::thing_schema();
  return s;
}

ConfigPair known(const char* json) {
  auto v = gen::config_from_tf_json(nlohmann::json::parse(json), thing().block, "test");
  return ConfigPair{*v, gen::InjectedConfig{*v, {}}};
}

LifecycleCase full_case() {
  LifecycleCase c;
  c.create = known(R"({"name": "a", "size": 3, "rule": [{"port": 80}]})");
  c.steps = {{StepKind::Refresh, {}}, {StepKind::Upgrade, {}}, {StepKind::Import, {}},
             {StepKind::Update, known(R"({"name": "a", "size": 4, "tags": {"k": "v"}})")}};
  return c;
}

TEST(CasePlay, AnHonestProviderPassesEveryScenarioAndIsLeftEmpty) {
  MemoryProvider provider;
  const auto out = play_case(provider, "mem_thing", thing(), full_case(), {});
  for (const auto& f : out.findings) ADD_FAILURE() << f.finding.rule_id << " " << f.finding.path << " " << f.finding.message;
  for (const char* s : {"create", "refresh", "upgrade", "import", "update", "destroy"})
    EXPECT_TRUE(out.scenarios_run.contains(s)) << s;
  EXPECT_TRUE(out.planned);
  EXPECT_TRUE(out.applied);
  EXPECT_EQ(provider.stored(), 0u);  // destroyed
}

RC_GTEST_PROP(CasePlay, HonestProviderNeverYieldsAnErrorForGeneratedCases, ()) {
  const auto c = *lifecycle_case_of(thing().block, {}, {});
  MemoryProvider provider;
  const auto out = play_case(provider, "mem_thing", thing(), c, {});
  RC_ASSERT(!out.has_error_finding());
  RC_ASSERT(provider.stored() == 0u);
}

TEST(CasePlay, ApplyChangingAKnownValueIsFoundAtItsPathAndTheObjectIsStillDestroyed) {
  MemoryProvider provider(MemoryFault::ApplyAddsOneToSize);
  const auto out = play_case(provider, "mem_thing", thing(), full_case(), {});
  ASSERT_EQ(out.first_error_rule(), "apply.known_value_changed");
  EXPECT_EQ(out.findings.front().finding.path, ".size");
  EXPECT_EQ(out.findings.front().scenario, "create");
  EXPECT_FALSE(out.scenarios_run.contains("update"));  // Core stops at the first error
  EXPECT_EQ(provider.stored(), 0u);
}

TEST(CasePlay, ReadNormalisationIsAWarningThenAPerpetualDiff) {
  MemoryProvider provider(MemoryFault::ReadUppercasesName);
  const auto out = play_case(provider, "mem_thing", thing(), full_case(), {});
  ASSERT_EQ(out.first_error_rule(), "lifecycle.plan_not_empty_after_refresh");
  bool warned = false;
  for (const auto& f : out.findings) warned = warned || f.finding.rule_id == "read.normalization_not_preserved";
  EXPECT_TRUE(warned);
}

TEST(CasePlay, APlanDroppingConfiguredBlocksIsAPlanFindingAndNothingIsApplied) {
  MemoryProvider provider(MemoryFault::PlanDropsRuleBlocks);
  const auto out = play_case(provider, "mem_thing", thing(), full_case(), {});
  ASSERT_EQ(out.first_error_rule(), "plan.block_count_changed");
  EXPECT_FALSE(out.applied);
  EXPECT_EQ(provider.stored(), 0u);
}

TEST(CasePlay, PlanOnlyCasesNeverApply) {
  MemoryProvider provider(MemoryFault::ApplyAddsOneToSize);
  PlanOnlyCase c{known(R"({"name": "a", "size": 1})"), full_case().create.known};
  const auto out = play_case(provider, "mem_thing", thing(), c, {});
  EXPECT_FALSE(out.has_error_finding());
  EXPECT_TRUE(out.planned);
  EXPECT_FALSE(out.applied);
  EXPECT_EQ(provider.stored(), 0u);
}

TEST(CasePlay, ADeferralTheRequestDidNotAllowIsAFinding) {
  MemoryProvider provider(MemoryFault::PlanDefersAlways);
  const auto out = play_case(provider, "mem_thing", thing(), full_case(), {});
  ASSERT_EQ(out.first_error_rule(), "plan.deferred_not_allowed");
  EXPECT_FALSE(out.applied);
}

TEST(CasePlay, AnAllowedDeferralIsJudgedForItsTypeOnly) {
  PlanOnlyCase c{known(R"({"name": "a", "size": 1})"), full_case().create.known};
  MemoryProvider honest_deferral(MemoryFault::PlanDefersAlways);
  // The plan-only case allows deferral in its update plan only: the other plans still refuse it.
  auto out = play_case(honest_deferral, "mem_thing", thing(), c, {});
  EXPECT_EQ(out.first_error_rule(), "plan.deferred_not_allowed");
  MemoryProvider wrong(MemoryFault::DeferredPlanHasAnotherType);
  out = play_case(wrong, "mem_thing", thing(), c, {});
  ASSERT_EQ(out.first_error_rule(), "value.type_mismatch");
  EXPECT_EQ(out.findings.front().scenario, "plan update");
}

}  // namespace
}  // namespace tfc::conformance
