#include "reports/markdown_summary_reporter.hpp"

#include <algorithm>

#include "reports/xml_writer.hpp"

namespace tfc::report {

namespace {

std::string code(std::string_view text) { return "<code>" + markdown_cell(text) + "</code>"; }

void write_overview(const RunReport& run, std::ostream& out) {
  const Totals t = totals_of(run);
  const Verdict verdict = verdict_of(run);
  out << "## tfconform: "
      << (verdict == Verdict::failed       ? "FAILED"
          : verdict == Verdict::incomplete ? "INCOMPLETE"
                                           : "passed")
      << " \xE2\x80\x94 " << plural(t.error_findings, "error") << ", " << plural(t.warning_findings, "warning")
      << "\n\n";
  for (const std::string& why : incompleteness(run)) out << "**Incomplete:** " << markdown_cell(why) << "\n\n";
  out << "Provider " << code(run.provider.address) << " (protocol " << run.provider.protocol_version << "), seed "
      << code(std::to_string(run.seed)) << (run.core.empty() ? "" : ", core " + code(run.core)) << ": "
      << totals_sentence(t) << ", in " << format_seconds(run.duration) << " s.\n\n";
  if (const auto missed = unexercised(run); !missed.empty()) {
    out << "**Not exercised** (" << missed.size() << " of the selected types):\n\n";
    for (const auto& u : missed)
      out << "- " << code(suite_label(*u.suite)) << ": " << markdown_cell(unexercised_sentence(u)) << "\n";
    out << "\n";
  }
  out << "| suite | passed | failed | skipped | errored | findings | cases generated |\n"
      << "|---|--:|--:|--:|--:|--:|--:|\n";
  for (const Suite& suite : run.suites) {
    const Totals s = totals_of(suite);
    out << "| " << markdown_cell(suite_label(suite)) << " | " << s.passed << " | " << s.failed << " | " << s.skipped
        << " | " << s.errored << " | " << s.error_findings + s.warning_findings << " | "
        << suite.coverage.cases_generated << " |\n";
  }
  out << '\n';
}

void write_rules(const RunReport& run, std::ostream& out) {
  const auto rules = findings_by_rule(run);
  if (rules.empty()) return;
  out << "### Findings by rule\n\n| rule | severity | findings |\n|---|---|--:|\n";
  for (const RuleCount& rc : rules) {
    out << "| " << code(rc.rule_id) << " | " << to_string(rc.severity) << " | " << rc.count << " |\n";
  }
  out << '\n';
}

void write_findings(const RunReport& run, std::ostream& out) {
  const auto findings = all_findings(run);
  if (findings.empty()) return;
  out << "### Findings\n\n| severity | class | rule | resource | scenario | path | message |\n"
      << "|---|---|---|---|---|---|---|\n";
  std::size_t rows = 0;
  for (const FindingRef& ref : findings) {
    if (rows++ == MarkdownSummaryReporter::kMaxFindingRows) break;
    const Finding& f = *ref.finding;
    std::string message = caveat_tags(f).empty() ? f.message : caveat_tags(f) + " " + f.message;
    if (f.violations.size() > 1) message += " (and " + plural(f.violations.size() - 1, "more path") + ")";
    if (f.occurrences > 1) message += " [" + std::to_string(f.occurrences) + " cases]";
    for (const Confirmation& c : f.confirmations)
      message += " [" + c.cli + ": " + std::string(to_string(c.verdict)) + "]";
    for (const DistinctViolation& d : f.distinct_violations)
      message += " [also, case " + std::to_string(d.found_at_case) + ": " + d.message + "]";
    out << "| " << (f.baseline == BaselineState::known ? std::string("known") : std::string(to_string(f.severity)))
        << " | " << to_string(f.finding_class) << " | " << code(f.rule_id) << " | "
        << markdown_cell(suite_label(*ref.suite)) << " | " << markdown_cell(ref.scenario->name) << " | " << code(f.path)
        << " | " << markdown_cell(message) << " |\n";
  }
  if (findings.size() > MarkdownSummaryReporter::kMaxFindingRows) {
    out << "\n\xE2\x80\xA6 and " << findings.size() - MarkdownSummaryReporter::kMaxFindingRows
        << " more findings: see the HTML or JSON report.\n";
  }
  out << "\n<details><summary>Replay a finding</summary>\n\n";
  rows = 0;
  std::vector<std::string> seen;  // one line per case: a case's findings share their token
  for (const FindingRef& ref : findings) {
    if (rows++ == MarkdownSummaryReporter::kMaxFindingRows) break;
    const std::string command = replay_text(*ref.finding);
    if (command.empty() || std::find(seen.begin(), seen.end(), command) != seen.end()) continue;
    seen.push_back(command);
    out << "- " << code(ref.finding->rule_id) << " in " << markdown_cell(suite_label(*ref.suite)) << " / "
        << markdown_cell(ref.scenario->name) << ": " << code(command) << '\n';
  }
  out << "\n</details>\n\n";
}

// The author's examples per type (--examples), folded away: which the provider refused.
void write_examples(const RunReport& run, std::ostream& out) {
  std::size_t found = 0;
  std::size_t accepted = 0;
  for (const Suite& suite : run.suites) {
    if (!suite.example) continue;
    ++found;
    if (suite.example->outcome == "accepted") ++accepted;
  }
  if (found == 0) return;
  out << "<details><summary>Author's examples: " << accepted << " of " << plural(found, "type")
      << " accepted</summary>\n\n| suite | found | first case from | outcome |\n|---|---|---|---|\n";
  for (const Suite& suite : run.suites) {
    if (!suite.example) continue;
    std::string outcome = suite.example->outcome;
    if (!suite.example->refusal.empty()) outcome += ": " + suite.example->refusal;
    out << "| " << markdown_cell(suite_label(suite)) << " | " << suite.example->found << " | "
        << markdown_cell(suite.example->source) << " | " << markdown_cell(outcome) << " |\n";
  }
  out << "\n</details>\n\n";
}

// What the suites learned from refusals, folded away: useful when writing hints by hand.
void write_learned(const RunReport& run, std::ostream& out) {
  std::size_t total = 0;
  for (const Suite& suite : run.suites) total += suite.learned.size();
  if (total == 0) return;
  out << "<details><summary>Learned from refusals (" << plural(total, "rule") << ")</summary>\n\n"
      << "| suite | attribute | rule | source |\n|---|---|---|---|\n";
  std::size_t rows = 0;
  for (const Suite& suite : run.suites) {
    for (const LearnedRule& r : suite.learned) {
      if (rows++ == MarkdownSummaryReporter::kMaxFindingRows) break;
      out << "| " << markdown_cell(suite_label(suite)) << " | " << code(r.attribute) << " | " << markdown_cell(r.rule)
          << " | " << markdown_cell(r.source) << " |\n";
    }
  }
  if (total > MarkdownSummaryReporter::kMaxFindingRows) {
    out << "\n\xE2\x80\xA6 and " << total - MarkdownSummaryReporter::kMaxFindingRows
        << " more: see the HTML or JSON report, or write them out with --write-hints.\n";
  }
  out << "\n</details>\n\n";
}

}  // namespace

std::string markdown_cell(std::string_view text) {
  const std::string clean = sanitize_text(text);
  std::string out;
  out.reserve(clean.size());
  for (char c : clean) {
    switch (c) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += "&quot;"; break;
      case '\n': out += "<br>"; break;
      case '\r': break;
      case '|':
      case '\\':
      case '*':
      case '_':
      case '`':
      case '[':
      case ']':
      case '~':
      case '#':
      case '!': out += "&#" + std::to_string(static_cast<int>(c)) + ';'; break;
      default: out += c;
    }
  }
  return out;
}

void MarkdownSummaryReporter::write(const RunReport& run, std::ostream& out) const {
  write_overview(run, out);
  write_rules(run, out);
  write_findings(run, out);
  write_examples(run, out);
  write_learned(run, out);
  out << "<sub>tfconform " << markdown_cell(run.tool_version) << ", report generated "
      << format_timestamp(m_clock(), true) << "</sub>\n";
}

}  // namespace tfc::report
