// Opens the HTML report in headless Chromium (Debian's `chromium` package) and checks what a
// person sees: hostile provider strings render as text, no provider script runs, the report's
// own script runs (under its CSP) and filters. Chromium is required: missing means failed.
#include <gtest/gtest.h>
#include <stdlib.h>

#include <algorithm>
#include <chrono>
#include <fstream>
#include <sstream>
#include <thread>

#include "reports/html_reporter.hpp"
#include "tests/reports/fixture_run.hpp"
#include "tests/reports/report_test_support.hpp"

namespace tfc::report {
namespace {

namespace fs = std::filesystem;

// Process ids whose command line mentions `needle` (our unique profile directory).
std::vector<std::string> processes_mentioning(const std::string& needle) {
  std::vector<std::string> pids;
  for (const auto& entry : fs::directory_iterator("/proc")) {
    const std::string pid = entry.path().filename().string();
    if (pid.find_first_not_of("0123456789") != std::string::npos) continue;
    std::string cmdline = testing::read_file(entry.path() / "cmdline");
    if (cmdline.find(needle) != std::string::npos) pids.push_back(pid);
  }
  return pids;
}

class ChromiumTest : public ::testing::Test {
protected:
  void SetUp() override {
    ASSERT_EQ(testing::run_command("command -v chromium >/dev/null 2>&1").exit_code, 0)
        << "chromium not found: apt-get install -y chromium (listed in the Makefile deps)";
    // One file per test: ctest runs the tests of this program in parallel processes.
    const std::string test = ::testing::UnitTest::GetInstance()->current_test_info()->name();
    m_report = testing::output_dir() / ("report-" + test + ".html");
    m_log = testing::output_dir() / ("chromium-" + test + ".log");
    std::ofstream out(m_report, std::ios::binary | std::ios::trunc);
    HtmlReporter(fixed_clock(testing::pinned_now())).write(testing::fixture_run(), out);
    out.close();
    std::string tmpl = (fs::temp_directory_path() / "tfc-chromium-XXXXXX").string();
    ASSERT_NE(::mkdtemp(tmpl.data()), nullptr);
    m_profile = tmpl;
  }

  void TearDown() override {
    // Chromium's helper processes end with the browser; give them a moment, then insist.
    auto left = processes_mentioning(m_profile.string());
    for (int i = 0; i < 50 && !left.empty(); ++i) {
      std::this_thread::sleep_for(std::chrono::milliseconds(100));
      left = processes_mentioning(m_profile.string());
    }
    EXPECT_TRUE(left.empty()) << left.size() << " chromium processes left behind";
    std::error_code ignored;
    fs::remove_all(m_profile, ignored);
  }

  // Runs headless Chromium on the report (with `fragment`) and returns its standard output.
  testing::CommandResult chromium(const std::string& action, const std::string& fragment = "") {
    const std::string url = "file://" + m_report.string() + fragment;
    return testing::run_command(
        "timeout -k 5 60 chromium --headless --no-sandbox --disable-gpu --disable-quic "
        "--no-first-run --disable-background-networking --disable-component-update "
        "--disable-sync --user-data-dir=" +
        testing::shell_quote(m_profile.string()) + " " + action + " " + testing::shell_quote(url) + " 2>>" +
        testing::shell_quote(m_log.string()));
  }

  // Replaces the report with one of `run`.
  void write_report(const RunReport& run) {
    std::ofstream out(m_report, std::ios::binary | std::ios::trunc);
    HtmlReporter(fixed_clock(testing::pinned_now())).write(run, out);
  }

  std::string dump_dom(const std::string& fragment = "") {
    const auto result = chromium("--dump-dom", fragment);
    EXPECT_EQ(result.exit_code, 0) << "chromium failed; see " << m_log;
    return result.output;
  }

  fs::path m_report;
  fs::path m_log;
  fs::path m_profile;
};

// Opening tags of the finding articles, in order.
std::vector<std::string> article_tags(const std::string& dom) {
  std::vector<std::string> tags;
  for (auto pos = dom.find("<article"); pos != std::string::npos; pos = dom.find("<article", pos + 1)) {
    tags.push_back(dom.substr(pos, dom.find('>', pos) - pos + 1));
  }
  return tags;
}

TEST_F(ChromiumTest, ProviderScriptShowsAsTextAndNeverRuns) {
  const std::string dom = dump_dom();
  ASSERT_FALSE(dom.empty());
  // Our own script ran (so the CSP hash matches) ...
  EXPECT_NE(dom.find("<html lang=\"en\" data-tfc-ready=\"1\">"), std::string::npos);
  EXPECT_NE(dom.find("showing 3 of 3 findings"), std::string::npos);
  // ... while the provider's script and image are text, not elements.
  EXPECT_NE(dom.find("&lt;script&gt;alert(\\\"x\\\")&lt;/script&gt;"), std::string::npos);
  EXPECT_NE(dom.find("&lt;img src=x onerror="), std::string::npos);
  EXPECT_EQ(dom.find("<img"), std::string::npos);
  EXPECT_EQ(dom.find("data-pwned=\""), std::string::npos);
  EXPECT_NE(dom.find("<title>tfconform report: registry.terraform.io/example/tfcfixture (failed)"
                     "</title>"),
            std::string::npos);
  std::size_t scripts = 0;
  for (auto pos = dom.find("<script"); pos != std::string::npos; pos = dom.find("<script", pos + 1)) {
    ++scripts;
  }
  EXPECT_EQ(scripts, 1u);
  // What a person reads first.
  EXPECT_NE(dom.find("FAILED: 2 errors, 1 warning; 9 scenarios"), std::string::npos);
  EXPECT_EQ(dom.find("hunter"), std::string::npos);
}

TEST_F(ChromiumTest, FilterBySeverityFromTheFragment) {
  const std::string dom = dump_dom("#severity=warning");
  const auto tags = article_tags(dom);
  ASSERT_EQ(tags.size(), 3u);
  EXPECT_NE(tags[0].find("hidden"), std::string::npos) << tags[0];
  EXPECT_EQ(tags[1].find("hidden"), std::string::npos) << tags[1];
  EXPECT_NE(tags[2].find("hidden"), std::string::npos) << tags[2];
  EXPECT_NE(dom.find("showing 1 of 3 findings"), std::string::npos);
}

TEST_F(ChromiumTest, FilterByRuleAndResource) {
  const auto tags = article_tags(dump_dom("#rule=apply.known_value_changed&resource=resource.tfc_secret"));
  ASSERT_EQ(tags.size(), 3u);
  EXPECT_NE(tags[0].find("hidden"), std::string::npos);
  EXPECT_NE(tags[1].find("hidden"), std::string::npos);
  EXPECT_EQ(tags[2].find("hidden"), std::string::npos);
  const std::string none = dump_dom("#rule=apply.known_value_changed&resource=resource.tfc_widget");
  EXPECT_NE(none.find("showing 0 of 3 findings"), std::string::npos);
  EXPECT_NE(none.find("<p id=\"no-match\">No finding matches the filter.</p>"), std::string::npos);
}

TEST_F(ChromiumTest, FilterByClass) {
  const auto tags = article_tags(dump_dom("#class=hygiene"));
  ASSERT_EQ(tags.size(), 3u);
  EXPECT_NE(tags[0].find("hidden"), std::string::npos);
  EXPECT_EQ(tags[1].find("hidden"), std::string::npos) << "the SHOULD-rule warning is hygiene";
  EXPECT_NE(tags[2].find("hidden"), std::string::npos);
}

// The fixture and `types` more resources: every third never validated (not exercised), every
// fifth with an error finding at its plan, the others reached at every step.
RunReport matrix_run(std::size_t types) {
  RunReport run = testing::fixture_run();
  for (std::size_t i = 0; i < types; ++i) {
    const bool never = i % 3 == 0;
    Suite suite{SuiteKind::resource, "tfc_t" + std::to_string(100 + i), {10, 0, never ? 0u : 10u, never ? 0u : 9u}, {}};
    const std::size_t n = never ? 0 : 9;
    suite.coverage.steps = {{"validated", n}, {"planned", n}, {"applied", n}, {"destroyed", n}};
    Scenario create{"create", Status::passed, "", {}, {}, {}};
    if (i % 5 == 1) {
      Finding f;
      f.rule_id = "plan.config_value_changed";
      f.rpc = "PlanResourceChange";
      f.resource_type = suite.name;
      for (std::size_t k = 0; k <= i / 5; ++k) create.findings.push_back(f);  // tfc_t106 has two, ...
    }
    suite.scenarios.push_back(create);
    run.suites.push_back(suite);
  }
  return run;
}

// The matrix's body rows as Chromium left them: each row's start tag and its first cell's text.
struct DomRow {
  std::string tag;
  std::string type;
};
std::vector<DomRow> matrix_rows(const std::string& dom) {
  std::vector<DomRow> rows;
  const auto body = dom.find("<tbody>", dom.find("<table id=\"matrix\">"));
  const auto end = dom.find("</tbody>", body);
  for (auto pos = dom.find("<tr", body); pos < end; pos = dom.find("<tr", pos + 1)) {
    const auto th = dom.find('>', dom.find("<th", pos)) + 1;
    rows.push_back({dom.substr(pos, dom.find('>', pos) - pos + 1), dom.substr(th, dom.find("</th>", th) - th)});
  }
  return rows;
}

std::size_t visible(const std::vector<DomRow>& rows) {
  return static_cast<std::size_t>(std::count_if(
      rows.begin(), rows.end(), [](const DomRow& r) { return r.tag.find("hidden") == std::string::npos; }));
}

TEST_F(ChromiumTest, MatrixHasARowPerTypeAndOpensWithWhatWasNeverReached) {
  write_report(matrix_run(30));
  const std::string dom = dump_dom();
  const auto rows = matrix_rows(dom);
  ASSERT_EQ(rows.size(), 33u) << "30 types and the fixture's three";
  EXPECT_EQ(visible(rows), 33u);
  // The ten not exercised first, those with more error findings before, then by name.
  EXPECT_EQ(rows[0].type, "resource.tfc_t121");
  EXPECT_EQ(rows[1].type, "resource.tfc_t106");
  EXPECT_EQ(rows[2].type, "resource.tfc_t100");
  EXPECT_EQ(rows[9].type, "resource.tfc_t127");
  EXPECT_NE(dom.find("<th class=\"u\">resource.tfc_t121</th>"), std::string::npos) << "marked not exercised";
  // Then the others, the most error findings first.
  EXPECT_EQ(rows[10].type, "resource.tfc_t126");
  EXPECT_EQ(rows[11].type, "resource.tfc_t116");
  EXPECT_NE(dom.find("showing 33 of 33 types"), std::string::npos);
  EXPECT_NE(dom.find("<div id=\"matrix-controls\" class=\"controls\">"), std::string::npos) << "the script shows them";
}

TEST_F(ChromiumTest, MatrixFiltersFromTheFragment) {
  write_report(matrix_run(30));
  auto rows = matrix_rows(dump_dom("#only=never"));
  EXPECT_EQ(visible(rows), 10u);
  rows = matrix_rows(dump_dom("#only=findings&kind=resource"));
  EXPECT_EQ(visible(rows), 8u) << "six of the thirty, the fixture's widget and secret";
  const std::string dom = dump_dom("#type=T12&only=never");
  EXPECT_EQ(visible(matrix_rows(dom)), 3u) << "tfc_t121, t124, t127; the name matches in any case";
  EXPECT_NE(dom.find("showing 3 of 33 types"), std::string::npos);
  // The findings filter keeps the matrix's keys, and the matrix the findings'.
  const std::string both = dump_dom("#only=never&severity=warning");
  EXPECT_NE(both.find("showing 1 of 24 findings"), std::string::npos) << "the fixture's warning";
  EXPECT_EQ(visible(matrix_rows(both)), 10u);
}

TEST_F(ChromiumTest, MatrixSortsByAColumnFromTheFragment) {
  write_report(matrix_run(30));
  std::string dom = dump_dom("#sort=-errors");
  auto rows = matrix_rows(dom);
  ASSERT_EQ(rows.size(), 33u);
  EXPECT_EQ(rows[0].type, "resource.tfc_t126") << "six error findings";
  EXPECT_NE(dom.find("<th tabindex=\"0\" aria-sort=\"descending\"><span>errors</span></th>"), std::string::npos);
  rows = matrix_rows(dump_dom("#sort=type"));
  EXPECT_EQ(rows[0].type, "data_source.tfc_lookup");
  EXPECT_EQ(rows[32].type, "resource.tfc_widget");
  // Ascending by a step: those that never reached it first, types without it last.
  rows = matrix_rows(dump_dom("#sort=applied"));
  EXPECT_EQ(rows[0].type, "resource.tfc_t121") << "ties keep the default order";
  EXPECT_EQ(rows[32].type, "data_source.tfc_lookup");
}

TEST_F(ChromiumTest, ScreenshotIsWritten) {
  const auto png = testing::output_dir() / "report-screenshot.png";
  fs::remove(png);
  const auto result =
      chromium("--hide-scrollbars --window-size=1280,2200 --screenshot=" + testing::shell_quote(png.string()));
  ASSERT_EQ(result.exit_code, 0);
  ASSERT_TRUE(fs::exists(png));
  EXPECT_GT(fs::file_size(png), 20000u);
  EXPECT_EQ(testing::read_file(png).substr(0, 8), "\x89PNG\r\n\x1a\n");
}

}  // namespace
}  // namespace tfc::report
