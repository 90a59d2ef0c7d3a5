// Cases, shrinking and verdicts of one suite (see suite_runner.hpp).
#include "conformance/suite_runner.hpp"

#include <algorithm>
#include <map>
#include <set>
#include <tuple>

#include "conformance/case_play.hpp"
#include "conformance/family_play.hpp"
#include "conformance/shrink.hpp"

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
  switch (kind) {
    case CaseKind::Lifecycle:
    case CaseKind::PlanOnly: return report::SuiteKind::resource;
    case CaseKind::Data: return report::SuiteKind::data_source;
    case CaseKind::Function: return report::SuiteKind::function;
    case CaseKind::Ephemeral: return report::SuiteKind::ephemeral_resource;
    case CaseKind::List: return report::SuiteKind::list_resource;
    case CaseKind::Action: return report::SuiteKind::action;
  }
  return report::SuiteKind::resource;
}

const std::vector<std::string>& scenario_names(CaseKind kind) {
  switch (kind) {
    case CaseKind::Lifecycle: return lifecycle_scenarios();
    case CaseKind::PlanOnly: return plan_only_scenarios();
    case CaseKind::Data: return data_scenarios();
    case CaseKind::Function: return function_scenarios();
    case CaseKind::Ephemeral: return ephemeral_scenarios();
    case CaseKind::List: return list_scenarios();
    case CaseKind::Action: return action_scenarios();
  }
  return lifecycle_scenarios();
}

std::string skip_reason(const std::string& scenario, const report::Coverage& coverage, const std::string& rejection) {
  if (coverage.cases_generated > 0 && coverage.planned == 0) {
    return "the provider refused every generated case (" + rejection +
           "); give values it accepts in a hints file (--hints)";
  }
  if (scenario == "replace") return "the provider never asked for a replacement (no requires_replace on an update)";
  if (scenario == "move") {
    return rejection.rfind("move:", 0) == 0 ? "move refused: " + rejection
                                             : "the provider does not advertise move_resource_state, or no case reached a move";
  }
  if (scenario == "unknown arguments") return "no parameter accepts unknown values, or no case made an argument unknown";
  if (scenario == "import") {
    return rejection.rfind("import:", 0) == 0 ? "import refused: " + rejection
                                               : "no case reached import (it needs a known string `id` attribute)";
  }
  return "no generated case reached this step (raise --cases)";
}

/// Scenarios of the other families that act on the real system (open an ephemeral resource,
/// invoke an action, create an object to list), played with --apply only.
bool needs_apply(CaseKind kind, const std::string& scenario) {
  switch (kind) {
    case CaseKind::Ephemeral: return scenario != "validate";
    case CaseKind::Action: return scenario == "invoke";
    case CaseKind::List: return scenario == "list created" || scenario == "read listed";
    default: return false;
  }
}

/// The schema a suite of `kind` plays `type` with (none for functions).
const schema::Schema* schema_of(const schema::ProviderSchema& s, CaseKind kind, const std::string& type) {
  const std::map<std::string, schema::Schema>* family = nullptr;
  switch (kind) {
    case CaseKind::Lifecycle:
    case CaseKind::PlanOnly: family = &s.resource_schemas; break;
    case CaseKind::Data: family = &s.data_source_schemas; break;
    case CaseKind::Ephemeral: family = &s.ephemeral_resource_schemas; break;
    case CaseKind::List: family = &s.list_resource_schemas; break;
    case CaseKind::Action: family = &s.action_schemas; break;
    case CaseKind::Function: return nullptr;
  }
  auto it = family->find(type);
  return it != family->end() ? &it->second : nullptr;
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
    if (const schema::Schema* own = schema_of(host.schema(), kind, m_type)) m_schema = *own;
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
      for (std::size_t i = 0; i < m_settings.cases && !m_fatal && !m_reported_rules.contains("rpc.timeout"); ++i) {
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
    CaseOutcome o = play_case(m_host.client(), m_type, m_schema, c, {m_settings.check, &m_host.schema(), m_settings.apply, m_settings.address});
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
    auto shrunk = shrink_failure(
        failing, [&](const Case& c) { return !m_fatal && play(c).has_error_rule(rule); }, m_settings.max_shrinks,
        std::chrono::steady_clock::now() + m_settings.shrink_time);
    const Case minimal = shrunk.minimal.value();
    m_host.take_new_logs();
    CaseOutcome replayed = play(minimal);
    std::vector<std::string> logs = m_host.take_new_logs();
    ReplayToken token{m_kind, m_type, seed, size, shrunk.path};
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
      if (!ran) {
        sc.reason = !m_settings.apply && needs_apply(m_kind, name)
                        ? "runs only with --apply (it reaches the real system, as Terraform's apply does)"
                        : skip_reason(name, m_suite.coverage, m_last_rejection);
      }
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

/// The signature of function `name`, kept alive by the generator that uses it.
Expected<std::shared_ptr<const oracle::FunctionSignature>> function_signature(const schema::ProviderSchema& schema,
                                                                              const std::string& name) {
  auto it = schema.functions.find(name);
  if (it == schema.functions.end()) return Error{"the provider has no function " + name};
  auto signature = oracle::function_signature_from_json(it->second);
  if (!signature) return Error{"function " + name + " has a signature tfconform cannot read: " + signature.error().message};
  return std::make_shared<const oracle::FunctionSignature>(std::move(*signature));
}

/// A suite that could not play any case: one harness scenario saying why.
report::Suite harness_suite(CaseKind kind, const std::string& type, std::string why) {
  report::Suite suite;
  suite.kind = suite_kind(kind);
  suite.name = type;
  report::Scenario sc;
  sc.name = "harness";
  sc.status = report::Status::error;
  sc.reason = std::move(why);
  suite.scenarios.push_back(std::move(sc));
  return suite;
}

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
    case CaseKind::Function: {
      auto signature = function_signature(host.schema(), type);
      if (!signature) return harness_suite(kind, type, signature.error().message);
      return run.run(function_case_of(*signature, hints, settings.generation), replay);
    }
    case CaseKind::Ephemeral: return run.run(ephemeral_case_of(run.block(), hints, settings.generation), replay);
    case CaseKind::List: {
      std::shared_ptr<const schema::Block> resource;
      if (auto it = host.schema().resource_schemas.find(type); it != host.schema().resource_schemas.end())
        resource = std::make_shared<const schema::Block>(it->second.block);
      return run.run(list_case_of(run.block(), resource, hints, settings.generation), replay);
    }
    case CaseKind::Action: return run.run(action_case_of(run.block(), hints, settings.generation), replay);
  }
  return {};
}

}  // namespace tfc::conformance
