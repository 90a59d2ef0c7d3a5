#pragma once
// Plays a suite's cases on provider sessions: one case on one session (restarting it when its
// process is lost), or the cases of a round at once on the suite's own session and borrowed ones.

#include <exception>
#include <optional>
#include <thread>
#include <vector>

#include "conformance/play/case_play.hpp"
#include "conformance/play/family_play.hpp"
#include "conformance/play/release_play.hpp"
#include "conformance/suite/learning_generator.hpp"
#include "conformance/suite/played_case.hpp"
#include "conformance/suite/suite_context.hpp"
#include "conformance/suite/suite_tally.hpp"
#include "runner/run_stop.hpp"

namespace tfc::conformance {

/// Plays `c` on `session` (the suite's own or a borrowed one), restarting the session when its
/// process is lost; with `logged`, keeps the provider's log of the case with a mark per judged
/// answer. Reads the context only: the cases of a round may run it on several threads.
template <class Case>
Played play_on(const SuiteContext& ctx, ProviderSession& session, const Case& c, bool logged, bool learn_only = false) {
  Played p;
  PlayOptions options{ctx.settings.check, learn_only, {}, &session.schema(), ctx.settings.apply, ctx.settings.address};
  options.core = ctx.settings.core;
  options.skip_move = ctx.moves != nullptr && ctx.moves->settled();
  if (ProviderSession* next = session.next_release())
    options.next_release =
        NextRelease{&next->client(), &next->schema(), session.release_label(), session.next_release_label()};
  auto pull = [&session, &p] {
    for (auto& line : session.take_new_logs()) p.log.push_back(std::move(line));
    return p.log.size();
  };
  if (logged) {
    session.take_new_logs();
    options.log_mark = pull;
  }
  const auto started = std::chrono::steady_clock::now();
  p.outcome = play_case(session.client(), ctx.type, ctx.schema, c, options);
  p.wall = std::chrono::steady_clock::now() - started;
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
      if (ctx.pool != nullptr) ctx.pool->lost(session);  // never lent again
    } else {
      if (p.outcome.leftover_state)
        destroy_quietly(session.client(), ctx.type, ctx.schema, *p.outcome.leftover_state, p.outcome.leftover_private,
                        options.core);
      // Then the resources the case created first, the last created first.
      for (const auto& l : p.outcome.upstream_leftovers) {
        auto it = session.schema().resource_schemas.find(l.type);
        if (it != session.schema().resource_schemas.end())
          destroy_quietly(session.client(), l.type, it->second, l.state, l.private_data, options.core);
      }
    }
  }
  if (logged) pull();
  return p;
}

/// Plays `c` on the suite's own session and takes what it means for the suite (a lost provider,
/// a harness error) into `tally`; with `logged`, the result keeps the provider's log.
template <class Case>
Played play_own(const SuiteContext& ctx, SuiteTally& tally, const Case& c, bool logged, bool learn_only = false) {
  Played p = play_on(ctx, ctx.host, c, logged, learn_only);
  tally.absorb(p);
  return p;
}

/// Plays cases[first] on the suite's own session (or on `loud`, the worker's session with its
/// logging on, when given: loud_policy.hpp) and, at the same time, each next case on one of the
/// `borrowed` sessions (a case that could not be generated is not played).
template <class Case>
std::vector<Played> play_at_once(const SuiteContext& ctx, const std::vector<std::optional<Generated<Case>>>& cases,
                                 std::size_t first, const std::vector<ProviderSession*>& borrowed,
                                 ProviderSession* loud = nullptr) {
  std::vector<Played> played(1 + borrowed.size());
  std::vector<std::exception_ptr> failed(played.size());
  {
    std::vector<std::jthread> threads;  // joined at the end of this block
    for (std::size_t k = 1; k < played.size(); ++k) {
      const auto& c = cases[first + k];
      if (!c) continue;
      threads.emplace_back([&ctx, &borrowed, &played, &failed, &c, k] {
        try {
          played[k] = play_on(ctx, *borrowed[k - 1], c->value, true);
        } catch (...) {
          failed[k] = std::current_exception();
        }
      });
    }
    if (const auto& c = cases[first]) {
      played[0] = play_on(ctx, loud != nullptr ? *loud : ctx.host, c->value, true);
      played[0].loud = loud != nullptr;
    }
  }
  for (const auto& e : failed) {
    if (e) std::rethrow_exception(e);
  }
  return played;
}

}  // namespace tfc::conformance
