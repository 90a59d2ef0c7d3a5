// The JSON report reads back into the same run: writing it again gives the same document, so
// `tfconform confirm` can add verdicts to a finished run without losing anything.
#include "reports/json_reader.hpp"

#include <gtest/gtest.h>

#include <sstream>

#include "reports/json_reporter.hpp"
#include "tests/reports/fixture_run.hpp"

namespace tfc::report {
namespace {

std::string json_of(const RunReport& run) {
  std::ostringstream out;
  JsonReporter(fixed_clock(std::chrono::system_clock::from_time_t(1767322800))).write(run, out);
  return out.str();
}

TEST(JsonReader, WritingWhatWasReadGivesTheSameReport) {
  const std::string first = json_of(testing::fixture_run());
  const auto run = run_from_json(nlohmann::ordered_json::parse(first));
  ASSERT_TRUE(run.has_value()) << run.error().message;
  EXPECT_EQ(json_of(*run), first);
  const Finding& f = run->suites[1].scenarios[1].findings[0];
  EXPECT_EQ(f.fingerprint, "5e1c0a77d2f3b804");
  ASSERT_TRUE(f.reproduction.has_value());
  EXPECT_EQ(f.reproduction->steps.size(), 2u);
  EXPECT_TRUE(f.reproduction->steps[1].checked);
  ASSERT_EQ(f.confirmations.size(), 2u);
  EXPECT_EQ(f.confirmations[1].verdict, ConfirmVerdict::not_reproduced);
  std::size_t could_not_run = 0;
  for (const FindingRef& ref : all_findings(*run)) {
    for (const Confirmation& c : ref.finding->confirmations)
      could_not_run += c.verdict == ConfirmVerdict::could_not_run;
  }
  EXPECT_EQ(could_not_run, 1u);
}

// A reproduction of an upgrade plays two releases: the previous binary, its environment and
// the steps it plays come back; a reproduction of one release has none of those keys.
TEST(JsonReader, AnUpgradesReproductionKeepsBothReleases) {
  RunReport written = testing::fixture_run();
  Reproduction& r = *written.suites[1].scenarios[1].findings[0].reproduction;
  const std::string single = json_of(written);
  EXPECT_EQ(single.find("previous_"), std::string::npos) << "only an upgrade's reproduction has them";
  r.previous_binary = "/opt/providers/terraform-provider-tfcfixture_v1.1.0";
  r.previous_environment = {"TFCFIXTURE_MODE=old"};
  r.steps[0].previous_release = true;
  const std::string first = json_of(written);
  const auto run = run_from_json(nlohmann::ordered_json::parse(first));
  ASSERT_TRUE(run.has_value()) << run.error().message;
  EXPECT_EQ(json_of(*run), first);
  const Reproduction& read = *run->suites[1].scenarios[1].findings[0].reproduction;
  EXPECT_EQ(read.previous_binary, r.previous_binary);
  EXPECT_EQ(read.provider_binary, r.provider_binary);
  EXPECT_EQ(read.previous_environment, r.previous_environment);
  ASSERT_EQ(read.steps.size(), 2u);
  EXPECT_TRUE(read.steps[0].previous_release);
  EXPECT_FALSE(read.steps[1].previous_release);
  const auto doc = nlohmann::json::parse(first);
  const auto& steps = doc["suites"][1]["scenarios"][1]["findings"][0]["reproduction"]["steps"];
  EXPECT_EQ(steps[0]["previous_release"], true);
  EXPECT_FALSE(steps[1].contains("previous_release")) << "written only when set";
}

TEST(JsonReader, KeepsTheReplayCommandOrWhyThereIsNone) {
  RunReport written = testing::fixture_run();
  Finding& attached = written.suites[1].scenarios[1].findings[0];
  attached.replay_command_line.clear();
  attached.replay_not_runnable = "no command: attached";
  const auto run = run_from_json(nlohmann::ordered_json::parse(json_of(written)));
  ASSERT_TRUE(run.has_value()) << run.error().message;
  EXPECT_EQ(run->suites[1].scenarios[1].findings[0].replay_not_runnable, "no command: attached");
  EXPECT_EQ(run->suites[1].scenarios[1].findings[0].replay_command_line, "");
  EXPECT_EQ(run->suites[1].scenarios[2].findings[0].replay_command_line,
            written.suites[1].scenarios[2].findings[0].replay_command_line);
}

// A finding that compares no values has no expected/actual keys; one whose provider returned
// the value null has "actual": null; reading either back keeps the difference.
TEST(JsonReader, AnAbsentComparedValueAndTheValueNullStayApart) {
  RunReport run = testing::fixture_run();
  Finding& f = run.suites[1].scenarios[1].findings[0];
  f.values.actual = nlohmann::json(nullptr);
  Finding& g = run.suites[1].scenarios[2].findings[0];
  g.values.expected.reset();
  g.values.actual.reset();
  const auto doc = nlohmann::ordered_json::parse(json_of(run));
  const auto& written = doc["suites"][1]["scenarios"][1]["findings"][0];
  ASSERT_TRUE(written.contains("actual"));
  EXPECT_TRUE(written["actual"].is_null());
  EXPECT_FALSE(doc["suites"][1]["scenarios"][2]["findings"][0].contains("actual"));
  const auto read = run_from_json(doc);
  ASSERT_TRUE(read.has_value()) << read.error().message;
  const auto& f2 = read->suites[1].scenarios[1].findings[0];
  ASSERT_TRUE(f2.values.actual.has_value());
  EXPECT_TRUE(f2.values.actual->is_null());
  EXPECT_EQ(shown_compared(f2, f2.values.actual), "null");
  const auto& g2 = read->suites[1].scenarios[2].findings[0];
  EXPECT_FALSE(g2.values.actual.has_value());
  EXPECT_EQ(shown_compared(g2, g2.values.actual), "");
}

// format_version 1 held the values as rendered text; baselines and `tfconform findings` and
// `confirm` still read such reports.
TEST(JsonReader, ReadsValuesFromAnOldReportThatHeldThemAsText) {
  auto doc = nlohmann::ordered_json::parse(json_of(testing::fixture_run()));
  doc["format_version"] = 1;
  auto& old = doc["suites"][1]["scenarios"][1]["findings"][0];
  old["request"] = "{\n  \"config\": {\"rule\": [{\"port\": 80}]}\n}";
  old["response"] = "";  // absent, in version 1
  old["expected"] = "\"prod\"";
  old["actual"] = "not JSON: kept as text";
  const auto run = run_from_json(doc);
  ASSERT_TRUE(run.has_value()) << run.error().message;
  const Finding& f = run->suites[1].scenarios[1].findings[0];
  ASSERT_TRUE(f.request.is_object());
  EXPECT_EQ(f.request["config"]["rule"][0]["port"], 80);
  EXPECT_TRUE(f.response.is_null());
  EXPECT_EQ(f.values.expected, "prod");
  EXPECT_EQ(f.values.actual, "not JSON: kept as text");
  // Written again, the report carries them as values.
  const auto again = nlohmann::json::parse(json_of(*run));
  EXPECT_EQ(again["format_version"], 2);
  EXPECT_TRUE(again["suites"][1]["scenarios"][1]["findings"][0]["request"].is_object());
}

// From version 2 on a string is a string value, even one that would parse as JSON.
TEST(JsonReader, KeepsStringValuesOfACurrentReportAsStrings) {
  auto doc = nlohmann::ordered_json::parse(json_of(testing::fixture_run()));
  doc["suites"][1]["scenarios"][1]["findings"][0]["expected"] = "123";
  const auto run = run_from_json(doc);
  ASSERT_TRUE(run.has_value()) << run.error().message;
  EXPECT_EQ(run->suites[1].scenarios[1].findings[0].values.expected, "123");
}

TEST(JsonReader, OtherDocumentsAreErrors) {
  EXPECT_FALSE(run_from_json(nlohmann::ordered_json::parse("{\"format\": \"tfconform-baseline\"}")).has_value());
  EXPECT_FALSE(read_json_report("/nonexistent/report.json").has_value());
}

}  // namespace
}  // namespace tfc::report
