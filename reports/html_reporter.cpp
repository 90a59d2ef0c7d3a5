#include "reports/html_reporter.hpp"

#include <algorithm>
#include <cctype>
#include <optional>
#include <string>

#include "reports/html_assets.hpp"
#include "reports/html_elements.hpp"
#include "reports/html_finding.hpp"
#include "reports/html_matrix.hpp"
#include "reports/xml_writer.hpp"

namespace tfc::report {

namespace {

using Layout = XmlWriter::Layout;

void number_cell(XmlWriter& h, std::size_t n) { text_element(h, "td", std::to_string(n), "num"); }

void header_row(XmlWriter& h, std::initializer_list<std::string_view> names) {
  auto tr = h.scoped_element("tr");
  for (std::string_view name : names) text_element(h, "th", name);
}

void write_head(XmlWriter& h, const RunReport& run, Verdict verdict) {
  auto head = h.scoped_element("head");
  h.scoped_element("meta").attribute("charset", "utf-8");
  h.scoped_element("meta")
      .attribute("http-equiv", "Content-Security-Policy")
      .attribute("content", html_content_security_policy());
  h.scoped_element("meta").attribute("name", "viewport").attribute("content", "width=device-width, initial-scale=1");
  text_element(h, "title",
               std::string("tfconform report: ") + run.provider.address + " (" + std::string(to_string(verdict)) + ")");
  h.start_element("style").write_trusted(html_style()).end_element();
}

void write_header(XmlWriter& h, const RunReport& run, const Totals& t, Verdict verdict,
                  std::chrono::system_clock::time_point now) {
  auto header = h.scoped_element("header");
  text_element(h, "h1", "tfconform report");
  std::string word(to_string(verdict));
  for (auto& c : word) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  text_element(h, "p", word + ": " + totals_sentence(t), "verdict " + std::string(to_string(verdict)));
  for (const std::string& why : incompleteness(run)) text_element(h, "p", why, "incomplete");
  auto dl = h.scoped_element("dl");
  dl.attribute("class", "meta");
  std::string hints;
  for (const std::string& s : run.provider.sdk_hints) hints += (hints.empty() ? "" : ", ") + s;
  meta_row(h, "provider", run.provider.address);
  meta_row(h, "binary", run.provider.binary_path);
  if (!run.provider.upgraded_from.empty()) meta_row(h, "upgraded from", run.provider.upgraded_from);
  meta_row(h, "protocol", std::to_string(run.provider.protocol_version));
  if (!hints.empty()) meta_row(h, "SDK hints", hints);
  meta_row(h, "seed", std::to_string(run.seed));
  meta_row(h, "profile",
           run.profile + " (errors for the rules " +
               (run.profile == "both" ? std::string("either Core enforces") : run.profile + " enforces") + ")");
  if (!run.core.empty()) meta_row(h, "core", run.core + " (its client capabilities and terraform_version sent)");
  if (!run.baseline_file.empty()) {
    meta_row(h, "baseline",
             run.baseline_file + ": " + std::to_string(totals_of(run).known_findings) + " known, " +
                 std::to_string(run.possibly_fixed.size()) + " possibly fixed");
  }
  meta_row(
      h, "options",
      std::string("apply ") + (run.options.apply ? "on" : "off") + ", " + std::to_string(run.options.cases) + " cases");
  meta_row(h, "started", format_timestamp(run.started_at, true) + " on " + run.hostname);
  meta_row(h, "duration", format_seconds(run.duration) + " s");
  meta_row(h, "report generated", format_timestamp(now, true) + " by tfconform " + run.tool_version);
}

// More not-exercised types than this are listed folded (whole AWS plan-only has hundreds).
constexpr std::size_t kUnfoldedUnexercised = 10;

void write_summaries(XmlWriter& h, const RunReport& run) {
  auto section = h.scoped_element("section");
  section.attribute("id", "summary");
  // What the run did not exercise comes before any finding: a clean table would mislead.
  if (const auto missed = unexercised(run); !missed.empty()) {
    text_element(h, "h2", "Not exercised (" + std::to_string(missed.size()) + " of the selected types)");
    // A long list folds away: the coverage matrix below opens with the same types.
    std::optional<XmlWriter::ScopedElement> fold;
    if (missed.size() > kUnfoldedUnexercised) {
      fold.emplace(h.scoped_element("details"));
      text_element(h, "summary", "the " + plural(missed.size(), "type") + " and why");
    }
    auto list = h.scoped_element("ul");
    list.attribute("class", "not-exercised");
    for (const auto& u : missed) text_element(h, "li", suite_label(*u.suite) + ": " + unexercised_sentence(u));
  }
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
        text_element(h, "span", to_string(rc.severity), std::string("badge ") + std::string(to_string(rc.severity)),
                     Layout::inline_);
      }
      number_cell(h, rc.count);
    }
  }
  if (!run.possibly_fixed.empty()) {
    text_element(h, "h2", "Possibly fixed (in the baseline, not met in this run)");
    auto fixed = h.scoped_element("table");
    header_row(h, {"fingerprint", "rule", "resource", "step", "path"});
    for (const BaselineEntry& e : run.possibly_fixed) {
      auto tr = h.scoped_element("tr");
      for (const std::string* v : {&e.fingerprint, &e.rule_id, &e.resource_type, &e.step, &e.path})
        text_element(h, "td", *v);
    }
  }
}

// What became of the provider author's examples (--examples), per type that has any.
void write_examples(XmlWriter& h, const RunReport& run) {
  const bool any = std::any_of(run.suites.begin(), run.suites.end(), [](const Suite& s) { return s.example; });
  if (!any) return;
  auto section = h.scoped_element("section");
  section.attribute("id", "examples");
  text_element(h, "h2", "Author's examples");
  text_element(h, "p",
               "The configurations the provider's own examples hold (--examples): the first case of a type is "
               "played from the first of them, and the later cases start from them.");
  auto table = h.scoped_element("table");
  header_row(h, {"suite", "found", "first case from", "outcome", "refusal"});
  for (const Suite& suite : run.suites) {
    if (!suite.example) continue;
    auto tr = h.scoped_element("tr");
    text_element(h, "td", suite_label(suite));
    number_cell(h, suite.example->found);
    text_element(h, "td", suite.example->source);
    text_element(h, "td", suite.example->outcome);
    text_element(h, "td", suite.example->refusal);
  }
}

// The suites whose applies ran one case at a time although --jobs had processes to spare, and why.
void write_serial_applies(XmlWriter& h, const RunReport& run) {
  const bool any = std::any_of(run.suites.begin(), run.suites.end(),
                               [](const Suite& s) { return !s.applied_one_at_a_time.empty(); });
  if (!any) return;
  auto section = h.scoped_element("section");
  section.attribute("id", "serial-applies");
  text_element(h, "h2", "Applied one at a time");
  text_element(h, "p",
               "Types whose cases were applied one at a time: a case created beside another was refused with a "
               "conflict the same case played alone was not. The findings are those of a serial run.");
  auto table = h.scoped_element("table");
  header_row(h, {"suite", "why"});
  for (const Suite& suite : run.suites) {
    if (suite.applied_one_at_a_time.empty()) continue;
    auto tr = h.scoped_element("tr");
    text_element(h, "td", suite_label(suite));
    text_element(h, "td", "applied one at a time: " + suite.applied_one_at_a_time);
  }
}

// What each suite learned from the provider's refusals, and from what (only when anything was).
void write_learned(XmlWriter& h, const RunReport& run) {
  const bool any = std::any_of(run.suites.begin(), run.suites.end(), [](const Suite& s) { return !s.learned.empty(); });
  if (!any) return;
  auto section = h.scoped_element("section");
  section.attribute("id", "learned");
  text_element(h, "h2", "Learned from refusals");
  text_element(
      h, "p",
      "Rules tfconform read from the provider's answers (diagnostics), its schema (descriptions) and "
      "attribute names, and used for the later cases of each suite. --write-hints saves them as a hints file.");
  auto table = h.scoped_element("table");
  header_row(h, {"suite", "attribute", "rule", "source", "case", "evidence"});
  for (const Suite& suite : run.suites) {
    for (const LearnedRule& r : suite.learned) {
      auto tr = h.scoped_element("tr");
      text_element(h, "td", suite_label(suite));
      text_element(h, "td", r.attribute);
      text_element(h, "td", r.rule);
      text_element(h, "td", r.source);
      if (r.case_number > 0)
        number_cell(h, r.case_number);
      else
        text_element(h, "td", "");
      text_element(h, "td", r.evidence);
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
  write_select(h, "class", {"contract", "tolerated", "robustness", "hygiene", "coverage"});
  if (!run.baseline_file.empty()) write_select(h, "baseline", {"new", "known"});
  h.scoped_element("span").attribute("id", "filter-count");
}

void write_scenarios(XmlWriter& h, const RunReport& run) {
  auto section = h.scoped_element("section");
  section.attribute("id", "scenarios");
  text_element(h, "h2", "Scenarios");
  {
    auto table = h.scoped_element("table");
    header_row(h, {"suite", "scenario", "status", "time (s)", "findings", "reason"});
    for (const Suite& suite : run.suites) {
      for (const Scenario& s : suite.scenarios) {
        auto tr = h.scoped_element("tr");
        text_element(h, "td", suite_label(suite));
        text_element(h, "td", s.name);
        {
          auto td = h.scoped_element("td");
          text_element(h, "span", to_string(s.status), std::string("badge ") + std::string(to_string(s.status)),
                       Layout::inline_);
        }
        text_element(h, "td", format_seconds(s.duration), "num");
        number_cell(h, s.findings.size());
        text_element(h, "td", s.reason);
      }
    }
  }
  // Logs of scenarios that are not a failing case's (the provider's own checks, a crash): a
  // failing case's log is shown once, with its first finding.
  for (const Suite& suite : run.suites) {
    for (const Scenario& s : suite.scenarios) {
      if (s.log_lines.empty()) continue;
      auto details = h.scoped_element("details");
      text_element(
          h, "summary",
          "provider log of " + suite_label(suite) + " " + s.name + " (" + plural(s.log_lines.size(), "line") + ")");
      std::string log;
      for (const std::string& line : s.log_lines) log += line + "\n";
      text_element(h, "pre", log);
    }
  }
}

void write_body(XmlWriter& h, const RunReport& run, std::chrono::system_clock::time_point now) {
  auto body = h.scoped_element("body");
  write_header(h, run, totals_of(run), verdict_of(run), now);
  write_summaries(h, run);
  write_coverage_matrix(h, run);
  text_element(h, "h2", "Findings");
  write_filters(h, run);
  {
    auto section = h.scoped_element("section");
    section.attribute("id", "findings");
    for (const FindingRef& ref : all_findings(run)) write_html_finding(h, ref);
    h.scoped_element("p")
        .attribute("id", "no-match")
        .attribute("hidden", "hidden")
        .text("No finding matches the filter.");
  }
  write_scenarios(h, run);
  write_examples(h, run);
  write_serial_applies(h, run);
  write_learned(h, run);
  text_element(
      h, "footer",
      "tfconform " + run.tool_version + " · seed " + std::to_string(run.seed) + " · self-contained report, no network");
  h.start_element("script").write_trusted(html_script()).end_element();
}

}  // namespace

void HtmlReporter::write(const RunReport& run, std::ostream& out) const {
  XmlWriter h(out, XmlWriter::Dialect::html);
  h.write_declaration();
  {
    auto html = h.scoped_element("html");
    html.attribute("lang", "en");
    write_head(h, run, verdict_of(run));
    write_body(h, run, m_clock());
  }
  h.finish();
}

}  // namespace tfc::report
