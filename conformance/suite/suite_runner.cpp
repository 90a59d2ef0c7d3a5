// Cases, shrinking and verdicts of one suite (see suite_runner.hpp).
#include "conformance/suite/suite_runner.hpp"

#include <algorithm>
#include <functional>
#include <map>
#include <set>
#include <thread>

#include "conformance/core/counted_steps.hpp"
#include "conformance/play/case_play.hpp"
#include "conformance/play/family_play.hpp"
#include "conformance/repro/repro_plan.hpp"
#include "conformance/repro/repro_provider.hpp"
#include "conformance/suite/crash_output.hpp"
#include "conformance/suite/shrink.hpp"
#include "generators/learning/refusal_learner.hpp"
#include "oracle/rule_id.hpp"
#include "reports/fingerprint.hpp"
#include "reports/violation_kind.hpp"
#include "runner/adaptive_deadline.hpp"
#include "runner/run_stop.hpp"

namespace tfc::conformance {
namespace {

/// Shrinking a hang or a memory blow-up: each attempt waits out a (shortened) deadline or fills
/// the memory limit, so only a few are tried.
// After a timeout a suite stops: every further case would wait out the deadline again.
constexpr std::string_view kTimeoutRule = oracle::rule_text("rpc.timeout");
constexpr std::string_view kCrashRule = oracle::rule_text("rpc.crashed");
constexpr std::string_view kOutOfMemoryRule = oracle::rule_text("rpc.out_of_memory");
constexpr std::size_t kCostlyShrinkAttempts = 12;
/// ... and for at most this long (or --shrink-time, when shorter): a hang is then reported within
/// about --timeout plus this.
constexpr std::chrono::seconds kCostlyShrinkTime{20};

std::string plural_cases(std::size_t n) { return std::to_string(n) + (n == 1 ? " case" : " cases"); }

std::string skip_reason(CaseKind kind, const std::string& scenario, const report::Coverage& coverage,
                        const std::string& rejection) {
  const bool from_plan = starts_from_plan(kind, scenario);
  if (coverage.cases_generated > 0 && coverage.planned == 0) {
    return "the provider refused every generated case (" + rejection +
           "); give values it accepts in a hints file (--hints)" +
           (from_plan ? "; without an accepted plan there is no prior state to start from" : "");
  }
  if (from_plan) return "starts from the state of an accepted plan; no case got that far (raise --cases)";
  if (scenario == "replace") return "the provider never asked for a replacement (no requires_replace on an update)";
  if (scenario == "move") {
    return rejection.rfind("move:", 0) == 0
               ? "move refused: " + rejection
               : "the provider does not advertise move_resource_state, or no case reached a move";
  }
  if (scenario == "unknown arguments")
    return "no parameter accepts unknown values, or no case made an argument unknown";
  if (scenario == "import") {
    return rejection.rfind("import:", 0) == 0 ? "import refused: " + rejection
                                              : "no case reached import (it needs a known string `id` attribute)";
  }
  return "no generated case reached this step (raise --cases)";
}

/// The Case member a kind's suite learns from (the `learn_from` column of case_kinds.inc), or
/// nullptr.
template <class Case>
struct LearnsFrom;
#define TFC_CASE_KIND(Name, code, suite, types, label, apply, changes, data_source, Case, generator, learn_from, ...) \
  template <>                                                                                                         \
  struct LearnsFrom<Case> {                                                                                           \
    static constexpr auto member = learn_from;                                                                        \
  };
#include "conformance/core/case_kinds.inc"
#undef TFC_CASE_KIND

/// Suites of managed resources and data sources learn from refusals; the other families'
/// cases teach nothing (so a replay need not play the cases before it).
template <class Case>
constexpr bool kLearns = !std::is_null_pointer_v<decltype(LearnsFrom<Case>::member)>;

/// The configuration the suite learns from: the case's first one.
template <class Case>
const cty::Value& learning_config(const Case& c) {
  return (c.*LearnsFrom<Case>::member).known;
}

/// The case generators (one per value profile) for the learner's current hints, rebuilt only
/// when the hints change.
template <class Case>
class LearningGenerator {
public:
  LearningGenerator(CaseGenerator<Case> make, const CaseGenOptions& options,
                    const gen::learning::RefusalLearner& learner)
      : m_make(std::move(make)), m_realistic_options(options), m_extreme_options(options), m_learner(learner) {
    m_extreme_options.values = gen::ValueProfile::extreme;
  }
  const rc::Gen<Case>& current(bool extreme) {
    if (m_version != m_learner.version()) {
      m_realistic.reset();
      m_extreme.reset();
      m_version = m_learner.version();
    }
    auto& slot = extreme ? m_extreme : m_realistic;
    if (!slot) slot = m_make(m_learner.hints(), extreme ? m_extreme_options : m_realistic_options);
    return *slot;
  }

private:
  CaseGenerator<Case> m_make;
  CaseGenOptions m_realistic_options;
  CaseGenOptions m_extreme_options;
  const gen::learning::RefusalLearner& m_learner;
  std::optional<rc::Gen<Case>> m_realistic;
  std::optional<rc::Gen<Case>> m_extreme;
  std::size_t m_version = static_cast<std::size_t>(-1);
};

/// What a suite gathers per scenario while its cases run.
struct ScenarioTally {
  std::size_t runs = 0;
  std::chrono::nanoseconds time{0};
  std::vector<report::Finding> findings;
};

/// A case played on one provider session: what the suite learns, judges and reports from it,
/// gathered without touching the suite (the cases of a learning round may run on several
/// threads at once).
struct Played {
  CaseOutcome outcome;
  std::vector<std::string> log;     // the provider's log during the case, when it was kept
  bool stopped = false;             // cut off by the run's stop: proves nothing
  std::optional<std::string> lost;  // the process was lost and could not be restarted
};

/// A generated case, and the value it plays.
template <class Case>
struct Generated {
  rc::Shrinkable<Case> shrinkable;
  Case value;
};

class SuiteRun {
public:
  SuiteRun(ProviderSession& host, CaseKind kind, std::string type, const SuiteSettings& settings,
           report::ProgressListener* progress, SessionPool* pool)
      : m_host(host),
        m_kind(kind),
        m_type(std::move(type)),
        m_settings(settings),
        m_progress(progress),
        m_pool(pool),
        m_spreads(pool != nullptr && changes_nothing(kind, settings.apply)) {
    if (const schema::Schema* own = kind_schema(host.schema(), kind, m_type)) m_schema = *own;
    m_suite.kind = suite_kind(kind);
    m_suite.name = m_type;
    m_type_index = type_index(host.schema(), kind, m_type);
  }

  const schema::Block& block() const { return m_schema.block; }

  template <class Case>
  report::Suite run(CaseGenerator<Case> make, const gen::Hints& hints, const std::optional<ReplayToken>& replay,
                    gen::Hints* learned) {
    gen::learning::RefusalLearner learner(block(), hints, kind_info(m_kind).data_source);
    LearningGenerator<Case> gen(std::move(make), m_settings.generation, learner);
    if (replay) {
      play_replay(gen, learner, *replay);
    } else {
      play_generated_cases(gen, learner);
    }
    for (const auto& f : learner.facts())
      m_suite.learned.push_back({f.attribute, f.source, f.rule, f.evidence, f.case_number});
    if (learned) *learned = learner.steady_hints();
    return finish();
  }

private:
  /// What the case's answers teach: its refusals, and its first configuration when that was
  /// accepted (planned; read, for a data source). Accepted first: a later refusal of the same
  /// value then takes the examples holding it back out.
  template <class Case>
  void learn(gen::learning::RefusalLearner& learner, const CaseOutcome& o, const Case& c) {
    if constexpr (kLearns<Case>) {
      const bool accepted = kind_info(m_kind).data_source ? o.applied : o.planned;
      if (accepted) learner.accepted(learning_config(c));
      for (const auto& r : o.refusals) learner.refused(r.config, r.diagnostics);
    }
  }

  /// Plays `c` on `session` (the suite's own or a borrowed one), restarting the session when its
  /// process is lost; with `logged`, keeps the provider's log of the case with a mark per judged
  /// answer. Reads the suite's settings only: the cases of a round may run it on several threads.
  template <class Case>
  Played play_on(ProviderSession& session, const Case& c, bool logged, bool learn_only = false) const {
    Played p;
    PlayOptions options{m_settings.check, learn_only, {}, &session.schema(), m_settings.apply, m_settings.address};
    auto pull = [&session, &p] {
      for (auto& line : session.take_new_logs()) p.log.push_back(std::move(line));
      return p.log.size();
    };
    if (logged) {
      session.take_new_logs();
      options.log_mark = pull;
    }
    p.outcome = play_case(session.client(), m_type, m_schema, c, options);
    if (p.outcome.interrupted || runner::aborting()) {
      p.stopped = true;  // the process is being killed by the stop itself: no restart
      return p;
    }
    if (p.outcome.provider_lost) {
      // The lost process's log ends here (its last words included: the crash probe read them);
      // the next process's start is no part of the case.
      if (logged) p.outcome.log_marks.push_back(pull());
      if (auto restarted = session.restart(); !restarted) {
        p.lost = "restarting the provider after it was lost: " + restarted.error().message;
        if (m_pool != nullptr) m_pool->lost(session);  // never lent again
      } else if (p.outcome.leftover_state) {
        destroy_quietly(session.client(), m_type, m_schema, *p.outcome.leftover_state, p.outcome.leftover_private);
      }
    }
    if (logged) pull();
    return p;
  }

  /// What a played case means for the suite itself, taken in case order.
  void absorb(const Played& p) {
    if (p.stopped) {
      m_interrupted = true;
      return;
    }
    if (p.lost) {
      m_fatal = true;
      m_harness_errors.push_back(*p.lost);
    }
    if (p.outcome.harness_error) m_harness_errors.push_back(*p.outcome.harness_error);
    if (!p.outcome.rejection.empty()) m_last_rejection = p.outcome.rejection;
  }

  template <class Case>
  CaseOutcome play(const Case& c, bool learn_only = false) {
    Played p = play_on(m_host, c, false, learn_only);
    absorb(p);
    return std::move(p.outcome);
  }

  void tally(const CaseOutcome& o) {
    if (o.interrupted) return;  // a case cut off by the stop proves nothing either way
    ++m_suite.coverage.cases_generated;
    if (o.planned)
      ++m_suite.coverage.planned;
    else
      ++m_suite.coverage.rejected_by_validation;
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

  /// Plays a case whose log is kept: the log (with a mark per judged answer) ends in m_case_log.
  template <class Case>
  CaseOutcome play_logged(const Case& c) {
    Played p = play_on(m_host, c, true);
    absorb(p);
    m_case_log = std::move(p.log);
    return std::move(p.outcome);
  }

  /// A later case met a finding already reported (its fingerprint, the unshrunk fingerprint of
  /// the case that was shrunk into it, or the same promise at partly other paths): it is counted
  /// there, once per case, instead of being reported again.
  report::Finding* reported(const report::Finding& finding) {
    if (auto it = m_by_fingerprint.find(finding.fingerprint); it != m_by_fingerprint.end())
      return &m_tallies[it->second.first].findings[it->second.second];
    for (auto& [scenario, tally] : m_tallies) {
      for (auto& f : tally.findings) {
        if (report::same_promise(f, finding)) return &f;
      }
    }
    return nullptr;
  }

  /// Case `index` of the suite from the learner's current hints; nullopt, with `error` set, when
  /// generating it failed.
  template <class Case>
  std::optional<Generated<Case>> generate_case(LearningGenerator<Case>& gen, std::size_t index, std::string& error) {
    const bool extreme = extreme_case(m_settings.values, index, m_settings.cases);
    try {
      auto shrinkable = gen.current(extreme)(rc::Random(case_seed(m_settings.run_seed, m_kind, m_type, index)),
                                             case_size(index, m_settings.cases));
      Case value = shrinkable.value();
      return Generated<Case>{std::move(shrinkable), std::move(value)};
    } catch (const std::exception& e) {
      error = std::string("generating a case failed: ") + e.what();
      return std::nullopt;
    }
  }

  /// The suite's cases in learning rounds (learning_round_end): every case of a round is
  /// generated from what the rounds before it taught, then the round is played and judged in
  /// case order. Cases of a round need not wait for each other: when the run has provider
  /// sessions to spare (their workers have no type left), several are played at once. The
  /// rounds do not depend on --jobs, so neither do the results.
  template <class Case>
  void play_generated_cases(LearningGenerator<Case>& gen, gen::learning::RefusalLearner& learner) {
    const std::size_t total = m_settings.cases;
    // After a timeout every further case would wait out the deadline again: the suite stops.
    // So does a stopped run (a signal, the time budget): the reports still get what was done.
    auto going = [this] { return !m_fatal && !m_reported_rules.contains(kTimeoutRule) && !runner::stop_requested(); };
    for (std::size_t start = 0; start < total && going();) {
      const std::size_t end = learning_round_end(start, total);
      std::vector<std::optional<Generated<Case>>> round;
      std::vector<std::string> errors(end - start);
      for (std::size_t i = start; i < end; ++i) {
        learner.begin_case();
        round.push_back(generate_case(gen, i, errors[i - start]));
      }
      for (std::size_t i = start; i < end && going();) {
        std::vector<ProviderSession*> borrowed;
        if (m_spreads && i + 1 < end) borrowed = m_pool->borrow(end - i - 1);
        const std::size_t chunk = 1 + borrowed.size();
        announce(i);  // the case on the suite's own session: a hang shows where it is
        std::vector<Played> played = play_at_once(round, i - start, borrowed);
        if (!borrowed.empty()) {
          m_pool->give_back(borrowed);
          m_pool->lent_cases += borrowed.size();
        }
        for (std::size_t k = 0; k < chunk && going(); ++k, ++i) {
          const std::size_t before = m_finding_count;
          if (k > 0) announce(i);
          if (const auto& c = round[i - start]) {
            learner.teaching_case(i + 1);
            judge_generated(i, *c, std::move(played[k]), learner);
          } else {
            m_harness_errors.push_back(errors[i - start]);
          }
          finished(i, before);
        }
      }
      start = end;
    }
  }

  /// Plays cases[first] on the suite's own session and, at the same time, each next case on one
  /// of the `borrowed` sessions (a case that could not be generated is not played).
  template <class Case>
  std::vector<Played> play_at_once(const std::vector<std::optional<Generated<Case>>>& cases, std::size_t first,
                                   const std::vector<ProviderSession*>& borrowed) {
    std::vector<Played> played(1 + borrowed.size());
    std::vector<std::exception_ptr> failed(played.size());
    {
      std::vector<std::jthread> threads;  // joined at the end of this block
      for (std::size_t k = 1; k < played.size(); ++k) {
        const auto& c = cases[first + k];
        if (!c) continue;
        threads.emplace_back([this, &borrowed, &played, &failed, &c, k] {
          try {
            played[k] = play_on(*borrowed[k - 1], c->value, true);
          } catch (...) {
            failed[k] = std::current_exception();
          }
        });
      }
      if (const auto& c = cases[first]) played[0] = play_on(m_host, c->value, true);
    }
    for (const auto& e : failed) {
      if (e) std::rethrow_exception(e);
    }
    return played;
  }

  void announce(std::size_t index) {
    if (m_progress) m_progress->case_started({report::suite_label(m_suite), "case", index + 1, m_settings.cases});
  }

  /// Tells the progress listener case `index` ended; `before`: the suite's findings before it.
  void finished(std::size_t index, std::size_t before) {
    if (!m_progress) return;
    const auto status = m_finding_count > before ? report::Status::failed : report::Status::passed;
    m_progress->case_finished({report::suite_label(m_suite), "case", index + 1, m_settings.cases}, status,
                              m_finding_count - before);
  }

  /// Learns from, tallies and judges a played case; shrinks each rule it breaks first.
  template <class Case>
  void judge_generated(std::size_t index, const Generated<Case>& generated, Played played,
                       gen::learning::RefusalLearner& learner) {
    absorb(played);
    m_case_log = std::move(played.log);
    const CaseOutcome& outcome = played.outcome;
    const Case& value = generated.value;
    const auto* shrinkable = &generated.shrinkable;
    const bool extreme = extreme_case(m_settings.values, index, m_settings.cases);
    tally(outcome);
    learn(learner, outcome, value);
    const ReplayToken token{m_kind, m_type, m_type_index, m_settings.run_seed, index, m_settings.cases, {}, extreme};
    const std::vector<std::string> case_log = m_case_log;
    std::vector<std::string> fresh_rules;
    std::set<std::string> counted;
    CaseOutcome unshrunk;  // findings reported as they are (warnings, further fingerprints of a shrunk rule)
    unshrunk.log_marks = outcome.log_marks;
    for (const auto& f : outcome.findings) {
      const auto& finding = f.finding;
      if (report::Finding* seen = reported(finding)) {
        if (counted.insert(seen->fingerprint).second) ++seen->occurrences;
        keep_distinct(*seen, finding, token, value, index + 1);
        continue;
      }
      if (finding.severity == report::Severity::error && !m_reported_rules.contains(finding.rule_id)) {
        if (std::find(fresh_rules.begin(), fresh_rules.end(), finding.rule_id) == fresh_rules.end())
          fresh_rules.push_back(finding.rule_id);
        continue;
      }
      // Each rule is shrunk once per suite (shrinking is the slow part); another fingerprint of
      // it is reported from its own case, unshrunk.
      if (std::find(fresh_rules.begin(), fresh_rules.end(), finding.rule_id) == fresh_rules.end())
        unshrunk.findings.push_back(f);
    }
    if (!unshrunk.findings.empty()) {
      report_case(unshrunk, token, value, case_log, index + 1, 0, {});
    }
    // Shrinking plays candidates of this very generator (the hints this case had), and what
    // they answer teaches nothing: the suite's learning depends on its cases alone.
    for (const auto& rule : fresh_rules) {
      if (m_fatal) break;
      shrink_and_report(*shrinkable, rule, token, outcome, case_log, index + 1);
    }
  }

  template <class Case>
  void shrink_and_report(const rc::Shrinkable<Case>& failing, const std::string& rule, const ReplayToken& unshrunk,
                         const CaseOutcome& original, const std::vector<std::string>& original_log,
                         std::size_t case_number) {
    m_reported_rules.insert(rule);
    if (m_progress) {
      const std::string label = report::suite_label(m_suite);
      m_progress->shrinking({label, "case", case_number, m_settings.cases}, rule);
    }
    // Every attempt at shrinking a hang waits out a deadline, and one at shrinking a memory blow-up
    // fills the memory limit: shorter deadlines, fewer attempts.
    const bool hang = rule == kTimeoutRule;
    const bool costly = hang || rule == oracle::rule_text("rpc.out_of_memory");
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
            (costly ? std::min<std::chrono::seconds>(m_settings.shrink_time, kCostlyShrinkTime)
                    : m_settings.shrink_time));
    shorter.reset();
    // The original case's findings of the rule are counted under what it shrinks into.
    std::vector<std::string> aliases;
    for (const auto& f : original.findings) {
      if (f.finding.rule_id == rule) aliases.push_back(f.finding.fingerprint);
    }
    if (runner::aborting() || (costly && !last_failing)) {
      // No provider left to replay on, or no smaller case failed: the original case is the evidence.
      report_case(of_rule(original, rule), unshrunk, failing.value(), original_log, case_number, shrunk.attempts,
                  aliases);
      return;
    }
    const Case minimal = shrunk.minimal.value();
    ReplayToken token = unshrunk;
    token.shrink_path = shrunk.path;
    if (costly) {
      // The last attempt that failed is the evidence (its log has no step marks).
      report_case(of_rule(last_failing->first, rule), token, minimal, last_failing->second, case_number,
                  shrunk.attempts, aliases);
      return;
    }
    const CaseOutcome replayed = play_logged(minimal);
    if (!replayed.has_error_rule(rule)) {
      // Not reproducible on its own (a flaky provider): report the original, unshrunk case.
      report_case(of_rule(original, rule), unshrunk, failing.value(), original_log, case_number, shrunk.attempts,
                  aliases);
      return;
    }
    report_case(of_rule(replayed, rule), token, minimal, m_case_log, case_number, shrunk.attempts, aliases);
  }

  /// The error findings of `rule` in `outcome`, with its log marks.
  static CaseOutcome of_rule(const CaseOutcome& outcome, const std::string& rule) {
    CaseOutcome out;
    out.log_marks = outcome.log_marks;
    for (const auto& f : outcome.findings) {
      if (f.finding.severity == report::Severity::error && f.finding.rule_id == rule) out.findings.push_back(f);
    }
    return out;
  }

  template <class Case>
  void play_replay(LearningGenerator<Case>& gen, gen::learning::RefusalLearner& learner, const ReplayToken& token) {
    // The earlier rounds' validation and plans, to learn what the suite knew at this case's round.
    const std::size_t round = learning_round_start(token.index, token.cases);
    for (std::size_t start = 0; kLearns<Case> && start < round && !m_fatal;) {
      const std::size_t end = learning_round_end(start, token.cases);
      std::vector<std::optional<rc::Shrinkable<Case>>> earlier;
      for (std::size_t j = start; j < end; ++j) {
        learner.begin_case();
        earlier.push_back(generate(gen.current(extreme_case(m_settings.values, j, token.cases)),
                                   case_seed(token.seed, m_kind, m_type, j), case_size(j, token.cases)));
      }
      for (std::size_t j = start; j < end && !m_fatal; ++j) {
        if (!earlier[j - start]) continue;
        const Case value = earlier[j - start]->value();
        learner.teaching_case(j + 1);
        learn(learner, play(value, true), value);
      }
      start = end;
    }
    m_host.take_new_logs();
    for (std::size_t j = kLearns<Case> ? round : token.index; j <= token.index; ++j) learner.begin_case();
    auto shrinkable = generate(gen.current(token.extreme), case_seed(token.seed, m_kind, m_type, token.index),
                               case_size(token.index, token.cases));
    if (!shrinkable) return;
    if (!follow_shrink_path(*shrinkable, token.shrink_path)) {
      m_harness_errors.push_back(
          "the replay token's shrink path does not exist for this provider and these options "
          "(different hints, provider version or tfconform version?)");
      return;
    }
    const Case value = shrinkable->value();
    const CaseOutcome outcome = play_logged(value);
    tally(outcome);
    report_case(outcome, token, value, m_case_log, 0, 0, {});
  }

  /// A later case broke the promise of `seen` in a way its violations do not show (another kind,
  /// violation_kind.hpp): the first violation of each new kind keeps this case as its example.
  template <class Case>
  void keep_distinct(report::Finding& seen, const report::Finding& later, const ReplayToken& token, const Case& value,
                     std::size_t case_number) {
    std::vector<report::PathMessage> violations = later.violations;
    if (violations.empty()) violations.push_back({later.path, later.message});
    std::optional<report::Counterexample> example;  // described once, when first needed
    for (const auto& v : violations) {
      std::string kind = report::violation_kind(v.message);
      if (!report::wants_kind(seen, kind)) continue;
      if (!example) example = report::Counterexample{describe_case(m_type, m_schema.block, value), case_size(value)};
      report::add_distinct_violation(seen, report::DistinctViolation{std::move(kind), v.path, v.message, case_number,
                                                                     format_token(token), example});
    }
  }

  /// Adds the findings of one case (all but those whose fingerprint is already reported, which
  /// are counted): the provider log once, on the first, cut to its failing step.
  template <class Case>
  void report_case(const CaseOutcome& outcome, const ReplayToken& token, const Case& value,
                   const std::vector<std::string>& log, std::size_t case_number, std::size_t attempts,
                   const std::vector<std::string>& aliases) {
    const std::string described = describe_case(m_type, m_schema.block, value);
    const std::string formatted = format_token(token);
    bool first = true;
    std::set<std::string> counted;
    for (const auto& f : outcome.findings) {
      if (report::Finding* seen = reported(f.finding)) {
        if (counted.insert(seen->fingerprint).second) ++seen->occurrences;
        keep_distinct(*seen, f.finding, token, value, case_number);
        continue;
      }
      report::Finding finding = f.finding;
      finding.found_at_case = case_number;
      finding.shrink_attempts = attempts;
      finding.seed = case_seed(token.seed, token.kind, m_type, token.index);
      finding.extreme_values = token.extreme;
      finding.replay_token = formatted;
      finding.counterexample = report::Counterexample{described, case_size(value)};
      // Findings Core itself would meet get a reproduction: contract breaks, and crashes or
      // hangs on an input (a hang says why it is not expressible).
      // The other families have no reproductions yet (confirm says so).
      if constexpr (requires {
                      make_reproduction(m_type, m_schema.block, value, f.scenario, f.phase, finding, m_settings.repro);
                    }) {
        if (finding.finding_class == report::FindingClass::contract ||
            finding.finding_class == report::FindingClass::robustness)
          finding.reproduction = make_reproduction(m_type, m_schema.block, value, f.scenario, f.phase, finding,
                                                   repro_context_for(m_settings.repro, m_type));
      }
      if (finding.rule_id == kCrashRule || finding.rule_id == kOutOfMemoryRule)
        open_with_crash(finding, go_crash_report(call_log(log, outcome.log_marks, f.answer)),
                        m_settings.repro.provider_name);
      if (first) attach_log(finding, log, outcome.log_marks, f.answer);
      first = false;
      auto& tally = m_tallies[f.scenario];
      m_by_fingerprint[finding.fingerprint] = {f.scenario, tally.findings.size()};
      for (const auto& alias : aliases) m_by_fingerprint.try_emplace(alias, f.scenario, tally.findings.size());
      tally.findings.push_back(std::move(finding));
      counted.insert(tally.findings.back().fingerprint);
      ++m_finding_count;
    }
  }

  /// The lines logged by the call whose answer was judged `answer`th, up to the next judged
  /// answer (for a lost process, the end of its log).
  static std::vector<std::string> call_log(const std::vector<std::string>& log, const std::vector<std::size_t>& marks,
                                           std::size_t answer) {
    const std::size_t end = std::min(answer + 1 < marks.size() ? marks[answer + 1] : log.size(), log.size());
    const std::size_t begin = std::min(answer >= 1 && answer - 1 < marks.size() ? marks[answer - 1] : 0, end);
    return {log.begin() + static_cast<std::ptrdiff_t>(begin), log.begin() + static_cast<std::ptrdiff_t>(end)};
  }

  /// The lines logged by the failing call and the one before it (a final plan's initial plan,
  /// an apply's plan; a comparison of two plans is an answer of its own, without a call), up to
  /// the next judged answer (a line may arrive a little after its answer), at most
  /// kExcerptLines of them; the whole log too. A call's lines come after the mark of the answer
  /// judged before it started.
  static void attach_log(report::Finding& finding, const std::vector<std::string>& log,
                         const std::vector<std::size_t>& marks, std::size_t answer) {
    constexpr std::size_t kExcerptLines = 100;
    if (log.empty()) return;
    std::size_t begin = answer > 2 && answer - 3 < marks.size() ? marks[answer - 3] : 0;
    std::size_t end = answer + 1 < marks.size() ? marks[answer + 1] : log.size();
    end = std::min(end, log.size());
    begin = std::min(begin, end);
    if (end - begin > kExcerptLines) begin = end - kExcerptLines;
    finding.log_excerpt.assign(log.begin() + static_cast<std::ptrdiff_t>(begin),
                               log.begin() + static_cast<std::ptrdiff_t>(end));
    finding.log_total_lines = log.size();
    finding.full_log = log;
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
    for (const auto& name : kind_scenarios(m_kind)) {
      report::Scenario sc;
      sc.name = name;
      auto it = m_tallies.find(name);
      if (it != m_tallies.end()) {
        sc.duration = std::chrono::duration_cast<std::chrono::milliseconds>(it->second.time);
        sc.findings = std::move(it->second.findings);
      }
      const bool ran = it != m_tallies.end() && (it->second.runs > 0 || !sc.findings.empty());
      bool failed = false;
      for (const auto& f : sc.findings) failed = failed || f.severity == report::Severity::error;
      sc.status = failed ? report::Status::failed : ran ? report::Status::passed : report::Status::skipped;
      if (!ran) {
        sc.reason = !m_settings.apply && needs_apply(m_kind, name)
                        ? "runs only with --apply (it reaches the real system, as Terraform's apply does)"
                        : skip_reason(m_kind, name, m_suite.coverage, m_last_rejection);
      }
      m_suite.scenarios.push_back(std::move(sc));
    }
    if (m_interrupted || (runner::stop_requested() && m_suite.coverage.cases_generated < m_settings.cases && !m_fatal &&
                          !m_reported_rules.contains(kTimeoutRule))) {
      report::Scenario sc;
      sc.name = "interrupted";
      sc.status = report::Status::skipped;
      sc.reason = runner::describe(runner::stop_reason()) + " after " + plural_cases(m_suite.coverage.cases_generated) +
                  " of " + std::to_string(m_settings.cases);
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

  ProviderSession& m_host;
  CaseKind m_kind;
  std::string m_type;
  const SuiteSettings& m_settings;
  report::ProgressListener* m_progress;
  SessionPool* m_pool;  // the run's spare sessions (null in a replay)
  bool m_spreads;       // a round's cases are played on spare sessions too
  schema::Schema m_schema;
  report::Suite m_suite;
  std::map<std::string, ScenarioTally> m_tallies;
  std::set<std::string, std::less<>> m_reported_rules;
  std::map<std::string, std::pair<std::string, std::size_t>> m_by_fingerprint;  // → scenario, index
  std::vector<std::string> m_case_log;
  std::vector<std::string> m_harness_errors;
  std::string m_last_rejection;
  std::map<CoverageStep, std::size_t> m_steps;
  std::map<std::string, std::size_t> m_refusals;
  std::size_t m_finding_count = 0;
  bool m_fatal = false;
  std::size_t m_type_index = 0;
  bool m_interrupted = false;
};

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

std::size_t type_index(const schema::ProviderSchema& schema, CaseKind kind, const std::string& type) {
  const auto names = kind_type_names(schema, kind);
  return static_cast<std::size_t>(std::find(names.begin(), names.end(), type) - names.begin());
}

Expected<void> resolve_type(ReplayToken& token, const schema::ProviderSchema& schema) {
  const auto names = kind_type_names(schema, token.kind);
  if (!token.needs_type_name()) {
    if (std::find(names.begin(), names.end(), token.type_name) == names.end())
      return Error{"replay token names " + token.type_name + ", which this provider does not have"};
    token.type_index = type_index(schema, token.kind, token.type_name);
    return {};
  }
  if (token.type_index >= names.size())
    return Error{"replay token names type number " + std::to_string(token.type_index + 1) + " of " +
                 std::to_string(names.size()) + ": not this provider (or another version of it)"};
  token.type_name = names[token.type_index];
  return {};
}

namespace {

/// Plays a suite of one kind: its generator (the `generator` column), then the suite's cases.
template <class Case, auto Generator>
report::Suite run_kind(SuiteRun& run, ProviderSession& host, CaseKind kind, const std::string& type,
                       const gen::Hints& hints, const std::optional<ReplayToken>& replay, gen::Hints* learned) {
  // The generators keep references to the suite's own copy of the schema, which outlives them.
  auto generator = Generator(GeneratorSource{host.schema(), type, run.block()});
  if (!generator) return harness_suite(kind, type, generator.error().message);
  return run.run(std::move(*generator), hints, replay, learned);
}

using KindRunner = report::Suite (*)(SuiteRun&, ProviderSession&, CaseKind, const std::string&, const gen::Hints&,
                                     const std::optional<ReplayToken>&, gen::Hints*);

/// Each kind's runner, in the table's order.
constexpr KindRunner kKindRunners[] = {
#define TFC_CASE_KIND(Name, code, suite, types, label, apply, changes, data_source, Case, generator, ...) \
  &run_kind<Case, &generator>,
#include "conformance/core/case_kinds.inc"
#undef TFC_CASE_KIND
};

}  // namespace

report::Suite run_suite(ProviderSession& host, CaseKind kind, const std::string& type, const gen::Hints& hints,
                        const SuiteSettings& settings, report::ProgressListener* progress,
                        const std::optional<ReplayToken>& replay, gen::Hints* learned, SessionPool* pool) {
  SuiteRun run(host, kind, type, settings, progress, replay ? nullptr : pool);
  return kKindRunners[kind_index(kind)](run, host, kind, type, hints, replay, learned);
}

}  // namespace tfc::conformance
