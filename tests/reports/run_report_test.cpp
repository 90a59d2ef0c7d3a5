#include "reports/run_report.hpp"

#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <algorithm>
#include <cstdio>

#include "tests/reports/fixture_run.hpp"

namespace tfc::report {
namespace {

TEST(RunReport, TotalsCountScenariosAndFindings) {
  const RunReport run = testing::fixture_run();
  const Totals t = totals_of(run);
  EXPECT_EQ(t.scenarios, 9u);
  EXPECT_EQ(t.passed, 5u);
  EXPECT_EQ(t.failed, 2u);
  EXPECT_EQ(t.skipped, 1u);
  EXPECT_EQ(t.errored, 1u);
  EXPECT_EQ(t.error_findings, 2u);
  EXPECT_EQ(t.warning_findings, 1u);
  const Totals widget = totals_of(run.suites[1]);
  EXPECT_EQ(widget.scenarios, 5u);
  EXPECT_EQ(widget.duration.count(), 850 + 1250 + 300 + 0 + 421);
  EXPECT_TRUE(run_failed(run));
}

TEST(RunReport, AllPassingRunIsNotFailed) {
  RunReport run;
  run.suites.push_back({SuiteKind::resource, "r", {}, {{"create", Status::passed, "", {}, {}, {}}}});
  EXPECT_FALSE(run_failed(run));
  run.suites[0].scenarios[0].findings.push_back({});  // an error finding
  EXPECT_TRUE(run_failed(run));
}

TEST(RunReport, FindingsByRuleAreSortedAndCounted) {
  const auto rules = findings_by_rule(testing::fixture_run());
  ASSERT_EQ(rules.size(), 3u);
  EXPECT_EQ(rules[0].rule_id, "apply.known_value_changed");
  EXPECT_EQ(rules[1].rule_id, "plan.config_value_changed");
  EXPECT_EQ(rules[2].rule_id, "read.normalization_not_preserved");
  EXPECT_EQ(rules[2].severity, Severity::warning);
  EXPECT_EQ(rules[1].count, 1u);
}

TEST(RunReport, AllFindingsKeepReportOrderAndContext) {
  const RunReport run = testing::fixture_run();
  const auto refs = all_findings(run);
  ASSERT_EQ(refs.size(), 3u);
  EXPECT_EQ(suite_label(*refs[0].suite), "resource.tfc_widget");
  EXPECT_EQ(refs[0].scenario->name, "update");
  EXPECT_EQ(refs[2].finding->rule_id, "apply.known_value_changed");
}

TEST(RunReport, SensitiveValuesAreRedacted) {
  Finding f;
  f.sensitive = true;
  EXPECT_EQ(shown_value(f, "hunter2"), kRedacted);
  EXPECT_EQ(shown_json(f, "hunter2"), kRedacted);
  EXPECT_EQ(shown_value(f, nullptr), "");  // nothing to hide: no placeholder either
  EXPECT_TRUE(shown_json(f, nullptr).is_null());
  f.sensitive = false;
  EXPECT_EQ(shown_value(f, "hunter2"), "\"hunter2\"");
  EXPECT_EQ(shown_json(f, "hunter2"), "hunter2");
}

TEST(RunReport, ValuesShowAsIndentedJsonText) {
  const nlohmann::json value = {{"name", "a"}, {"ports", {80, 443}}};
  EXPECT_EQ(value_text(value), "{\n  \"name\": \"a\",\n  \"ports\": [\n    80,\n    443\n  ]\n}");
  EXPECT_EQ(value_text(nullptr), "");  // absent
  // A provider's invalid UTF-8 must not lose the finding to an exception.
  EXPECT_EQ(value_text(std::string("\xff")), "\"\xEF\xBF\xBD\"");
}

// A suite of `kind` with `cases` cases, `planned`/`applied` counted, and these step counts.
Suite covered(SuiteKind kind, std::size_t cases, std::size_t planned, std::size_t applied,
              std::vector<std::pair<std::string, std::size_t>> steps) {
  Suite s{kind, "t", {cases, cases - planned, planned, applied}, {}};
  s.coverage.steps = std::move(steps);
  return s;
}

std::vector<std::string> missed_texts(const RunReport& run) {
  std::vector<std::string> out;
  for (const Unexercised& u : unexercised(run))
    out.push_back(u.missed + (u.at_apply ? " [apply]" : "") + ": " + unexercised_sentence(u));
  return out;
}

TEST(RunReport, CoverageNamesTheFirstStepNoCaseReachedInEveryFamily) {
  RunReport run;
  run.options.apply = true;
  // An action validated in every case but never planned (it used to say "never validated").
  run.suites.push_back(covered(SuiteKind::action, 25, 0, 0, {{"validated", 25}, {"planned", 0}, {"invoked", 0}}));
  run.suites.push_back(covered(SuiteKind::action, 4, 4, 0, {{"validated", 4}, {"planned", 4}, {"invoked", 0}}));
  run.suites.push_back(
      covered(SuiteKind::resource, 3, 3, 0, {{"validated", 3}, {"planned", 3}, {"applied", 0}, {"destroyed", 0}}));
  run.suites.push_back(covered(SuiteKind::resource, 2, 0, 0, {{"validated", 0}, {"planned", 0}, {"applied", 0}}));
  run.suites.push_back(covered(SuiteKind::ephemeral_resource, 5, 5, 0, {{"validated", 5}, {"opened", 0}}));
  run.suites.push_back(covered(SuiteKind::data_source, 6, 6, 0, {{"validated", 6}, {"read", 0}}));
  run.suites.push_back(covered(SuiteKind::function, 7, 0, 0, {{"called", 0}}));
  run.suites.push_back(covered(SuiteKind::list_resource, 8, 8, 0, {{"validated", 8}, {"listed", 0}}));
  run.suites.push_back(covered(SuiteKind::resource, 9, 0, 0, {}));  // an earlier report: no steps
  EXPECT_EQ(missed_texts(run), (std::vector<std::string>{
                                   "never planned: never planned in 25 cases (validated in 25)",
                                   "never invoked [apply]: never invoked in 4 cases (planned in 4)",
                                   "never applied [apply]: never applied in 3 cases (planned in 3)",
                                   "never validated: never validated in 2 cases",
                                   "never opened [apply]: never opened in 5 cases (validated in 5)",
                                   "never read: never read in 6 cases (validated in 6)",
                                   "never called: never called in 7 cases",
                                   "never planned: never planned in 9 cases",
                               }));
}

TEST(RunReport, ReplayCommandIsTheOneTheRunGaveOrWhyThereIsNone) {
  Finding f;
  f.replay_command_line = "tfconform run --provider /p --replay v3.x";
  EXPECT_EQ(replay_command(f), "") << "no token, nothing to replay";
  EXPECT_EQ(replay_text(f), "");
  f.replay_token = "v3.x";
  EXPECT_EQ(replay_command(f), "tfconform run --provider /p --replay v3.x");
  EXPECT_EQ(replay_text(f), replay_command(f));
  f.replay_command_line.clear();
  f.replay_not_runnable = "no command: attached";
  EXPECT_EQ(replay_command(f), "");
  EXPECT_EQ(replay_text(f), "no command: attached");
}

TEST(RunReport, ShellQuotingLeavesSafeWordsAlone) {
  EXPECT_EQ(shell_quoted("v1.42.7.ab12"), "v1.42.7.ab12");
  EXPECT_EQ(shell_quoted("NAME=/tmp/a,b:c+d"), "NAME=/tmp/a,b:c+d");
  EXPECT_EQ(shell_quoted("a b'c;rm"), "'a b'\\''c;rm'");
  EXPECT_EQ(shell_quoted(""), "''");
  EXPECT_EQ(shell_command({"tfconform", "run", "--env", "A=x y"}), "tfconform run --env 'A=x y'");
}

// What /bin/sh makes of shell_command(words): the words it passes to a program, NUL-separated
// in printf's output (so a word may hold newlines); `-` first, as printf prints its format once
// even without words.
std::vector<std::string> words_through_sh(const std::vector<std::string>& words) {
  const std::string script = "printf '%s\\0' - " + shell_command(words);
  const std::string command = "/bin/sh -c " + shell_quoted(script);
  std::FILE* pipe = ::popen(command.c_str(), "r");
  std::string out;
  char buf[4096];
  for (std::size_t n; pipe && (n = std::fread(buf, 1, sizeof buf, pipe)) > 0;) out.append(buf, n);
  if (pipe) ::pclose(pipe);
  std::vector<std::string> back;
  for (std::size_t start = 0, end; (end = out.find('\0', start)) != std::string::npos; start = end + 1)
    back.push_back(out.substr(start, end - start));
  if (!back.empty()) back.erase(back.begin());
  return back;
}

RC_GTEST_PROP(RunReport, TheShellGivesBackEveryWordAsItWas, (std::vector<std::string> words)) {
  for (auto& w : words) w.erase(std::remove(w.begin(), w.end(), '\0'), w.end());  // no C string holds one
  RC_ASSERT(words_through_sh(words) == words);
}

TEST(RunReport, FormatsTimesForJunitAndJson) {
  const auto t =
      std::chrono::system_clock::time_point(std::chrono::seconds(1767323045)) + std::chrono::milliseconds(999);
  EXPECT_EQ(format_timestamp(t, false), "2026-01-02T03:04:05");
  EXPECT_EQ(format_timestamp(t, true), "2026-01-02T03:04:05Z");
  EXPECT_EQ(format_seconds(std::chrono::milliseconds(1250)), "1.250");
  EXPECT_EQ(format_seconds(std::chrono::milliseconds(7)), "0.007");
  EXPECT_EQ(format_seconds(std::chrono::milliseconds(-5)), "0.000");
}

TEST(RunReport, NamesAreStable) {
  EXPECT_EQ(to_string(SuiteKind::data_source), "data_source");
  EXPECT_EQ(to_string(SuiteKind::function), "function");
  EXPECT_EQ(to_string(SuiteKind::ephemeral_resource), "ephemeral_resource");
  EXPECT_EQ(to_string(SuiteKind::list_resource), "list_resource");
  EXPECT_EQ(to_string(SuiteKind::action), "action");
  EXPECT_EQ(to_string(Status::skipped), "skipped");
  EXPECT_EQ(to_string(Severity::warning), "warning");
}

}  // namespace
}  // namespace tfc::report
