// Whole runs over the in-memory provider's families (memory_families.hpp), in-process: each
// family gets its suite, an honest provider has no error finding in any of them, and a planted
// fault is found in its family's suite, shrunk and given a replay token like a resource's.
#include <gtest/gtest.h>

#include <set>
#include <string>

#include "conformance/suite/conformance_run.hpp"
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

}  // namespace
}  // namespace tfc::conformance
