#include "conformance/repro/core_diagnostics.hpp"

#include <gtest/gtest.h>

#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "conformance/repro/confirm.hpp"
#include "oracle/rules.hpp"

namespace tfc::conformance {
namespace {

// A rule of the catalogue that one token of a row's families names (the first, by id).
std::string rule_named_by(std::string_view token) {
  for (const auto& rule : oracle::all_rules()) {
    if (family_covers(token, rule.id)) return std::string(rule.id);
  }
  return {};
}

std::vector<std::string_view> tokens(std::string_view families) {
  std::vector<std::string_view> out;
  while (!families.empty()) {
    const auto space = families.find(' ');
    if (space != 0) out.push_back(families.substr(0, space));
    families = space == std::string_view::npos ? std::string_view{} : families.substr(space + 1);
  }
  return out;
}

// A rule none of the row's families covers (and no value.* rule: any error without a
// configuration location confirms those).
std::string unrelated_rule(std::string_view families) {
  for (const auto& rule : oracle::all_rules()) {
    if (!family_covers(families, rule.id) && !rule.id.starts_with("value.")) return std::string(rule.id);
  }
  return {};
}

// The way Terraform prints an error about a resource: boxed, with the configuration location,
// the detail wrapped.
std::string boxed_core_error(std::string_view summary, std::string_view detail) {
  std::string out = "\u2577\n\u2502 Error: " + std::string(summary) +
                    "\n\u2502 \n\u2502   with tfcfault_thing.this,\n"
                    "\u2502   on main.tf line 12, in resource \"tfcfault_thing\" \"this\":\n"
                    "\u2502   12: resource \"tfcfault_thing\" \"this\" {\n\u2502 \n";
  std::string line;
  for (std::size_t i = 0; i < detail.size(); ++i) {
    line += detail[i];
    if (line.size() >= 60 && detail[i] == ' ') {
      out += "\u2502 " + line + "\n";
      line.clear();
    }
  }
  if (!line.empty()) out += "\u2502 " + line + "\n";
  return out + "\u2575\n";
}

report::Confirmation judged(const std::string& rule, const std::string& output) {
  report::ReproStep step;
  step.checked = true;
  return judge_checked_step(step, rule, "Terraform v1.11.4", 1, output);
}

// docs/confirmation.md with its line breaks as spaces.
std::string confirmation_doc() {
  const char* source = std::getenv("TFC_SOURCE_DIR");
  std::ifstream in(std::string(source != nullptr ? source : ".") + "/docs/confirmation.md");
  std::stringstream text;
  text << in.rdbuf();
  std::string flat;
  for (const char c : text.str()) flat += c == '\n' ? ' ' : c;
  return flat;
}

TEST(CoreDiagnostics, TheDocsListEveryRow) {
  const std::string doc = confirmation_doc();
  ASSERT_FALSE(doc.empty());
  for (const auto& row : provider_fault_diagnostics())
    EXPECT_NE(doc.find(row.phrase), std::string::npos) << row.phrase << " is not in docs/confirmation.md";
}

TEST(CoreDiagnostics, EveryFamilyNamesRulesOfTheCatalogue) {
  for (const auto& row : provider_fault_diagnostics()) {
    for (const auto token : tokens(row.families))
      EXPECT_FALSE(rule_named_by(token).empty()) << row.phrase << ": " << token << " names no rule";
  }
}

// Each row with families, as the summary of a Core error with a detail that blames the
// provider, confirms a rule of each of its families and not a rule of another family.
TEST(CoreDiagnostics, EachRowConfirmsItsFamiliesOnly) {
  for (const auto& row : provider_fault_diagnostics()) {
    if (row.families.empty()) continue;
    const std::string block = "Error: " + std::string(row.phrase) +
                              "\n\nThis is a bug in the provider, which should be reported in the provider's own\n"
                              "issue tracker.";
    for (const auto token : tokens(row.families)) {
      const std::string rule = rule_named_by(token);
      EXPECT_EQ(blame_of(block, rule), Blame::this_rule) << row.phrase << " for " << rule;
    }
    const std::string other = unrelated_rule(row.families);
    ASSERT_FALSE(other.empty()) << row.phrase;
    EXPECT_EQ(blame_of(block, other), Blame::other_promise) << row.phrase << " for " << other;
  }
}

// A summary no row knows, with a detail that puts the fault on the provider: any rule.
TEST(CoreDiagnostics, GenericRowsConfirmAnyRuleWhenNoSpecificRowMatches) {
  for (const auto& row : provider_fault_diagnostics()) {
    if (!row.families.empty()) continue;
    const std::string block =
        "Error: Something the provider got wrong\n\nWhile reading, " + std::string(row.phrase) + ".";
    EXPECT_EQ(blame_of(block, "apply.known_value_changed"), Blame::this_rule) << row.phrase;
    EXPECT_EQ(confirmed_families(block), "any rule") << row.phrase;
  }
}

TEST(CoreDiagnostics, ANewReleaseRefusingWhatThePreviousTookIsItsReleaseRule) {
  // Terraform 1.11.4, tfcrelease v1 -> v3: the file the previous release took, planned by the new one.
  const std::string unsupported =
      "Error: Unsupported argument\n\n  on main.tf line 14, in resource \"tfcrelease_note\" "
      "\"this\":\n  14:   color = \"blue\"\n\nAn argument named \"color\" is not expected here.";
  EXPECT_EQ(blame_of(unsupported, "release.config_refused"), Blame::this_rule);
  EXPECT_NE(blame_of(unsupported, "release.plan_replaces"), Blame::this_rule);
  EXPECT_NE(blame_of("Error: Invalid resource type\n\nThe provider does not support resource type \"x\".",
                     "release.config_refused"),
            Blame::this_rule)
      << "no line of the file: not the file refused";
  EXPECT_EQ(blame_of("Error: Invalid resource type\n\nThe provider does not support resource type \"x\".",
                     "release.type_removed"),
            Blame::this_rule);
  EXPECT_EQ(blame_of("Error: Resource instance managed by newer provider version", "release.schema_version_lowered"),
            Blame::this_rule);
}

TEST(CoreDiagnostics, FamilySyntax) {
  EXPECT_TRUE(family_covers("plan. value.", "value.type_mismatch"));
  EXPECT_FALSE(family_covers("plan. value.", "plan_final.known_value_changed"));
  EXPECT_TRUE(family_covers(".write_only_not_null", "import.write_only_not_null"));
  EXPECT_TRUE(family_covers("deferral. plan.deferred_not_allowed", "plan.deferred_not_allowed"));
  EXPECT_FALSE(family_covers("deferral. plan.deferred_not_allowed", "plan.config_value_changed"));
  EXPECT_FALSE(family_covers("", "plan.config_value_changed"));
}

// The two refusals of the issue, in the words terraform-plugin-go and
// terraform-plugin-framework give them and Terraform prints them (wrapped, boxed).
TEST(CoreDiagnostics, InvalidDeferredResponseConfirmsTheDeferralRules) {
  const std::string output = boxed_core_error(
      "Invalid Deferred Response",
      "Provider returned a deferred response but the Terraform request did not indicate support for deferred "
      "actions.This is an issue with the provider and should be reported to the provider developers. Deferred "
      "reason - \"RESOURCE_CONFIG_UNKNOWN\"");
  const auto confirmed = judged("plan.deferred_not_allowed", output);
  EXPECT_EQ(confirmed.verdict, report::ConfirmVerdict::confirmed) << confirmed.quote;
  EXPECT_EQ(confirmed.quote.rfind("Error: Invalid Deferred Response", 0), 0u) << confirmed.quote;
  EXPECT_EQ(judged("deferral.not_allowed", output).verdict, report::ConfirmVerdict::confirmed);
  EXPECT_EQ(judged("apply.known_value_changed", output).verdict, report::ConfirmVerdict::could_not_run);
}

TEST(CoreDiagnostics, MissingResourceIdentityAfterReadConfirmsTheIdentityRules) {
  const std::string output =
      boxed_core_error("Missing Resource Identity After Read",
                       "The Terraform Provider unexpectedly returned no resource identity data after having no "
                       "errors in the resource read. This is always an issue in the Terraform Provider and should "
                       "be reported to the provider developers.");
  const auto confirmed = judged("identity.missing", output);
  EXPECT_EQ(confirmed.verdict, report::ConfirmVerdict::confirmed) << confirmed.quote;
  EXPECT_NE(confirmed.quote.find("Missing Resource Identity After Read"), std::string::npos);
  const auto other = judged("read.unknown_in_state", output);
  EXPECT_EQ(other.verdict, report::ConfirmVerdict::could_not_run);
  EXPECT_EQ(other.quote.rfind("Core rejected the provider for another promise", 0), 0u) << other.quote;
  EXPECT_EQ(blame_of(output, "read.unknown_in_state"), Blame::other_promise);
}

// Core's own words, as Terraform's source words them: each confirms its family and not another.
TEST(CoreDiagnostics, CoreRefusalsConfirmTheirFamilies) {
  struct Case {
    std::string summary, detail, rule, unrelated;
  };
  const std::vector<Case> cases{
      {"Provider produced invalid plan",
       "Provider \"registry.terraform.io/hashicorp/tfcfault\" planned an invalid value for "
       "tfcfault_thing.this.name: planned value cty.StringVal(\"a-planned\") does not match config value "
       "cty.StringVal(\"a\"). This is a bug in the provider, which should be reported in the provider's own issue "
       "tracker.",
       "plan.config_value_changed", "apply.known_value_changed"},
      {"Provider produced inconsistent result after apply",
       "When applying changes to tfcfault_thing.this, provider \"registry.terraform.io/hashicorp/tfcfault\" "
       "produced an unexpected new value: .size: was cty.NumberIntVal(3), but now cty.NumberIntVal(4). This is a "
       "bug in the provider, which should be reported in the provider's own issue tracker.",
       "apply.known_value_changed", "plan.config_value_changed"},
      {"Provider produced invalid object",
       "Provider \"registry.terraform.io/hashicorp/tfcfault\" planned an invalid value for tfcfault_thing.this "
       "during refresh: .generated: value must be known. This is a bug in the provider, which should be reported "
       "in the provider's own issue tracker.",
       "read.unknown_in_state", "plan_final.known_value_changed"},
      {"Provider produced invalid identity",
       "Provider \"registry.terraform.io/hashicorp/tfcfault\" returned an identity with unknown values for "
       "tfcfault_item.this. This is a bug in the provider, which should be reported in the provider's own issue "
       "tracker.",
       "identity.unknown", "apply.known_value_changed"},
      {"Import returned no resources",
       "While attempting to import with ID x, the provider returned no instance states.", "import.no_resources",
       "plan.config_value_changed"},
      {"Invalid resource state upgrade",
       "The tfcfault provider upgraded the state for tfcfault_thing.this from a previous version, but produced an "
       "invalid result: The returned state contains unknown values.",
       "upgrade.unknown_in_state", "identity.unknown"},
      {"Plugin did not respond",
       "The plugin encountered an error, and failed to respond to the plugin.(*GRPCProvider).ApplyResourceChange "
       "call. The plugin logs may contain more details.",
       "rpc.crashed", "apply.known_value_changed"},
      {"Plugin error",
       "The plugin returned an unexpected error from plugin.(*GRPCProvider).ApplyResourceChange: rpc error: code = "
       "Internal desc = boom",
       "rpc.error_status", "apply.known_value_changed"},
  };
  for (const auto& c : cases) {
    const std::string output = boxed_core_error(c.summary, c.detail);
    EXPECT_EQ(judged(c.rule, output).verdict, report::ConfirmVerdict::confirmed) << c.summary << " for " << c.rule;
    // Not accepted, so never "not reproduced"; nor a confirmation of another family's promise.
    const auto other = judged(c.unrelated, output);
    EXPECT_EQ(other.verdict, report::ConfirmVerdict::could_not_run) << c.summary << " for " << c.unrelated;
  }
}

TEST(CoreDiagnostics, ConfigurationErrorsBlameNobody) {
  const std::string block =
      "Error: Invalid reference\n\n  on main.tf line 9, in resource \"x\" \"this\":\n   9:   name = foo.bar\n\n"
      "A reference to a resource type must be followed by at least one attribute access.";
  EXPECT_EQ(blame_of(block, "plan.config_value_changed"), Blame::none);
  EXPECT_EQ(blame_of(block, "value.type_mismatch"), Blame::none);
  EXPECT_EQ(confirmed_families(block), "");
  // A bare decoding error (no configuration location) is Core refusing an answer of the wrong type.
  EXPECT_EQ(blame_of("Error: [\"size\"]: number is required", "value.type_mismatch"), Blame::this_rule);
  EXPECT_EQ(blame_of("Error: [\"size\"]: number is required", "apply.known_value_changed"), Blame::none);
  // An identity of the wrong type, as Terraform v1.13.3 refuses it.
  EXPECT_EQ(blame_of("Error: [\"id\"]: string is required", "identity.type_mismatch"), Blame::this_rule);
  EXPECT_EQ(blame_of("Error: failed to encode x.this in state: value is not known", "identity.type_mismatch"),
            Blame::none);
}

}  // namespace
}  // namespace tfc::conformance
