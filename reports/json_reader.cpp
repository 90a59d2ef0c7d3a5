#include "reports/json_reader.hpp"

#include <array>
#include <ctime>
#include <fstream>
#include <iomanip>
#include <sstream>

namespace tfc::report {

namespace {

using Json = nlohmann::ordered_json;

std::string text(const Json& j, const char* key) {
  return j.contains(key) && j[key].is_string() ? j[key].get<std::string>() : std::string();
}
// A finding's request/response/expected/actual. Reports before format_version 2 held them as
// rendered text (`as_text`): text that parses as JSON becomes that value, other text stays a
// JSON string, and "" (absent then) becomes null (absent now). From version 2 on a string is a
// string value: "123" must not turn into a number.
nlohmann::json value(const Json& j, const char* key, bool as_text) {
  if (!j.contains(key) || j[key].is_null()) return nullptr;
  if (!as_text || !j[key].is_string()) return nlohmann::json(j[key]);
  const std::string& old = j[key].get_ref<const std::string&>();
  if (old.empty()) return nullptr;
  nlohmann::json parsed = nlohmann::json::parse(old, nullptr, false);
  return parsed.is_discarded() ? nlohmann::json(old) : parsed;
}
/// An expected or actual value: absent when the key is; in a version 1 report an empty string
/// meant absent and the value was JSON text.
std::optional<nlohmann::json> compared_value(const Json& j, const char* key, bool as_text) {
  if (!j.contains(key)) return std::nullopt;
  if (as_text && j[key].is_null()) return std::nullopt;
  if (as_text && j[key].is_string() && j[key].get_ref<const std::string&>().empty()) return std::nullopt;
  if (!as_text) return nlohmann::json(j[key]);
  return value(j, key, true);
}
std::size_t count(const Json& j, const char* key) {
  return j.contains(key) && j[key].is_number_unsigned() ? j[key].get<std::size_t>() : 0;
}
bool flag(const Json& j, const char* key) { return j.contains(key) && j[key].is_boolean() && j[key].get<bool>(); }
std::vector<std::string> strings(const Json& j, const char* key) {
  std::vector<std::string> out;
  if (!j.contains(key) || !j[key].is_array()) return out;
  for (const auto& e : j[key]) {
    if (e.is_string()) out.push_back(e.get<std::string>());
  }
  return out;
}
std::uint64_t number_text(const Json& j, const char* key) {
  try {
    return std::stoull(text(j, key));
  } catch (const std::exception&) {
    return 0;
  }
}
std::chrono::milliseconds millis(const Json& j, const char* key) {
  const double s = j.contains(key) && j[key].is_number() ? j[key].get<double>() : 0.0;
  return std::chrono::milliseconds(static_cast<long long>(s * 1000.0 + 0.5));
}

template <class Enum, std::size_t N>
Enum enum_of(const std::string& name, const std::array<Enum, N>& values, Enum fallback) {
  for (Enum v : values) {
    if (to_string(v) == name) return v;
  }
  return fallback;
}

Reproduction reproduction_of(const Json& j) {
  Reproduction r;
  r.provider_source = text(j, "provider_source");
  r.provider_name = text(j, "provider_name");
  r.provider_binary = text(j, "provider_binary");
  r.provider_args = strings(j, "provider_args");  // absent: none
  r.environment = strings(j, "environment");
  r.provider_config = text(j, "provider_config");
  r.not_expressible = text(j, "not_expressible");
  r.previous_binary = text(j, "previous_binary");  // absent: a single release
  r.previous_environment = strings(j, "previous_environment");
  if (j.contains("steps") && j["steps"].is_array()) {
    for (const auto& s : j["steps"]) {
      ReproStep step;
      step.folder = text(s, "folder");
      step.purpose = text(s, "purpose");
      step.args = strings(s, "args");
      step.configuration = text(s, "configuration");
      step.checked = flag(s, "checked");
      step.expect_changes = flag(s, "expect_changes");
      step.needs_import_id = flag(s, "needs_import_id");
      step.previous_release = flag(s, "previous_release");
      r.steps.push_back(std::move(step));
    }
  }
  return r;
}

Finding finding_of(const Json& j, bool values_as_text) {
  Finding f;
  f.rule_id = text(j, "rule");
  f.severity = text(j, "severity") == "warning" ? Severity::warning : Severity::error;
  f.rpc = text(j, "rpc");
  f.step = text(j, "step");
  f.step_key = text(j, "step_key");  // empty in reports from before step keys: step is the key
  f.resource_type = text(j, "resource_type");
  f.path = text(j, "path");
  f.message = text(j, "message");
  f.cores = text(j, "cores");
  f.sensitive = flag(j, "sensitive");
  f.request = value(j, "request", values_as_text);
  f.response = value(j, "response", values_as_text);
  f.values.expected = compared_value(j, "expected", values_as_text);
  f.values.actual = compared_value(j, "actual", values_as_text);
  f.values.differing_paths = strings(j, "differing_paths");
  if (j.contains("counterexample") && j["counterexample"].is_object()) {
    f.counterexample =
        Counterexample{text(j["counterexample"], "configuration"), count(j["counterexample"], "attribute_count")};
  }
  f.seed = number_text(j, "seed");
  if (j.contains("replay") && j["replay"].is_object()) {
    f.replay_token = text(j["replay"], "token");
    f.replay_command_line = text(j["replay"], "command");
    f.replay_not_runnable = text(j["replay"], "not_runnable");
  }
  f.found_at_case = count(j, "found_at_case");
  f.extreme_values = flag(j, "extreme_values");  // absent: false
  f.invented_prior = flag(j, "invented_prior");
  f.log_replayed = flag(j, "log_replayed");
  f.log_not_reproduced = flag(j, "log_not_reproduced");
  f.shrink_attempts = count(j, "shrink_attempts");
  f.finding_class = enum_of(text(j, "class"),
                            std::array{FindingClass::contract, FindingClass::tolerated, FindingClass::robustness,
                                       FindingClass::hygiene, FindingClass::coverage},
                            FindingClass::contract);
  f.fingerprint = text(j, "fingerprint");
  f.occurrences = std::max<std::size_t>(1, count(j, "occurrences"));
  f.baseline =
      enum_of(text(j, "baseline"), std::array{BaselineState::untracked, BaselineState::known, BaselineState::fresh},
              BaselineState::untracked);
  if (j.contains("violations") && j["violations"].is_array()) {
    for (const auto& v : j["violations"]) f.violations.push_back({text(v, "path"), text(v, "message")});
  }
  if (j.contains("distinct_violations") && j["distinct_violations"].is_array()) {
    for (const auto& d : j["distinct_violations"]) {
      DistinctViolation one{text(d, "kind"),           text(d, "path"),         text(d, "message"),
                            count(d, "found_at_case"), text(d, "replay_token"), std::nullopt};
      if (d.contains("counterexample") && d["counterexample"].is_object())
        one.counterexample =
            Counterexample{text(d["counterexample"], "configuration"), count(d["counterexample"], "attribute_count")};
      f.distinct_violations.push_back(std::move(one));
    }
  }
  f.crash_output = strings(j, "crash_output");  // absent: none
  if (j.contains("provider_log") && j["provider_log"].is_object()) {
    f.log_excerpt = strings(j["provider_log"], "excerpt");
    f.log_total_lines = count(j["provider_log"], "total_lines");
    f.log_file = text(j["provider_log"], "file");
  }
  if (j.contains("reproduction") && j["reproduction"].is_object()) f.reproduction = reproduction_of(j["reproduction"]);
  if (j.contains("confirmations") && j["confirmations"].is_array()) {
    for (const auto& c : j["confirmations"]) {
      f.confirmations.push_back({text(c, "cli"),
                                 enum_of(text(c, "verdict"),
                                         std::array{ConfirmVerdict::confirmed, ConfirmVerdict::not_reproduced,
                                                    ConfirmVerdict::could_not_run, ConfirmVerdict::not_expressible},
                                         ConfirmVerdict::not_reproduced),
                                 text(c, "quote")});
    }
  }
  return f;
}

std::chrono::system_clock::time_point time_of(const std::string& stamp) {
  std::tm tm{};
  std::istringstream in(stamp);
  in >> std::get_time(&tm, "%Y-%m-%dT%H:%M:%S");
  if (in.fail()) return {};
  return std::chrono::system_clock::from_time_t(timegm(&tm));
}

// One suite: its kind and name, coverage, what was learned, its scenarios and their findings.
Suite suite_of(const Json& s, bool values_as_text) {
  Suite suite;
  const std::string kind = text(s, "kind");
  suite.kind = SuiteKind::resource;
  for (SuiteKind k : {SuiteKind::provider, SuiteKind::resource, SuiteKind::data_source, SuiteKind::function,
                      SuiteKind::ephemeral_resource, SuiteKind::list_resource, SuiteKind::action}) {
    if (to_string(k) == kind) suite.kind = k;
  }
  suite.name = text(s, "name");
  if (s.contains("coverage")) {
    const Json& c = s["coverage"];
    suite.coverage.cases_generated = count(c, "cases_generated");
    suite.coverage.rejected_by_validation = count(c, "rejected_by_validation");
    suite.coverage.planned = count(c, "planned");
    suite.coverage.applied = count(c, "applied");
    if (c.contains("steps") && c["steps"].is_object()) {
      for (const auto& [step, cases] : c["steps"].items()) {
        suite.coverage.steps.emplace_back(step, cases.is_number_unsigned() ? cases.get<std::size_t>() : 0);
      }
    }
    suite.coverage.top_refusal = text(c, "top_refusal");
    suite.coverage.top_refusal_cases = count(c, "top_refusal_cases");
  }
  if (s.contains("learned") && s["learned"].is_array()) {
    for (const auto& l : s["learned"]) {
      suite.learned.push_back(
          {text(l, "attribute"), text(l, "source"), text(l, "rule"), text(l, "evidence"), count(l, "case")});
    }
  }
  if (s.contains("example") && s["example"].is_object()) {
    const Json& e = s["example"];
    suite.example = ExampleUse{count(e, "found"), text(e, "source"), text(e, "outcome"), text(e, "refusal")};
  }
  suite.applied_one_at_a_time = text(s, "applied_one_at_a_time");
  if (s.contains("scenarios") && s["scenarios"].is_array()) {
    for (const auto& sc : s["scenarios"]) {
      Scenario scenario;
      scenario.name = text(sc, "name");
      scenario.status =
          enum_of(text(sc, "status"), std::array{Status::passed, Status::failed, Status::skipped, Status::error},
                  Status::passed);
      scenario.reason = text(sc, "reason");
      scenario.duration = millis(sc, "duration_seconds");
      scenario.log_lines = strings(sc, "provider_log");
      if (sc.contains("findings") && sc["findings"].is_array()) {
        for (const auto& f : sc["findings"]) scenario.findings.push_back(finding_of(f, values_as_text));
      }
      suite.scenarios.push_back(std::move(scenario));
    }
  }
  return suite;
}

}  // namespace

Expected<RunReport> run_from_json(const Json& doc) {
  if (!doc.is_object() || !doc.contains("suites") || !doc["suites"].is_array() || !doc.contains("provider"))
    return Error{"not a tfconform JSON report (no suites or provider)"};
  RunReport run;
  // Format version 1 (or none) held a finding's values as rendered text.
  const bool values_as_text = !doc.contains("format_version") || !doc["format_version"].is_number_integer() ||
                              doc["format_version"].get<int>() < 2;
  if (doc.contains("tool")) run.tool_version = text(doc["tool"], "version");
  run.hostname = text(doc, "hostname");
  const Json& p = doc["provider"];
  run.provider.address = text(p, "address");
  run.provider.binary_path = text(p, "binary_path");
  run.provider.binary_args = strings(p, "binary_args");
  run.provider.upgraded_from = text(p, "upgraded_from");
  run.provider.protocol_version = p.contains("protocol_version") && p["protocol_version"].is_number_integer()
                                      ? p["protocol_version"].get<int>()
                                      : 6;
  run.provider.sdk_hints = strings(p, "sdk_hints");
  run.seed = number_text(doc, "seed");
  run.started_at = time_of(text(doc, "started_at"));
  run.duration = millis(doc, "duration_seconds");
  if (doc.contains("options")) {
    run.options.apply = flag(doc["options"], "apply");
    run.options.cases = count(doc["options"], "cases");
    run.options.shard = text(doc["options"], "shard");
  }
  if (doc.contains("profile") && doc["profile"].is_string()) run.profile = doc["profile"].get<std::string>();
  if (doc.contains("core") && doc["core"].is_string()) run.core = doc["core"].get<std::string>();
  if (doc.contains("baseline") && doc["baseline"].is_object()) {
    run.baseline_file = text(doc["baseline"], "file");
    if (doc["baseline"].contains("possibly_fixed") && doc["baseline"]["possibly_fixed"].is_array()) {
      for (const auto& e : doc["baseline"]["possibly_fixed"]) {
        run.possibly_fixed.push_back({text(e, "fingerprint"), text(e, "rule"), text(e, "resource_type"),
                                      text(e, "step"), text(e, "path"), strings(e, "path_patterns")});
      }
    }
  }
  if (doc.contains("interruption") && doc["interruption"].is_object()) {
    const Json& i = doc["interruption"];
    run.interruption = Interruption{text(i, "reason"), strings(i, "not_run"), strings(i, "cut_short")};
  }
  for (const auto& s : doc["suites"]) run.suites.push_back(suite_of(s, values_as_text));
  return run;
}

Expected<RunReport> read_json_report(const std::string& path) {
  std::ifstream in(path);
  if (!in) return Error{path + ": cannot be read"};
  Json doc;
  try {
    doc = Json::parse(in);
  } catch (const Json::exception& e) {
    return Error{path + ": not valid JSON: " + e.what()};
  }
  auto run = run_from_json(doc);
  if (!run) return Error{path + ": " + run.error().message};
  return run;
}

}  // namespace tfc::report
