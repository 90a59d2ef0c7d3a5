#pragma once
// A replay (`--replay TOKEN`): the earlier rounds' validation and plans (lifecycle cases: the
// whole cases, for what their updates taught) played again to learn what the suite knew at the
// case's round, then the very case the token names, followed down
// its shrink path, played and reported.

#include <optional>
#include <string>

#include "conformance/suite/case_player.hpp"
#include "conformance/suite/learning_generator.hpp"
#include "conformance/suite/shrink.hpp"
#include "conformance/suite/shrink_report.hpp"

namespace tfc::conformance {

template <class Case>
void play_replay(const SuiteContext& ctx, SuiteTally& tally, FindingBook& book, LearningGenerator<Case>& gen,
                 gen::learning::RefusalLearner& learner, const ReplayToken& token) {
  const ValueSchedule values = ctx.settings.values;
  // The earlier rounds' validation and plans, to learn what the suite knew at this case's round.
  const std::size_t round = learning_round_start(token.index, token.cases);
  for (std::size_t start = 0; kLearns<Case> && start < round && !tally.fatal;) {
    const std::size_t end = learning_round_end(start, token.cases);
    std::vector<std::optional<rc::Shrinkable<Case>>> earlier;
    for (std::size_t j = start; j < end; ++j) {
      learner.begin_case();
      std::string error;
      earlier.push_back(generate(generator_of_case(ctx, gen, j, extreme_case(values, j, token.cases), token.seed),
                                 case_seed(token.seed, ctx.kind, ctx.type, j), case_size(j, token.cases), error));
      if (!earlier.back()) tally.harness_errors.push_back(error);
    }
    for (std::size_t j = start; j < end && !tally.fatal; ++j) {
      if (!earlier[j - start]) continue;
      const Case value = earlier[j - start]->value();
      learner.teaching_case(j + 1);
      learn(learner, play_own(ctx, tally, value, false, !kLearnsFromWholeCase<Case>).outcome, value,
            ctx.settings.apply);
    }
    start = end;
  }
  ctx.host.take_new_logs();
  for (std::size_t j = kLearns<Case> ? round : token.index; j <= token.index; ++j) learner.begin_case();
  std::string error;
  auto shrinkable =
      generate(generator_of_case(ctx, gen, token.index, token.extreme, token.seed),
               case_seed(token.seed, ctx.kind, ctx.type, token.index), case_size(token.index, token.cases), error);
  if (!shrinkable) {
    tally.harness_errors.push_back(error);
    return;
  }
  if (!follow_shrink_path(*shrinkable, token.shrink_path)) {
    tally.harness_errors.push_back(
        "the replay token's shrink path does not exist for this provider and these options "
        "(different hints, provider version or tfconform version?)");
    return;
  }
  const Case value = shrinkable->value();
  const Played played = play_own(ctx, tally, value, true);
  tally.count(played.outcome);
  report_found(ctx, book, played.outcome, token, value, played.log, 0, 0, {});
}

}  // namespace tfc::conformance
