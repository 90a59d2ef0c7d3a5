// From one played case to the suite's findings (see case_report.hpp).
#include "conformance/suite/case_report.hpp"

#include <algorithm>
#include <set>

#include "conformance/suite/case_schedule.hpp"
#include "conformance/suite/crash_output.hpp"
#include "oracle/rule_id.hpp"
#include "reports/violation_kind.hpp"

namespace tfc::conformance {
namespace {

constexpr std::string_view kCrashRule = oracle::rule_text("rpc.crashed");
constexpr std::string_view kOutOfMemoryRule = oracle::rule_text("rpc.out_of_memory");

/// The lines logged by the call whose answer was judged `answer`th, up to the next judged
/// answer (for a lost process, the end of its log).
std::vector<std::string> call_log(const std::vector<std::string>& log, const std::vector<std::size_t>& marks,
                                  std::size_t answer) {
  const std::size_t end = std::min(answer + 1 < marks.size() ? marks[answer + 1] : log.size(), log.size());
  const std::size_t begin = std::min(answer >= 1 && answer - 1 < marks.size() ? marks[answer - 1] : 0, end);
  return {log.begin() + static_cast<std::ptrdiff_t>(begin), log.begin() + static_cast<std::ptrdiff_t>(end)};
}

/// The lines logged by the failing call and the one before it (a final plan's initial plan,
/// an apply's plan; a comparison of two plans is an answer of its own, without a call), up to
/// the next judged answer (a line may arrive a little after its answer), at most
/// kExcerptLines of them; the whole log too. A call's lines come after the mark of the answer
/// judged before it started.
void attach_log(report::Finding& finding, const std::vector<std::string>& log, const std::vector<std::size_t>& marks,
                std::size_t answer) {
  constexpr std::size_t kExcerptLines = 100;
  if (log.empty()) return;
  std::size_t begin = answer > 2 && answer - 3 < marks.size() ? marks[answer - 3] : 0;
  std::size_t end = answer + 1 < marks.size() ? marks[answer + 1] : log.size();
  end = std::min(end, log.size());
  begin = std::min(begin, end);
  if (end - begin > kExcerptLines) begin = end - kExcerptLines;
  finding.log_excerpt.assign(log.begin() + static_cast<std::ptrdiff_t>(begin),
                             log.begin() + static_cast<std::ptrdiff_t>(end));
  finding.log_total_lines = log.size();
  finding.full_log = log;
}

}  // namespace

void keep_distinct(report::Finding& seen, const report::Finding& later, const ReplayToken& token,
                   std::size_t case_number, const std::function<report::Counterexample()>& example) {
  std::vector<report::PathMessage> violations = later.violations;
  if (violations.empty()) violations.push_back({later.path, later.message});
  std::optional<report::Counterexample> described;  // described once, when first needed
  for (const auto& v : violations) {
    std::string kind = report::violation_kind(v.message);
    if (!report::wants_kind(seen, kind)) continue;
    if (!described) described = example();
    report::add_distinct_violation(seen, report::DistinctViolation{std::move(kind), v.path, v.message, case_number,
                                                                   format_token(token), described});
  }
}

void report_case(FindingBook& book, const CaseEvidence& e) {
  const std::string formatted = format_token(e.token);
  bool first = true;
  std::set<std::string> counted;
  for (const auto& f : e.outcome.findings) {
    if (report::Finding* seen = book.reported(f.finding)) {
      if (counted.insert(seen->fingerprint).second) ++seen->occurrences;
      keep_distinct(*seen, f.finding, e.token, e.case_number, [&e] { return e.example; });
      continue;
    }
    report::Finding finding = f.finding;
    finding.found_at_case = e.case_number;
    finding.shrink_attempts = e.attempts;
    finding.seed = case_seed(e.token.seed, e.token.kind, e.token.type_name, e.token.index);
    finding.extreme_values = e.token.extreme;
    finding.replay_token = formatted;
    finding.counterexample = e.example;
    finding.log_replayed = e.log_replayed;
    finding.log_not_reproduced = e.log_not_reproduced;
    // Findings Core itself would meet get a reproduction: contract breaks, and crashes or
    // hangs on an input (a hang says why it is not expressible).
    // The other families have no reproductions yet (confirm says so).
    if (e.reproduce && (finding.finding_class == report::FindingClass::contract ||
                        finding.finding_class == report::FindingClass::robustness))
      finding.reproduction = e.reproduce(f, finding);
    if (finding.rule_id == kCrashRule || finding.rule_id == kOutOfMemoryRule)
      open_with_crash(finding, go_crash_report(call_log(e.log, e.outcome.log_marks, f.answer)), e.plugin);
    if (first) attach_log(finding, e.log, e.outcome.log_marks, f.answer);
    first = false;
    counted.insert(book.add(f.scenario, std::move(finding), e.aliases).fingerprint);
  }
}

}  // namespace tfc::conformance
