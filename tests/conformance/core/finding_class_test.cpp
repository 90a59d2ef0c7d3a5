// Finding classes and Core profiles, both read from the rule catalogue.
#include "conformance/core/finding_class.hpp"

#include <gtest/gtest.h>

#include "oracle/rules.hpp"

namespace tfc::conformance {
namespace {

using report::FindingClass;
using report::Severity;

TEST(FindingClass, FollowsTheCatalogue) {
  EXPECT_EQ(class_of("plan_final.known_value_changed", Severity::error), FindingClass::contract);
  // A MUST rule Core only logs for the legacy SDK, reported as a warning, is tolerated.
  EXPECT_EQ(class_of("apply.known_value_changed", Severity::warning), FindingClass::tolerated);
  EXPECT_EQ(class_of("rpc.crashed", Severity::error), FindingClass::robustness);
  EXPECT_EQ(class_of("rpc.timeout", Severity::error), FindingClass::robustness);
  EXPECT_EQ(class_of("rpc.message_too_large", Severity::error), FindingClass::robustness);
  EXPECT_EQ(class_of("rpc.out_of_memory", Severity::error), FindingClass::robustness);
  EXPECT_EQ(class_of("read.normalization_not_preserved", Severity::warning), FindingClass::hygiene);
  EXPECT_EQ(class_of("coverage.type_not_exercised", Severity::warning), FindingClass::coverage);
}

TEST(FindingClass, EveryCatalogueRuleHasAClass) {
  for (const auto& rule : oracle::all_rules()) {
    const auto severity = rule.severity;
    const auto c = class_of(rule.id, severity);
    if (rule.id.starts_with("coverage."))
      EXPECT_EQ(c, FindingClass::coverage) << rule.id;
    else if (rule.severity == oracle::Severity::warning)
      EXPECT_EQ(c, FindingClass::hygiene) << rule.id;
    else
      EXPECT_TRUE(c == FindingClass::contract || c == FindingClass::robustness) << rule.id;
  }
}

TEST(CoreProfile, ARuleOnlyTheOtherCoreEnforcesIsAWarning) {
  // plan.write_only_not_null: Terraform only.
  EXPECT_EQ(severity_under("plan.write_only_not_null", Severity::error, oracle::CoreProfile::Both), Severity::error);
  EXPECT_EQ(severity_under("plan.write_only_not_null", Severity::error, oracle::CoreProfile::Terraform),
            Severity::error);
  EXPECT_EQ(severity_under("plan.write_only_not_null", Severity::error, oracle::CoreProfile::OpenTofu),
            Severity::warning);
  // Rules both Cores enforce, and checks beyond Core, keep their severity under every profile.
  for (auto p : {oracle::CoreProfile::Terraform, oracle::CoreProfile::OpenTofu}) {
    EXPECT_EQ(severity_under("apply.known_value_changed", Severity::error, p), Severity::error);
    EXPECT_EQ(severity_under("lifecycle.plan_not_empty_after_apply", Severity::error, p), Severity::error);
    EXPECT_EQ(severity_under("read.normalization_not_preserved", Severity::warning, p), Severity::warning);
  }
  // Every single-Core rule flips under the other profile.
  for (const auto& rule : oracle::all_rules()) {
    if (rule.severity != oracle::Severity::error) continue;
    const auto other = rule.cores == oracle::Cores::Terraform  ? oracle::CoreProfile::OpenTofu
                       : rule.cores == oracle::Cores::OpenTofu ? oracle::CoreProfile::Terraform
                                                               : oracle::CoreProfile::Both;
    const bool single = rule.cores == oracle::Cores::Terraform || rule.cores == oracle::Cores::OpenTofu;
    EXPECT_EQ(severity_under(rule.id, Severity::error, other), single ? Severity::warning : Severity::error) << rule.id;
  }
}

}  // namespace
}  // namespace tfc::conformance
