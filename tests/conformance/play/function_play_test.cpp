// Provider function calls (conformance/play/function_play.cpp) against the in-memory family
// provider: an honest function passes every scenario; each planted fault is found under
// exactly its rule.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include "oracle/function_rules.hpp"
#include "tests/conformance/play/family_play_support.hpp"

namespace tfc::conformance {
namespace {

using testing::FamilyFault;
using testing::MemoryFamilyProvider;

FunctionCase concat_case() {
  FunctionCase c;
  c.arguments = {cty::Value::string("ab"), cty::Value::string("cd")};
  c.with_unknowns = {cty::Value::string("ab"), cty::Value::unknown(cty::Type::string())};
  return c;
}

CaseOutcome played(MemoryFamilyProvider& provider, const FunctionCase& c) {
  return play_case(provider, "mem_concat", {}, c, testing::family_options(false));
}

TEST(FunctionPlay, AnHonestFunctionPassesEveryScenario) {
  MemoryFamilyProvider provider;
  const auto out = played(provider, concat_case());
  EXPECT_TRUE(out.findings.empty()) << testing::described(out);
  for (const char* s : {"call", "repeat", "unknown arguments"}) EXPECT_TRUE(out.scenarios_run.contains(s)) << s;
  EXPECT_TRUE(out.reached.contains(CoverageStep::Called));
  EXPECT_FALSE(out.harness_error.has_value());
}

RC_GTEST_PROP(FunctionPlay, AnHonestFunctionGivesNoErrorForGeneratedCalls, ()) {
  const auto signature = std::make_shared<const oracle::FunctionSignature>(
      *oracle::function_signature_from_json(MemoryFamilyProvider::concat_signature()));
  const auto c = *function_case_of(signature, {}, {});
  MemoryFamilyProvider provider;
  const auto out = played(provider, c);
  RC_ASSERT(!out.has_error_finding());
  RC_ASSERT(!out.harness_error.has_value());
}

struct FunctionFaultCase {
  FamilyFault fault;
  const char* rule;
  const char* scenario;
};

// Failures name the fault's rule.
void PrintTo(const FunctionFaultCase& c, std::ostream* os) { *os << c.rule; }

class FunctionFault : public ::testing::TestWithParam<FunctionFaultCase> {};

TEST_P(FunctionFault, IsFoundUnderItsRuleAlone) {
  MemoryFamilyProvider provider(GetParam().fault);
  const auto out = played(provider, concat_case());
  EXPECT_EQ(testing::rules_of(out), std::vector<std::string>{GetParam().rule}) << testing::described(out);
  ASSERT_FALSE(out.findings.empty());
  EXPECT_EQ(out.findings.front().scenario, GetParam().scenario);
}

INSTANTIATE_TEST_SUITE_P(
    Faults, FunctionFault,
    ::testing::Values(
        FunctionFaultCase{FamilyFault::FunctionReturnsNothing, "function.no_result", "call"},
        FunctionFaultCase{FamilyFault::FunctionCountsCalls, "function.inconsistent_result", "repeat"},
        FunctionFaultCase{FamilyFault::FunctionUnknownForKnown, "function.unknown_for_known_arguments", "call"},
        FunctionFaultCase{FamilyFault::FunctionBlamesMissingArgument, "function.argument_index_out_of_range", "call"},
        FunctionFaultCase{FamilyFault::FunctionContradictsUnknownResult, "function.unknown_result_mismatch",
                          "unknown arguments"}));

TEST(FunctionPlay, AFunctionTheSchemaDoesNotHaveIsTheHarnessErrorNotAFinding) {
  MemoryFamilyProvider provider;
  const auto out = play_case(provider, "mem_missing", {}, concat_case(), testing::family_options(false));
  EXPECT_TRUE(out.findings.empty());
  EXPECT_TRUE(out.harness_error.has_value());
  EXPECT_EQ(provider.calls(), 0u);
}

// What the suite compares when it opens a provider (GetFunctions against GetProviderSchema).
TEST(FunctionPlay, GetFunctionsAgreesWithTheSchemaUnlessPlanted) {
  for (const auto fault : {FamilyFault::None, FamilyFault::FunctionSignaturesDisagree}) {
    MemoryFamilyProvider provider(fault);
    const auto schema = provider.get_provider_schema({});
    const auto functions = provider.get_functions({});
    ASSERT_TRUE(schema && functions);
    std::vector<std::string> rules;
    for (const auto& v : oracle::check_functions_agree(schema->schema.functions, functions->functions))
      rules.push_back(v.rule);
    EXPECT_EQ(rules, fault == FamilyFault::None ? std::vector<std::string>{}
                                                : std::vector<std::string>{"function.schema_mismatch"});
  }
}

}  // namespace
}  // namespace tfc::conformance
