// Cases, shrinking and verdicts of one suite (see suite_runner.hpp).
#include "conformance/suite_runner.hpp"

#include <algorithm>
#include <functional>
#include <map>
#include <set>
#include <tuple>

#include "conformance/case_play.hpp"
#include "conformance/shrink.hpp"
#include "generators/learning/refusal_learner.hpp"

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

/// The configuration the suite learns from: the case's first one.
const cty::Value& learning_config(const LifecycleCase& c) { return c.create.known; }
const cty::Value& learning_config(const PlanOnlyCase& c) { return c.config.known; }
const cty::Value& learning_config(const DataCase& c) { return c.config.known; }

template <class Case>
using CaseGenerator = std::function<rc::Gen<Case>(const gen::Hints&)>;

/// The case generator for the learner's current hints, rebuilt only when they change.
template <class Case>
class LearningGenerator {
public:
  LearningGenerator(CaseGenerator<Case> make, const gen::learning::RefusalLearner& learner)
      : m_make(std::move(make)), m_learner(learner) {}
  const rc::Gen<Case>& current() {
    if (!m_gen || m_version != m_learner.version()) {
      m_gen = m_make(m_learner.hints());
      m_version = m_learner.version();
    }
    return *m_gen;
  }

private:
  CaseGenerator<Case> m_make;
  const gen::learning::RefusalLearner& m_learner;
  std::optional<rc::Gen<Case>> m_gen;
  std::size_t m_version = 0;
};

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
  report::Suite run(CaseGenerator<Case> make, const gen::Hints& hints, const std::optional<ReplayToken>& replay,
                    gen::Hints* learned) {
    const std::string label = report::suite_label(m_suite);
    gen::learning::RefusalLearner learner(block(), hints, m_kind == CaseKind::Data);
    LearningGenerator<Case> gen(std::move(make), learner);
    if (replay) {
      play_replay(gen, learner, *replay);
    } else {
      // After a timeout every further case would wait out the deadline again: the suite stops.
      for (std::size_t i = 0; i < m_settings.cases && !m_fatal && !m_reported_rules.contains("rpc.timeout"); ++i) {
        report::CaseEvent event{label, "case", i + 1, m_settings.cases};
        if (m_progress) m_progress->case_started(event);
        const std::size_t before = m_finding_count;
        learner.begin_case();
        play_generated(gen.current(), i, learner);
        if (m_progress) {
          const auto status = m_finding_count > before ? report::Status::failed : report::Status::passed;
          m_progress->case_finished(event, status, m_finding_count - before);
        }
      }
    }
    for (const auto& f : learner.facts())
      m_suite.learned.push_back({f.attribute, f.source, f.rule, f.evidence, f.case_number});
    if (learned) *learned = learner.steady_hints();
    return finish();
  }

private:
  /// What the case's answers teach: its refusals, and its first configuration when that was
  /// accepted (planned; read, for a data source). Accepted first: a later refusal of the same
  /// configuration (a plan update) then takes its attribute back out of the examples.
  template <class Case>
  void learn(gen::learning::RefusalLearner& learner, const CaseOutcome& o, const Case& c) {
    const bool accepted = m_kind == CaseKind::Data ? o.applied : o.planned;
    if (accepted) learner.accepted(learning_config(c));
    for (const auto& r : o.refusals) learner.refused(r.config, r.diagnostics);
  }

  template <class Case>
  CaseOutcome play(const Case& c, bool learn_only = false) {
    CaseOutcome o = play_case(m_host.client(), m_type, m_schema, c, {m_settings.check, learn_only});
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
    ++m_suite.coverage.cases_generated;
    if (o.planned) ++m_suite.coverage.planned;
    else ++m_suite.coverage.rejected_by_validation;
    if (o.applied) ++m_suite.coverage.applied;
    for (const auto& name : o.scenarios_run) ++m_tallies[name].runs;
    for (const auto& [name, t] : o.scenario_time) m_tallies[name].time += t;
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
  void play_generated(const rc::Gen<Case>& gen, std::size_t index, gen::learning::RefusalLearner& learner) {
    const std::uint64_t seed = case_seed(m_settings.run_seed, m_kind, m_type, index);
    const int size = case_size(index, m_settings.cases);
    auto shrinkable = generate(gen, seed, size);
    if (!shrinkable) return;
    const Case value = shrinkable->value();
    m_host.take_new_logs();
    const CaseOutcome outcome = play(value);
    tally(outcome);
    learn(learner, outcome, value);
    const ReplayToken token{m_kind, m_type, m_settings.run_seed, index, m_settings.cases, {}};
    std::vector<std::string> fresh_rules;
    for (const auto& f : outcome.findings) {
      const auto& finding = f.finding;
      if (finding.severity == report::Severity::error) {
        if (!m_reported_rules.contains(finding.rule_id) &&
            std::find(fresh_rules.begin(), fresh_rules.end(), finding.rule_id) == fresh_rules.end())
          fresh_rules.push_back(finding.rule_id);
      } else if (m_reported_warnings.insert({finding.rule_id, f.scenario, finding.path}).second) {
        add_finding(f, token, describe_case(m_type, m_schema.block, value), case_size(value), {}, index + 1, 0);
      }
    }
    // Shrinking plays candidates of this very generator (the hints this case had), and what
    // they answer teaches nothing: the suite's learning depends on its cases alone.
    for (const auto& rule : fresh_rules) {
      if (m_fatal) break;
      shrink_and_report(*shrinkable, rule, token, outcome, index + 1);
    }
  }

  template <class Case>
  void shrink_and_report(const rc::Shrinkable<Case>& failing, const std::string& rule, ReplayToken token,
                         const CaseOutcome& original, std::size_t case_number) {
    m_reported_rules.insert(rule);
    auto shrunk = shrink_failure(
        failing, [&](const Case& c) { return !m_fatal && play(c).has_error_rule(rule); }, m_settings.max_shrinks,
        std::chrono::steady_clock::now() + m_settings.shrink_time);
    const Case minimal = shrunk.minimal.value();
    m_host.take_new_logs();
    CaseOutcome replayed = play(minimal);
    std::vector<std::string> logs = m_host.take_new_logs();
    token.shrink_path = shrunk.path;
    std::string described = describe_case(m_type, m_schema.block, minimal);
    std::size_t attributes = case_size(minimal);
    if (!replayed.has_error_rule(rule)) {
      // Not reproducible on its own (a flaky provider): report the original, unshrunk case.
      replayed = original;
      token.shrink_path.clear();
      described = describe_case(m_type, m_schema.block, failing.value());
      attributes = case_size(failing.value());
    }
    bool first = true;
    for (const auto& f : replayed.findings) {
      if (f.finding.severity != report::Severity::error || f.finding.rule_id != rule) continue;
      add_finding(f, token, described, attributes, first ? logs : std::vector<std::string>{}, case_number,
                  shrunk.attempts);
      first = false;
    }
  }

  template <class Case>
  void play_replay(LearningGenerator<Case>& gen, gen::learning::RefusalLearner& learner, const ReplayToken& token) {
    // The earlier cases' validation and plans, to learn what the suite knew at this case.
    for (std::size_t j = 0; j < token.index && !m_fatal; ++j) {
      learner.begin_case();
      auto earlier = generate(gen.current(), case_seed(token.seed, m_kind, m_type, j), case_size(j, token.cases));
      if (!earlier) continue;
      const Case value = earlier->value();
      learn(learner, play(value, true), value);
    }
    m_host.take_new_logs();
    learner.begin_case();
    auto shrinkable = generate(gen.current(), case_seed(token.seed, m_kind, m_type, token.index),
                               case_size(token.index, token.cases));
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
    finding.seed = case_seed(token.seed, token.kind, token.type_name, token.index);
    finding.replay_token = format_token(token);
    finding.counterexample = report::Counterexample{described, attributes};
    auto& tally = m_tallies[f.scenario];
    if (tally.logs.empty()) tally.logs = logs;
    tally.findings.push_back(std::move(finding));
    ++m_finding_count;
  }

  report::Suite finish() {
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
  std::size_t m_finding_count = 0;
  bool m_fatal = false;
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
                        const std::optional<ReplayToken>& replay, gen::Hints* learned) {
  SuiteRun run(host, kind, type, settings, progress);
  // The generators keep references to the suite's own copy of the schema, which outlives them.
  const schema::Block& block = run.block();
  const CaseGenOptions options = settings.generation;
  switch (kind) {
    case CaseKind::Lifecycle:
      return run.run(CaseGenerator<LifecycleCase>([&block, options](const gen::Hints& h) {
                       return lifecycle_case_of(block, h, options);
                     }),
                     hints, replay, learned);
    case CaseKind::PlanOnly:
      return run.run(CaseGenerator<PlanOnlyCase>([&block, options](const gen::Hints& h) {
                       return plan_only_case_of(block, h, options);
                     }),
                     hints, replay, learned);
    case CaseKind::Data:
      return run.run(CaseGenerator<DataCase>([&block, options](const gen::Hints& h) {
                       return data_case_of(block, h, options);
                     }),
                     hints, replay, learned);
  }
  return {};
}

}  // namespace tfc::conformance
