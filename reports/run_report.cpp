#include "reports/run_report.hpp"

#include <algorithm>
#include <cstdio>
#include <ctime>
#include <map>

namespace tfc::report {

namespace {

void add(Totals& into, const Scenario& scenario) {
  ++into.scenarios;
  switch (scenario.status) {
    case Status::passed: ++into.passed; break;
    case Status::failed: ++into.failed; break;
    case Status::skipped: ++into.skipped; break;
    case Status::error: ++into.errored; break;
  }
  for (const Finding& f : scenario.findings) {
    if (f.baseline == BaselineState::known) {
      ++into.known_findings;
    } else if (f.severity == Severity::error) {
      ++into.error_findings;
    } else {
      ++into.warning_findings;
    }
  }
  into.duration += scenario.duration;
}

bool shell_safe(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' || c == '_' ||
         c == '.' || c == ':' || c == '/' || c == '=' || c == '+' || c == ',';
}

}  // namespace

Totals totals_of(const Suite& suite) {
  Totals t;
  for (const Scenario& s : suite.scenarios) add(t, s);
  return t;
}

Totals totals_of(const RunReport& run) {
  Totals t;
  for (const Suite& suite : run.suites) {
    for (const Scenario& s : suite.scenarios) add(t, s);
  }
  return t;
}

bool run_failed(const RunReport& run) {
  const Totals t = totals_of(run);
  return t.failed > 0 || t.errored > 0 || t.error_findings > 0;
}

namespace {

/// "never " and the first step of `c.steps` (Core's order) that no case reached, looking only
/// after the step `after` (from the first step when empty) and up to `last`; "never " + `last`
/// when the suite lists no such step (a report of an earlier version read back).
std::string first_missed(const Coverage& c, std::string_view after, std::string_view last) {
  bool looking = after.empty();
  for (const auto& [step, count] : c.steps) {
    if (!looking) {
      looking = step == after;
      continue;
    }
    if (count == 0) return "never " + step;
    if (step == last) break;
  }
  return "never " + std::string(last);
}

}  // namespace

std::vector<Unexercised> unexercised(const RunReport& run) {
  std::vector<Unexercised> out;
  for (const Suite& suite : run.suites) {
    if (suite.kind == SuiteKind::provider) continue;
    if (run.interruption) {
      const auto& not_run = run.interruption->not_run;
      if (std::find(not_run.begin(), not_run.end(), suite_label(suite)) != not_run.end()) continue;
    }
    const Coverage& c = suite.coverage;
    // Each family's plan-time step (planned counts it) and apply-time one (applied counts it);
    // the words name the first step no case reached, not the one the count stands for.
    std::string_view plan_step = "planned", apply_step = "applied";
    switch (suite.kind) {
      case SuiteKind::data_source: plan_step = "validated", apply_step = "read"; break;
      case SuiteKind::function: plan_step = "called", apply_step = ""; break;
      case SuiteKind::ephemeral_resource: plan_step = "validated", apply_step = "opened"; break;
      // A list has no step it must reach with --apply: its created object needs a managed
      // resource with an identity.
      case SuiteKind::list_resource: plan_step = "validated", apply_step = ""; break;
      case SuiteKind::action: apply_step = "invoked"; break;
      default: break;
    }
    if (suite.kind == SuiteKind::data_source) {
      // A data source is read in plan-only runs too: reading is what it must reach.
      if (c.applied == 0) out.push_back({&suite, first_missed(c, "", apply_step), false});
    } else if (c.planned == 0) {
      out.push_back({&suite, first_missed(c, "", plan_step), false});
    } else if (run.options.apply && !apply_step.empty() && c.applied == 0) {
      out.push_back({&suite, first_missed(c, plan_step, apply_step), true});
    }
  }
  return out;
}

std::string unexercised_sentence(const Unexercised& u) {
  const Coverage& c = u.suite->coverage;
  std::string out = u.missed + " in " + plural(c.cases_generated, "case");
  // The step before the one missed, when cases reached it: where they stopped.
  for (std::size_t i = 1; i < c.steps.size(); ++i) {
    if ("never " + c.steps[i].first == u.missed && c.steps[i - 1].second > 0) {
      out += " (" + c.steps[i - 1].first + " in " + std::to_string(c.steps[i - 1].second) + ")";
      break;
    }
  }
  if (!c.top_refusal.empty())
    out += "; most frequent refusal (" + plural(c.top_refusal_cases, "case") + "): " + c.top_refusal;
  return out;
}

std::vector<std::string> incompleteness(const RunReport& run) {
  std::vector<std::string> out;
  if (run.interruption) out.push_back(interruption_sentence(*run.interruption));
  const auto missed = unexercised(run);
  if (!missed.empty()) {
    constexpr std::size_t kShown = 5;
    std::string text = plural(missed.size(), "selected type") + " not exercised: ";
    for (std::size_t i = 0; i < missed.size() && i < kShown; ++i)
      text += (i ? ", " : "") + suite_label(*missed[i].suite) + " (" + missed[i].missed + ")";
    if (missed.size() > kShown) text += ", ...";
    out.push_back(text);
  }
  return out;
}

Verdict verdict_of(const RunReport& run) {
  if (run_failed(run)) return Verdict::failed;
  return incompleteness(run).empty() ? Verdict::passed : Verdict::incomplete;
}

std::vector<FindingRef> all_findings(const RunReport& run) {
  std::vector<FindingRef> out;
  for (const Suite& suite : run.suites) {
    for (const Scenario& scenario : suite.scenarios) {
      for (const Finding& f : scenario.findings) out.push_back({&suite, &scenario, &f});
    }
  }
  return out;
}

std::vector<RuleCount> findings_by_rule(const RunReport& run) {
  std::map<std::string, RuleCount> by_rule;
  for (const FindingRef& ref : all_findings(run)) {
    RuleCount& rc = by_rule[ref.finding->rule_id];
    rc.rule_id = ref.finding->rule_id;
    if (ref.finding->severity == Severity::error) rc.severity = Severity::error;
    ++rc.count;
  }
  std::vector<RuleCount> out;
  for (auto& [id, rc] : by_rule) out.push_back(std::move(rc));
  return out;
}

std::string_view to_string(Verdict verdict) {
  switch (verdict) {
    case Verdict::passed: return "passed";
    case Verdict::failed: return "failed";
    case Verdict::incomplete: return "incomplete";
  }
  return "failed";
}

std::string_view to_string(Status status) {
  switch (status) {
    case Status::passed: return "passed";
    case Status::failed: return "failed";
    case Status::skipped: return "skipped";
    case Status::error: return "error";
  }
  return "error";
}

std::string_view to_string(SuiteKind kind) {
  switch (kind) {
    case SuiteKind::provider: return "provider";
    case SuiteKind::resource: return "resource";
    case SuiteKind::data_source: return "data_source";
    case SuiteKind::function: return "function";
    case SuiteKind::ephemeral_resource: return "ephemeral_resource";
    case SuiteKind::list_resource: return "list_resource";
    case SuiteKind::action: return "action";
  }
  return "resource";
}

std::string_view to_string(FindingClass finding_class) {
  switch (finding_class) {
    case FindingClass::contract: return "contract";
    case FindingClass::tolerated: return "tolerated";
    case FindingClass::robustness: return "robustness";
    case FindingClass::hygiene: return "hygiene";
    case FindingClass::coverage: return "coverage";
  }
  return "contract";
}

std::string_view to_string(BaselineState state) {
  switch (state) {
    case BaselineState::untracked: return "untracked";
    case BaselineState::known: return "known";
    case BaselineState::fresh: return "new";
  }
  return "untracked";
}

std::string_view to_string(ConfirmVerdict verdict) {
  switch (verdict) {
    case ConfirmVerdict::confirmed: return "confirmed";
    case ConfirmVerdict::not_reproduced: return "not reproduced";
    case ConfirmVerdict::could_not_run: return "could not run";
    case ConfirmVerdict::not_expressible: return "not expressible";
  }
  return "not reproduced";
}

std::string suite_label(const Suite& suite) { return std::string(to_string(suite.kind)) + "." + suite.name; }

std::string value_text(const nlohmann::json& value) {
  if (value.is_null()) return {};
  // replace: a provider's invalid UTF-8 becomes U+FFFD instead of an exception.
  return value.dump(2, ' ', false, nlohmann::json::error_handler_t::replace);
}

std::string shown_value(const Finding& finding, const nlohmann::json& value) {
  if (value.is_null()) return {};
  if (finding.sensitive) return std::string(kRedacted);
  return value_text(value);
}

std::string shown_compared(const Finding& finding, const std::optional<nlohmann::json>& value) {
  if (!value) return {};
  if (finding.sensitive) return std::string(kRedacted);
  return value->dump(2, ' ', false, nlohmann::json::error_handler_t::replace);
}

nlohmann::json shown_json(const Finding& finding, const nlohmann::json& value) {
  if (finding.sensitive && !value.is_null()) return std::string(kRedacted);
  return value;
}

std::vector<std::string> finding_caveats(const Finding& finding) {
  std::vector<std::string> out;
  if (finding.extreme_values) {
    out.push_back(
        "found only with extreme values (--values all or extreme): huge or long numbers, long or "
        "control-character strings, long collections; no realistic case showed it");
  }
  if (finding.invented_prior) {
    out.push_back(
        "the evidence rests on an invented prior state: the planned state of an accepted "
        "configuration with its unknown values filled in by tfconform, not a state the provider wrote");
  }
  if (finding.log_not_reproduced) {
    out.push_back(
        "the finding did not reproduce with the provider's logging on: the case played again for its log "
        "(--provider-log failures) did not give it, so the log shown is the quiet search's and may be short");
  }
  return out;
}

std::string caveat_tags(const Finding& finding) {
  std::string out;
  if (finding.extreme_values) out += "[extreme values]";
  if (finding.invented_prior) out += std::string(out.empty() ? "" : " ") + "[invented prior]";
  if (finding.log_not_reproduced) out += std::string(out.empty() ? "" : " ") + "[not reproduced with logs]";
  return out;
}

std::string shell_quoted(std::string_view word) {
  if (!word.empty() && std::all_of(word.begin(), word.end(), shell_safe)) return std::string(word);
  // Single quotes make every byte literal for POSIX shells; a quote itself is closed, escaped
  // and reopened.
  std::string out = "'";
  for (char c : word) {
    if (c == '\'') {
      out += "'\\''";
    } else {
      out += c;
    }
  }
  return out + '\'';
}

std::string shell_command(const std::vector<std::string>& words) {
  std::string out;
  for (const std::string& word : words) out += (out.empty() ? "" : " ") + shell_quoted(word);
  return out;
}

std::string replay_command(const Finding& finding) {
  if (finding.replay_token.empty()) return {};
  return finding.replay_command_line;
}

std::string replay_text(const Finding& finding) {
  if (finding.replay_token.empty()) return {};
  return finding.replay_command_line.empty() ? finding.replay_not_runnable : finding.replay_command_line;
}

std::string plural(std::size_t n, std::string_view noun) {
  return std::to_string(n) + " " + std::string(noun) + (n == 1 ? "" : "s");
}

namespace {

std::string listed(const std::vector<std::string>& labels) {
  constexpr std::size_t kShown = 5;
  std::string out;
  for (std::size_t i = 0; i < labels.size() && i < kShown; ++i) out += (i ? ", " : "") + labels[i];
  if (labels.size() > kShown) out += ", ...";
  return out;
}

}  // namespace

std::string interruption_sentence(const Interruption& interruption) {
  std::string out = interruption.reason;
  if (!interruption.not_run.empty())
    out += ": " + plural(interruption.not_run.size(), "type") + " not run (" + listed(interruption.not_run) + ")";
  if (!interruption.cut_short.empty())
    out += std::string(interruption.not_run.empty() ? ": " : ", ") + std::to_string(interruption.cut_short.size()) +
           " cut short (" + listed(interruption.cut_short) + ")";
  return out;
}

std::string totals_sentence(const Totals& t) {
  const std::string known = t.known_findings > 0 ? ", " + std::to_string(t.known_findings) + " known" : "";
  return plural(t.error_findings, "error") + ", " + plural(t.warning_findings, "warning") + known + "; " +
         plural(t.scenarios, "scenario") + ": " + std::to_string(t.passed) + " passed, " + std::to_string(t.failed) +
         " failed, " + std::to_string(t.skipped) + " skipped, " + std::to_string(t.errored) + " errored";
}

std::string format_timestamp(std::chrono::system_clock::time_point t, bool with_zone) {
  const std::time_t secs = std::chrono::system_clock::to_time_t(std::chrono::time_point_cast<std::chrono::seconds>(t));
  std::tm tm{};
  gmtime_r(&secs, &tm);
  char buf[32];
  std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%S", &tm);
  std::string out = buf;
  if (with_zone) out += 'Z';
  return out;
}

std::string format_seconds(std::chrono::milliseconds d) {
  const long long ms = std::max<long long>(0, d.count());
  char buf[32];
  std::snprintf(buf, sizeof buf, "%lld.%03lld", ms / 1000, ms % 1000);
  return buf;
}

}  // namespace tfc::report
