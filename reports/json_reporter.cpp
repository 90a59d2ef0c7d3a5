#include "reports/json_reporter.hpp"

#include <nlohmann/json.hpp>

#include "reports/fingerprint.hpp"

namespace tfc::report {

namespace {

using Json = nlohmann::ordered_json;

double seconds(std::chrono::milliseconds d) { return static_cast<double>(d.count()) / 1000.0; }

Json totals_json(const Totals& t) {
  return Json{{"scenarios", t.scenarios},
              {"passed", t.passed},
              {"failed", t.failed},
              {"skipped", t.skipped},
              {"errored", t.errored},
              {"error_findings", t.error_findings},
              {"warning_findings", t.warning_findings},
              {"known_findings", t.known_findings}};
}

Json reproduction_json(const Reproduction& r) {
  Json steps = Json::array();
  for (const ReproStep& s : r.steps) {
    steps.push_back(Json{{"folder", s.folder},
                         {"purpose", s.purpose},
                         {"args", s.args},
                         {"checked", s.checked},
                         {"expect_changes", s.expect_changes},
                         {"needs_import_id", s.needs_import_id},
                         {"configuration", s.configuration}});
    // Only in an upgrade's reproduction: reports of a single release stay as they were.
    if (s.previous_release) steps.back()["previous_release"] = true;
  }
  Json j{{"provider_source", r.provider_source},
         {"provider_name", r.provider_name},
         {"provider_binary", r.provider_binary},
         {"environment", r.environment},
         {"provider_config", r.provider_config},
         {"not_expressible", r.not_expressible},
         {"steps", std::move(steps)}};
  // Only when the binary took arguments: other reports stay as they were.
  if (!r.provider_args.empty()) j["provider_args"] = r.provider_args;
  if (!r.previous_binary.empty()) j["previous_binary"] = r.previous_binary;
  if (!r.previous_environment.empty()) j["previous_environment"] = r.previous_environment;
  return j;
}

Json finding_json(const Finding& f) {
  Json j{{"rule", f.rule_id},
         {"severity", to_string(f.severity)},
         {"rpc", f.rpc},
         {"step", f.step},
         {"step_key", step_key_of(f)},
         {"resource_type", f.resource_type},
         {"path", f.path},
         {"message", f.message},
         {"cores", f.cores},
         {"sensitive", f.sensitive},
         {"request", shown_json(f, f.request)},
         {"response", shown_json(f, f.response)}};
  // A crash's own words, as Terraform prints them (only when the provider died saying them).
  if (!f.crash_output.empty()) j["crash_output"] = f.crash_output;
  // Present only when the finding compares values (each may be the value null).
  if (f.values.expected) j["expected"] = shown_json(f, *f.values.expected);
  if (f.values.actual) j["actual"] = shown_json(f, *f.values.actual);
  j["differing_paths"] = f.values.differing_paths;
  if (f.counterexample) {
    j["counterexample"] = Json{{"configuration", f.counterexample->configuration},
                               {"attribute_count", f.counterexample->attribute_count}};
  } else {
    j["counterexample"] = nullptr;
  }
  // The seed is a string: JavaScript consumers would round a 64-bit number above 2^53.
  j["seed"] = std::to_string(f.seed);
  j["replay"] = Json{{"token", f.replay_token}, {"command", replay_command(f)}};
  if (!f.replay_token.empty() && !f.replay_not_runnable.empty()) j["replay"]["not_runnable"] = f.replay_not_runnable;
  // Caveats appear only when they hold (absent means false), with the sentences the other
  // writers show.
  if (f.extreme_values) j["extreme_values"] = true;
  if (f.invented_prior) j["invented_prior"] = true;
  if (f.log_replayed) j["log_replayed"] = true;
  if (f.log_not_reproduced) j["log_not_reproduced"] = true;
  if (const auto caveats = finding_caveats(f); !caveats.empty()) j["caveats"] = caveats;
  if (f.found_at_case > 0) {
    j["found_at_case"] = f.found_at_case;
    j["shrink_attempts"] = f.shrink_attempts;
  }
  j["class"] = to_string(f.finding_class);
  j["fingerprint"] = f.fingerprint;
  j["occurrences"] = f.occurrences;
  j["baseline"] = to_string(f.baseline);
  Json violations = Json::array();
  for (const PathMessage& v : f.violations) violations.push_back(Json{{"path", v.path}, {"message", v.message}});
  j["violations"] = std::move(violations);
  // Present only when later cases broke the promise in other ways (violation_kind.hpp).
  if (!f.distinct_violations.empty()) {
    Json distinct = Json::array();
    for (const DistinctViolation& d : f.distinct_violations) {
      Json one{{"kind", d.kind},
               {"path", d.path},
               {"message", d.message},
               {"found_at_case", d.found_at_case},
               {"replay_token", d.replay_token}};
      one["counterexample"] = d.counterexample ? Json{{"configuration", d.counterexample->configuration},
                                                      {"attribute_count", d.counterexample->attribute_count}}
                                               : Json(nullptr);
      distinct.push_back(std::move(one));
    }
    j["distinct_violations"] = std::move(distinct);
  }
  if (!f.log_excerpt.empty() || !f.log_file.empty()) {
    j["provider_log"] = Json{{"excerpt", f.log_excerpt}, {"total_lines", f.log_total_lines}, {"file", f.log_file}};
  }
  j["reproduction"] = f.reproduction ? reproduction_json(*f.reproduction) : Json(nullptr);
  Json confirmations = Json::array();
  for (const Confirmation& c : f.confirmations) {
    confirmations.push_back(Json{{"cli", c.cli}, {"verdict", to_string(c.verdict)}, {"quote", c.quote}});
  }
  j["confirmations"] = std::move(confirmations);
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

Json steps_json(const Coverage& coverage) {
  Json steps = Json::object();
  for (const auto& [step, cases] : coverage.steps) steps[step] = cases;
  return steps;
}

Json suite_json(const Suite& suite) {
  Json scenarios = Json::array();
  for (const Scenario& s : suite.scenarios) scenarios.push_back(scenario_json(s));
  Json learned = Json::array();
  for (const LearnedRule& r : suite.learned) learned.push_back(learned_json(r));
  Json out{{"kind", to_string(suite.kind)},
           {"name", suite.name},
           {"coverage",
            {{"cases_generated", suite.coverage.cases_generated},
             {"rejected_by_validation", suite.coverage.rejected_by_validation},
             {"planned", suite.coverage.planned},
             {"applied", suite.coverage.applied},
             {"steps", steps_json(suite.coverage)},
             {"top_refusal", suite.coverage.top_refusal},
             {"top_refusal_cases", suite.coverage.top_refusal_cases}}},
           {"totals", totals_json(totals_of(suite))},
           {"learned", std::move(learned)},
           {"scenarios", std::move(scenarios)}};
  if (suite.example) {
    Json e{{"found", suite.example->found}, {"source", suite.example->source}, {"outcome", suite.example->outcome}};
    if (!suite.example->refusal.empty()) e["refusal"] = suite.example->refusal;
    out["example"] = std::move(e);
  }
  if (!suite.applied_one_at_a_time.empty()) out["applied_one_at_a_time"] = suite.applied_one_at_a_time;
  return out;
}

Json baseline_json(const RunReport& run) {
  if (run.baseline_file.empty()) return nullptr;
  Json fixed = Json::array();
  for (const BaselineEntry& e : run.possibly_fixed) {
    fixed.push_back(Json{{"fingerprint", e.fingerprint},
                         {"rule", e.rule_id},
                         {"resource_type", e.resource_type},
                         {"step", e.step},
                         {"path", e.path},
                         {"path_patterns", e.path_patterns}});
  }
  return Json{{"file", run.baseline_file}, {"possibly_fixed", std::move(fixed)}};
}

}  // namespace

void JsonReporter::write(const RunReport& run, std::ostream& out) const {
  Json suites = Json::array();
  for (const Suite& suite : run.suites) suites.push_back(suite_json(suite));
  Json provider{{"address", run.provider.address},
                {"binary_path", run.provider.binary_path},
                {"protocol_version", run.provider.protocol_version},
                {"sdk_hints", run.provider.sdk_hints}};
  if (!run.provider.binary_args.empty()) provider["binary_args"] = run.provider.binary_args;
  if (!run.provider.upgraded_from.empty()) provider["upgraded_from"] = run.provider.upgraded_from;
  Json options{{"apply", run.options.apply}, {"cases", run.options.cases}};
  if (!run.options.shard.empty()) options["shard"] = run.options.shard;
  Json doc{{"format_version", kFormatVersion},
           {"generated_at", format_timestamp(m_clock(), true)},
           {"tool", {{"name", "tfconform"}, {"version", run.tool_version}}},
           {"result", std::string(to_string(verdict_of(run)))},
           {"hostname", run.hostname},
           {"provider", std::move(provider)},
           {"seed", std::to_string(run.seed)},
           {"started_at", format_timestamp(run.started_at, true)},
           {"duration_seconds", seconds(run.duration)},
           {"options", std::move(options)},
           {"profile", run.profile},
           {"baseline", baseline_json(run)},
           {"totals", totals_json(totals_of(run))},
           {"suites", std::move(suites)}};
  if (!run.core.empty()) doc["core"] = run.core;
  doc["incomplete"] = incompleteness(run);
  Json missed = Json::array();
  for (const auto& u : unexercised(run))
    missed.push_back({{"suite", suite_label(*u.suite)}, {"missed", u.missed}, {"why", unexercised_sentence(u)}});
  doc["not_exercised"] = std::move(missed);
  if (run.interruption) {
    doc["interruption"] = {{"reason", run.interruption->reason},
                           {"not_run", run.interruption->not_run},
                           {"cut_short", run.interruption->cut_short}};
  }
  // replace: a provider's invalid UTF-8 becomes U+FFFD instead of an exception.
  out << doc.dump(2, ' ', false, Json::error_handler_t::replace) << '\n';
}

}  // namespace tfc::report
