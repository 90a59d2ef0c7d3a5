#include "reports/html_reporter.hpp"

#include <string>

#include "reports/html_assets.hpp"
#include "reports/line_diff.hpp"
#include "reports/xml_writer.hpp"

namespace tfc::report {

namespace {

using Layout = XmlWriter::Layout;

void text_element(XmlWriter& h, std::string_view name, std::string_view text,
                  std::string_view css_class = {}, Layout layout = Layout::indent) {
  auto e = h.scoped_element(name, layout);
  if (!css_class.empty()) e.attribute("class", css_class);
  e.text(text);
}

void meta_row(XmlWriter& h, std::string_view label, std::string_view value) {
  text_element(h, "dt", label);
  text_element(h, "dd", value);
}

void number_cell(XmlWriter& h, std::size_t n) {
  text_element(h, "td", std::to_string(n), "num");
}

void header_row(XmlWriter& h, std::initializer_list<std::string_view> names) {
  auto tr = h.scoped_element("tr");
  for (std::string_view name : names) text_element(h, "th", name);
}

void write_head(XmlWriter& h, const RunReport& run, bool failed) {
  auto head = h.scoped_element("head");
  h.scoped_element("meta").attribute("charset", "utf-8");
  h.scoped_element("meta")
      .attribute("http-equiv", "Content-Security-Policy")
      .attribute("content", html_content_security_policy());
  h.scoped_element("meta")
      .attribute("name", "viewport")
      .attribute("content", "width=device-width, initial-scale=1");
  text_element(h, "title", std::string("tfconform report: ") + run.provider.address +
                               (failed ? " (failed)" : " (passed)"));
  h.start_element("style").write_trusted(html_style()).end_element();
}

void write_header(XmlWriter& h, const RunReport& run, const Totals& t, bool failed,
                  std::chrono::system_clock::time_point now) {
  auto header = h.scoped_element("header");
  text_element(h, "h1", "tfconform report");
  text_element(h, "p", std::string(failed ? "FAILED" : "PASSED") + ": " + totals_sentence(t),
               failed ? "verdict failed" : "verdict passed");
  auto dl = h.scoped_element("dl");
  dl.attribute("class", "meta");
  std::string hints;
  for (const std::string& s : run.provider.sdk_hints) hints += (hints.empty() ? "" : ", ") + s;
  meta_row(h, "provider", run.provider.address);
  meta_row(h, "binary", run.provider.binary_path);
  meta_row(h, "protocol", std::to_string(run.provider.protocol_version));
  if (!hints.empty()) meta_row(h, "SDK hints", hints);
  meta_row(h, "seed", std::to_string(run.seed));
  meta_row(h, "options", std::string("apply ") + (run.options.apply ? "on" : "off") + ", " +
                             std::to_string(run.options.cases) + " cases");
  meta_row(h, "started", format_timestamp(run.started_at, true) + " on " + run.hostname);
  meta_row(h, "duration", format_seconds(run.duration) + " s");
  meta_row(h, "report generated", format_timestamp(now, true) + " by tfconform " +
                                      run.tool_version);
}

void write_summaries(XmlWriter& h, const RunReport& run) {
  auto section = h.scoped_element("section");
  section.attribute("id", "summary");
  text_element(h, "h2", "Findings by rule");
  const auto rules = findings_by_rule(run);
  if (rules.empty()) text_element(h, "p", "No findings.");
  if (!rules.empty()) {
    auto table = h.scoped_element("table");
    header_row(h, {"rule", "severity", "findings"});
    for (const RuleCount& rc : rules) {
      auto tr = h.scoped_element("tr");
      text_element(h, "td", rc.rule_id);
      {
        auto td = h.scoped_element("td");
        text_element(h, "span", to_string(rc.severity),
                     std::string("badge ") + std::string(to_string(rc.severity)), Layout::inline_);
      }
      number_cell(h, rc.count);
    }
  }
  text_element(h, "h2", "Results by resource");
  auto table = h.scoped_element("table");
  header_row(h, {"suite", "scenarios", "passed", "failed", "skipped", "errored", "error findings",
                 "warnings", "cases generated", "rejected by validation", "planned", "applied"});
  for (const Suite& suite : run.suites) {
    const Totals t = totals_of(suite);
    auto tr = h.scoped_element("tr");
    text_element(h, "td", suite_label(suite));
    for (std::size_t n : {t.scenarios, t.passed, t.failed, t.skipped, t.errored, t.error_findings,
                          t.warning_findings, suite.coverage.cases_generated,
                          suite.coverage.rejected_by_validation, suite.coverage.planned,
                          suite.coverage.applied}) {
      number_cell(h, n);
    }
  }
}

void write_select(XmlWriter& h, std::string_view key, const std::vector<std::string>& values) {
  auto label = h.scoped_element("label");
  h.write_text(std::string(key) + " ");
  auto select = h.scoped_element("select", Layout::inline_);
  select.attribute("id", std::string("filter-") + std::string(key));
  h.scoped_element("option").attribute("value", "").text("all");
  for (const std::string& v : values) h.scoped_element("option").attribute("value", v).text(v);
}

void write_filters(XmlWriter& h, const RunReport& run) {
  std::vector<std::string> rules;
  for (const RuleCount& rc : findings_by_rule(run)) rules.push_back(rc.rule_id);
  std::vector<std::string> resources;
  for (const Suite& suite : run.suites) resources.push_back(suite_label(suite));
  auto section = h.scoped_element("section");
  section.attribute("id", "filters");
  write_select(h, "rule", rules);
  write_select(h, "resource", resources);
  write_select(h, "severity", {"error", "warning"});
  h.scoped_element("span").attribute("id", "filter-count");
}

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
      text_element(h, "mark", lines[i], {}, Layout::inline_);
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

void write_finding(XmlWriter& h, const FindingRef& ref) {
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

void write_scenarios(XmlWriter& h, const RunReport& run) {
  auto section = h.scoped_element("section");
  section.attribute("id", "scenarios");
  text_element(h, "h2", "Scenarios");
  auto table = h.scoped_element("table");
  header_row(h, {"suite", "scenario", "status", "time (s)", "findings", "reason"});
  for (const Suite& suite : run.suites) {
    for (const Scenario& s : suite.scenarios) {
      auto tr = h.scoped_element("tr");
      text_element(h, "td", suite_label(suite));
      text_element(h, "td", s.name);
      {
        auto td = h.scoped_element("td");
        text_element(h, "span", to_string(s.status),
                     std::string("badge ") + std::string(to_string(s.status)), Layout::inline_);
      }
      text_element(h, "td", format_seconds(s.duration), "num");
      number_cell(h, s.findings.size());
      text_element(h, "td", s.reason);
    }
  }
}

void write_body(XmlWriter& h, const RunReport& run, std::chrono::system_clock::time_point now) {
  const bool failed = run_failed(run);
  auto body = h.scoped_element("body");
  write_header(h, run, totals_of(run), failed, now);
  write_summaries(h, run);
  text_element(h, "h2", "Findings");
  write_filters(h, run);
  {
    auto section = h.scoped_element("section");
    section.attribute("id", "findings");
    for (const FindingRef& ref : all_findings(run)) write_finding(h, ref);
    h.scoped_element("p")
        .attribute("id", "no-match")
        .attribute("hidden", "hidden")
        .text("No finding matches the filter.");
  }
  write_scenarios(h, run);
  text_element(h, "footer", "tfconform " + run.tool_version + " · seed " +
                                std::to_string(run.seed) + " · self-contained report, no network");
  h.start_element("script").write_trusted(html_script()).end_element();
}

}  // namespace

void HtmlReporter::write(const RunReport& run, std::ostream& out) const {
  XmlWriter h(out, XmlWriter::Dialect::html);
  h.write_declaration();
  {
    auto html = h.scoped_element("html");
    html.attribute("lang", "en");
    write_head(h, run, run_failed(run));
    write_body(h, run, m_clock());
  }
  h.finish();
}

}  // namespace tfc::report
