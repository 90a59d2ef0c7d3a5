#include "reports/console_progress.hpp"

#include <fcntl.h>
#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdlib>
#include <sstream>

#include "tests/reports/fixture_run.hpp"
#include "tests/reports/report_test_support.hpp"

namespace tfc::report {
namespace {

// Replays the fixture run through a listener the way the suite would.
std::string console_of(ConsoleStyle style) {
  const RunReport run = testing::fixture_run();
  std::ostringstream out;
  ConsoleProgress progress(out, style);
  std::size_t total = 0;
  for (const Suite& suite : run.suites) total += suite.scenarios.size();
  std::size_t index = 0;
  for (const Suite& suite : run.suites) {
    const std::string label = suite_label(suite);
    for (const Scenario& scenario : suite.scenarios) {
      const CaseEvent event{label, scenario.name, ++index, total};
      progress.case_started(event);
      progress.case_finished(event, scenario.status, scenario.findings.size());
    }
  }
  progress.run_finished(run);
  return out.str();
}

TEST(ConsoleProgress, NonTerminalOutputMatchesGoldenFile) {
  EXPECT_TRUE(testing::matches_golden("console.approved.txt", console_of({false, false})));
}

TEST(ConsoleProgress, NonTerminalPrintsNoLiveLineAndNoEscapes) {
  const std::string out = console_of({false, false});
  EXPECT_EQ(out.find('\r'), std::string::npos);
  EXPECT_EQ(out.find('\x1b'), std::string::npos);
  EXPECT_EQ(out.rfind("SEVERITY  CLASS", 0), 0u);
}

TEST(ConsoleProgress, TerminalRedrawsOneLineAndKeepsFailures) {
  const std::string out = console_of({true, false});
  EXPECT_NE(out.find("\r\x1b[2K[1/9] provider.tfcfixture schema"), std::string::npos);
  EXPECT_NE(out.find("\r\x1b[2KFAIL resource.tfc_widget update (1 finding)\n"), std::string::npos);
  EXPECT_NE(out.find("\r\x1b[2KERROR resource.tfc_widget lifecycle sequence (0 findings)\n"), std::string::npos);
  EXPECT_NE(out.find("[9/9] data_source.tfc_lookup read  3 failed, 3 findings"), std::string::npos);
  EXPECT_EQ(out.find("\x1b[31m"), std::string::npos) << "no colour without the color style";
}

TEST(ConsoleProgress, ColourOnlyWhenEnabled) {
  const std::string out = console_of({true, true});
  EXPECT_NE(out.find("\x1b[31mFAIL\x1b[0m"), std::string::npos);
  EXPECT_NE(out.find("\x1b[31mFAILED\x1b[0m: 2 errors"), std::string::npos);
  EXPECT_NE(out.find("\x1b[33mwarning\x1b[0m"), std::string::npos);
}

TEST(ConsoleProgress, ProviderTextCannotDriveTheTerminal) {
  std::ostringstream out;
  ConsoleProgress progress(out, {true, true});
  progress.case_started({"resource.x\x1b]0;title\x07", "a\nb\rc", 1, 1});
  EXPECT_EQ(out.str(), "\r\x1b[2K[1/1] resource.x\\u001b]0;title\\u0007 a b c");
}

TEST(FindingsTable, CutsLongCellsAndSaysWhenThereAreNoFindings) {
  RunReport run;
  std::ostringstream empty;
  print_findings_table(run, empty, false);
  EXPECT_EQ(empty.str().rfind("no findings\n\nPASSED: 0 errors", 0), 0u);
  Finding f;
  f.rule_id = "rule.x";
  f.message = std::string(300, 'm');
  run.suites.push_back({SuiteKind::resource, "r", {}, {{"create", Status::failed, "", {}, {}, {f}}}});
  std::ostringstream out;
  print_findings_table(run, out, false);
  EXPECT_NE(out.str().find(std::string(99, 'm') + "\xE2\x80\xA6\n"), std::string::npos);
  EXPECT_NE(out.str().find("(root)"), std::string::npos);
}

class ConsoleStyleTest : public ::testing::Test {
protected:
  void SetUp() override {
    const char* old = std::getenv("NO_COLOR");
    m_had = old != nullptr;
    if (m_had) m_old = old;
    m_master = ::posix_openpt(O_RDWR | O_NOCTTY);
    ASSERT_GE(m_master, 0);
    ASSERT_EQ(::grantpt(m_master), 0);
    ASSERT_EQ(::unlockpt(m_master), 0);
    m_tty = ::open(::ptsname(m_master), O_RDWR | O_NOCTTY);
    ASSERT_GE(m_tty, 0);
    ASSERT_EQ(::pipe(m_pipe), 0);
  }
  void TearDown() override {
    if (m_had) {
      ::setenv("NO_COLOR", m_old.c_str(), 1);
    } else {
      ::unsetenv("NO_COLOR");
    }
    for (int fd : {m_master, m_tty, m_pipe[0], m_pipe[1]}) {
      if (fd >= 0) ::close(fd);
    }
  }
  bool m_had = false;
  std::string m_old;
  int m_master = -1;
  int m_tty = -1;
  int m_pipe[2] = {-1, -1};
};

TEST_F(ConsoleStyleTest, LiveOnlyOnATerminalAndNoColorHonoured) {
  ::unsetenv("NO_COLOR");
  EXPECT_TRUE(detect_console_style(m_tty).live);
  EXPECT_TRUE(detect_console_style(m_tty).color);
  EXPECT_FALSE(detect_console_style(m_pipe[1]).live);
  EXPECT_FALSE(detect_console_style(m_pipe[1]).color);
  ::setenv("NO_COLOR", "1", 1);
  EXPECT_TRUE(detect_console_style(m_tty).live);
  EXPECT_FALSE(detect_console_style(m_tty).color);
  ::setenv("NO_COLOR", "", 1);  // an empty NO_COLOR does not disable colour (no-color.org)
  EXPECT_TRUE(detect_console_style(m_tty).color);
}

}  // namespace
}  // namespace tfc::report
