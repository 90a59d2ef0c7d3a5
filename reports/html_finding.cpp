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
                        const std::vector<std::string_view>& lines,
                        const std::vector<bool>& changed, bool redacted) {
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
  const std::string_view expected = shown_value(f, f.values.expected);
  const std::string_view actual = shown_value(f, f.values.actual);
  if (expected.empty() && actual.empty()) return;
  const auto left = split_lines(expected);
  const auto right = split_lines(actual);
  const LineMarks marks = diff_lines(left, right);
  auto values = h.scoped_element("div");
  values.attribute("class", "values");
  write_value_column(h, "expected", "expected", left, marks.left_changed, f.sensitive);
  write_value_column(h, "actual (from the provider)", "actual", right, marks.right_changed,
                     f.sensitive);
}

void write_pre_block(XmlWriter& h, std::string_view title, std::string_view text,
                     std::string_view css_class = {}) {
  if (text.empty()) return;
  text_element(h, "h4", title);
  text_element(h, "pre", text, css_class);
}

}  // namespace

void write_html_finding(XmlWriter& h, const FindingRef& ref) {
  const Finding& f = *ref.finding;
  const std::string severity(to_string(f.severity));
  auto article = h.scoped_element("article");
  article.attribute("class", "finding " + severity)
      .attribute("data-rule", f.rule_id)
      .attribute("data-resource", suite_label(*ref.suite))
      .attribute("data-severity", severity);
  {
    auto h3 = h.scoped_element("h3");
    text_element(h, "span", severity, "badge " + severity, Layout::inline_);
    h.write_text(" ");
    text_element(h, "code", f.rule_id, {}, Layout::inline_);
    h.write_text(" at ");
    text_element(h, "code", f.path.empty() ? "(root)" : f.path, {}, Layout::inline_);
  }
  text_element(h, "p", f.message, "message");
  {
    auto dl = h.scoped_element("dl");
    dl.attribute("class", "meta");
    meta_row(h, "resource", suite_label(*ref.suite) + " (" + f.resource_type + ")");
    meta_row(h, "scenario", ref.scenario->name);
    meta_row(h, "rpc / step", f.rpc + " / " + f.step);
    meta_row(h, "enforced by", f.cores.empty() ? "none" : f.cores);
    meta_row(h, "seed", std::to_string(f.seed));
  }
  write_values(h, f);
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
  write_pre_block(h, "replay", replay_command(f), "replay");
  if (!f.request.empty() || !f.response.empty()) {
    auto details = h.scoped_element("details");
    text_element(h, "summary", "request and response");
    write_pre_block(h, "request", shown_value(f, f.request), f.sensitive ? "redacted" : "");
    write_pre_block(h, "response", shown_value(f, f.response), f.sensitive ? "redacted" : "");
  }
  if (!ref.scenario->log_lines.empty()) {
    auto details = h.scoped_element("details");
    text_element(h, "summary", "provider log (" + std::to_string(ref.scenario->log_lines.size()) +
                                   " lines)");
    std::string log;
    for (const std::string& line : ref.scenario->log_lines) log += line + "\n";
    text_element(h, "pre", log);
  }
}

}  // namespace tfc::report
