#include "conformance/repro/cli_features.hpp"

#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "conformance/repro/confirm.hpp"
#include "conformance/repro/core_diagnostics.hpp"
#include "oracle/rules.hpp"
#include "proto/protocol/rpc_catalogue.hpp"

namespace tfc::conformance {
namespace {

report::Finding finding(std::string rule, std::string rpc) {
  report::Finding f;
  f.rule_id = std::move(rule);
  f.rpc = std::move(rpc);
  f.resource_type = "tfcfault_item";
  return f;
}

TEST(CliFeatures, ParsesTheVersionLine) {
  const auto tf = parse_cli_name("Terraform v1.11.4");
  ASSERT_TRUE(tf.has_value());
  EXPECT_FALSE(tf->opentofu);
  EXPECT_EQ(tf->release, (CliRelease{1, 11}));
  const auto tofu = parse_cli_name("OpenTofu v1.12.6");
  ASSERT_TRUE(tofu.has_value());
  EXPECT_TRUE(tofu->opentofu);
  EXPECT_EQ(tofu->release, (CliRelease{1, 12}));
  EXPECT_EQ(parse_cli_name("Terraform v1.14.0-alpha20250911")->release, (CliRelease{1, 14}));
  EXPECT_FALSE(parse_cli_name("Terraform vX").has_value());
  EXPECT_FALSE(parse_cli_name("Pulumi v3.1.0").has_value());
}

// Every token of the table names a rule of the catalogue or an RPC of the protocol.
TEST(CliFeatures, EveryConcernNamesARuleOrAnRpc) {
  for (const auto& feature : cli_features()) {
    std::string_view list = feature.concerns;
    while (!list.empty()) {
      const auto space = list.find(' ');
      const std::string_view one = list.substr(0, space);
      list = space == std::string_view::npos ? std::string_view{} : list.substr(space + 1);
      bool known = false;
      if (one.starts_with("rpc:")) {
        for (const auto& rpc : protocol::kRpcs) known = known || rpc.v6_name == one.substr(4);
      } else {
        for (const auto& rule : oracle::all_rules()) known = known || family_covers(one, rule.id);
      }
      EXPECT_TRUE(known) << feature.name << ": " << one;
    }
  }
}

TEST(CliFeatures, TheDocsListEveryFeature) {
  const char* source = std::getenv("TFC_SOURCE_DIR");
  std::ifstream in(std::string(source != nullptr ? source : ".") + "/docs/confirmation.md");
  std::stringstream doc;
  doc << in.rdbuf();
  ASSERT_FALSE(doc.str().empty());
  for (const auto& feature : cli_features())
    EXPECT_NE(doc.str().find("| " + std::string(feature.name) + " "), std::string::npos)
        << feature.name << " is not a row of docs/confirmation.md";
}

TEST(CliFeatures, IdentityNeedsTerraform112) {
  const auto f = finding("identity.missing", "ReadResource");
  EXPECT_EQ(not_expressible_with(f, "Terraform v1.11.4"),
            "not expressible with Terraform v1.11.4: GetResourceIdentitySchemas is called from Terraform v1.12 on");
  EXPECT_EQ(not_expressible_with(f, "Terraform v1.13.3"), "");
  EXPECT_EQ(not_expressible_with(f, "OpenTofu v1.12.6"), "");
  EXPECT_EQ(not_expressible_with(f, "OpenTofu v1.10.6"),
            "not expressible with OpenTofu v1.10.6: GetResourceIdentitySchemas is called from OpenTofu v1.12 on");
  EXPECT_EQ(not_expressible_with(finding("identity.upgrade_changed", "UpgradeResourceIdentity"), "Terraform v1.11.4"),
            "not expressible with Terraform v1.11.4: UpgradeResourceIdentity is called from Terraform v1.12 on");
}

TEST(CliFeatures, ListActionsAndGenerationNeedTerraform114) {
  EXPECT_EQ(not_expressible_with(finding("list.identity_missing", "ListResource"), "Terraform v1.13.3"),
            "not expressible with Terraform v1.13.3: ListResource is called from Terraform v1.14 on");
  EXPECT_EQ(not_expressible_with(finding("generate.config_invalid", "GenerateResourceConfig"), "Terraform v1.11.4"),
            "not expressible with Terraform v1.11.4: GenerateResourceConfig is called from Terraform v1.14 on");
  // Found on an RPC of the family, under a rule of another family.
  EXPECT_EQ(not_expressible_with(finding("deferral.reason_invalid", "PlanAction"), "Terraform v1.11.4"),
            "not expressible with Terraform v1.11.4: PlanAction and InvokeAction are called from Terraform v1.14 on");
  EXPECT_EQ(not_expressible_with(finding("action.completed_count", "InvokeAction"), "Terraform v1.14.0"), "");
  // OpenTofu up to the release the table was checked against makes none of these calls; a later
  // one may.
  EXPECT_EQ(not_expressible_with(finding("list.identity_missing", "ListResource"), "OpenTofu v1.12.6"),
            "not expressible with OpenTofu v1.12.6: ListResource is called by no OpenTofu release up to v1.12 (by "
            "Terraform from v1.14 on)");
  EXPECT_EQ(not_expressible_with(finding("list.identity_missing", "ListResource"), "OpenTofu v1.13.0"), "");
}

TEST(CliFeatures, OlderFeatures) {
  EXPECT_EQ(not_expressible_with(finding("import.write_only_not_null", "ImportResourceState"), "Terraform v1.10.5"),
            "not expressible with Terraform v1.10.5: write-only attributes are known from Terraform v1.11 on");
  EXPECT_EQ(not_expressible_with(finding("move.state_invalid", "MoveResourceState"), "OpenTofu v1.9.1"),
            "not expressible with OpenTofu v1.9.1: MoveResourceState is called from OpenTofu v1.10 on");
  EXPECT_EQ(not_expressible_with(finding("ephemeral.null_result", "OpenEphemeralResource"), "Terraform v1.9.8"),
            "not expressible with Terraform v1.9.8: OpenEphemeralResource is called from Terraform v1.10 on");
  EXPECT_EQ(not_expressible_with(finding("function.no_result", "CallFunction"), "OpenTofu v1.7.0"), "");
}

TEST(CliFeatures, EverythingElseIsExpressibleWithAnyRelease) {
  EXPECT_EQ(not_expressible_with(finding("apply.known_value_changed", "ApplyResourceChange"), "Terraform v1.5.7"), "");
  EXPECT_EQ(not_expressible_with(finding("plan.config_value_changed", "PlanResourceChange"), "OpenTofu v1.6.3"), "");
  EXPECT_EQ(not_expressible_with(finding("identity.missing", "ReadResource"), "Something v1.0.0"), "");
}

// confirm_finding says so before writing or running anything: the CLI here does not exist.
TEST(CliFeatures, ConfirmFindingAsksTheTableFirst) {
  auto f = finding("identity.unknown", "ApplyResourceChange");
  f.reproduction = report::Reproduction{};
  f.reproduction->steps.push_back(report::ReproStep{});
  const auto scratch = std::filesystem::temp_directory_path() / ("tfc-cli-features-" + std::to_string(::getpid()));
  const auto c = confirm_finding(f, CliUnderTest{"/nonexistent/terraform", "Terraform v1.11.4"}, scratch);
  EXPECT_EQ(c.verdict, report::ConfirmVerdict::not_expressible);
  EXPECT_EQ(c.quote,
            "not expressible with Terraform v1.11.4: GetResourceIdentitySchemas is called from Terraform v1.12 on");
  EXPECT_FALSE(std::filesystem::exists(scratch));
}

}  // namespace
}  // namespace tfc::conformance
