#include "reports/json_reporter.hpp"

#include <nlohmann/json.hpp>

namespace tfc::report {

namespace {

using Json = nlohmann::ordered_json;

double seconds(std::chrono::milliseconds d) {
  return static_cast<double>(d.count()) / 1000.0;
}

Json totals_json(const Totals& t) {
  return Json{{"scenarios", t.scenarios},
              {"passed", t.passed},
              {"failed", t.failed},
              {"skipped", t.skipped},
              {"errored", t.errored},
              {"error_findings", t.error_findings},
              {"warning_findings", t.warning_findings}};
}

Json finding_json(const Finding& f) {
  Json j{{"rule", f.rule_id},
         {"severity", to_string(f.severity)},
         {"rpc", f.rpc},
         {"step", f.step},
         {"resource_type", f.resource_type},
         {"path", f.path},
         {"message", f.message},
         {"cores", f.cores},
         {"sensitive", f.sensitive},
         {"request", shown_value(f, f.request)},
         {"response", shown_value(f, f.response)},
         {"expected", shown_value(f, f.values.expected)},
         {"actual", shown_value(f, f.values.actual)},
         {"differing_paths", f.values.differing_paths}};
  if (f.counterexample) {
    j["counterexample"] = Json{{"configuration", f.counterexample->configuration},
                               {"attribute_count", f.counterexample->attribute_count}};
  } else {
    j["counterexample"] = nullptr;
  }
  // The seed is a string: JavaScript consumers would round a 64-bit number above 2^53.
  j["seed"] = std::to_string(f.seed);
  j["replay"] = Json{{"token", f.replay_token}, {"command", replay_command(f)}};
  if (f.found_at_case > 0) {
    j["found_at_case"] = f.found_at_case;
    j["shrink_attempts"] = f.shrink_attempts;
  }
  return j;
}

Json scenario_json(const Scenario& s) {
  Json findings = Json::array();
  for (const Finding& f : s.findings) findings.push_back(finding_json(f));
  return Json{{"name", s.name},
              {"status", to_string(s.status)},
              {"reason", s.reason},
              {"duration_seconds", seconds(s.duration)},
              {"provider_log", s.log_lines},
              {"findings", std::move(findings)}};
}

Json learned_json(const LearnedRule& r) {
  Json out{{"attribute", r.attribute}, {"source", r.source}, {"rule", r.rule}};
  if (!r.evidence.empty()) out["evidence"] = r.evidence;
  if (r.case_number > 0) out["case"] = r.case_number;
  return out;
}

Json suite_json(const Suite& suite) {
  Json scenarios = Json::array();
  for (const Scenario& s : suite.scenarios) scenarios.push_back(scenario_json(s));
  Json learned = Json::array();
  for (const LearnedRule& r : suite.learned) learned.push_back(learned_json(r));
  return Json{{"kind", to_string(suite.kind)},
              {"name", suite.name},
              {"coverage",
               {{"cases_generated", suite.coverage.cases_generated},
                {"rejected_by_validation", suite.coverage.rejected_by_validation},
                {"planned", suite.coverage.planned},
                {"applied", suite.coverage.applied}}},
              {"totals", totals_json(totals_of(suite))},
              {"learned", std::move(learned)},
              {"scenarios", std::move(scenarios)}};
}

}  // namespace

void JsonReporter::write(const RunReport& run, std::ostream& out) const {
  Json suites = Json::array();
  for (const Suite& suite : run.suites) suites.push_back(suite_json(suite));
  const Json doc{
      {"format_version", kFormatVersion},
      {"generated_at", format_timestamp(m_clock(), true)},
      {"tool", {{"name", "tfconform"}, {"version", run.tool_version}}},
      {"result", run_failed(run) ? "failed" : "passed"},
      {"hostname", run.hostname},
      {"provider",
       {{"address", run.provider.address},
        {"binary_path", run.provider.binary_path},
        {"protocol_version", run.provider.protocol_version},
        {"sdk_hints", run.provider.sdk_hints}}},
      {"seed", std::to_string(run.seed)},
      {"started_at", format_timestamp(run.started_at, true)},
      {"duration_seconds", seconds(run.duration)},
      {"options", {{"apply", run.options.apply}, {"cases", run.options.cases}}},
      {"totals", totals_json(totals_of(run))},
      {"suites", std::move(suites)}};
  // replace: a provider's invalid UTF-8 becomes U+FFFD instead of an exception.
  out << doc.dump(2, ' ', false, Json::error_handler_t::replace) << '\n';
}

}  // namespace tfc::report
