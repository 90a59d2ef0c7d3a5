#pragma once
// Provider sessions lent out for the cases of one type. A worker with no type left to start
// lends its session here; a suite still playing borrows what is free and plays the cases of
// its current learning round on those processes too (suite_runner.cpp), so one slow type does
// not serialise the end of a run.

#include <atomic>
#include <cstddef>
#include <mutex>
#include <vector>

#include "conformance/session/provider_session.hpp"

namespace tfc::conformance {

class SessionPool {
public:
  /// Lends `session` until the run ends (the lender still owns and closes it); not one that
  /// was lost.
  void lend(ProviderSession& session);
  /// Up to `most` free sessions, at once (never waits); give them back when done.
  std::vector<ProviderSession*> borrow(std::size_t most);
  /// Returns borrowed sessions to the pool (not those that were lost).
  void give_back(const std::vector<ProviderSession*>& sessions);
  /// `session`'s process was lost and could not be restarted: it is never lent again.
  void lost(ProviderSession& session);

  /// Cases played on borrowed sessions (beside their suite's own).
  std::atomic<std::size_t> lent_cases{0};

private:
  std::mutex m_mutex;
  std::vector<ProviderSession*> m_free;
  std::vector<ProviderSession*> m_lost;
};

}  // namespace tfc::conformance
