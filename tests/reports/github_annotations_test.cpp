#include "reports/github_annotations.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "reports/markdown_summary_reporter.hpp"
#include "tests/reports/fixture_run.hpp"

namespace tfc::report {
namespace {

using testing::fixture_run;

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) out.push_back(line);
  return out;
}

std::size_t count_new(const RunReport& run, Severity severity) {
  std::size_t n = 0;
  for (const FindingRef& ref : all_findings(run))
    n += ref.finding->severity == severity && ref.finding->baseline != BaselineState::known;
  return n;
}

std::string annotations(const RunReport& run, AnnotationOptions options = {}) {
  std::ostringstream out;
  write_github_annotations(run, options, out);
  return out.str();
}

std::string read_file(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

// What the runner unescapes (the toolkit's command.ts): properties also escape ':' and ','.
TEST(GithubAnnotations, EscapesDataAndProperties) {
  EXPECT_EQ(escape_workflow_data("50% a:b,c\r\nd"), "50%25 a:b,c%0D%0Ad");
  EXPECT_EQ(escape_workflow_property("50% a:b,c\r\nd"), "50%25 a%3Ab%2Cc%0D%0Ad");
  EXPECT_EQ(escape_workflow_property("%0A"), "%250A");  // never decoded twice into a line break
}

TEST(GithubAnnotations, OneCommandPerNewFindingErrorsFirst) {
  const RunReport run = fixture_run();
  const auto lines = lines_of(annotations(run));
  const std::size_t errors = count_new(run, Severity::error);
  const std::size_t warnings = count_new(run, Severity::warning);
  ASSERT_GT(errors, 0U);
  ASSERT_EQ(lines.size(), errors + warnings);  // within the limits: no notice
  for (std::size_t i = 0; i < lines.size(); ++i) {
    EXPECT_TRUE(lines[i].starts_with(i < errors ? "::error file=" : "::warning file=")) << lines[i];
    EXPECT_NE(lines[i].find(",line="), std::string::npos) << lines[i];
    EXPECT_NE(lines[i].find(",title=tfconform "), std::string::npos) << lines[i];
  }
  EXPECT_NE(lines[0].find("file=docs/resources/widget.md,line=1,"), std::string::npos) << lines[0];
}

// A provider's line breaks stay inside the one command (else the rest of the message would be a
// log line, or a workflow command of the provider's).
TEST(GithubAnnotations, HostileTextStaysInOneCommand) {
  RunReport run = fixture_run();
  Finding& f = run.suites[1].scenarios[1].findings.at(0);
  f.rule_id = "rule,with:odd\nparts";
  f.message = "line one\n::error::injected\r%0A";
  f.severity = Severity::error;
  const auto lines = lines_of(annotations(run));
  for (const std::string& line : lines) EXPECT_TRUE(line.starts_with("::")) << line;
  const std::string all = annotations(run);
  EXPECT_NE(all.find("title=tfconform rule%2Cwith%3Aodd%0Aparts::"), std::string::npos) << all;
  EXPECT_NE(all.find("%0A::error::injected%0D%250A"), std::string::npos) << all;
}

TEST(GithubAnnotations, BeyondTheLimitOneNoticeSaysHowManyAndWhere) {
  const RunReport run = fixture_run();
  AnnotationOptions options;
  options.limits = {1, 0};
  options.full_list = "the JSON report out/report.json";
  const auto lines = lines_of(annotations(run, options));
  const std::size_t errors = count_new(run, Severity::error);
  const std::size_t warnings = count_new(run, Severity::warning);
  ASSERT_GT(errors, 1U);
  ASSERT_EQ(lines.size(), 2U);
  EXPECT_TRUE(lines[0].starts_with("::error "));
  EXPECT_TRUE(lines[1].starts_with("::notice title=tfconform%3A more findings::")) << lines[1];
  EXPECT_NE(lines[1].find(std::to_string(errors - 1) + " more error"), std::string::npos) << lines[1];
  EXPECT_NE(lines[1].find(std::to_string(warnings) + " more warning"), std::string::npos) << lines[1];
  EXPECT_NE(lines[1].find("all are in the JSON report out/report.json"), std::string::npos) << lines[1];
}

TEST(GithubAnnotations, KnownFindingsAreNotAnnotated) {
  RunReport run = fixture_run();
  for (auto& suite : run.suites)
    for (auto& scenario : suite.scenarios)
      for (auto& f : scenario.findings) f.baseline = BaselineState::known;
  EXPECT_EQ(annotations(run), "");
}

TEST(GithubAnnotations, ExampleLocationAsTheSarifResult) {
  RunReport run = fixture_run();
  run.suites[1].example = ExampleUse{};
  run.suites[1].example->source = "resources/tfc_widget/resource.tf:3";
  AnnotationOptions options;
  options.examples_dir = "examples";
  EXPECT_NE(annotations(run, options).find("file=examples/resources/tfc_widget/resource.tf,line=3,"),
            std::string::npos);
}

TEST(StepSummary, CutKeepsWholeLinesAndEndsWithTheNote) {
  const std::string text = "alpha\nbravo charlie\ndelta\necho foxtrot golf\n";
  EXPECT_EQ(cut_at_line(text, text.size(), "cut"), text);
  for (std::size_t max = 0; max < text.size(); ++max) {
    const std::string cut = cut_at_line(text, max, "cut");
    ASSERT_LE(cut.size(), max) << max;
    if (max < 4) {
      EXPECT_EQ(cut, "") << max;
      continue;
    }
    ASSERT_TRUE(cut.ends_with("cut\n")) << max;
    const std::string kept = cut.substr(0, cut.size() - 4);
    EXPECT_TRUE(text.starts_with(kept)) << max;
    EXPECT_TRUE(kept.empty() || kept.ends_with('\n')) << max;
    // The longest such prefix: one more line would not fit.
    const std::size_t next = text.find('\n', kept.size());
    EXPECT_GT(next + 1 + 4, max) << max;
  }
}

TEST(StepSummary, AppendsTheMarkdownSummaryAfterWhatTheStepWrote) {
  const std::filesystem::path dir = std::filesystem::path(TFC_REPORTS_OUT_DIR) / "step_summary";
  std::filesystem::create_directories(dir);
  const auto path = dir / "append.md";
  { std::ofstream(path, std::ios::trunc) << "# earlier step output\n"; }
  ASSERT_TRUE(append_step_summary(fixture_run(), path.string(), "the JSON report r.json"));
  const std::string written = read_file(path);
  EXPECT_TRUE(written.starts_with("# earlier step output\n"));
  std::ostringstream markdown;
  MarkdownSummaryReporter().write(fixture_run(), markdown);
  const std::string expected = markdown.str();
  // The generated-at stamp may differ by a second: compare up to its line.
  EXPECT_EQ(written.substr(22, 200), expected.substr(0, 200));
  EXPECT_EQ(written.find("was cut"), std::string::npos);
}

TEST(StepSummary, ALargeSummaryIsCutUnderTheLimitWithTheStepsEarlierOutput) {
  const std::filesystem::path dir = std::filesystem::path(TFC_REPORTS_OUT_DIR) / "step_summary";
  std::filesystem::create_directories(dir);
  const auto path = dir / "cut.md";
  { std::ofstream(path, std::ios::trunc) << std::string(300, 'x') << '\n'; }
  const std::size_t limit = 1000;
  ASSERT_TRUE(append_step_summary(fixture_run(), path.string(), "the JSON report r.json", limit));
  const std::string written = read_file(path);
  EXPECT_LE(written.size(), limit);
  EXPECT_GT(written.size(), 600U);
  EXPECT_TRUE(written.ends_with("the full report is the JSON report r.json.*\n")) << written;
}

}  // namespace
}  // namespace tfc::report
