// The SARIF writer's logs against the OASIS SARIF 2.1.0 JSON schema (run by ctest through
// with_sarif_schema.sh, which brings the schema and the validator).
#include <gtest/gtest.h>

#include <sstream>

#include <nlohmann/json.hpp>

#include "reports/sarif_reporter.hpp"
#include "tests/reports/fixture_run.hpp"
#include "tests/reports/report_test_support.hpp"
#include "tests/reports/sarif_schema_check.hpp"

namespace tfc::report {
namespace {

std::filesystem::path written(const std::string& name, const RunReport& run, SarifOptions options = {}) {
  std::ostringstream out;
  SarifReporter(std::move(options), fixed_clock(testing::pinned_now())).write(run, out);
  const auto file = testing::output_dir() / name;
  testing::write_file(file, out.str());
  return file;
}

TEST(SarifSchema, TheFixtureRunValidates) {
  EXPECT_TRUE(testing::validates_as_sarif(written("fixture.sarif", testing::fixture_run())));
}

TEST(SarifSchema, BaselineStatesExamplesAndTheCataloguesTextValidate) {
  RunReport run = testing::fixture_run();
  run.suites[1].scenarios[1].findings[0].baseline = BaselineState::known;
  run.suites[2].scenarios[0].findings[0].baseline = BaselineState::fresh;
  run.suites[1].example = ExampleUse{1, "resources/tfc widget/resource.tf:12", "accepted", ""};
  run.interruption = Interruption{"interrupted by SIGINT", {"resource.tfc_more"}, {}};
  SarifOptions options;
  options.examples_dir = "examples";
  options.rules = [](std::string_view id) -> std::optional<SarifRuleText> {
    return SarifRuleText{"summary of " + std::string(id), "001 §Read", "terraform"};
  };
  EXPECT_TRUE(testing::validates_as_sarif(written("baseline.sarif", run, options)));
}

TEST(SarifSchema, ARunWithoutFindingsValidates) {
  RunReport run = testing::fixture_run();
  for (Suite& suite : run.suites) {
    for (Scenario& scenario : suite.scenarios) scenario.findings.clear();
  }
  EXPECT_TRUE(testing::validates_as_sarif(written("empty.sarif", run)));
}

// The check can fail: a level SARIF does not have, and a result without its message.
TEST(SarifSchema, TheValidatorRejectsWhatTheSchemaForbids) {
  const auto file = written("broken.sarif", testing::fixture_run());
  auto doc = nlohmann::json::parse(testing::read_file(file));
  doc["runs"][0]["results"][0]["level"] = "fatal";
  doc["runs"][0]["results"][1].erase("message");
  testing::write_file(file, doc.dump(2));
  const auto verdict = testing::validates_as_sarif(file);
  EXPECT_FALSE(verdict);
  EXPECT_NE(std::string(verdict.message()).find("'fatal' is not one of"), std::string::npos) << verdict.message();
  EXPECT_NE(std::string(verdict.message()).find("'message' is a required property"), std::string::npos)
      << verdict.message();
}

}  // namespace
}  // namespace tfc::report
