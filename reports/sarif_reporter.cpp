#include "reports/sarif_reporter.hpp"

#include <algorithm>
#include <map>

#include <nlohmann/json.hpp>

namespace tfc::report {

namespace {

using Json = nlohmann::ordered_json;

// The schema's address as the OASIS standard publishes it (SARIF 2.1.0 with errata 01).
constexpr std::string_view kSchemaUri =
    "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json";

std::string_view level_of(Severity severity) { return severity == Severity::error ? "error" : "warning"; }

// The first lines of `text`, and how many were left out.
std::string first_lines(const std::string& text, std::size_t count) {
  std::string out;
  std::size_t start = 0, shown = 0;
  while (start < text.size() && shown < count) {
    std::size_t end = text.find('\n', start);
    if (end == std::string::npos) end = text.size();
    out += "  " + text.substr(start, end - start) + "\n";
    ++shown;
    start = end + 1;
  }
  if (start < text.size()) {
    const auto rest =
        static_cast<std::size_t>(std::count(text.begin() + static_cast<std::ptrdiff_t>(start), text.end(), '\n')) +
        (text.back() == '\n' ? 0 : 1);
    out += "  ... " + plural(rest, "more line") + " (properties.counterexample)\n";
  }
  return out;
}

// The headline first (code scanning shows the first line as the alert's title), then how to
// replay it and the start of its counterexample.
std::string message_text(const Finding& f, const Suite& suite) {
  std::string text = f.rule_id + " (" + (f.resource_type.empty() ? suite_label(suite) : f.resource_type) + ")";
  if (!f.path.empty()) text += ": " + f.path;
  text += ": " + f.message;
  if (!f.crash_output.empty()) text += "\n" + f.crash_output.front();
  const std::string replay = replay_text(f);
  if (!replay.empty()) text += "\nreplay: " + replay;
  if (f.counterexample) {
    text += "\ncounterexample (" + plural(f.counterexample->attribute_count, "attribute") + "):\n" +
            first_lines(f.counterexample->configuration, kSarifCounterexampleLines);
    if (!text.empty() && text.back() == '\n') text.pop_back();
  }
  return text;
}

Json counterexample_json(const std::optional<Counterexample>& c) {
  if (!c) return nullptr;
  return Json{{"configuration", c->configuration}, {"attribute_count", c->attribute_count}};
}

Json properties_of(const Finding& f, const Suite& suite, const Scenario& scenario) {
  Json confirmations = Json::array();
  for (const Confirmation& c : f.confirmations)
    confirmations.push_back({{"cli", c.cli}, {"verdict", std::string(to_string(c.verdict))}, {"quote", c.quote}});
  Json paths = Json::array();
  for (const PathMessage& v : f.violations) paths.push_back(v.path);
  Json props{{"suite", suite_label(suite)},
             {"scenario", scenario.name},
             {"step", f.step},
             {"rpc", f.rpc},
             {"resource_type", f.resource_type},
             {"path", f.path},
             {"paths", std::move(paths)},
             {"class", std::string(to_string(f.finding_class))},
             {"enforced_by", f.cores.empty() ? "none" : f.cores},
             {"fingerprint", f.fingerprint},
             {"occurrences", f.occurrences},
             {"seed", std::to_string(f.seed)},
             {"replay_token", f.replay_token},
             {"replay_command", replay_text(f)},
             {"counterexample", counterexample_json(f.counterexample)},
             {"confirmations", std::move(confirmations)},
             {"sensitive", f.sensitive}};
  if (f.baseline != BaselineState::untracked) props["baseline"] = std::string(to_string(f.baseline));
  const auto caveats = finding_caveats(f);
  if (!caveats.empty()) props["caveats"] = caveats;
  return props;
}

Json location_json(const SarifLocation& where, const Suite& suite) {
  return Json{
      {"physicalLocation", {{"artifactLocation", {{"uri", where.uri}}}, {"region", {{"startLine", where.line}}}}},
      {"logicalLocations", Json::array({{{"name", suite.name}, {"fullyQualifiedName", suite_label(suite)}}})}};
}

Json rule_json(const std::string& id, const SarifRuleLookup& rules) {
  const std::optional<SarifRuleText> text = rules ? rules(id) : std::nullopt;
  if (!text) return Json{{"id", id}, {"shortDescription", {{"text", id}}}};
  std::string help = text->summary + "\nContract: " + text->source + ". Enforced by: " + text->cores + ".";
  return Json{{"id", id},
              {"shortDescription", {{"text", text->summary}}},
              {"help", {{"text", std::move(help)}}},
              {"properties", {{"contract_section", text->source}, {"enforced_by", text->cores}}}};
}

Json notifications_of(const RunReport& run) {
  Json out = Json::array();
  for (const Suite& suite : run.suites) {
    for (const Scenario& scenario : suite.scenarios) {
      if (scenario.status != Status::error) continue;
      out.push_back({{"level", "error"},
                     {"message", {{"text", suite_label(suite) + ": " + scenario.name + ": " + scenario.reason}}}});
    }
  }
  if (run.interruption)
    out.push_back({{"level", "warning"}, {"message", {{"text", interruption_sentence(*run.interruption)}}}});
  for (const std::string& why : incompleteness(run)) out.push_back({{"level", "note"}, {"message", {{"text", why}}}});
  return out;
}

}  // namespace

void SarifReporter::write(const RunReport& run, std::ostream& out) const {
  const std::string provider_name = provider_short_name(run.provider.address);
  std::map<std::string, std::size_t> rule_index;  // sorted ids: deterministic rules array
  for (const FindingRef& ref : all_findings(run)) rule_index.emplace(ref.finding->rule_id, 0);
  Json rules = Json::array();
  for (auto& [id, index] : rule_index) {
    index = rules.size();
    rules.push_back(rule_json(id, m_options.rules));
  }
  Json results = Json::array();
  for (const FindingRef& ref : all_findings(run)) {
    const Finding& f = *ref.finding;
    const SarifLocation where =
        example_location(*ref.suite, m_options.examples_dir)
            .value_or(SarifLocation{expand_location(m_options.location_template, *ref.suite, provider_name), 1});
    Json result{{"ruleId", f.rule_id},
                {"ruleIndex", rule_index.at(f.rule_id)},
                {"level", std::string(level_of(f.severity))},
                {"message", {{"text", message_text(f, *ref.suite)}}},
                {"locations", Json::array({location_json(where, *ref.suite)})}};
    if (!f.fingerprint.empty()) result["partialFingerprints"] = {{std::string(kSarifFingerprintKey), f.fingerprint}};
    if (f.occurrences > 0) result["occurrenceCount"] = f.occurrences;
    if (f.baseline != BaselineState::untracked)
      result["baselineState"] = f.baseline == BaselineState::known ? "unchanged" : "new";
    result["properties"] = properties_of(f, *ref.suite, *ref.scenario);
    results.push_back(std::move(result));
  }
  const Totals totals = totals_of(run);
  Json invocation{{"executionSuccessful", totals.errored == 0 && !run.interruption},
                  {"startTimeUtc", format_timestamp(run.started_at, true)},
                  {"endTimeUtc", format_timestamp(run.started_at + run.duration, true)},
                  {"machine", run.hostname},
                  {"toolExecutionNotifications", notifications_of(run)}};
  Json driver{{"name", "tfconform"}, {"version", run.tool_version}, {"rules", std::move(rules)}};
  Json run_json{{"tool", {{"driver", std::move(driver)}}},
                {"invocations", Json::array({std::move(invocation)})},
                {"results", std::move(results)},
                {"properties",
                 {{"provider", run.provider.address},
                  {"seed", std::to_string(run.seed)},
                  {"profile", run.profile},
                  {"verdict", std::string(to_string(verdict_of(run)))},
                  {"generated_at", format_timestamp(m_clock(), true)}}}};
  if (!run.core.empty()) run_json["properties"]["core"] = run.core;
  if (!run.core.empty()) run_json["properties"]["core"] = run.core;
  Json doc{{"$schema", std::string(kSchemaUri)}, {"version", "2.1.0"}, {"runs", Json::array({std::move(run_json)})}};
  // replace: a provider's invalid UTF-8 becomes U+FFFD instead of an exception.
  out << doc.dump(2, ' ', false, Json::error_handler_t::replace) << '\n';
}

}  // namespace tfc::report
