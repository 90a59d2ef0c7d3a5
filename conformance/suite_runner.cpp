// Cases, shrinking and verdicts of one suite (see suite_runner.hpp).
#include "conformance/suite_runner.hpp"

#include <algorithm>
#include <map>
#include <set>
#include <tuple>

#include "conformance/case_play.hpp"
#include "conformance/shrink.hpp"
#include "runner/adaptive_deadline.hpp"
#include "runner/run_stop.hpp"

namespace tfc::conformance {
namespace {

std::uint64_t splitmix64(std::uint64_t x) {
  x += 0x9e3779b97f4a7c15ULL;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
  return x ^ (x >> 31);
}

std::uint64_t fnv1a(std::string_view s) {
  std::uint64_t h = 0xcbf29ce484222325ULL;
  for (unsigned char c : s) h = (h ^ c) * 0x100000001b3ULL;
  return h;
}

/// Shrinking a hang or a memory blow-up: each attempt waits out a (shortened) deadline or fills
/// the memory limit, so only a few are tried.
constexpr std::size_t kCostlyShrinkAttempts = 12;
/// ... and for at most this long (or --shrink-time, when shorter): a hang is then reported within
/// about --timeout plus this.
constexpr std::chrono::seconds kCostlyShrinkTime{20};

std::string plural_cases(std::size_t n) { return std::to_string(n) + (n == 1 ? " case" : " cases"); }

report::SuiteKind suite_kind(CaseKind kind) {
  return kind == CaseKind::Data ? report::SuiteKind::data_source : report::SuiteKind::resource;
}

const std::vector<std::string>& scenario_names(CaseKind kind) {
  switch (kind) {
    case CaseKind::Lifecycle: return lifecycle_scenarios();
    case CaseKind::PlanOnly: return plan_only_scenarios();
    case CaseKind::Data: return data_scenarios();
  }
  return lifecycle_scenarios();
}

/// The steps the coverage figures list for each kind of case, in Core's order.
const std::vector<CoverageStep>& counted_steps(CaseKind kind) {
  static const std::vector<CoverageStep> lifecycle{CoverageStep::Validated, CoverageStep::Planned,  CoverageStep::Applied,  CoverageStep::UpdatePlanned,
                                           CoverageStep::Updated,   CoverageStep::Replaced, CoverageStep::Read,     CoverageStep::Imported,
                                           CoverageStep::Upgraded,  CoverageStep::Destroyed};
  static const std::vector<CoverageStep> plan_only{CoverageStep::Validated, CoverageStep::Planned, CoverageStep::Upgraded, CoverageStep::UpdatePlanned};
  static const std::vector<CoverageStep> data{CoverageStep::Validated, CoverageStep::Read};
  switch (kind) {
    case CaseKind::Lifecycle: return lifecycle;
    case CaseKind::PlanOnly: return plan_only;
    case CaseKind::Data: return data;
  }
  return lifecycle;
}

std::string skip_reason(const std::string& scenario, const report::Coverage& coverage, const std::string& rejection) {
  if (coverage.cases_generated > 0 && coverage.planned == 0) {
    return "the provider refused every generated case (" + rejection +
           "); give values it accepts in a hints file (--hints)";
  }
  if (scenario == "replace") return "the provider never asked for a replacement (no requires_replace on an update)";
  if (scenario == "import") {
    return rejection.rfind("import:", 0) == 0 ? "import refused: " + rejection
                                               : "no case reached import (it needs a known string `id` attribute)";
  }
  return "no generated case reached this step (raise --cases)";
}

/// What a suite gathers per scenario while its cases run.
struct ScenarioTally {
  std::size_t runs = 0;
  std::chrono::nanoseconds time{0};
  std::vector<report::Finding> findings;
  std::vector<std::string> logs;
};

class SuiteRun {
public:
  SuiteRun(ProviderHost& host, CaseKind kind, std::string type, const SuiteSettings& settings,
           report::ProgressListener* progress)
      : m_host(host), m_kind(kind), m_type(std::move(type)), m_settings(settings), m_progress(progress) {
    const auto& s = host.schema();
    if (kind == CaseKind::Data) {
      if (auto it = s.data_source_schemas.find(m_type); it != s.data_source_schemas.end()) m_schema = it->second;
    } else if (auto it = s.resource_schemas.find(m_type); it != s.resource_schemas.end()) {
      m_schema = it->second;
    }
    m_suite.kind = suite_kind(kind);
    m_suite.name = m_type;
  }

  const schema::Block& block() const { return m_schema.block; }

  template <class Case>
  report::Suite run(rc::Gen<Case> gen, const std::optional<ReplayToken>& replay) {
    const std::string label = report::suite_label(m_suite);
    if (replay) {
      play_replay(gen, *replay);
    } else {
      // After a timeout every further case would wait out the deadline again: the suite stops.
      // So does a stopped run (a signal, the time budget): the reports still get what was done.
      for (std::size_t i = 0; i < m_settings.cases && !m_fatal && !m_reported_rules.contains("rpc.timeout") &&
                              !runner::stop_requested();
           ++i) {
        report::CaseEvent event{label, "case", i + 1, m_settings.cases};
        if (m_progress) m_progress->case_started(event);
        const std::size_t before = m_finding_count;
        play_generated(gen, i);
        if (m_progress) {
          const auto status = m_finding_count > before ? report::Status::failed : report::Status::passed;
          m_progress->case_finished(event, status, m_finding_count - before);
        }
      }
    }
    return finish();
  }

private:
  template <class Case>
  CaseOutcome play(const Case& c) {
    CaseOutcome o = play_case(m_host.client(), m_type, m_schema, c, {m_settings.check});
    if (o.interrupted || runner::aborting()) {
      m_interrupted = true;  // the process is being killed by the stop itself: no restart
      return o;
    }
    if (o.provider_lost) {
      if (auto restarted = m_host.restart(); !restarted) {
        m_fatal = true;
        m_harness_errors.push_back("restarting the provider after it was lost: " + restarted.error().message);
      } else if (o.leftover_state) {
        destroy_quietly(m_host.client(), m_type, m_schema, *o.leftover_state, o.leftover_private);
      }
    }
    if (o.harness_error) m_harness_errors.push_back(*o.harness_error);
    if (!o.rejection.empty()) m_last_rejection = o.rejection;
    return o;
  }

  void tally(const CaseOutcome& o) {
    if (o.interrupted) return;  // a case cut off by the stop proves nothing either way
    ++m_suite.coverage.cases_generated;
    if (o.planned) ++m_suite.coverage.planned;
    else ++m_suite.coverage.rejected_by_validation;
    if (o.applied) ++m_suite.coverage.applied;
    for (const auto& name : o.scenarios_run) ++m_tallies[name].runs;
    for (const auto& [name, t] : o.scenario_time) m_tallies[name].time += t;
    for (CoverageStep s : o.reached) ++m_steps[s];
    for (const auto& reason : o.refusal_reasons) ++m_refusals[reason];
  }

  template <class Case>
  std::optional<rc::Shrinkable<Case>> generate(const rc::Gen<Case>& gen, std::uint64_t seed, int size) {
    try {
      return gen(rc::Random(seed), size);
    } catch (const std::exception& e) {
      m_harness_errors.push_back(std::string("generating a case failed: ") + e.what());
      return std::nullopt;
    }
  }

  template <class Case>
  void play_generated(const rc::Gen<Case>& gen, std::size_t index) {
    const std::uint64_t seed = case_seed(m_settings.run_seed, m_kind, m_type, index);
    const int size = case_size(index, m_settings.cases);
    auto shrinkable = generate(gen, seed, size);
    if (!shrinkable) return;
    const Case value = shrinkable->value();
    m_host.take_new_logs();
    const CaseOutcome outcome = play(value);
    tally(outcome);
    std::vector<std::string> fresh_rules;
    for (const auto& f : outcome.findings) {
      const auto& finding = f.finding;
      if (finding.severity == report::Severity::error) {
        if (!m_reported_rules.contains(finding.rule_id) &&
            std::find(fresh_rules.begin(), fresh_rules.end(), finding.rule_id) == fresh_rules.end())
          fresh_rules.push_back(finding.rule_id);
      } else if (m_reported_warnings.insert({finding.rule_id, f.scenario, finding.path}).second) {
        ReplayToken token{m_kind, m_type, seed, size, {}};
        add_finding(f, token, describe_case(m_type, m_schema.block, value), case_size(value), {}, index + 1, 0);
      }
    }
    for (const auto& rule : fresh_rules) {
      if (m_fatal) break;
      shrink_and_report(*shrinkable, rule, seed, size, outcome, index + 1);
    }
  }

  template <class Case>
  void shrink_and_report(const rc::Shrinkable<Case>& failing, const std::string& rule, std::uint64_t seed, int size,
                         const CaseOutcome& original, std::size_t case_number) {
    m_reported_rules.insert(rule);
    if (m_progress) {
      const std::string label = report::suite_label(m_suite);
      m_progress->shrinking({label, "case", case_number, m_settings.cases}, rule);
    }
    // Every attempt at shrinking a hang waits out a deadline, and one at shrinking a memory blow-up
    // fills the memory limit: shorter deadlines, fewer attempts.
    const bool hang = rule == "rpc.timeout";
    const bool costly = hang || rule == "rpc.out_of_memory";
    std::optional<runner::DeadlinePolicy::ShrinkingScope> shorter;
    if (hang) shorter.emplace();
    // A costly failure is not played once more after shrinking: the last attempt that still
    // failed (its outcome and log) is the minimal case's evidence.
    std::optional<std::pair<CaseOutcome, std::vector<std::string>>> last_failing;
    auto still_fails = [&](const Case& c) {
      if (m_fatal || runner::stop_requested()) return false;
      m_host.take_new_logs();
      CaseOutcome o = play(c);
      if (!o.has_error_rule(rule)) return false;
      if (costly) last_failing.emplace(std::move(o), m_host.take_new_logs());
      return true;
    };
    auto shrunk = shrink_failure(
        failing, still_fails,
        costly ? std::min<std::size_t>(m_settings.max_shrinks, kCostlyShrinkAttempts) : m_settings.max_shrinks,
        std::chrono::steady_clock::now() +
            (costly ? std::min<std::chrono::seconds>(m_settings.shrink_time, kCostlyShrinkTime) : m_settings.shrink_time));
    shorter.reset();
    if (runner::aborting() || (costly && !last_failing)) {
      // No provider left to replay on, or no smaller case failed: the original case is the evidence.
      report_unshrunk(failing, rule, seed, size, original, case_number, shrunk.attempts);
      return;
    }
    const Case minimal = shrunk.minimal.value();
    if (costly) {
      add_rule_findings(last_failing->first, rule, ReplayToken{m_kind, m_type, seed, size, shrunk.path},
                        describe_case(m_type, m_schema.block, minimal), case_size(minimal), last_failing->second,
                        case_number, shrunk.attempts);
      return;
    }
    m_host.take_new_logs();
    CaseOutcome replayed = play(minimal);
    std::vector<std::string> logs = m_host.take_new_logs();
    ReplayToken token{m_kind, m_type, seed, size, shrunk.path};
    std::string described = describe_case(m_type, m_schema.block, minimal);
    std::size_t attributes = case_size(minimal);
    if (!replayed.has_error_rule(rule)) {
      // Not reproducible on its own (a flaky provider): report the original, unshrunk case.
      report_unshrunk(failing, rule, seed, size, original, case_number, shrunk.attempts, logs);
      return;
    }
    add_rule_findings(replayed, rule, token, described, attributes, logs, case_number, shrunk.attempts);
  }

  template <class Case>
  void report_unshrunk(const rc::Shrinkable<Case>& failing, const std::string& rule, std::uint64_t seed, int size,
                       const CaseOutcome& original, std::size_t case_number, std::size_t attempts,
                       const std::vector<std::string>& logs = {}) {
    const ReplayToken token{m_kind, m_type, seed, size, {}};
    add_rule_findings(original, rule, token, describe_case(m_type, m_schema.block, failing.value()),
                      case_size(failing.value()), logs, case_number, attempts);
  }

  void add_rule_findings(const CaseOutcome& outcome, const std::string& rule, const ReplayToken& token,
                         const std::string& described, std::size_t attributes, const std::vector<std::string>& logs,
                         std::size_t case_number, std::size_t attempts) {
    bool first = true;
    for (const auto& f : outcome.findings) {
      if (f.finding.severity != report::Severity::error || f.finding.rule_id != rule) continue;
      add_finding(f, token, described, attributes, first ? logs : std::vector<std::string>{}, case_number, attempts);
      first = false;
    }
  }

  template <class Case>
  void play_replay(const rc::Gen<Case>& gen, const ReplayToken& token) {
    auto shrinkable = generate(gen, token.seed, token.size);
    if (!shrinkable) return;
    if (!follow_shrink_path(*shrinkable, token.shrink_path)) {
      m_harness_errors.push_back("the replay token's shrink path does not exist for this provider and these options "
                                 "(different hints, provider version or tfconform version?)");
      return;
    }
    const Case value = shrinkable->value();
    m_host.take_new_logs();
    const CaseOutcome outcome = play(value);
    tally(outcome);
    const auto logs = m_host.take_new_logs();
    const std::string described = describe_case(m_type, m_schema.block, value);
    bool first = true;
    for (const auto& f : outcome.findings) {
      add_finding(f, token, described, case_size(value), first ? logs : std::vector<std::string>{});
      first = false;
    }
  }

  void add_finding(const CaseFinding& f, const ReplayToken& token, const std::string& described, std::size_t attributes,
                   const std::vector<std::string>& logs, std::size_t case_number = 0, std::size_t attempts = 0) {
    report::Finding finding = f.finding;
    finding.found_at_case = case_number;
    finding.shrink_attempts = attempts;
    finding.seed = token.seed;
    finding.replay_token = format_token(token);
    finding.counterexample = report::Counterexample{described, attributes};
    auto& tally = m_tallies[f.scenario];
    if (tally.logs.empty()) tally.logs = logs;
    tally.findings.push_back(std::move(finding));
    ++m_finding_count;
  }

  void fill_coverage() {
    auto& c = m_suite.coverage;
    for (CoverageStep s : counted_steps(m_kind)) c.steps.emplace_back(std::string(to_string(s)), m_steps[s]);
    for (const auto& [reason, count] : m_refusals) {
      if (count > c.top_refusal_cases) {  // ties: the first in sorted order, deterministic
        c.top_refusal = reason;
        c.top_refusal_cases = count;
      }
    }
  }

  report::Suite finish() {
    fill_coverage();
    for (const auto& name : scenario_names(m_kind)) {
      report::Scenario sc;
      sc.name = name;
      auto it = m_tallies.find(name);
      if (it != m_tallies.end()) {
        sc.duration = std::chrono::duration_cast<std::chrono::milliseconds>(it->second.time);
        sc.findings = std::move(it->second.findings);
        sc.log_lines = std::move(it->second.logs);
      }
      const bool ran = it != m_tallies.end() && (it->second.runs > 0 || !sc.findings.empty());
      bool failed = false;
      for (const auto& f : sc.findings) failed = failed || f.severity == report::Severity::error;
      sc.status = failed ? report::Status::failed : ran ? report::Status::passed : report::Status::skipped;
      if (!ran) sc.reason = skip_reason(name, m_suite.coverage, m_last_rejection);
      m_suite.scenarios.push_back(std::move(sc));
    }
    if (m_interrupted || (runner::stop_requested() && m_suite.coverage.cases_generated < m_settings.cases &&
                          !m_fatal && !m_reported_rules.contains("rpc.timeout"))) {
      report::Scenario sc;
      sc.name = "interrupted";
      sc.status = report::Status::skipped;
      sc.reason = runner::describe(runner::stop_reason()) + " after " +
                  plural_cases(m_suite.coverage.cases_generated) + " of " + std::to_string(m_settings.cases);
      m_suite.scenarios.push_back(std::move(sc));
    }
    if (!m_harness_errors.empty()) {
      report::Scenario sc;
      sc.name = "harness";
      sc.status = report::Status::error;
      sc.reason = m_harness_errors.front();
      if (m_harness_errors.size() > 1) sc.reason += " (and " + std::to_string(m_harness_errors.size() - 1) + " more)";
      m_suite.scenarios.push_back(std::move(sc));
    }
    return std::move(m_suite);
  }

  ProviderHost& m_host;
  CaseKind m_kind;
  std::string m_type;
  const SuiteSettings& m_settings;
  report::ProgressListener* m_progress;
  schema::Schema m_schema;
  report::Suite m_suite;
  std::map<std::string, ScenarioTally> m_tallies;
  std::set<std::string> m_reported_rules;
  std::set<std::tuple<std::string, std::string, std::string>> m_reported_warnings;
  std::vector<std::string> m_harness_errors;
  std::string m_last_rejection;
  std::map<CoverageStep, std::size_t> m_steps;
  std::map<std::string, std::size_t> m_refusals;
  std::size_t m_finding_count = 0;
  bool m_fatal = false;
  bool m_interrupted = false;
};

}  // namespace

std::uint64_t case_seed(std::uint64_t run_seed, CaseKind kind, const std::string& type, std::size_t index) {
  const std::uint64_t suite = splitmix64(run_seed ^ fnv1a(type) ^ (static_cast<std::uint64_t>(kind) << 56));
  return splitmix64(suite + index);
}

int case_size(std::size_t index, std::size_t total) {
  if (total <= 1) return 50;
  return static_cast<int>(index * 100 / (total - 1));
}

report::Suite run_suite(ProviderHost& host, CaseKind kind, const std::string& type, const gen::Hints& hints,
                        const SuiteSettings& settings, report::ProgressListener* progress,
                        const std::optional<ReplayToken>& replay) {
  SuiteRun run(host, kind, type, settings, progress);
  // The generators keep references to the suite's own copy of the schema, which outlives them.
  switch (kind) {
    case CaseKind::Lifecycle: return run.run(lifecycle_case_of(run.block(), hints, settings.generation), replay);
    case CaseKind::PlanOnly: return run.run(plan_only_case_of(run.block(), hints, settings.generation), replay);
    case CaseKind::Data: return run.run(data_case_of(run.block(), hints, settings.generation), replay);
  }
  return {};
}

}  // namespace tfc::conformance
