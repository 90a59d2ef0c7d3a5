#pragma once
// Plays a suite's cases on provider sessions: one case on one session (restarting it when its
// process is lost), or the cases of a round at once on the suite's own session and borrowed ones,
// each session taking the next case when it is done with its last.

#include <algorithm>
#include <atomic>
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
#include "oracle/rule_id.hpp"
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

/// After a timeout a suite stops: every further case would wait out the deadline again.
inline constexpr std::string_view kTimeoutRule = oracle::rule_text("rpc.timeout");

/// Whether judging stops at this played case, so no later case of its round is worth playing:
/// the run's stop cut it off, its process was lost for good, or a call timed out (an author's
/// example may ask for the wait: its timeout does not stop the suite, judge_generated).
inline bool ends_suite(const SuiteContext& ctx, std::size_t index, const Played& p) {
  if (p.stopped || p.lost || runner::stop_requested()) return true;
  if (example_case(ctx, index)) return false;
  return std::any_of(p.outcome.findings.begin(), p.outcome.findings.end(),
                     [](const auto& f) { return f.finding.rule_id == kTimeoutRule; });
}

/// Plays cases[from, to) of a learning round (`cases`, starting at case `round_start`) on the
/// suite's own session and, at the same time, on the `borrowed` ones: each session plays a case of
/// its own first, then takes the next case nobody has taken once it is done with its last, so one
/// long case holds up no other session, and a borrowed session goes back to the pool as soon as
/// no case is left for it. The suite's own session plays each case it takes on `loud_for(index)`
/// instead when that gives one (the worker's session with its logging on: loud_policy.hpp) and
/// tells `on_own(index)` as it starts. A case that could not be generated is not played; nor is
/// any case after one that ends the suite (ends_suite): its result stays nullopt, and judging in
/// case order stops before it. The result holds cases[from, to).
template <class Case, class LoudFor, class OnOwn>
std::vector<std::optional<Played>> play_round(const SuiteContext& ctx,
                                              const std::vector<std::optional<Generated<Case>>>& cases,
                                              std::size_t round_start, std::size_t from, std::size_t to,
                                              const std::vector<ProviderSession*>& borrowed, LoudFor loud_for,
                                              OnOwn on_own) {
  const std::size_t count = to - from;
  std::vector<std::optional<Played>> played(count);
  // Each session's first case is its own (the suite's: the first; borrowed session b: case b + 1),
  // so every borrowed session plays one even when the others would be done before it starts.
  std::atomic<std::size_t> next{1 + borrowed.size()};
  std::atomic<bool> ended{false};
  // Takes cases until none is left or one ended the suite; a null `session` is the suite's own.
  auto take_cases = [&](ProviderSession* session, std::size_t first) {
    for (std::size_t k = first;; k = next.fetch_add(1)) {
      // Its own case even after another one ended the suite (unless the run stops), so every case
      // before the one that ended it was played: judging reaches that one.
      if (k >= count || (k == first ? runner::stop_requested() : ended.load())) return;
      const auto& c = cases[from + k];
      if (!c) continue;
      const std::size_t index = round_start + from + k;
      Played p;
      if (session == nullptr) {
        on_own(index);
        ProviderSession* loud = loud_for(index);
        p = play_on(ctx, loud != nullptr ? *loud : ctx.host, c->value, true);
        p.loud = loud != nullptr;
      } else {
        p = play_on(ctx, *session, c->value, true);
        p.lent = true;
        if (ctx.pool != nullptr) ++ctx.pool->lent_cases;
      }
      if (ends_suite(ctx, index, p)) ended = true;
      played[k] = std::move(p);
    }
  };
  std::vector<std::exception_ptr> failed(borrowed.size());
  {
    std::vector<std::jthread> threads;  // joined at the end of this block
    for (std::size_t b = 0; b < borrowed.size(); ++b) {
      threads.emplace_back([&ctx, &take_cases, &failed, &ended, session = borrowed[b], b] {
        try {
          take_cases(session, b + 1);
        } catch (...) {
          failed[b] = std::current_exception();
          ended = true;
        }
        if (ctx.pool != nullptr) ctx.pool->give_back({session});  // another suite may borrow it now
      });
    }
    try {
      take_cases(nullptr, 0);
    } catch (...) {
      ended = true;
      throw;  // the threads are joined first
    }
  }
  for (const auto& e : failed) {
    if (e) std::rethrow_exception(e);
  }
  return played;
}

}  // namespace tfc::conformance
