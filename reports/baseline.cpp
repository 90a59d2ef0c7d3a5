#include "reports/baseline.hpp"

#include <algorithm>
#include <fstream>
#include <set>

#include <nlohmann/json.hpp>

#include "reports/fingerprint.hpp"

namespace tfc::report {

namespace {

constexpr const char* kFormat = "tfconform-baseline";

}  // namespace

bool baseline_matches(const BaselineEntry& e, const Finding& f) {
  if (e.fingerprint == f.fingerprint) return true;
  if (e.rule_id != f.rule_id || e.resource_type != f.resource_type || e.step != step_key_of(f)) return false;
  const auto mine = path_patterns_of(f);
  for (const auto& p : e.path_patterns) {
    if (std::binary_search(mine.begin(), mine.end(), p)) return true;
  }
  return false;
}

std::vector<BaselineEntry> baseline_entries(const RunReport& run) {
  std::vector<BaselineEntry> out;
  std::set<std::string> seen;
  for (const FindingRef& ref : all_findings(run)) {
    const Finding& f = *ref.finding;
    if (f.fingerprint.empty() || !seen.insert(f.fingerprint).second) continue;
    out.push_back({f.fingerprint, f.rule_id, f.resource_type, step_key_of(f), f.path, path_patterns_of(f)});
  }
  return out;
}

void write_baseline(const RunReport& run, std::ostream& out) {
  nlohmann::ordered_json findings = nlohmann::ordered_json::array();
  for (const BaselineEntry& e : baseline_entries(run)) {
    findings.push_back({{"fingerprint", e.fingerprint},
                        {"rule", e.rule_id},
                        {"resource_type", e.resource_type},
                        {"step", e.step},
                        {"path", e.path},
                        {"path_patterns", e.path_patterns}});
  }
  const nlohmann::ordered_json doc{
      {"format", kFormat}, {"version", 1}, {"provider", run.provider.address}, {"findings", std::move(findings)}};
  out << doc.dump(2, ' ', false, nlohmann::ordered_json::error_handler_t::replace) << '\n';
}

Expected<std::vector<BaselineEntry>> read_baseline(const std::string& path) {
  std::ifstream in(path);
  if (!in) return Error{"baseline " + path + ": cannot be read"};
  nlohmann::json doc;
  try {
    doc = nlohmann::json::parse(in);
  } catch (const nlohmann::json::exception& e) {
    return Error{"baseline " + path + ": not valid JSON: " + e.what()};
  }
  if (!doc.is_object() || doc.value("format", "") != kFormat || !doc.contains("findings") ||
      !doc["findings"].is_array())
    return Error{"baseline " + path + ": not a tfconform baseline (write one with --write-baseline)"};
  std::vector<BaselineEntry> out;
  for (const auto& e : doc["findings"]) {
    if (!e.is_object() || !e.contains("fingerprint") || !e["fingerprint"].is_string())
      return Error{"baseline " + path + ": an entry has no fingerprint: " + e.dump()};
    auto text = [&e](const char* key) {
      return e.contains(key) && e[key].is_string() ? e[key].get<std::string>() : "";
    };
    BaselineEntry entry{text("fingerprint"), text("rule"), text("resource_type"), text("step"), text("path"), {}};
    if (e.contains("path_patterns") && e["path_patterns"].is_array()) {
      for (const auto& p : e["path_patterns"]) {
        if (p.is_string()) entry.path_patterns.push_back(p.get<std::string>());
      }
    }
    out.push_back(std::move(entry));
  }
  return out;
}

void apply_baseline(RunReport& run, const std::vector<BaselineEntry>& baseline, const std::string& file) {
  std::vector<bool> met(baseline.size(), false);
  std::set<std::string> types_run;
  for (Suite& suite : run.suites) {
    types_run.insert(suite.name);
    for (Scenario& scenario : suite.scenarios) {
      bool any_new_error = false;
      std::string known_list;
      for (Finding& f : scenario.findings) {
        bool known = false;
        for (std::size_t i = 0; i < baseline.size(); ++i) {
          if (!baseline_matches(baseline[i], f)) continue;
          known = true;
          met[i] = true;
        }
        f.baseline = known ? BaselineState::known : BaselineState::fresh;
        if (known) {
          known_list += (known_list.empty() ? "" : ", ") + f.rule_id + " " + f.fingerprint;
        } else if (f.severity == Severity::error) {
          any_new_error = true;
        }
      }
      if (scenario.status == Status::failed && !known_list.empty() && !any_new_error) {
        scenario.status = Status::skipped;
        scenario.reason = "known findings (baseline " + file + "): " + known_list;
      }
    }
  }
  run.baseline_file = file;
  run.possibly_fixed.clear();
  for (std::size_t i = 0; i < baseline.size(); ++i) {
    if (!met[i] && types_run.contains(baseline[i].resource_type)) run.possibly_fixed.push_back(baseline[i]);
  }
}

}  // namespace tfc::report
