// Core's sequences against an in-memory provider: an honest provider passes every step; each
// planted fault is reported under its rule at its path, and the case stops there like Core.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <set>
#include <string>

#include "conformance/play/case_play.hpp"
#include "proto/schema/tf_json.hpp"
#include "tests/conformance/memory_provider.hpp"

namespace tfc::conformance {
namespace {

using testing::MemoryFault;
using testing::MemoryProvider;

const schema::Schema& thing_schema() {
  static const auto s = MemoryProvider::thing_schema();
  return s;
}

ConfigPair known(const char* text) {
  auto v = schema::config_from_tf_json(nlohmann::json::parse(text), thing_schema().block, "test");
  return ConfigPair{*v, gen::InjectedConfig{*v, {}}};
}

LifecycleCase full_case() {
  LifecycleCase c;
  c.create = known(R"({"name": "a", "size": 3, "rule": [{"port": 80}]})");
  c.steps = {{StepKind::Refresh, {}},
             {StepKind::Upgrade, {}},
             {StepKind::Import, {}},
             {StepKind::Update, known(R"({"name": "a", "size": 4, "tags": {"k": "v"}})")}};
  return c;
}

// An update the provider refuses (a size outside 1..10) leaves the object as it was; the outcome
// names that step, which a reproduction then leaves out, and the next update plays on.
TEST(CasePlay, TheOutcomeNamesTheUpdatesTheProviderRefused) {
  MemoryProvider provider(MemoryFault::None, /*validates=*/true);
  LifecycleCase c;
  c.create = known(R"({"name": "abc", "size": 3})");
  c.steps = {{StepKind::Update, known(R"({"name": "abc", "size": 40})")},
             {StepKind::Update, known(R"({"name": "abc", "size": 5})")},
             {StepKind::Update, known(R"({"name": "abc", "size": 99})")}};
  const auto out = play_case(provider, "mem_thing", thing_schema(), c, {});
  EXPECT_TRUE(out.findings.empty());
  EXPECT_EQ(out.refused_updates, (std::vector<std::size_t>{0, 2}));

  c.steps.erase(c.steps.begin());  // every update within bounds but the last
  c.steps.pop_back();
  EXPECT_TRUE(play_case(provider, "mem_thing", thing_schema(), c, {}).refused_updates.empty());
}

TEST(CasePlay, AnHonestProviderPassesEveryScenarioAndIsLeftEmpty) {
  MemoryProvider provider;
  const auto out = play_case(provider, "mem_thing", thing_schema(), full_case(), {});
  for (const auto& f : out.findings)
    ADD_FAILURE() << f.finding.rule_id << " " << f.finding.path << " " << f.finding.message;
  for (const char* s : {"create", "refresh", "upgrade", "import", "update", "destroy"})
    EXPECT_TRUE(out.scenarios_run.contains(s)) << s;
  EXPECT_TRUE(out.planned);
  EXPECT_TRUE(out.applied);
  EXPECT_EQ(provider.stored(), 0u);  // destroyed
}

/// The memory provider, advertising moves but refusing each one (a type without move support).
class MovelessProvider : public MemoryProvider {
public:
  std::size_t moves = 0;
  protocol::RpcResult<protocol::MoveResourceStateResponse> move_resource_state(
      const protocol::MoveResourceStateRequest&) override {
    ++moves;
    protocol::MoveResourceStateResponse r;
    protocol::Diagnostic d;
    d.severity = protocol::Severity::Error;
    d.summary = "Unable to Move Resource State";
    r.diagnostics.push_back(d);
    return r;
  }
};

TEST(CasePlay, ARefusedMoveIsKeptForTheSuiteAndSkipMoveAsksNone) {
  schema::ProviderSchema provider_schema;
  provider_schema.capabilities.move_resource_state = true;
  PlayOptions options;
  options.provider = &provider_schema;
  options.apply = true;
  MovelessProvider asked;
  const auto refused = play_case(asked, "mem_thing", thing_schema(), full_case(), options);
  EXPECT_EQ(asked.moves, 1u);
  EXPECT_EQ(refused.move_refusal, "move: MoveResourceState: error: Unable to Move Resource State");
  EXPECT_FALSE(refused.has_error_finding());
  options.skip_move = true;
  MovelessProvider skipped;
  const auto out = play_case(skipped, "mem_thing", thing_schema(), full_case(), options);
  EXPECT_EQ(skipped.moves, 0u);
  EXPECT_TRUE(out.move_refusal.empty());
  EXPECT_TRUE(out.scenarios_run.contains("destroy")) << "the rest of the case is played";
}

RC_GTEST_PROP(CasePlay, HonestProviderNeverYieldsAnErrorForGeneratedCases, ()) {
  const auto c = *lifecycle_case_of(thing_schema().block, {}, {});
  MemoryProvider provider;
  const auto out = play_case(provider, "mem_thing", thing_schema(), c, {});
  RC_ASSERT(!out.has_error_finding());
  RC_ASSERT(provider.stored() == 0u);
}

TEST(CasePlay, UpdatePlansSayWhatReplacedTheObjectAndWhatChangedInPlace) {
  // name and tags force replacement on this provider; size and rule update in place.
  MemoryProvider provider(MemoryFault::SecondUpdateStale);
  LifecycleCase c;
  c.create = known(R"({"name": "a", "size": 1})");
  c.steps = {{StepKind::Update, known(R"({"name": "b", "size": 1})")},
             {StepKind::Update, known(R"({"name": "b", "size": 2, "rule": [{"port": 80}]})")}};
  const auto out = play_case(provider, "mem_thing", thing_schema(), c, {});
  EXPECT_FALSE(out.has_error_finding()) << *out.first_error_rule();
  EXPECT_EQ(out.replaced_for, (std::set<std::string>{"name"}));
  EXPECT_EQ(out.updated_in_place, (std::set<std::string>{"rule", "size"}));
  EXPECT_TRUE(out.reached.contains(CoverageStep::Replaced));
  EXPECT_TRUE(out.reached.contains(CoverageStep::Updated));
}

TEST(CasePlay, TheSecondInPlaceUpdateOfOneObjectMeetsTheStaleApply) {
  MemoryProvider provider(MemoryFault::SecondUpdateStale);
  LifecycleCase c;
  c.create = known(R"({"name": "a", "size": 1})");
  c.steps = {{StepKind::Update, known(R"({"name": "a", "size": 2})"), true},
             {StepKind::Update, known(R"({"name": "a", "size": 3})"), true}};
  auto out = play_case(provider, "mem_thing", thing_schema(), c, {});
  ASSERT_EQ(out.first_error_rule(), "apply.known_value_changed");
  EXPECT_EQ(out.findings.front().finding.path, ".size");
  EXPECT_EQ(out.findings.front().phase, 2u);  // the second step
  c.steps.pop_back();
  EXPECT_FALSE(play_case(provider, "mem_thing", thing_schema(), c, {}).has_error_finding());
}

TEST(CasePlay, ApplyChangingAKnownValueIsFoundAtItsPathAndTheObjectIsStillDestroyed) {
  MemoryProvider provider(MemoryFault::ApplyAddsOneToSize);
  const auto out = play_case(provider, "mem_thing", thing_schema(), full_case(), {});
  ASSERT_EQ(out.first_error_rule(), "apply.known_value_changed");
  EXPECT_EQ(out.findings.front().finding.path, ".size");
  EXPECT_EQ(out.findings.front().scenario, "create");
  EXPECT_FALSE(out.scenarios_run.contains("update"));  // Core stops at the first error
  EXPECT_EQ(provider.stored(), 0u);
}

TEST(CasePlay, ReadNormalisationIsAWarningThenAPerpetualDiff) {
  MemoryProvider provider(MemoryFault::ReadUppercasesName);
  const auto out = play_case(provider, "mem_thing", thing_schema(), full_case(), {});
  ASSERT_EQ(out.first_error_rule(), "lifecycle.plan_not_empty_after_refresh");
  bool warned = false;
  for (const auto& f : out.findings) warned = warned || f.finding.rule_id == "read.normalization_not_preserved";
  EXPECT_TRUE(warned);
}

TEST(CasePlay, APlanDroppingConfiguredBlocksIsAPlanFindingAndNothingIsApplied) {
  MemoryProvider provider(MemoryFault::PlanDropsRuleBlocks);
  const auto out = play_case(provider, "mem_thing", thing_schema(), full_case(), {});
  ASSERT_EQ(out.first_error_rule(), "plan.block_count_changed");
  EXPECT_FALSE(out.applied);
  EXPECT_EQ(provider.stored(), 0u);
}

PlanOnlyCase plan_only_case() {
  return PlanOnlyCase{known(R"({"name": "a", "size": 1})"), known(R"({"name": "b", "size": 2})"), 7};
}

TEST(CasePlay, PlanOnlyCasesNeverApply) {
  MemoryProvider provider(MemoryFault::ApplyAddsOneToSize);
  const auto out = play_case(provider, "mem_thing", thing_schema(), plan_only_case(), {});
  EXPECT_FALSE(out.has_error_finding());
  EXPECT_TRUE(out.planned);
  EXPECT_FALSE(out.applied);
  EXPECT_EQ(provider.stored(), 0u);
  for (const char* s : {"plan", "upgrade", "plan update"}) EXPECT_TRUE(out.scenarios_run.contains(s)) << s;
}

TEST(CasePlay, ThePriorOfAPlanOnlyCaseIsItsPlannedStateWithOnlyTheUnknownsInvented) {
  MemoryProvider provider;
  (void)play_case(provider, "mem_thing", thing_schema(), plan_only_case(), {});
  const auto prior = nlohmann::json::parse(provider.last_upgraded());
  EXPECT_EQ(prior["name"], "a");  // the planned (configured) values stay
  EXPECT_EQ(prior["size"], 1);
  EXPECT_TRUE(prior["tags"].is_null());
  EXPECT_TRUE(prior["id"].is_string()) << prior.dump();  // unknown in the plan: invented
  MemoryProvider again;
  (void)play_case(again, "mem_thing", thing_schema(), plan_only_case(), {});
  EXPECT_EQ(again.last_upgraded(), provider.last_upgraded()) << "the invented values are a function of the case";
}

TEST(CasePlay, FindingsOnAnInventedPriorSaySoAndLifecycleFindingsDoNot) {
  MemoryProvider provider(MemoryFault::UpgradeUppercasesName);
  const auto out = play_case(provider, "mem_thing", thing_schema(), plan_only_case(), {});
  ASSERT_FALSE(out.findings.empty());
  for (const auto& f : out.findings) {
    EXPECT_EQ(f.scenario, "upgrade");
    EXPECT_TRUE(f.finding.invented_prior) << f.finding.rule_id;
  }
  MemoryProvider applied(MemoryFault::UpgradeUppercasesName);
  const auto lifecycle = play_case(applied, "mem_thing", thing_schema(), full_case(), {});
  ASSERT_FALSE(lifecycle.findings.empty());
  for (const auto& f : lifecycle.findings) EXPECT_FALSE(f.finding.invented_prior) << f.finding.rule_id;
}

TEST(CasePlay, ACrashOnAnInventedPriorIsAWarningNotAContractError) {
  MemoryProvider provider(MemoryFault::UpgradeCrashes);
  const auto out = play_case(provider, "mem_thing", thing_schema(), plan_only_case(), {});
  EXPECT_FALSE(out.has_error_finding());
  ASSERT_EQ(out.findings.size(), 1u);
  EXPECT_EQ(out.findings[0].finding.rule_id, "rpc.crashed");
  EXPECT_EQ(out.findings[0].finding.severity, report::Severity::warning);
  EXPECT_TRUE(out.findings[0].finding.invented_prior);
  EXPECT_TRUE(out.provider_lost);  // still restarted by the suite
  MemoryProvider applied(MemoryFault::UpgradeCrashes);
  EXPECT_EQ(play_case(applied, "mem_thing", thing_schema(), full_case(), {}).first_error_rule(), "rpc.crashed")
      << "a crash on a state the provider wrote stays an error";
}

TEST(CasePlay, WithoutAnAcceptedPlanThereIsNoPriorAndNoUpgrade) {
  MemoryProvider provider(MemoryFault::PlanRefusesCreate);
  const auto out = play_case(provider, "mem_thing", thing_schema(), plan_only_case(), {});
  EXPECT_FALSE(out.planned);
  EXPECT_FALSE(out.scenarios_run.contains("upgrade"));
  EXPECT_FALSE(out.scenarios_run.contains("plan update"));
  EXPECT_EQ(provider.last_upgraded(), "");
  EXPECT_NE(out.rejection.find("cannot create"), std::string::npos) << out.rejection;
}

RC_GTEST_PROP(CasePlay, HonestProviderNeverYieldsAnErrorForGeneratedPlanOnlyCases, ()) {
  const auto c = *plan_only_case_of(thing_schema().block, {}, {});
  MemoryProvider provider;
  const auto out = play_case(provider, "mem_thing", thing_schema(), c, {});
  RC_ASSERT(!out.has_error_finding());
  RC_ASSERT(out.scenarios_run.contains("plan update"));
}

TEST(CasePlay, ADeferralTheRequestDidNotAllowIsAFinding) {
  MemoryProvider provider(MemoryFault::PlanDefersAlways);
  const auto out = play_case(provider, "mem_thing", thing_schema(), full_case(), {});
  ASSERT_EQ(out.first_error_rule(), "plan.deferred_not_allowed");
  EXPECT_FALSE(out.applied);
}

TEST(CasePlay, AnAllowedDeferralIsJudgedForItsTypeOnly) {
  PlanOnlyCase c{known(R"({"name": "a", "size": 1})")};
  MemoryProvider honest_deferral(MemoryFault::PlanDefersAlways);
  // The plan-only case allows deferral in its update plan only: the other plans still refuse it.
  auto out = play_case(honest_deferral, "mem_thing", thing_schema(), c, {});
  EXPECT_EQ(out.first_error_rule(), "plan.deferred_not_allowed");
  MemoryProvider wrong(MemoryFault::DeferredPlanHasAnotherType);
  out = play_case(wrong, "mem_thing", thing_schema(), c, {});
  ASSERT_EQ(out.first_error_rule(), "value.type_mismatch");
  EXPECT_EQ(out.findings.front().scenario, "plan update");
}

}  // namespace
}  // namespace tfc::conformance
