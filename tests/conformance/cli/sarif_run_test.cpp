// The SARIF log of a real failing run: the real tfconform against tfcfault with a planted fault,
// validated against the OASIS SARIF 2.1.0 schema (ctest runs this program through
// tests/reports/with_sarif_schema.sh, which brings the schema and the validator).
#include <gtest/gtest.h>

#include <fstream>
#include <map>

#include "tests/conformance/run_support.hpp"
#include "tests/reports/sarif_schema_check.hpp"

namespace tfc::conformance::testing {
namespace {

nlohmann::json read_json(const std::filesystem::path& path) {
  std::ifstream in(path);
  return nlohmann::json::parse(in, nullptr, false);
}

TEST(SarifRun, TheLogOfAFailingRunValidatesAndCarriesTheReportsFingerprints) {
  REQUIRE_PROVIDER("tfcfault");
  Scratch scratch;
  auto args = tfcfault_thing_run(scratch.path(), "apply_changes_known");
  const auto sarif = scratch.path() / "results.sarif";
  args.insert(args.end(), {"--sarif", sarif.string()});
  const auto run = run_tfconform(scratch.path(), args);
  ASSERT_EQ(run.exit_code, 1) << run.output;
  EXPECT_TRUE(report::testing::validates_as_sarif(sarif));

  const nlohmann::json log = read_json(sarif);
  ASSERT_TRUE(log.is_object()) << sarif << " is not JSON";
  const nlohmann::json& results = log["runs"][0]["results"];
  const auto findings = findings_of(run.report);
  ASSERT_FALSE(findings.empty()) << run.output;
  ASSERT_EQ(results.size(), findings.size());
  // The JSON report's fingerprint of every finding is its result's partialFingerprints.
  std::map<std::string, std::string> rule_of_fingerprint;
  for (const auto& f : findings) rule_of_fingerprint[f["fingerprint"].get<std::string>()] = f["rule"];
  bool known_value_changed = false;
  for (const auto& r : results) {
    const std::string fingerprint = r["partialFingerprints"]["tfconform/v1"];
    EXPECT_EQ(fingerprint.size(), 16U);
    ASSERT_TRUE(rule_of_fingerprint.contains(fingerprint)) << fingerprint << " is not a fingerprint of the report";
    EXPECT_EQ(r["ruleId"], rule_of_fingerprint[fingerprint]);
    known_value_changed = known_value_changed || r["ruleId"] == "apply.known_value_changed";
    if (r["properties"]["suite"] == "resource.tfcfault_thing") {
      EXPECT_EQ(r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"], "docs/resources/thing.md");
    }
  }
  EXPECT_TRUE(known_value_changed) << "the planted fault's rule is a result";
  // The rules carry the catalogue's text, not only their ids.
  for (const auto& rule : log["runs"][0]["tool"]["driver"]["rules"]) {
    EXPECT_NE(rule["shortDescription"]["text"], rule["id"]);
    EXPECT_TRUE(rule["properties"].contains("contract_section"));
  }
}

TEST(SarifRun, WithExamplesAResultPointsAtTheTypesExampleFileAndLine) {
  REQUIRE_PROVIDER("tfcfault");
  Scratch scratch;
  // The provider's repository, as CI runs from its root: examples/resources/<type>/resource.tf.
  const auto folder = scratch.path() / "examples" / "resources" / "tfcfault_thing";
  std::filesystem::create_directories(folder);
  std::ofstream(folder / "resource.tf") << "# A thing.\n\nresource \"tfcfault_thing\" \"a\" {\n  size = 3\n}\n";
  auto args = tfcfault_thing_run(scratch.path(), "apply_changes_known");
  const auto sarif = scratch.path() / "results.sarif";
  args.insert(args.end(), {"--examples", "examples", "--report", "sarif=" + sarif.string()});
  const auto run = run_tfconform(scratch.path(), args);
  ASSERT_EQ(run.exit_code, 1) << run.output;
  EXPECT_TRUE(report::testing::validates_as_sarif(sarif));
  const nlohmann::json log = read_json(sarif);
  ASSERT_TRUE(log.is_object()) << sarif << " is not JSON";
  ASSERT_FALSE(log["runs"][0]["results"].empty()) << run.output;
  for (const auto& r : log["runs"][0]["results"]) {
    const auto& where = r["locations"][0]["physicalLocation"];
    EXPECT_EQ(where["artifactLocation"]["uri"], "examples/resources/tfcfault_thing/resource.tf");
    EXPECT_EQ(where["region"]["startLine"], 3);
  }
}

TEST(SarifRun, AnUnknownPlaceholderInTheLocationIsAUsageError) {
  REQUIRE_PROVIDER("tfcfault");
  Scratch scratch;
  const auto run =
      run_tfconform(scratch.path(), {"--provider", provider_binary("tfcfault").string(), "--sarif",
                                     (scratch.path() / "r.sarif").string(), "--sarif-location", "docs/{name}.md"});
  EXPECT_EQ(run.exit_code, 2);
  EXPECT_NE(run.output.find("unknown placeholder {name}"), std::string::npos) << run.output;
}

}  // namespace
}  // namespace tfc::conformance::testing
