#include "conformance/suite/loud_evidence.hpp"

#include <gtest/gtest.h>

#include "conformance/suite/shrink_report.hpp"

namespace tfc::conformance {
namespace {

CaseFinding finding(const std::string& fingerprint, std::size_t answer) {
  CaseFinding f;
  f.scenario = "create";
  f.finding.fingerprint = fingerprint;
  f.finding.message = "quiet " + fingerprint;
  f.answer = answer;
  return f;
}

struct Plays {
  CaseOutcome quiet;
  std::vector<std::string> quiet_log = {"quiet line"};
  Played loud;
  Plays() {
    quiet.findings = {finding("a", 2), finding("b", 3)};
    quiet.log_marks = {1, 1, 1, 1};
    loud.outcome.findings = {finding("b", 5), finding("a", 4)};
    loud.outcome.findings[0].finding.message = "loud b";
    loud.outcome.log_marks = {3, 7, 9, 12, 20, 25};
    loud.log = std::vector<std::string>(30, "loud line");
  }
};

TEST(LoudEvidence, TheLoudPlaysLogAndStepsWithTheQuietPlaysFindings) {
  Plays p;
  const auto e = loud_evidence(p.quiet, p.quiet_log, {"a", "b"}, &p.loud);
  EXPECT_TRUE(e.replayed);
  EXPECT_FALSE(e.not_reproduced);
  EXPECT_EQ(e.log, p.loud.log);
  EXPECT_EQ(e.outcome.log_marks, p.loud.outcome.log_marks);
  ASSERT_EQ(e.outcome.findings.size(), 2u);
  EXPECT_EQ(e.outcome.findings[0].finding.message, "quiet a");  // the finding is the quiet play's
  EXPECT_EQ(e.outcome.findings[0].answer, 4u);                  // its step is its twin's
  EXPECT_EQ(e.outcome.findings[1].answer, 5u);
}

TEST(LoudEvidence, AFindingTheLoudPlayDidNotGiveKeepsTheQuietEvidenceAndSaysSo) {
  Plays p;
  p.loud.outcome.findings.pop_back();  // no "a"
  const auto e = loud_evidence(p.quiet, p.quiet_log, {"a", "b"}, &p.loud);
  EXPECT_FALSE(e.replayed);
  EXPECT_TRUE(e.not_reproduced);
  EXPECT_EQ(e.log, p.quiet_log);
  EXPECT_EQ(e.outcome.log_marks, p.quiet.log_marks);
  EXPECT_EQ(e.outcome.findings[1].answer, 3u);
}

TEST(LoudEvidence, OnlyTheFindingsAboutToBeReportedMustReproduce) {
  Plays p;
  p.loud.outcome.findings.pop_back();  // "a" was reported before: it need not come again
  EXPECT_TRUE(loud_evidence(p.quiet, p.quiet_log, {"b"}, &p.loud).replayed);
}

TEST(LoudEvidence, NothingNewOrAStoppedPlayLeavesTheQuietEvidenceUnmarked) {
  Plays p;
  auto e = loud_evidence(p.quiet, p.quiet_log, {}, &p.loud);
  EXPECT_FALSE(e.replayed || e.not_reproduced);
  EXPECT_EQ(e.log, p.quiet_log);
  p.loud.stopped = true;
  e = loud_evidence(p.quiet, p.quiet_log, {"a"}, &p.loud);
  EXPECT_FALSE(e.replayed || e.not_reproduced);
}

TEST(LoudEvidence, NoLoudPlayAtAllIsNotReproduced) {
  Plays p;
  const auto e = loud_evidence(p.quiet, p.quiet_log, {"a"}, nullptr);
  EXPECT_TRUE(e.not_reproduced);
  EXPECT_EQ(e.log, p.quiet_log);
}

// A finding reported unshrunk, or of one rule, keeps what its reproduction needs from the case:
// the import ID it used and the updates the provider refused (left out of the reproduction).
TEST(CaseEvidenceOutcome, KeepsWhatTheReproductionNeedsFromTheCase) {
  CaseOutcome played;
  played.refused_updates = {0, 2};
  played.import_id_attributes = {"create_duration", "destroy_duration"};
  played.import_id_separator = ':';
  played.findings = {finding("aaaa", 1)};
  played.findings.front().finding.severity = report::Severity::error;
  played.findings.front().finding.rule_id = "plan_final.known_value_changed";
  for (const CaseOutcome& kept : {without_findings(played), of_rule(played, "plan_final.known_value_changed")}) {
    EXPECT_EQ(kept.refused_updates, played.refused_updates);
    EXPECT_EQ(kept.import_id_attributes, played.import_id_attributes);
    EXPECT_EQ(kept.import_id_separator, ':');
  }
  EXPECT_TRUE(without_findings(played).findings.empty());
  EXPECT_EQ(of_rule(played, "plan_final.known_value_changed").findings.size(), 1u);
}

}  // namespace
}  // namespace tfc::conformance
