#pragma once
// A finding's log when the search plays quietly (--provider-log failures, docs/provider-logs.md):
// the case is played once more on a provider started with its logging on, and when that play
// gives the same findings (same fingerprints) its log, cut at the failing steps it marked, is
// the evidence; when it does not, the quiet play stays the evidence and the finding says so.

#include <set>
#include <string>
#include <vector>

#include "conformance/core/case_outcome.hpp"
#include "conformance/suite/played_case.hpp"

namespace tfc::conformance {

struct LoudEvidence {
  CaseOutcome outcome;  // the quiet play's findings; the log marks of the play `log` is from
  std::vector<std::string> log;
  bool replayed = false;        // the log is the loud play's
  bool not_reproduced = false;  // the loud play did not give every finding in `fresh`
};

/// The evidence for the findings of `quiet` whose fingerprints are in `fresh` (those about to be
/// reported), from the loud play of the same case (null: none could be played). The findings
/// themselves are always the quiet play's; each takes the judged answer of its twin in the loud
/// play, so that the loud log is cut at its failing step.
LoudEvidence loud_evidence(const CaseOutcome& quiet, const std::vector<std::string>& quiet_log,
                           const std::set<std::string>& fresh, const Played* loud);

}  // namespace tfc::conformance
