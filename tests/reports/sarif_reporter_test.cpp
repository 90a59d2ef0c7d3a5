#include "reports/sarif_reporter.hpp"

#include <gtest/gtest.h>

#include <sstream>

#include <nlohmann/json.hpp>

#include "reports/run_report.hpp"
#include "tests/reports/fixture_run.hpp"
#include "tests/reports/report_test_support.hpp"

namespace tfc::report {
namespace {

using nlohmann::json;
using testing::fixture_run;
using testing::pinned_now;

std::string sarif_text(const RunReport& run, SarifOptions options = {}) {
  std::ostringstream out;
  SarifReporter(std::move(options), fixed_clock(pinned_now())).write(run, out);
  return out.str();
}

json sarif_of(const RunReport& run, SarifOptions options = {}) {
  return json::parse(sarif_text(run, std::move(options)));
}

// A stand-in for the catalogue the CLI passes (conformance/suite/run_finish.cpp).
SarifRuleLookup catalogue() {
  return [](std::string_view id) -> std::optional<SarifRuleText> {
    if (id == "plan.config_value_changed")
      return SarifRuleText{"planned value differs from a configured value", "000 §PlanResourceChange", "both"};
    return std::nullopt;
  };
}

TEST(SarifReporter, MatchesGoldenFile) {
  SarifOptions options;
  options.rules = catalogue();
  EXPECT_TRUE(testing::matches_golden("sarif.approved.json", sarif_text(fixture_run(), options)));
}

TEST(SarifReporter, OneRunOfTfconformWithOneResultPerFinding) {
  const json doc = sarif_of(fixture_run());
  EXPECT_EQ(doc["version"], "2.1.0");
  ASSERT_EQ(doc["runs"].size(), 1U);
  const json& run = doc["runs"][0];
  EXPECT_EQ(run["tool"]["driver"]["name"], "tfconform");
  EXPECT_EQ(run["tool"]["driver"]["version"], "0.0.0-fixture");
  EXPECT_EQ(run["results"].size(), all_findings(fixture_run()).size());
  EXPECT_EQ(run["results"].size(), 3U);
}

TEST(SarifReporter, OneRuleDescriptorPerRuleUsedWithTheCataloguesText) {
  SarifOptions options;
  options.rules = catalogue();
  const json run = sarif_of(fixture_run(), options)["runs"][0];
  const json& rules = run["tool"]["driver"]["rules"];
  ASSERT_EQ(rules.size(), 3U);
  EXPECT_EQ(rules[0]["id"], "apply.known_value_changed");  // sorted by id
  EXPECT_EQ(rules[1]["id"], "plan.config_value_changed");
  EXPECT_EQ(rules[1]["shortDescription"]["text"], "planned value differs from a configured value");
  EXPECT_EQ(rules[1]["properties"]["contract_section"], "000 §PlanResourceChange");
  EXPECT_EQ(rules[1]["properties"]["enforced_by"], "both");
  EXPECT_NE(rules[1]["help"]["text"].get<std::string>().find("000 §PlanResourceChange"), std::string::npos);
  // A rule the catalogue does not know is still described (by its id), so the log stays valid.
  EXPECT_EQ(rules[0]["shortDescription"]["text"], "apply.known_value_changed");
  for (const json& result : run["results"]) {
    EXPECT_EQ(rules[result["ruleIndex"].get<std::size_t>()]["id"], result["ruleId"]);
  }
}

TEST(SarifReporter, LevelFingerprintAndPropertiesComeFromTheFinding) {
  const RunReport fixture = fixture_run();
  const json results = sarif_of(fixture)["runs"][0]["results"];
  const auto findings = all_findings(fixture);
  ASSERT_EQ(results.size(), findings.size());
  for (std::size_t i = 0; i < findings.size(); ++i) {
    const Finding& f = *findings[i].finding;
    const json& r = results[i];
    EXPECT_EQ(r["ruleId"], f.rule_id);
    EXPECT_EQ(r["level"], f.severity == Severity::error ? "error" : "warning");
    EXPECT_EQ(r["partialFingerprints"][std::string(kSarifFingerprintKey)], f.fingerprint);
    EXPECT_EQ(r["occurrenceCount"], f.occurrences);
    EXPECT_EQ(r["properties"]["step"], f.step);
    EXPECT_EQ(r["properties"]["scenario"], findings[i].scenario->name);
    EXPECT_EQ(r["properties"]["replay_command"], replay_text(f));
    EXPECT_FALSE(r.contains("baselineState")) << "no --baseline, no baseline state";
  }
  const json& port = results[0];
  EXPECT_EQ(port["level"], "error");
  EXPECT_EQ(port["properties"]["counterexample"]["attribute_count"], 2);
  EXPECT_EQ(port["properties"]["confirmations"][0]["cli"], "Terraform v1.11.4");
  EXPECT_EQ(port["properties"]["confirmations"][0]["verdict"], "confirmed");
  EXPECT_EQ(results[1]["level"], "warning");
}

TEST(SarifReporter, TheMessageStartsWithTheHeadlineThenReplayAndCounterexample) {
  const std::string text = sarif_of(fixture_run())["runs"][0]["results"][0]["message"]["text"];
  EXPECT_EQ(text.substr(0, text.find('\n')),
            "plan.config_value_changed (tfc_widget): .rule[0].port: planned value 8080 does not match config value 80");
  EXPECT_NE(text.find("\nreplay: " + std::string(testing::kReplayPrefix) + "v1.20260101.7.ab12\n"), std::string::npos);
  EXPECT_NE(text.find("counterexample (2 attributes):\n  resource \"tfc_widget\" \"test\" {\n"), std::string::npos);
}

TEST(SarifReporter, ALongCounterexampleIsCutInTheMessageAndWholeInTheProperties) {
  RunReport run = fixture_run();
  std::string config;
  for (int i = 0; i < 30; ++i) config += "line" + std::to_string(i) + "\n";
  run.suites[1].scenarios[1].findings[0].counterexample->configuration = config;
  const json result = sarif_of(run)["runs"][0]["results"][0];
  const std::string text = result["message"]["text"];
  EXPECT_NE(text.find("  line11\n  ... 18 more lines"), std::string::npos) << text;
  EXPECT_EQ(text.find("line12"), std::string::npos);
  EXPECT_EQ(result["properties"]["counterexample"]["configuration"], config);
}

TEST(SarifReporter, KnownFindingsKeepTheirLevelAndAreUnchanged) {
  RunReport run = fixture_run();
  run.suites[1].scenarios[1].findings[0].baseline = BaselineState::known;
  run.suites[2].scenarios[0].findings[0].baseline = BaselineState::fresh;
  const json results = sarif_of(run)["runs"][0]["results"];
  EXPECT_EQ(results[0]["baselineState"], "unchanged");
  EXPECT_EQ(results[0]["level"], "error");
  EXPECT_EQ(results[2]["baselineState"], "new");
}

TEST(SarifReporter, TheDefaultLocationIsTheTypesRegistryDocumentationPage) {
  const json results = sarif_of(fixture_run())["runs"][0]["results"];
  const json& loc = results[0]["locations"][0];
  EXPECT_EQ(loc["physicalLocation"]["artifactLocation"]["uri"], "docs/resources/widget.md");
  EXPECT_EQ(loc["physicalLocation"]["region"]["startLine"], 1);
  EXPECT_EQ(loc["logicalLocations"][0]["fullyQualifiedName"], "resource.tfc_widget");
  EXPECT_EQ(results[2]["locations"][0]["physicalLocation"]["artifactLocation"]["uri"], "docs/resources/secret.md");
}

TEST(SarifReporter, TheLocationTemplateIsTheUsers) {
  SarifOptions options;
  options.location_template = "website/docs/{kind}/{provider}/{type}.html.markdown";
  const json results = sarif_of(fixture_run(), options)["runs"][0]["results"];
  EXPECT_EQ(results[0]["locations"][0]["physicalLocation"]["artifactLocation"]["uri"],
            "website/docs/resource/tfcfixture/tfc_widget.html.markdown");
}

TEST(SarifReporter, WithExamplesTheTypesExampleFileAndLineAreTheLocation) {
  RunReport run = fixture_run();
  run.suites[1].example = ExampleUse{2, "resources/tfc_widget/resource.tf:7", "accepted", ""};
  SarifOptions options;
  options.examples_dir = "examples";
  const json results = sarif_of(run, options)["runs"][0]["results"];
  const json& loc = results[0]["locations"][0]["physicalLocation"];
  EXPECT_EQ(loc["artifactLocation"]["uri"], "examples/resources/tfc_widget/resource.tf");
  EXPECT_EQ(loc["region"]["startLine"], 7);
  // A type without an example keeps the template's location.
  EXPECT_EQ(results[2]["locations"][0]["physicalLocation"]["artifactLocation"]["uri"], "docs/resources/secret.md");
  // Without --examples the example is not used, even when the suite has one.
  const json plain = sarif_of(run)["runs"][0]["results"];
  EXPECT_EQ(plain[0]["locations"][0]["physicalLocation"]["artifactLocation"]["uri"], "docs/resources/widget.md");
}

TEST(SarifReporter, ErroredScenariosAreNotificationsAndTheRunNotSuccessful) {
  const json invocation = sarif_of(fixture_run())["runs"][0]["invocations"][0];
  EXPECT_EQ(invocation["executionSuccessful"], false);
  EXPECT_EQ(invocation["toolExecutionNotifications"][0]["message"]["text"],
            "resource.tfc_widget: lifecycle sequence: provider process exited unexpectedly (exit status 2)");
  EXPECT_EQ(invocation["startTimeUtc"], "2026-01-02T03:00:00Z");
}

TEST(SarifReporter, SensitiveValuesAndInvalidUtf8NeverReachTheLog) {
  const std::string text = sarif_text(fixture_run());
  EXPECT_EQ(text.find("hunter"), std::string::npos);
  EXPECT_TRUE(json::accept(text));
  EXPECT_EQ(text.find('\xff'), std::string::npos);
}

// --- The location template and the registry's layout -------------------------------------------

TEST(SarifLocation, ShortTypesDropTheProviderPrefixAsTheRegistryDocsDo) {
  Suite password{SuiteKind::resource, "random_password", {}, {}};
  Suite sensitive_file{SuiteKind::data_source, "local_sensitive_file", {}, {}};
  Suite parse{SuiteKind::function, "rfc3339_parse", {}, {}};
  Suite provider{SuiteKind::provider, "random", {}, {}};
  Suite ephemeral{SuiteKind::ephemeral_resource, "tls_private_key", {}, {}};
  const std::string t(kDefaultSarifLocation);
  EXPECT_EQ(expand_location(t, password, "random"), "docs/resources/password.md");
  EXPECT_EQ(expand_location(t, sensitive_file, "local"), "docs/data-sources/sensitive_file.md");
  EXPECT_EQ(expand_location(t, parse, "time"), "docs/functions/rfc3339_parse.md");
  EXPECT_EQ(expand_location(t, provider, "random"), "docs/index.md");
  EXPECT_EQ(expand_location(t, ephemeral, "tls"), "docs/ephemeral-resources/private_key.md");
  // A type named after another prefix than the provider's: the part after the first '_'.
  EXPECT_EQ(short_type_name(Suite{SuiteKind::resource, "tfc_widget", {}, {}}, "tfcfixture"), "widget");
  EXPECT_EQ(provider_short_name("registry.terraform.io/hashicorp/random"), "random");
}

TEST(SarifLocation, PathsAreUriReferences) {
  Suite odd{SuiteKind::resource, "x_a b#c", {}, {}};
  EXPECT_EQ(expand_location(std::string(kDefaultSarifLocation), odd, "x"), "docs/resources/a%20b%23c.md");
}

TEST(SarifLocation, UnknownPlaceholdersAreRefused) {
  EXPECT_TRUE(check_location_template(kDefaultSarifLocation));
  EXPECT_TRUE(check_location_template("docs/{kind}/{type}-{provider}.md"));
  EXPECT_EQ(check_location_template("docs/{name}.md").error().message,
            "--sarif-location 'docs/{name}.md': unknown placeholder {name} (known: {kind_dir}, {short_type}, "
            "{type}, {kind}, {provider})");
  EXPECT_FALSE(check_location_template("docs/{type.md"));
  EXPECT_FALSE(check_location_template(""));
}

TEST(SarifLocation, ExamplePathsAreRelativeToTheRepositoryWhenTheFolderIsRelative) {
  Suite suite{SuiteKind::resource, "tfc_widget", {}, {}};
  suite.example = ExampleUse{1, "examples/resources/tfc_widget/resource.tf:3", "accepted", ""};
  EXPECT_EQ(example_location(suite, ".")->uri, "examples/resources/tfc_widget/resource.tf");
  EXPECT_EQ(example_location(suite, "./")->uri, "examples/resources/tfc_widget/resource.tf");
  EXPECT_EQ(example_location(suite, "sub/")->uri, "sub/examples/resources/tfc_widget/resource.tf");
  // An absolute folder, or one above the working directory, says nothing of the repository.
  EXPECT_EQ(example_location(suite, "/src/provider")->uri, "examples/resources/tfc_widget/resource.tf");
  EXPECT_EQ(example_location(suite, "../provider")->uri, "examples/resources/tfc_widget/resource.tf");
  EXPECT_EQ(example_location(suite, ".")->line, 3);
  EXPECT_FALSE(example_location(suite, ""));
  suite.example->source = "";
  EXPECT_FALSE(example_location(suite, "."));
  suite.example->source = "a.tf:x";
  EXPECT_FALSE(example_location(suite, "."));
}

}  // namespace
}  // namespace tfc::report
