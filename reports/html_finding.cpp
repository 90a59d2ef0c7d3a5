#include "reports/html_finding.hpp"

#include <string>
#include <vector>

#include "reports/html_elements.hpp"
#include "reports/line_diff.hpp"

namespace tfc::report {

namespace {

using Layout = XmlWriter::Layout;

// One side of the side-by-side view: every line, the ones outside the common subsequence marked.
void write_value_column(XmlWriter& h, std::string_view caption, std::string_view css_class,
                        const std::vector<std::string_view>& lines, const std::vector<bool>& changed, bool redacted) {
  auto figure = h.scoped_element("div");
  figure.attribute("class", css_class);
  text_element(h, "h4", caption);
  auto pre = h.scoped_element("pre");
  if (redacted) pre.attribute("class", "redacted");
  for (std::size_t i = 0; i < lines.size(); ++i) {
    if (changed[i]) {
      text_element(h, "mark", std::string(lines[i]) + "\n", {}, Layout::inline_);
    } else {
      h.write_text(std::string(lines[i]) + "\n");
    }
  }
}

void write_values(XmlWriter& h, const Finding& f) {
  const std::string expected = shown_compared(f, f.values.expected);
  const std::string actual = shown_compared(f, f.values.actual);
  if (expected.empty() && actual.empty()) return;
  const auto left = split_lines(expected);
  const auto right = split_lines(actual);
  const LineMarks marks = diff_lines(left, right);
  auto values = h.scoped_element("div");
  values.attribute("class", "values");
  write_value_column(h, "expected", "expected", left, marks.left_changed, f.sensitive);
  write_value_column(h, "actual (from the provider)", "actual", right, marks.right_changed, f.sensitive);
}

void write_pre_block(XmlWriter& h, std::string_view title, std::string_view text, std::string_view css_class = {}) {
  if (text.empty()) return;
  text_element(h, "h4", title);
  text_element(h, "pre", text, css_class);
}

std::string rejected_by(const std::string& cores) {
  if (cores == "both") return "Terraform and OpenTofu";
  if (cores == "terraform") return "Terraform (OpenTofu accepts it)";
  if (cores == "opentofu") return "OpenTofu (Terraform accepts it)";
  return "neither Core (a check beyond Core)";
}

// The steps only: the configurations are in the JSON report and the --repro-dir folders.
void write_reproduction(XmlWriter& h, const Reproduction& r) {
  if (!r.not_expressible.empty()) {
    text_element(h, "p", "reproduction: not expressible in configuration: " + r.not_expressible);
    return;
  }
  if (r.steps.empty()) return;
  auto details = h.scoped_element("details");
  text_element(h, "summary", "reproduction (" + plural(r.steps.size(), "step") + ")");
  auto ol = h.scoped_element("ol");
  for (const ReproStep& s : r.steps) {
    std::string command;
    for (const std::string& a : s.args) command += " " + a;
    // An upgrade's reproduction says which release plays each step.
    const std::string release = r.previous_binary.empty() ? ""
                                : s.previous_release      ? " (previous release)"
                                                          : " (new release)";
    text_element(
        h, "li",
        s.folder + release + ": " + s.purpose + " —" + command + (s.checked ? " (Core should reject this)" : ""));
  }
}

// Other kinds of violation later cases met under this finding, each with its own case.
void write_distinct_violations(XmlWriter& h, const Finding& f) {
  if (f.distinct_violations.empty()) return;
  auto details = h.scoped_element("details");
  details.attribute("class", "distinct");
  text_element(h, "summary", "also met, in other ways (" + plural(f.distinct_violations.size(), "kind") + ")");
  for (const DistinctViolation& d : f.distinct_violations) {
    text_element(
        h, "p",
        "case " + std::to_string(d.found_at_case) + ": " + (d.path.empty() ? "(root)" : d.path) + ": " + d.message);
    if (d.counterexample)
      write_pre_block(h, "its case (" + plural(d.counterexample->attribute_count, "attribute") + ")",
                      d.counterexample->configuration);
    if (!d.replay_token.empty()) write_pre_block(h, "its replay token", d.replay_token, "replay");
  }
}

// The badges, the rule and the path.
void write_heading(XmlWriter& h, const Finding& f, const std::string& severity, const std::string& finding_class) {
  auto h3 = h.scoped_element("h3");
  text_element(h, "span", severity, "badge " + severity, Layout::inline_);
  h.write_text(" ");
  text_element(h, "span", finding_class, "badge class", Layout::inline_);
  h.write_text(" ");
  if (f.baseline == BaselineState::known) {
    text_element(h, "span", "known", "badge known", Layout::inline_);
    h.write_text(" ");
  }
  text_element(h, "code", f.rule_id, {}, Layout::inline_);
  h.write_text(" at ");
  text_element(h, "code", f.path.empty() ? "(root)" : f.path, {}, Layout::inline_);
}

// Where the finding was met and what confirmed it, as a definition list.
void write_meta(XmlWriter& h, const FindingRef& ref) {
  const Finding& f = *ref.finding;
  auto dl = h.scoped_element("dl");
  dl.attribute("class", "meta");
  meta_row(h, "resource", suite_label(*ref.suite) + " (" + f.resource_type + ")");
  meta_row(h, "scenario", ref.scenario->name);
  meta_row(h, "rpc / step", f.rpc + " / " + f.step);
  meta_row(h, "rejected by", rejected_by(f.cores));
  meta_row(h, "fingerprint", f.fingerprint.empty() ? "-" : f.fingerprint);
  if (f.occurrences > 1) meta_row(h, "met in", plural(f.occurrences, "case"));
  meta_row(h, "seed", std::to_string(f.seed));
  for (const Confirmation& c : f.confirmations) {
    meta_row(h, c.cli, std::string(to_string(c.verdict)) + (c.quote.empty() ? "" : ": " + c.quote));
  }
}

void write_log_excerpt(XmlWriter& h, const Finding& f) {
  if (f.log_excerpt.empty()) return;
  auto details = h.scoped_element("details");
  std::string summary = "provider log at the failing step (" + std::to_string(f.log_excerpt.size()) + " of " +
                        std::to_string(f.log_total_lines) + " lines";
  if (f.log_replayed) summary += "; the case played again with the provider's logging on";
  summary += f.log_file.empty() ? ")" : "; all of it in " + f.log_file + ")";
  text_element(h, "summary", summary);
  std::string log;
  for (const std::string& line : f.log_excerpt) log += line + "\n";
  text_element(h, "pre", log);
}

}  // namespace

void write_html_finding(XmlWriter& h, const FindingRef& ref) {
  const Finding& f = *ref.finding;
  const std::string severity(to_string(f.severity));
  auto article = h.scoped_element("article");
  const std::string finding_class(to_string(f.finding_class));
  article.attribute("class", "finding " + severity)
      .attribute("data-rule", f.rule_id)
      .attribute("data-resource", suite_label(*ref.suite))
      .attribute("data-severity", severity)
      .attribute("data-class", finding_class)
      .attribute("data-baseline", std::string(to_string(f.baseline)));
  write_heading(h, f, severity, finding_class);
  text_element(h, "p", f.message, "message");
  if (!f.crash_output.empty()) {
    std::string crash;
    for (const std::string& line : f.crash_output) crash += line + "\n";
    write_pre_block(h, "the provider's crash, as Terraform prints it", crash, "crash");
  }
  for (const std::string& caveat : finding_caveats(f)) text_element(h, "p", "Note: " + caveat, "caveat");
  write_meta(h, ref);
  write_values(h, f);
  if (f.violations.size() > 1) {
    auto p = h.scoped_element("p");
    h.write_text("paths of this finding:");
    for (const PathMessage& v : f.violations) {
      h.write_text(" ");
      text_element(h, "mark", v.path.empty() ? "(root)" : v.path, "path", Layout::inline_);
    }
  }
  write_distinct_violations(h, f);
  if (!f.values.differing_paths.empty()) {
    auto p = h.scoped_element("p");
    h.write_text("differing paths:");
    for (const std::string& path : f.values.differing_paths) {
      h.write_text(" ");
      text_element(h, "mark", path, "path", Layout::inline_);
    }
  }
  if (f.counterexample) {
    write_pre_block(h, "counterexample (" + plural(f.counterexample->attribute_count, "attribute") + ")",
                    f.counterexample->configuration);
  }
  write_pre_block(h, "replay", replay_text(f), "replay");
  if (!f.request.is_null() || !f.response.is_null()) {
    auto details = h.scoped_element("details");
    text_element(h, "summary", "request and response");
    write_pre_block(h, "request", shown_value(f, f.request), f.sensitive ? "redacted" : "");
    write_pre_block(h, "response", shown_value(f, f.response), f.sensitive ? "redacted" : "");
  }
  if (f.reproduction) write_reproduction(h, *f.reproduction);
  write_log_excerpt(h, f);
}

}  // namespace tfc::report
