// Whole runs over the in-memory provider's families (memory_families.hpp), in-process: each
// family gets its suite, an honest provider has no error finding in any of them, and a planted
// fault is found in its family's suite, shrunk and given a replay token like a resource's.
#include <gtest/gtest.h>

#include <set>
#include <string>

#include "conformance/suite/conformance_run.hpp"
#include "conformance/suite/replay_token.hpp"
#include "tests/conformance/memory_session.hpp"

namespace tfc::conformance {
namespace {

using testing::FamilyFault;
using testing::MemoryFactory;
using testing::MemoryProviderOptions;

report::RunReport run_families(FamilyFault fault, bool apply) {
  MemoryProviderOptions options;
  options.families = fault;
  RunSettings s;
  s.factory = std::make_shared<MemoryFactory>(options);
  s.apply = apply;
  s.suite.cases = 8;
  s.suite.run_seed = 20261127;
  auto result = run_conformance(s, nullptr);
  if (!result) {
    ADD_FAILURE() << result.error().message;
    return {};
  }
  return std::move(result->report);
}

std::string errors_of(const report::RunReport& run) {
  std::string out;
  for (const auto& ref : report::all_findings(run)) {
    if (ref.finding->severity == report::Severity::error)
      out += report::suite_label(*ref.suite) + " " + ref.finding->rule_id + " " + ref.finding->path + ": " +
             ref.finding->message + "\n";
  }
  return out;
}

/// The suite of `kind` and `name` a finding of `rule` is in, or "" when none has it.
std::string suite_with(const report::RunReport& run, const std::string& rule) {
  for (const auto& ref : report::all_findings(run)) {
    if (ref.finding->rule_id == rule) return report::suite_label(*ref.suite);
  }
  return {};
}

TEST(FamilyRun, AnHonestProviderHasASuitePerFamilyAndNoErrorInAny) {
  const auto run = run_families(FamilyFault::None, true);
  // "suite scenario" for every scenario that passed: each family's last scenario was played.
  std::set<std::string> passed;
  for (const auto& suite : run.suites) {
    for (const auto& scenario : suite.scenarios) {
      if (scenario.status == report::Status::passed) passed.insert(report::suite_label(suite) + " " + scenario.name);
    }
  }
  for (const char* s : {"function.mem_concat unknown arguments", "ephemeral_resource.mem_secret close",
                        "list_resource.mem_thing read listed", "action.mem_notify invoke", "resource.mem_thing create"})
    EXPECT_TRUE(passed.contains(s)) << s;
  EXPECT_EQ(errors_of(run), "");
}

TEST(FamilyRun, FaultsAreFoundInTheirFamilysSuite) {
  const struct {
    FamilyFault fault;
    const char* rule;
    const char* suite;
  } cases[] = {
      {FamilyFault::FunctionSignaturesDisagree, "function.schema_mismatch", "provider.mem"},
      {FamilyFault::MetadataOmitsTheAction, "metadata.schema_mismatch", "provider.mem"},
      {FamilyFault::FunctionCountsCalls, "function.inconsistent_result", "function.mem_concat"},
      {FamilyFault::RenewRejectsItsLease, "ephemeral.private_rejected", "ephemeral_resource.mem_secret"},
      {FamilyFault::ListHidesNewObjects, "list.created_not_listed", "list_resource.mem_thing"},
      {FamilyFault::InvokeNeverCompletes, "action.completed_count", "action.mem_notify"},
  };
  for (const auto& c : cases) {
    const auto run = run_families(c.fault, true);
    EXPECT_EQ(suite_with(run, c.rule), c.suite) << c.rule << "\n" << errors_of(run);
    for (const auto& ref : report::all_findings(run)) {
      if (ref.finding->rule_id != c.rule || ref.suite->kind == report::SuiteKind::provider) continue;
      EXPECT_FALSE(ref.finding->replay_token.empty()) << c.rule;
    }
  }
}

TEST(FamilyRun, WithoutApplyNothingIsOpenedListedAfterCreateOrInvoked) {
  const auto run = run_families(FamilyFault::InvokeNeverCompletes, false);
  EXPECT_EQ(suite_with(run, "action.completed_count"), "");
  EXPECT_EQ(errors_of(run), "");
}

/// A run of the picky in-memory families (memory_families.hpp) with `fault`, `cases` cases.
RunResult run_picky(FamilyFault fault, std::size_t cases, const std::optional<ReplayToken>& replay = std::nullopt) {
  MemoryProviderOptions options;
  options.families = fault;
  options.picky_families = true;
  RunSettings s;
  s.factory = std::make_shared<MemoryFactory>(options);
  s.apply = true;
  s.suite.cases = cases;
  s.suite.run_seed = 20261127;
  s.replay = replay;
  auto result = run_conformance(s, nullptr);
  if (!result) {
    ADD_FAILURE() << result.error().message;
    return {};
  }
  return std::move(*result);
}

const report::Suite* suite_of(const report::RunReport& run, report::SuiteKind kind) {
  for (const auto& suite : run.suites) {
    if (suite.kind == kind) return &suite;
  }
  return nullptr;
}

std::size_t step_count(const report::Suite& suite, const std::string& step) {
  for (const auto& [name, n] : suite.coverage.steps) {
    if (name == step) return n;
  }
  return 0;
}

std::set<std::string> learned_attributes(const report::Suite& suite) {
  std::set<std::string> out;
  for (const auto& fact : suite.learned) out.insert(fact.attribute);
  return out;
}

TEST(FamilyRun, EphemeralActionAndListSuitesLearnFromTheirRefusals) {
  // Values refused by validation, by Open and by PlanAction are learned like a resource's, and
  // the suites reach the steps behind them.
  const auto result = run_picky(FamilyFault::None, 12);
  const auto* secret = suite_of(result.report, report::SuiteKind::ephemeral_resource);
  const auto* notify = suite_of(result.report, report::SuiteKind::action);
  const auto* list = suite_of(result.report, report::SuiteKind::list_resource);
  ASSERT_TRUE(secret && notify && list);
  EXPECT_TRUE(learned_attributes(*secret).contains("name"));
  EXPECT_TRUE(learned_attributes(*secret).contains("length")) << "from Open's refusal";
  EXPECT_GT(step_count(*secret, "opened"), 0u);
  EXPECT_TRUE(learned_attributes(*notify).contains("message")) << "from PlanAction's refusal";
  EXPECT_GT(step_count(*notify, "planned"), 0u);
  EXPECT_TRUE(learned_attributes(*list).contains("name_prefix"));
  EXPECT_EQ(errors_of(result.report), "");
  // --write-hints keeps each family's hints in its own section: the list resource's do not
  // take the place of the managed resource mem_thing's.
  const auto& hints = result.hints;
  ASSERT_TRUE(hints.ephemeral_resources.contains("mem_secret"));
  EXPECT_NE(hints.ephemeral_resources.at("mem_secret").find("name"), nullptr);
  ASSERT_TRUE(hints.actions.contains("mem_notify"));
  ASSERT_TRUE(hints.list_resources.contains("mem_thing"));
  EXPECT_NE(hints.list_resources.at("mem_thing").find("name_prefix"), nullptr);
  EXPECT_FALSE(hints.resources.contains("mem_secret"));
  if (hints.resources.contains("mem_thing")) {
    EXPECT_EQ(hints.resources.at("mem_thing").find("name_prefix"), nullptr);
  }
  // And the written file reads back to the same sections.
  auto again = gen::parse_hints(gen::hints_file_to_json(hints), "h.json");
  ASSERT_TRUE(again) << again.error().message;
  EXPECT_EQ(gen::hints_file_to_json(*again), gen::hints_file_to_json(hints));
  EXPECT_NE(again->for_ephemeral_resource("mem_secret").find("name"), nullptr);
}

TEST(FamilyRun, AReplayOfALearningFamilySuiteLearnsTheSameFirst) {
  // A finding only a configuration the picky provider accepts can show: found after the
  // suite learned, and replayed from its token to the same finding.
  const auto first = run_picky(FamilyFault::OpenChangesName, 12);
  const report::Finding* f = nullptr;
  for (const auto& ref : report::all_findings(first.report)) {
    if (ref.finding->rule_id == "ephemeral.result_invalid_for_config") f = ref.finding;
  }
  ASSERT_NE(f, nullptr) << errors_of(first.report);
  auto token = parse_token(f->replay_token);
  ASSERT_TRUE(token) << token.error().message;
  EXPECT_GT(token->index, 0u) << "found after the first case, from learned hints";
  const auto again = run_picky(FamilyFault::OpenChangesName, 12, *token);
  const report::Finding* g = nullptr;
  for (const auto& ref : report::all_findings(again.report)) {
    if (ref.finding->rule_id == "ephemeral.result_invalid_for_config") g = ref.finding;
  }
  ASSERT_NE(g, nullptr) << errors_of(again.report);
  EXPECT_EQ(g->fingerprint, f->fingerprint);
  EXPECT_EQ(g->counterexample->configuration, f->counterexample->configuration);
}

}  // namespace
}  // namespace tfc::conformance
