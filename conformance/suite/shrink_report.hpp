#pragma once
// Judging a played case: its findings already reported are counted there, the others are
// reported from it, and each rule it breaks for the first time in the suite is shrunk to a
// minimal case, played once more for its evidence, and reported from that.

#include <algorithm>
#include <chrono>
#include <exception>
#include <functional>
#include <optional>
#include <set>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "conformance/repro/repro_plan.hpp"
#include "conformance/repro/repro_provider.hpp"
#include "conformance/suite/case_player.hpp"
#include "conformance/suite/case_report.hpp"
#include "conformance/suite/loud_evidence.hpp"
#include "conformance/suite/shrink.hpp"
#include "oracle/rule_id.hpp"
#include "runner/adaptive_deadline.hpp"

namespace tfc::conformance {

/// Shrinking a hang or a memory blow-up: each attempt waits out a (shortened) deadline or fills
/// the memory limit, so only a few are tried ...
inline constexpr std::size_t kCostlyShrinkAttempts = 12;
/// ... and for at most this long (or --shrink-time, when shorter): a hang is then reported within
/// about --timeout plus this.
inline constexpr std::chrono::seconds kCostlyShrinkTime{20};
/// Shrink candidates played at once at most, on the suite's session and borrowed ones.
inline constexpr std::size_t kMostSpeculative = 4;

/// Whether shrinking `rule` is costly: each attempt at a hang waits out a deadline, one at a
/// memory blow-up fills the memory limit.
inline bool costly_to_shrink(const std::string& rule) {
  return rule == kTimeoutRule || rule == oracle::rule_text("rpc.out_of_memory");
}

/// The error findings of `rule` in `outcome`, with its log marks.
CaseOutcome of_rule(const CaseOutcome& outcome, const std::string& rule);
/// What the case did that its evidence needs (log marks, the import ID it used, the updates the
/// provider refused), with no finding.
CaseOutcome without_findings(const CaseOutcome& outcome);

/// A quiet search's case played again with the provider's logging on, for the log of the
/// findings it is about to report that were not reported yet (`fresh`).
struct LoudReplay {
  std::set<std::string> fresh;
  std::optional<Played> play;  // none when nothing is fresh or no loud session could start
};

/// The findings of `outcome` a quiet search is about to report that were not reported yet; none
/// when every session logs.
inline std::set<std::string> unreported(const SuiteContext& ctx, FindingBook& book, const CaseOutcome& outcome) {
  std::set<std::string> fresh;
  if (ctx.loud == nullptr || !ctx.loud->wanted() || runner::aborting()) return fresh;
  for (const auto& f : outcome.findings) {
    if (book.reported(f.finding) == nullptr) fresh.insert(f.finding.fingerprint);
  }
  return fresh;
}

/// `value` played on the worker's loud session (opened on first use); nullopt when every session
/// logs, the run is stopping or the loud session would not open. Touches nothing of the suite but
/// that session, so it may play while the suite's own session shrinks (judge_generated).
template <class Case>
std::optional<Played> play_loud(const SuiteContext& ctx, const Case& value) {
  if (ctx.loud == nullptr || !ctx.loud->wanted() || runner::aborting()) return std::nullopt;
  ProviderSession* loud = ctx.loud->get();
  if (loud == nullptr) return std::nullopt;
  return play_on(ctx, *loud, value, true);
}

/// `value` played again loud for the log of its `fresh` findings (none to play when none is).
template <class Case>
LoudReplay replay_loud(const SuiteContext& ctx, std::set<std::string> fresh, const Case& value) {
  LoudReplay out{std::move(fresh), std::nullopt};
  if (!out.fresh.empty()) out.play = play_loud(ctx, value);
  return out;
}

/// Reports the findings of one case of value `value` (case_report.hpp); `played_loud`: the case
/// was played with the provider's logging on, so `log` is already the evidence; `replayed`: that
/// play was the quiet search's case played again for its log (Finding::log_replayed). `done`: the
/// loud replay of a quiet case, when it was played already (replay_loud).
template <class Case>
void report_found(const SuiteContext& ctx, FindingBook& book, const CaseOutcome& outcome, const ReplayToken& token,
                  const Case& value, const std::vector<std::string>& log, std::size_t case_number, std::size_t attempts,
                  const std::vector<std::string>& aliases, bool played_loud = false, bool replayed = false,
                  LoudReplay* done = nullptr) {
  // A quiet search's findings take their log from the case played again with logging on.
  LoudReplay fresh_replay;
  if (!played_loud)
    fresh_replay = done != nullptr ? std::move(*done) : replay_loud(ctx, unreported(ctx, book, outcome), value);
  const std::set<std::string>& fresh = fresh_replay.fresh;
  const std::optional<Played>& loud_play = fresh_replay.play;
  if (loud_play) ctx.loud->costs().loud_play(std::chrono::duration<double>(loud_play->wall).count());
  const LoudEvidence loud = loud_evidence(outcome, log, fresh, loud_play ? &*loud_play : nullptr);
  CaseEvidence evidence{loud.outcome,
                        token,
                        report::Counterexample{describe_case(ctx.type, ctx.schema.block, value), case_size(value)},
                        loud.log,
                        case_number,
                        attempts,
                        aliases,
                        ctx.settings.repro.provider_name,
                        {},
                        loud.replayed || replayed,
                        loud.not_reproduced};
  if constexpr (requires {
                  make_reproduction(ctx.type, ctx.schema.block, value, std::string(), std::size_t{}, report::Finding(),
                                    ctx.settings.repro);
                }) {
    // The case's import took the ID the provider asked for: the reproduction imports by it too.
    // Updates the provider refused in the case are left out: Core would stop at the same error.
    evidence.reproduce = [&ctx, &value, id_attributes = loud.outcome.import_id_attributes,
                          separator = loud.outcome.import_id_separator, refused = loud.outcome.refused_updates](
                             const CaseFinding& f, const report::Finding& finding) {
      ReproContext repro = repro_context_for(ctx.settings.repro, ctx.type);
      repro.import_id_attributes = id_attributes;
      repro.import_id_separator = separator;
      repro.refused_updates = refused;
      return make_reproduction(ctx.type, ctx.schema.block, value, f.scenario, f.phase, finding, repro);
    };
  }
  report_case(book, evidence);
}

/// What tells two shrink candidates apart: the case as a report describes it, and the seed of
/// the values a plan-only case invents (which the description leaves out).
template <class Case>
std::string shrink_key(const SuiteContext& ctx, const Case& c) {
  std::string key = describe_case(ctx.type, ctx.schema.block, c);
  if constexpr (requires { c.invention_seed; }) key += "\n# invention seed " + std::to_string(c.invention_seed);
  return key;
}

/// Shrinks `failing`, which broke `rule`, and reports the minimal case (or the original one
/// when no smaller case fails again, or none can be played).
template <class Case>
void shrink_and_report(const SuiteContext& ctx, SuiteTally& tally, FindingBook& book,
                       const rc::Shrinkable<Case>& failing, const std::string& rule, const ReplayToken& unshrunk,
                       const CaseOutcome& original, const std::vector<std::string>& original_log,
                       std::size_t case_number, bool original_loud = false,
                       const std::function<void()>& before_report = {}) {
  book.shrinking(rule);
  if (ctx.progress) ctx.progress->shrinking({ctx.label, "case", case_number, ctx.settings.cases}, rule);
  // Every attempt at shrinking a hang waits out a deadline, and one at shrinking a memory blow-up
  // fills the memory limit: shorter deadlines, fewer attempts.
  const bool hang = rule == kTimeoutRule;
  const bool costly = costly_to_shrink(rule);
  std::optional<runner::DeadlinePolicy::ShrinkingScope> shorter;
  if (hang) shorter.emplace();
  // A costly failure is not played once more after shrinking: the last attempt that still
  // failed (its outcome and log) is the minimal case's evidence.
  std::optional<std::pair<CaseOutcome, std::vector<std::string>>> last_failing;
  auto plays_and_fails = [&](const Case& c) {
    if (tally.fatal || runner::stop_requested()) return false;
    ctx.host.take_new_logs();
    CaseOutcome o = play_own(ctx, tally, c, false).outcome;
    if (!o.has_error_rule(rule)) return false;
    if (costly) last_failing.emplace(std::move(o), ctx.host.take_new_logs());
    return true;
  };
  // With sessions to spare, candidates of a level are played several at a time: not those of a
  // costly failure, nor of a type whose cases fell back to one at a time or whose objects have
  // names (candidates share their case's tag, so two at once could meet each other's objects).
  const bool speculates = ctx.pool != nullptr && ctx.spreads && !costly && tally.applied_one_at_a_time.empty() &&
                          (!ctx.guarded || ctx.unique.empty());
  std::vector<ProviderSession*> spare;  // borrowed for the batch being played
  auto give_back = [&] {
    if (!spare.empty()) ctx.pool->give_back(spare);
    spare.clear();
  };
  auto width = [&]() -> std::size_t {
    if (!speculates) return 1;
    give_back();
    spare = ctx.pool->borrow(kMostSpeculative - 1);
    return 1 + spare.size();
  };
  auto play_many = [&](const std::vector<const Case*>& cs) {
    std::vector<bool> fails(cs.size(), false);
    std::vector<Played> beside(cs.size() > 1 ? cs.size() - 1 : 0);
    std::vector<std::exception_ptr> failed(beside.size());
    {
      std::vector<std::jthread> threads;  // joined at the end of this block
      for (std::size_t k = 1; k < cs.size() && k - 1 < spare.size(); ++k) {
        threads.emplace_back([&, k] {
          try {
            beside[k - 1] = play_on(ctx, *spare[k - 1], *cs[k], false);
          } catch (...) {
            failed[k - 1] = std::current_exception();
          }
        });
      }
      fails[0] = plays_and_fails(*cs[0]);
    }
    for (const auto& e : failed) {
      if (e) std::rethrow_exception(e);
    }
    for (std::size_t k = 1; k < cs.size(); ++k)
      fails[k] = !beside[k - 1].stopped && !beside[k - 1].lost && beside[k - 1].outcome.has_error_rule(rule);
    return fails;
  };
  const auto& s = ctx.settings;
  struct ReturnSpare {
    decltype(give_back)& back;
    ~ReturnSpare() { back(); }
  } returned{give_back};
  auto shrunk = shrink_speculating(
      failing, [&ctx](const Case& c) { return shrink_key(ctx, c); }, play_many, width,
      costly ? std::min<std::size_t>(s.max_shrinks, kCostlyShrinkAttempts) : s.max_shrinks,
      std::chrono::steady_clock::now() +
          (costly ? std::min<std::chrono::seconds>(s.shrink_time, kCostlyShrinkTime) : s.shrink_time));
  if (before_report) before_report();
  // (A hang's deadlines stay short for its loud replay too: report_found plays it once more.)
  // The original case's findings of the rule are counted under what it shrinks into.
  std::vector<std::string> aliases;
  for (const auto& f : original.findings) {
    if (f.finding.rule_id == rule) aliases.push_back(f.finding.fingerprint);
  }
  auto report_original = [&] {
    report_found(ctx, book, of_rule(original, rule), unshrunk, failing.value(), original_log, case_number,
                 shrunk.attempts, aliases, original_loud);
  };
  // No provider left to replay on, or no smaller case failed: the original case is the evidence.
  if (runner::aborting() || (costly && !last_failing)) return report_original();
  const Case minimal = shrunk.minimal.value();
  ReplayToken token = unshrunk;
  token.shrink_path = shrunk.path;
  if (costly) {
    // The last attempt that failed is the evidence (its log has no step marks).
    return report_found(ctx, book, of_rule(last_failing->first, rule), token, minimal, last_failing->second,
                        case_number, shrunk.attempts, aliases);
  }
  // A quiet search plays the minimal case once more with the provider's logging on only: when it
  // breaks the rule there too, that play is the evidence, log and all (one play fewer than a
  // quiet replay followed by a loud one). Otherwise a quiet replay tells what to report.
  std::optional<Played> loud = play_loud(ctx, minimal);
  if (loud && !loud->stopped && loud->outcome.has_error_rule(rule)) {
    ctx.loud->costs().loud_play(std::chrono::duration<double>(loud->wall).count());
    return report_found(ctx, book, of_rule(loud->outcome, rule), token, minimal, loud->log, case_number,
                        shrunk.attempts, aliases, true, true);
  }
  const Played replayed = play_own(ctx, tally, minimal, true);
  // Not reproducible on its own (a flaky provider): report the original, unshrunk case.
  if (!replayed.outcome.has_error_rule(rule)) return report_original();
  const CaseOutcome found = of_rule(replayed.outcome, rule);
  // Found quietly, not loud: that loud play is the evidence that it did not reproduce with logs.
  std::optional<LoudReplay> done;
  if (loud) done = LoudReplay{unreported(ctx, book, found), std::move(loud)};
  report_found(ctx, book, found, token, minimal, replayed.log, case_number, shrunk.attempts, aliases, false, false,
               done ? &*done : nullptr);
}

/// Learns from, tallies and judges a played case; shrinks each rule it breaks first.
template <class Case>
void judge_generated(const SuiteContext& ctx, SuiteTally& tally, FindingBook& book, std::size_t index,
                     const Generated<Case>& generated, Played played, gen::learning::RefusalLearner& learner) {
  bool example_timed_out = false;
  if (example_case(ctx, index)) {
    // An author's example may ask the provider to take its time (a sleep of "30s"): Core waits
    // as long as it takes, so a timeout of such a case is reported, not held against it.
    for (auto& f : played.outcome.findings) {
      if (f.finding.rule_id.rfind("rpc.timeout", 0) != 0 || f.finding.severity != report::Severity::error) continue;
      f.finding.severity = report::Severity::warning;
      f.finding.message += " (the case is the provider author's example, which may ask for the wait)";
      example_timed_out = true;
    }
  }
  tally.absorb(played);
  if (!example_timed_out) {
    for (const auto& f : played.outcome.findings)
      tally.timed_out = tally.timed_out || f.finding.rule_id == kTimeoutRule;
  }
  const bool played_loud = played.loud;
  if (ctx.loud != nullptr) {
    const double seconds = std::chrono::duration<double>(played.wall).count();
    played_loud ? ctx.loud->costs().loud_play(seconds) : ctx.loud->costs().quiet_play(seconds);
  }
  bool new_finding = false;
  const std::vector<std::string> case_log = std::move(played.log);
  const CaseOutcome& outcome = played.outcome;
  const Case& value = generated.value;
  const SuiteSettings& s = ctx.settings;
  tally.count(outcome);
  if (index == 0 && example_case(ctx, 0)) tally.first_example = example_use<Case>(*ctx.example, outcome, s.apply);
  if (example_timed_out) {
    // Not a starting point for later cases: they would wait as long.
    CaseOutcome lesson = outcome;
    lesson.reached.clear();
    learn(learner, lesson, value, ctx.settings.apply);
  } else {
    learn(learner, outcome, value, ctx.settings.apply);
  }
  const ReplayToken token{
      ctx.kind, ctx.type, ctx.type_index, s.run_seed, index, s.cases, {}, extreme_case(s.values, index, s.cases)};
  std::vector<std::string> fresh_rules;
  std::set<std::string> counted;
  // Findings reported as they are (warnings, further fingerprints of a shrunk rule).
  CaseOutcome unshrunk = without_findings(outcome);
  for (const auto& f : outcome.findings) {
    const auto& finding = f.finding;
    report::Finding* seen = book.reported(finding);
    new_finding = new_finding || seen == nullptr;
    if (seen != nullptr) {
      if (counted.insert(seen->fingerprint).second) ++seen->occurrences;
      keep_distinct(*seen, finding, token, index + 1, [&] {
        return report::Counterexample{describe_case(ctx.type, ctx.schema.block, value), case_size(value)};
      });
      continue;
    }
    const bool fresh = std::find(fresh_rules.begin(), fresh_rules.end(), finding.rule_id) != fresh_rules.end();
    if (finding.severity == report::Severity::error && !book.shrunk(finding.rule_id)) {
      if (!fresh) fresh_rules.push_back(finding.rule_id);
      continue;
    }
    // Each rule is shrunk once per suite (shrinking is the slow part); another fingerprint of
    // it is reported from its own case, unshrunk.
    if (!fresh) unshrunk.findings.push_back(f);
  }
  // The unshrunk findings are reported first. Their loud replay (another process) plays while
  // the first rule is shrunk, unless that shrink is costly (its short deadlines would hold for
  // the replay too); the report waits for it.
  std::optional<LoudReplay> replayed;
  std::exception_ptr replay_failed;
  std::jthread replaying;
  auto report_unshrunk = [&] {
    if (unshrunk.findings.empty()) return;
    if (replaying.joinable()) replaying.join();
    if (replay_failed) std::rethrow_exception(replay_failed);
    report_found(ctx, book, unshrunk, token, value, case_log, index + 1, 0, {}, played_loud, false,
                 replayed ? &*replayed : nullptr);
    unshrunk.findings.clear();
  };
  if (!unshrunk.findings.empty() && !played_loud && !fresh_rules.empty() && !costly_to_shrink(fresh_rules.front())) {
    replaying = std::jthread([&, fresh = unreported(ctx, book, unshrunk)]() mutable {
      try {
        replayed = replay_loud(ctx, std::move(fresh), value);
      } catch (...) {
        replay_failed = std::current_exception();
      }
    });
  } else {
    report_unshrunk();
  }
  // Shrinking plays candidates of this very generator (the hints this case had), and what
  // they answer teaches nothing: the suite's learning depends on its cases alone.
  for (const auto& rule : fresh_rules) {
    if (tally.fatal) break;
    shrink_and_report(ctx, tally, book, generated.shrinkable, rule, token, outcome, case_log, index + 1, played_loud,
                      report_unshrunk);
  }
  report_unshrunk();  // when no shrink reported first
  if (ctx.loud != nullptr) ctx.loud->costs().judged(new_finding);
}

}  // namespace tfc::conformance
