#include <algorithm>
#include <array>
#include <cctype>
#include <string>
#include <vector>

#include "reports/console_progress.hpp"
#include "reports/terminal_colours.hpp"
#include "reports/xml_writer.hpp"

namespace tfc::report {

namespace {

constexpr std::size_t kColumns = 7;
constexpr std::array<std::string_view, kColumns> kHeaders = {"SEVERITY", "CLASS", "RULE",   "RESOURCE",
                                                             "SCENARIO", "PATH",  "MESSAGE"};
constexpr std::array<std::size_t, kColumns> kMaxWidth = {8, 10, 40, 32, 20, 40, 100};

// The first path, and how many more the finding lists.
std::string paths_cell(const Finding& f) {
  std::string out = f.path.empty() ? std::string("(root)") : f.path;
  if (f.violations.size() > 1) out += " (+" + std::to_string(f.violations.size() - 1) + ")";
  return out;
}

// The message, with how many cases met the same finding, what the confirming CLIs said, and the
// other kinds of violation later cases met.
std::string message_cell(const Finding& f) {
  std::string out = caveat_tags(f).empty() ? f.message : caveat_tags(f) + " " + f.message;
  if (f.occurrences > 1) out += " [" + std::to_string(f.occurrences) + " cases]";
  for (const Confirmation& c : f.confirmations) out += " [" + c.cli + ": " + std::string(to_string(c.verdict)) + "]";
  for (const DistinctViolation& d : f.distinct_violations)
    out += " [also, case " + std::to_string(d.found_at_case) + ": " + d.message + "]";
  return out;
}

std::size_t display_width(std::string_view utf8) {
  // Counts code points (continuation bytes do not start one); wide CJK glyphs are not handled.
  return static_cast<std::size_t>(
      std::count_if(utf8.begin(), utf8.end(), [](char c) { return (static_cast<unsigned char>(c) & 0xC0) != 0x80; }));
}

// A cell on one line, sanitised (no terminal escapes from a provider) and cut to `max` columns.
std::string cell(std::string_view text, std::size_t max) {
  std::string clean = sanitize_text(text);
  for (char& c : clean) {
    if (c == '\n' || c == '\r' || c == '\t') c = ' ';
  }
  if (display_width(clean) <= max) return clean;
  std::string out;
  std::size_t width = 0;
  for (char c : clean) {
    const bool starts = (static_cast<unsigned char>(c) & 0xC0) != 0x80;
    if (starts && ++width > max - 1) break;
    out += c;
  }
  return out + "\xE2\x80\xA6";  // …
}

void write_row(std::ostream& out, const std::array<std::string, kColumns>& cells,
               const std::array<std::size_t, kColumns>& widths, std::string_view first_color) {
  for (std::size_t i = 0; i < kColumns; ++i) {
    if (i == 0 && !first_color.empty()) out << first_color;
    out << cells[i];
    if (i == 0 && !first_color.empty()) out << kReset;
    if (i + 1 < kColumns) out << std::string(widths[i] - display_width(cells[i]) + 2, ' ');
  }
  out << '\n';
}

}  // namespace

void print_findings_table(const RunReport& run, std::ostream& out, bool color) {
  // What the run did not exercise comes first: a green table below it would otherwise mislead.
  if (const auto missed = unexercised(run); !missed.empty()) {
    out << (color ? kYellow : std::string_view()) << "not exercised (" << missed.size()
        << " of the selected types):" << (color ? kReset : std::string_view()) << "\n";
    for (const auto& u : missed)
      out << "  " << cell(suite_label(*u.suite), 60) << "  " << cell(unexercised_sentence(u), 300) << "\n";
    out << "\n";
  }
  const auto findings = all_findings(run);
  std::vector<std::array<std::string, kColumns>> rows;
  for (const FindingRef& ref : findings) {
    const Finding& f = *ref.finding;
    const std::string severity = f.baseline == BaselineState::known ? "known" : std::string(to_string(f.severity));
    const std::array<std::string, kColumns> raw = {severity,           std::string(to_string(f.finding_class)),
                                                   f.rule_id,          suite_label(*ref.suite),
                                                   ref.scenario->name, paths_cell(f),
                                                   message_cell(f)};
    std::array<std::string, kColumns> row;
    for (std::size_t i = 0; i < kColumns; ++i) row[i] = cell(raw[i], kMaxWidth[i]);
    rows.push_back(std::move(row));
  }
  const Totals t = totals_of(run);
  if (rows.empty()) {
    out << "no findings\n";
  } else {
    std::array<std::size_t, kColumns> widths{};
    std::array<std::string, kColumns> header;
    for (std::size_t i = 0; i < kColumns; ++i) {
      header[i] = std::string(kHeaders[i]);
      widths[i] = kHeaders[i].size();
      for (const auto& row : rows) widths[i] = std::max(widths[i], display_width(row[i]));
    }
    write_row(out, header, widths, color ? kBold : "");
    for (std::size_t r = 0; r < rows.size(); ++r) {
      const Finding& f = *findings[r].finding;
      const bool error = f.severity == Severity::error && f.baseline != BaselineState::known;
      write_row(out, rows[r], widths, color ? (error ? kRed : kYellow) : "");
    }
  }
  const Verdict verdict = verdict_of(run);
  const std::string_view shade = verdict == Verdict::failed ? kRed : verdict == Verdict::incomplete ? kYellow : kGreen;
  std::string word(to_string(verdict));
  for (auto& c : word) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  out << '\n'
      << (color ? shade : std::string_view()) << word << (color ? kReset : std::string_view()) << ": "
      << totals_sentence(t) << " (" << format_seconds(run.duration) << " s, seed " << run.seed << ")\n";
  for (const std::string& why : incompleteness(run)) out << "  " << cell(why, 400) << "\n";
  for (const BaselineEntry& e : run.possibly_fixed) {
    out << "possibly fixed (in the baseline, not met): " << cell(e.rule_id, 40) << " " << cell(e.resource_type, 32)
        << " " << cell(e.step, 40) << " " << cell(e.path.empty() ? "(root)" : e.path, 40) << " [" << e.fingerprint
        << "]\n";
  }
  // One replay command per case: the findings of one case share their token.
  std::vector<std::pair<std::string, std::string>> replays;
  std::size_t width = 0;
  std::vector<std::string> seen;
  for (const FindingRef& ref : findings) {
    std::string command = cell(replay_text(*ref.finding), 4000);
    if (command.empty()) continue;
    if (std::find(seen.begin(), seen.end(), command) != seen.end()) continue;
    seen.push_back(command);
    width = std::max(width, display_width(command));
    replays.emplace_back(std::move(command), cell(ref.finding->rule_id, 40));
  }
  if (!replays.empty()) out << "replay:\n";
  for (const auto& [command, rule] : replays) {
    out << "  " << command << std::string(width - display_width(command) + 2, ' ') << "# " << rule << '\n';
  }
}

}  // namespace tfc::report
