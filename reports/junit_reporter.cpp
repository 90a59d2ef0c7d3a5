#include "reports/junit_reporter.hpp"

#include <cctype>
#include <string>
#include <vector>

#include "reports/finding_text.hpp"
#include "reports/xml_writer.hpp"

namespace tfc::report {

namespace {

using Layout = XmlWriter::Layout;

std::vector<const Finding*> with_severity(const Scenario& scenario, Severity severity) {
  std::vector<const Finding*> out;
  for (const Finding& f : scenario.findings) {
    if (f.severity == severity) out.push_back(&f);
  }
  return out;
}

std::string findings_body(const std::vector<const Finding*>& findings) {
  std::string body;
  for (const Finding* f : findings) {
    if (!body.empty()) body += '\n';
    body += finding_as_text(*f);
  }
  return body;
}

void write_property(XmlWriter& xml, std::string_view name, std::string_view value) {
  xml.scoped_element("property").attribute("name", name).attribute("value", value);
}

void write_properties(XmlWriter& xml, const RunReport& run, const Suite& suite) {
  // Jenkins and GitLab ignore properties; they are here for people and for the XSD, which
  // requires the element.
  auto properties = xml.scoped_element("properties");
  std::string hints;
  for (const std::string& h : run.provider.sdk_hints) hints += (hints.empty() ? "" : ", ") + h;
  write_property(xml, "tfconform.version", run.tool_version);
  write_property(xml, "provider.address", run.provider.address);
  write_property(xml, "provider.binary", run.provider.binary_path);
  if (!run.provider.upgraded_from.empty()) write_property(xml, "provider.upgraded_from", run.provider.upgraded_from);
  write_property(xml, "provider.protocol_version", std::to_string(run.provider.protocol_version));
  if (!hints.empty()) write_property(xml, "provider.sdk_hints", hints);
  write_property(xml, "seed", std::to_string(run.seed));
  if (!run.core.empty()) write_property(xml, "core", run.core);
  write_property(xml, "options.apply", run.options.apply ? "true" : "false");
  write_property(xml, "options.cases", std::to_string(run.options.cases));
  write_property(xml, "coverage.cases_generated", std::to_string(suite.coverage.cases_generated));
  write_property(xml, "coverage.rejected_by_validation", std::to_string(suite.coverage.rejected_by_validation));
  write_property(xml, "coverage.planned", std::to_string(suite.coverage.planned));
  write_property(xml, "coverage.applied", std::to_string(suite.coverage.applied));
  for (const auto& [step, cases] : suite.coverage.steps)
    write_property(xml, "coverage.step." + step, std::to_string(cases));
  if (!suite.coverage.top_refusal.empty()) write_property(xml, "coverage.top_refusal", suite.coverage.top_refusal);
}

// The XSD allows at most one <failure> per <testcase>, so a scenario with several error
// findings gets one failure whose body lists them all; the type names the first rule (GitLab
// and the GitHub actions show type and message, Jenkins the message and body).
void write_failure(XmlWriter& xml, const Scenario& scenario, JunitFlavour flavour) {
  const auto errors = with_severity(scenario, Severity::error);
  std::string type = "tfconform.scenario_failed";
  std::string message = scenario.reason.empty() ? "scenario failed" : scenario.reason;
  if (!errors.empty()) {
    type = errors.front()->rule_id;
    message = finding_headline(*errors.front());
    if (errors.size() > 1) {
      message = std::to_string(errors.size()) + " contract violations, first: " + message;
    }
  }
  auto failure = xml.scoped_element("failure");
  failure.attribute("message", message).attribute("type", type);
  // GitLab shows the body (about 80 lines of it), not the message: the headline comes first.
  if (flavour == JunitFlavour::gitlab && errors.size() > 1)
    failure.text(message + "\n\n" + findings_body(errors));
  else
    failure.text(errors.empty() ? message : findings_body(errors));
}

// A provider's text cannot attach a file: `[[ATTACHMENT|` in it (any case) gets a space, `[ [`.
std::string without_attachments(std::string text) {
  static constexpr std::string_view kTag = "[[attachment";
  for (std::size_t at = 0; at + kTag.size() <= text.size(); ++at) {
    bool same = true;
    for (std::size_t i = 0; same && i < kTag.size(); ++i)
      same = std::tolower(static_cast<unsigned char>(text[at + i])) == kTag[i];
    if (same) text.insert(at + 1, " ");
  }
  return text;
}

// The gitlab flavour's own output of a test case: attachments first (each alone on its line, as
// GitLab and Jenkins' junit-attachments read them), then the scenario's provider log, the
// failing case's log and the warnings.
std::string testcase_output(const Scenario& scenario, const JunitOptions& options) {
  std::string out;
  const auto errors = with_severity(scenario, Severity::error);
  if (!options.html_report.empty() && scenario.status != Status::passed && scenario.status != Status::skipped)
    out += "[[ATTACHMENT|" + options.html_report + "]]\n";
  if (options.repro_folder) {
    for (const Finding* f : errors) {
      const std::string folder = options.repro_folder(*f);
      if (!folder.empty()) out += "[[ATTACHMENT|" + folder + "]]\n";
    }
  }
  std::string text;
  if (!scenario.log_lines.empty()) {
    text += "== provider log ==\n";
    for (const std::string& line : scenario.log_lines) text += line + '\n';
  }
  for (const Finding& f : scenario.findings) {
    if (f.log_excerpt.empty()) continue;
    text += "== provider log at " + f.step + " (" + std::to_string(f.log_excerpt.size()) + " of " +
            std::to_string(f.log_total_lines) + " lines" + (f.log_file.empty() ? "" : "; all in " + f.log_file) +
            ") ==\n";
    for (const std::string& line : f.log_excerpt) text += line + '\n';
  }
  for (const Finding* f : with_severity(scenario, Severity::warning)) text += "== warning ==\n" + finding_as_text(*f);
  return out + without_attachments(std::move(text));
}

void write_testcase(XmlWriter& xml, const Suite& suite, const Scenario& scenario, const JunitOptions& options) {
  auto testcase = xml.scoped_element("testcase");
  // classname groups the cases in Jenkins' and GitLab's tree; time has three decimals because
  // the Maven Surefire schema Jenkins validates against rejects more.
  testcase.attribute("name", scenario.name)
      .attribute("classname", suite_label(suite))
      .attribute("time", format_seconds(scenario.duration));
  switch (scenario.status) {
    case Status::passed: break;
    case Status::failed: write_failure(xml, scenario, options.flavour); break;
    case Status::skipped: xml.scoped_element("skipped").attribute("message", scenario.reason); break;
    case Status::error: {
      auto error = xml.scoped_element("error");
      error.attribute("message", scenario.reason.empty() ? "harness error" : scenario.reason)
          .attribute("type", "tfconform.harness_error");
      const auto errors = with_severity(scenario, Severity::error);
      error.text(errors.empty() ? scenario.reason : findings_body(errors));
      break;
    }
  }
  if (options.flavour == JunitFlavour::gitlab) {
    const std::string output = testcase_output(scenario, options);
    if (!output.empty()) xml.scoped_element("system-out").text(output);
  }
}

// <testcase> cannot hold <system-out> in this XSD, so the suite's carries each scenario's
// provider log under a header, then the warnings (which do not fail a test case).
std::string suite_output(const Suite& suite) {
  std::string out;
  for (const Scenario& scenario : suite.scenarios) {
    if (scenario.log_lines.empty()) continue;
    out += "== " + scenario.name + ": provider log ==\n";
    for (const std::string& line : scenario.log_lines) out += line + '\n';
  }
  // Each failing case's log once, cut to the failing step.
  for (const Scenario& scenario : suite.scenarios) {
    for (const Finding& f : scenario.findings) {
      if (f.log_excerpt.empty()) continue;
      out += "== " + scenario.name + ": provider log at " + f.step + " (" + std::to_string(f.log_excerpt.size()) +
             " of " + std::to_string(f.log_total_lines) + " lines" +
             (f.log_file.empty() ? "" : "; all in " + f.log_file) + ") ==\n";
      for (const std::string& line : f.log_excerpt) out += line + '\n';
    }
  }
  for (const Scenario& scenario : suite.scenarios) {
    for (const Finding* f : with_severity(scenario, Severity::warning)) {
      out += "== " + scenario.name + ": warning ==\n" + finding_as_text(*f);
    }
  }
  return out;
}

void write_suite(XmlWriter& xml, const RunReport& run, const Suite& suite, int id, const std::string& timestamp,
                 const JunitOptions& options) {
  const Totals t = totals_of(suite);
  auto testsuite = xml.scoped_element("testsuite");
  // package and id are required on each testsuite of an aggregated document by the XSD;
  // hostname and timestamp (no zone) likewise.
  testsuite.attribute("name", suite_label(suite))
      .attribute("package", run.provider.address.empty() ? "provider" : run.provider.address)
      .attribute("id", std::to_string(id))
      .attribute("timestamp", timestamp)
      .attribute("hostname", run.hostname.empty() ? "localhost" : run.hostname)
      .attribute("tests", std::to_string(t.scenarios))
      .attribute("failures", std::to_string(t.failed))
      .attribute("errors", std::to_string(t.errored))
      .attribute("skipped", std::to_string(t.skipped))
      .attribute("time", format_seconds(t.duration));
  write_properties(xml, run, suite);
  for (const Scenario& scenario : suite.scenarios) write_testcase(xml, suite, scenario, options);
  // The gitlab flavour's output is in its test cases.
  xml.scoped_element("system-out").text(options.flavour == JunitFlavour::ant ? suite_output(suite) : "");
  xml.scoped_element("system-err");
}

}  // namespace

Expected<JunitFlavour> parse_junit_flavour(std::string_view name) {
  if (name == "ant") return JunitFlavour::ant;
  if (name == "gitlab") return JunitFlavour::gitlab;
  return Error{"--junit-flavour '" + std::string(name) + "': unknown (known: ant, gitlab)"};
}

void JunitReporter::write(const RunReport& run, std::ostream& out) const {
  const auto started = run.started_at.time_since_epoch().count() == 0 ? m_clock() : run.started_at;
  const std::string timestamp = format_timestamp(started, false);
  XmlWriter xml(out, XmlWriter::Dialect::xml);
  xml.write_declaration();
  xml.write_comment("tfconform " + run.tool_version + " conformance report, seed " + std::to_string(run.seed));
  {
    auto root = xml.scoped_element("testsuites");
    int id = 0;
    for (const Suite& suite : run.suites) write_suite(xml, run, suite, id++, timestamp, m_options);
  }
  xml.finish();
}

}  // namespace tfc::report
