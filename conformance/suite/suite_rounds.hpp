#pragma once
// The search: a suite's cases in learning rounds (learning_round_end). Every case of a round is
// generated from what the rounds before it taught, then the round is played (several cases at
// once on sessions the run has to spare) and judged in case order.

#include <optional>
#include <string>
#include <vector>

#include "conformance/suite/case_player.hpp"
#include "conformance/suite/concurrent_conflict.hpp"
#include "conformance/suite/finding_book.hpp"
#include "conformance/suite/learning_generator.hpp"
#include "conformance/suite/loud_policy.hpp"
#include "conformance/suite/shrink_report.hpp"
#include "conformance/suite/suite_tally.hpp"

namespace tfc::conformance {

/// Tells the progress listener case `index` started.
void announce_case(const SuiteContext& ctx, std::size_t index);
/// Tells the progress listener case `index` ended with `found` new findings.
void finish_case(const SuiteContext& ctx, std::size_t index, std::size_t found);

/// The cases of one learning round, [start, end), generated in order from the learner's hints;
/// a case that could not be generated is nullopt, with its error in `errors`.
template <class Case>
std::vector<std::optional<Generated<Case>>> generate_round(const SuiteContext& ctx, LearningGenerator<Case>& gen,
                                                           gen::learning::RefusalLearner& learner, std::size_t start,
                                                           std::size_t end, std::vector<std::string>& errors) {
  std::vector<std::optional<Generated<Case>>> round;
  errors.assign(end - start, {});
  for (std::size_t i = start; i < end; ++i) {
    learner.begin_case();
    round.push_back(generate_case(ctx, gen, i, errors[i - start]));
  }
  return round;
}

/// The cases of a round that create objects (ctx.guarded) were played at the same time: each one
/// that did not pass cleanly, save for findings the suite already has from cases played alone,
/// is played again alone on the suite's own session, and that answer counts
/// (concurrent_conflict.hpp). When alone it no longer meets the conflict it met beside
/// the others, the suite plays one case at a time from now on, saying why in `tally`.
template <class Case>
void replay_unclean_alone(const SuiteContext& ctx, SuiteTally& tally, const FindingBook& book,
                          const std::vector<std::optional<Generated<Case>>>& round, std::size_t from,
                          std::vector<std::optional<Played>>& played) {
  const auto known = [&book](const std::string& fingerprint) { return book.known(fingerprint); };
  for (std::size_t k = 0; k < played.size() && !runner::stop_requested(); ++k) {
    const auto& c = round[from + k];
    if (!c || !played[k] || stands_beside_others(*played[k], known)) continue;
    const auto beside = conflict_in(played[k]->outcome);
    played[k] = play_on(ctx, ctx.host, c->value, true);
    if (beside && !conflict_in(played[k]->outcome) && tally.applied_one_at_a_time.empty())
      tally.applied_one_at_a_time = "concurrent create conflicted: " + *beside;
  }
}

/// Plays and judges the suite's cases, round after round. Cases of a round need not wait for
/// each other: when the run has provider sessions to spare (their workers have no type left),
/// the rest of the round is played on them too, each session taking the next case when done with
/// its last. The rounds do not depend on --jobs, so neither do the results.
template <class Case>
void play_generated_cases(const SuiteContext& ctx, SuiteTally& tally, FindingBook& book, LearningGenerator<Case>& gen,
                          gen::learning::RefusalLearner& learner) {
  const std::size_t total = ctx.settings.cases;
  // After a timeout every further case would wait out the deadline again: the suite stops.
  // So does a stopped run (a signal, the time budget): the reports still get what was done.
  auto going = [&] { return !tally.fatal && !tally.timed_out && !runner::stop_requested(); };
  for (std::size_t start = 0; start < total && going();) {
    const std::size_t end = learning_round_end(start, total);
    if (ctx.moves != nullptr) ctx.moves->settle();
    std::vector<std::string> errors;
    const auto round = generate_round(ctx, gen, learner, start, end, errors);
    for (std::size_t i = start; i < end && going();) {
      std::vector<ProviderSession*> borrowed;
      if (ctx.spreads && i + 1 < end && tally.applied_one_at_a_time.empty()) borrowed = ctx.pool->borrow(end - i - 1);
      // Without a spare session each case is judged before the next one plays, so the loud
      // policy and the shrinks follow every answer as it comes.
      const std::size_t upto = borrowed.empty() ? i + 1 : end;
      // The case on the suite's own session is announced as it starts: a hang shows where it is.
      auto played = play_round(
          ctx, round, start, i - start, upto - start, borrowed, [&ctx](std::size_t) { return loud_for_next_case(ctx); },
          [&ctx](std::size_t index) { announce_case(ctx, index); });
      if (!borrowed.empty() && ctx.guarded) replay_unclean_alone(ctx, tally, book, round, i - start, played);
      for (std::size_t k = 0; i < upto && going(); ++k, ++i) {
        const auto& c = round[i - start];
        if (c && !played[k]) break;  // not played: an earlier case ended the suite
        const std::size_t before = book.count();
        if (!c || played[k]->lent) announce_case(ctx, i);
        if (c) {
          if (ctx.moves != nullptr) ctx.moves->count(played[k]->outcome);
          learner.teaching_case(i + 1);
          judge_generated(ctx, tally, book, i, *c, std::move(*played[k]), learner);
        } else {
          tally.harness_errors.push_back(errors[i - start]);
        }
        finish_case(ctx, i, book.count() - before);
      }
    }
    start = end;
  }
  if (ctx.moves != nullptr && ctx.moves->settled()) tally.moves_refused = ctx.moves->refusal();
}

}  // namespace tfc::conformance
