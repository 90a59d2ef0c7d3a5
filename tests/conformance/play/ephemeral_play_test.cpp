// Ephemeral resources (conformance/play/ephemeral_play.cpp) against the in-memory family
// provider: validate always, Open/Renew/Close only with --apply; an honest resource leaves no
// lease open and no finding; each planted fault is found under exactly its rule.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include "tests/conformance/play/family_play_support.hpp"

namespace tfc::conformance {
namespace {

using testing::FamilyFault;
using testing::MemoryFamilyProvider;

const schema::Schema& secret() {
  static const auto s = MemoryFamilyProvider::secret_schema();
  return s;
}

EphemeralCase secret_case() {
  return EphemeralCase{
      testing::config_pair(secret().block, R"({"name": "db", "length": 16, "value": null})", "length")};
}

CaseOutcome played(MemoryFamilyProvider& provider, const EphemeralCase& c, bool apply) {
  return play_case(provider, "mem_secret", secret(), c, testing::family_options(apply));
}

TEST(EphemeralPlay, AnHonestResourceIsOpenedRenewedAndClosed) {
  MemoryFamilyProvider provider;
  const auto out = played(provider, secret_case(), true);
  // The second Close is refused by this provider (the lease is gone): never a finding.
  EXPECT_TRUE(out.findings.empty()) << testing::described(out);
  for (const char* s : {"validate", "open", "renew", "close"}) EXPECT_TRUE(out.scenarios_run.contains(s)) << s;
  EXPECT_TRUE(out.reached.contains(CoverageStep::Opened));
  EXPECT_TRUE(out.applied);
  EXPECT_EQ(provider.open_leases(), 0u);
}

TEST(EphemeralPlay, WithoutApplyNothingIsOpened) {
  MemoryFamilyProvider provider(FamilyFault::OpenReturnsNull);
  const auto out = played(provider, secret_case(), false);
  EXPECT_TRUE(out.findings.empty()) << testing::described(out);
  EXPECT_TRUE(out.planned);
  EXPECT_FALSE(out.applied);
  EXPECT_FALSE(out.scenarios_run.contains("open"));
  EXPECT_EQ(provider.open_leases(), 0u);
}

RC_GTEST_PROP(EphemeralPlay, AnHonestResourceGivesNoErrorForGeneratedCases, ()) {
  const auto c = *ephemeral_case_of(secret().block, {}, {});
  MemoryFamilyProvider provider;
  const auto out = played(provider, c, true);
  RC_ASSERT(!out.has_error_finding());
  RC_ASSERT(provider.open_leases() == 0u);
}

struct EphemeralFaultCase {
  FamilyFault fault;
  const char* rule;
  const char* scenario;
};

// Failures name the fault's rule.
void PrintTo(const EphemeralFaultCase& c, std::ostream* os) { *os << c.rule; }

class EphemeralFault : public ::testing::TestWithParam<EphemeralFaultCase> {};

TEST_P(EphemeralFault, IsFoundUnderItsRuleAlone) {
  MemoryFamilyProvider provider(GetParam().fault);
  const auto out = played(provider, secret_case(), true);
  EXPECT_EQ(testing::rules_of(out), std::vector<std::string>{GetParam().rule}) << testing::described(out);
  ASSERT_FALSE(out.findings.empty());
  EXPECT_EQ(out.findings.front().scenario, GetParam().scenario);
  EXPECT_EQ(provider.open_leases(), 0u) << "a lease opened is closed, finding or not";
}

INSTANTIATE_TEST_SUITE_P(
    Faults, EphemeralFault,
    ::testing::Values(EphemeralFaultCase{FamilyFault::OpenReturnsNull, "ephemeral.null_result", "open"},
                      EphemeralFaultCase{FamilyFault::OpenChangesName, "ephemeral.result_invalid_for_config", "open"},
                      EphemeralFaultCase{FamilyFault::OpenLeavesValueUnknown, "ephemeral.unknown_in_result", "open"},
                      EphemeralFaultCase{FamilyFault::OpenRenewsInThePast, "ephemeral.renew_at_past", "open"},
                      EphemeralFaultCase{FamilyFault::RenewRejectsItsLease, "ephemeral.private_rejected", "renew"},
                      EphemeralFaultCase{FamilyFault::OpenDefers, "deferral.not_allowed", "open"}));

TEST(EphemeralPlay, ARefusalOfAnUnknownIsAWarningAndStopsTheCase) {
  MemoryFamilyProvider provider(FamilyFault::ValidateRefusesUnknownLength);
  const auto out = played(provider, secret_case(), true);
  EXPECT_EQ(testing::rules_of(out), std::vector<std::string>{"validate.rejects_unknown"}) << testing::described(out);
  EXPECT_FALSE(out.has_error_finding());
  EXPECT_FALSE(out.scenarios_run.contains("open"));
  EXPECT_NE(out.rejection.find("length must be known"), std::string::npos) << out.rejection;
  // The same configuration without unknowns is accepted and opened.
  MemoryFamilyProvider again(FamilyFault::ValidateRefusesUnknownLength);
  const auto known = played(
      again, EphemeralCase{testing::config_pair(secret().block, R"({"name": "db", "length": 16, "value": null})")},
      true);
  EXPECT_TRUE(known.findings.empty()) << testing::described(known);
  EXPECT_TRUE(known.applied);
}

}  // namespace
}  // namespace tfc::conformance
