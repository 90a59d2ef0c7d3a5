// A failing run as a GitHub Actions step sees it: the real tfconform against tfcfault with a
// planted fault, GITHUB_ACTIONS=true and GITHUB_STEP_SUMMARY set (docs/reports.md, "GitHub Actions").
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include "tests/conformance/run_support.hpp"

namespace tfc::conformance::testing {
namespace {

std::string read_file(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

std::vector<std::string> lines_starting(const std::string& text, const std::string& prefix) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);)
    if (line.starts_with(prefix)) out.push_back(line);
  return out;
}

TEST(GithubActionsRun, ErrorFindingsBecomeAnnotationsAndTheSummaryIsAppended) {
  REQUIRE_PROVIDER("tfcfault");
  Scratch scratch;
  const auto summary = scratch.path() / "step_summary.md";
  { std::ofstream(summary) << "earlier\n"; }
  const auto run = run_tfconform(scratch.path(), tfcfault_thing_run(scratch.path(), "apply_changes_known"),
                                 {"GITHUB_ACTIONS=true", "GITHUB_STEP_SUMMARY=" + summary.string()});
  ASSERT_EQ(run.exit_code, 1) << run.output;
  std::size_t errors = 0;
  for (const auto& f : findings_of(run.report)) errors += f["severity"] == "error";
  ASSERT_GT(errors, 0U) << run.output;
  const auto annotations = lines_starting(run.output, "::error ");
  EXPECT_EQ(annotations.size(), std::min<std::size_t>(errors, 10)) << run.output;
  bool planted = false;
  for (const auto& line : annotations) {
    EXPECT_TRUE(line.starts_with("::error file=docs/resources/thing.md,line=1,title=tfconform ")) << line;
    planted = planted || line.find("title=tfconform apply.known_value_changed::") != std::string::npos;
  }
  EXPECT_TRUE(planted) << run.output;
  EXPECT_EQ(lines_starting(run.output, "::notice ").size(), errors > 10 ? 1U : 0U) << run.output;
  const std::string written = read_file(summary);
  EXPECT_TRUE(written.starts_with("earlier\n")) << written;
  EXPECT_NE(written.find("apply.known&#95;value&#95;changed"), std::string::npos) << written;  // Markdown-escaped
}

TEST(GithubActionsRun, OutsideGithubActionsNothingIsAnnotated) {
  REQUIRE_PROVIDER("tfcfault");
  Scratch scratch;
  const auto run = run_tfconform(scratch.path(), tfcfault_thing_run(scratch.path(), "apply_changes_known"));
  ASSERT_EQ(run.exit_code, 1) << run.output;
  EXPECT_TRUE(lines_starting(run.output, "::").empty()) << run.output;
}

}  // namespace
}  // namespace tfc::conformance::testing
