#include "reports/finding_text.hpp"

#include <sstream>

namespace tfc::report {

namespace {

void write_block(std::ostringstream& out, std::string_view label, std::string_view value) {
  if (value.empty()) return;
  out << label << ":";
  if (value.find('\n') == std::string_view::npos) {
    out << ' ' << value << '\n';
    return;
  }
  out << '\n';
  std::size_t start = 0;
  while (start < value.size()) {
    const std::size_t end = value.find('\n', start);
    const std::string_view line =
        value.substr(start, end == std::string_view::npos ? std::string_view::npos : end - start);
    out << "  " << line << '\n';
    if (end == std::string_view::npos) break;
    start = end + 1;
  }
}

}  // namespace

std::string finding_headline(const Finding& finding) {
  std::string out = finding.rule_id;
  if (!finding.path.empty()) out += ": " + finding.path;
  return out + ": " + finding.message;
}

std::string finding_as_text(const Finding& f) {
  std::ostringstream out;
  out << to_string(f.severity) << ' ' << finding_headline(f) << '\n';
  // The crash's own words come right after the headline, as Terraform prints them.
  for (const std::string& line : f.crash_output) out << "  " << line << '\n';
  out << "rpc: " << f.rpc << ", step: " << f.step << ", resource type: " << f.resource_type
      << ", enforced by: " << (f.cores.empty() ? "none" : f.cores) << '\n';
  out << "class: " << to_string(f.finding_class);
  if (!f.fingerprint.empty()) out << ", fingerprint: " << f.fingerprint;
  if (f.baseline != BaselineState::untracked) out << ", baseline: " << to_string(f.baseline);
  if (f.occurrences > 1) out << ", met in " << f.occurrences << " cases";
  out << '\n';
  if (f.violations.size() > 1) {
    out << "paths:";
    for (const PathMessage& v : f.violations) out << ' ' << (v.path.empty() ? "(root)" : v.path);
    out << '\n';
  }
  for (const DistinctViolation& d : f.distinct_violations) {
    out << "also, in case " << d.found_at_case << ": " << (d.path.empty() ? "(root)" : d.path) << ": " << d.message
        << '\n';
    if (d.counterexample)
      write_block(out, "  its case (" + plural(d.counterexample->attribute_count, "attribute") + ")",
                  d.counterexample->configuration);
    if (!d.replay_token.empty()) out << "  its replay token: " << d.replay_token << '\n';
  }
  for (const Confirmation& c : f.confirmations) {
    write_block(out, c.cli + ": " + std::string(to_string(c.verdict)), c.quote.empty() ? "-" : c.quote);
  }
  for (const std::string& caveat : finding_caveats(f)) out << "note: " << caveat << '\n';
  if (f.log_replayed) out << "provider log: from the case played again with the provider's logging on\n";
  write_block(out, "request", shown_value(f, f.request));
  write_block(out, "response", shown_value(f, f.response));
  write_block(out, "expected", shown_compared(f, f.values.expected));
  write_block(out, "actual", shown_compared(f, f.values.actual));
  if (!f.values.differing_paths.empty()) {
    out << "differing paths:";
    for (const std::string& p : f.values.differing_paths) out << ' ' << p;
    out << '\n';
  }
  if (f.counterexample) {
    write_block(out, "counterexample (" + plural(f.counterexample->attribute_count, "attribute") + ")",
                f.counterexample->configuration);
  }
  out << "seed: " << f.seed << '\n';
  const std::string replay = replay_text(f);
  if (!replay.empty()) out << "replay: " << replay << '\n';
  return out.str();
}

}  // namespace tfc::report
