// Lending provider sessions between suites (see session_pool.hpp).
#include "conformance/session/session_pool.hpp"

#include <algorithm>

namespace tfc::conformance {

void SessionPool::lend(ProviderSession& session) { give_back({&session}); }

std::vector<ProviderSession*> SessionPool::borrow(std::size_t most) {
  const std::lock_guard lock(m_mutex);
  const std::size_t n = std::min(most, m_free.size());
  std::vector<ProviderSession*> out(m_free.end() - static_cast<std::ptrdiff_t>(n), m_free.end());
  m_free.resize(m_free.size() - n);
  return out;
}

void SessionPool::give_back(const std::vector<ProviderSession*>& sessions) {
  const std::lock_guard lock(m_mutex);
  for (ProviderSession* s : sessions) {
    if (std::find(m_lost.begin(), m_lost.end(), s) == m_lost.end()) m_free.push_back(s);
  }
}

void SessionPool::lost(ProviderSession& session) {
  const std::lock_guard lock(m_mutex);
  m_lost.push_back(&session);
  std::erase(m_free, &session);
}

}  // namespace tfc::conformance
