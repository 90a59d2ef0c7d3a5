// `tfconform merge` end to end: the real CLI runs the fixture provider in two shards beside the
// unsharded run; merging the shards' JSON reports gives the unsharded run's suites, coverage and
// verdict, every report format, and the documented exit statuses. (Findings merged by
// fingerprint, for any seed and 1..4 shards: suite/shard_merge_test.cpp.)
#include <gtest/gtest.h>

#include <fstream>

#include "tests/conformance/run_support.hpp"
#include "tests/reports/json_schema_check.hpp"

namespace tfc::conformance::testing {
namespace {

std::vector<std::string> run_args(const Scratch& scratch, const std::string& shard) {
  std::vector<std::string> args = {"--provider",
                                   provider_binary("tfcfixture").string(),
                                   "--cases",
                                   "5",
                                   "--seed",
                                   "11",
                                   "--no-world",
                                   "--env",
                                   "TFCFIXTURE_STATE_DIR=" + (scratch.path() / "objects").string()};
  if (!shard.empty()) args.insert(args.end(), {"--shard", shard});
  return args;
}

nlohmann::json read_json(const std::filesystem::path& p) {
  std::ifstream in(p);
  return nlohmann::json::parse(in);
}

/// Suites as "label: scenario=status ... findings" with the volatile parts (times) left out.
std::vector<std::string> suites_of(const nlohmann::json& report) {
  std::vector<std::string> out;
  for (const auto& s : report["suites"]) {
    std::string line = s["kind"].get<std::string>() + "." + s["name"].get<std::string>() + " " + s["coverage"].dump();
    for (const auto& sc : s["scenarios"]) {
      line += " " + sc["name"].get<std::string>() + "=" + sc["status"].get<std::string>();
      for (const auto& f : sc["findings"])
        line += " " + f["fingerprint"].get<std::string>() + "x" + std::to_string(f["occurrences"].get<int>());
    }
    out.push_back(line);
  }
  return out;
}

TEST(MergeCommand, TheShardsOfARunMergeIntoThatRun) {
  REQUIRE_PROVIDER("tfcfixture");
  Scratch scratch;
  const auto whole = run_tfconform(scratch.path(), run_args(scratch, ""));
  ASSERT_TRUE(whole.report.is_object()) << whole.output;
  std::vector<std::string> merge = {"merge"};
  for (const std::string shard : {"1/2", "2/2"}) {
    const auto dir = scratch.path() / ("shard" + shard.substr(0, 1));
    std::filesystem::create_directories(dir);
    const auto part = run_tfconform(dir, run_args(scratch, shard));
    ASSERT_TRUE(part.report.is_object()) << part.output;
    EXPECT_EQ(part.report["options"]["shard"], shard);
    merge.push_back((dir / "report.json").string());
  }
  const auto merged_json = scratch.path() / "merged.json";
  merge.insert(merge.end(), {"--json", merged_json.string(), "--junit", (scratch.path() / "merged.xml").string(),
                             "--html", (scratch.path() / "merged.html").string(), "--sarif",
                             (scratch.path() / "merged.sarif").string(), "--quiet"});
  const auto merged = run_tfconform_command(scratch.path(), merge);
  EXPECT_EQ(merged.exit_code, whole.exit_code) << merged.output;
  const auto report = read_json(merged_json);
  EXPECT_EQ(suites_of(report), suites_of(whole.report));
  EXPECT_EQ(report["result"], whole.report["result"]);
  EXPECT_EQ(report["totals"], whole.report["totals"]);
  EXPECT_FALSE(report["options"].contains("shard"));
  static const nlohmann::json schema = report::testing::report_schema(source_path(""));
  for (const std::string& problem : report::testing::schema_problems(schema, report))
    ADD_FAILURE() << "the merged JSON report does not match docs/report.schema.json: " << problem;
  EXPECT_TRUE(validates_as_junit(scratch.path() / "merged.xml"));
  EXPECT_TRUE(std::filesystem::exists(scratch.path() / "merged.html"));
  const auto sarif = read_json(scratch.path() / "merged.sarif");
  EXPECT_EQ(sarif["version"], "2.1.0");
  EXPECT_EQ(sarif["runs"][0]["results"].size(), findings_of(report).size());

  // One shard missing: the reports say so and the status is 2, so a CI gate does not pass.
  const auto part = run_tfconform_command(
      scratch.path(), {"merge", merge[1], "--json", (scratch.path() / "part.json").string(), "--quiet"});
  EXPECT_EQ(part.exit_code, 2) << part.output;
  EXPECT_NE(part.output.find("shard 2/2 missing"), std::string::npos) << part.output;
  EXPECT_EQ(read_json(scratch.path() / "part.json")["result"], "incomplete");
}

TEST(MergeCommand, ReportsOfAnotherRunAreRefusedNamingBothFiles) {
  REQUIRE_PROVIDER("tfcfixture");
  Scratch scratch;
  std::filesystem::create_directories(scratch.path() / "a");
  std::filesystem::create_directories(scratch.path() / "c");
  const auto a = run_tfconform(scratch.path() / "a", run_args(scratch, "1/2"));
  auto other = run_args(scratch, "2/2");
  other[5] = "12";  // another seed
  const auto c = run_tfconform(scratch.path() / "c", other);
  ASSERT_TRUE(a.report.is_object() && c.report.is_object());
  const auto refused = run_tfconform_command(scratch.path(), {"merge", (scratch.path() / "a" / "report.json").string(),
                                                              (scratch.path() / "c" / "report.json").string()});
  EXPECT_EQ(refused.exit_code, 2) << refused.output;
  EXPECT_NE(refused.output.find("c/report.json is another run than"), std::string::npos) << refused.output;
  EXPECT_NE(refused.output.find("seed 12 against 11"), std::string::npos) << refused.output;
}

}  // namespace
}  // namespace tfc::conformance::testing
