#include "tests/conformance/memory_remote.hpp"

namespace tfc::conformance::testing {

std::string MemoryRemote::key(const std::string& type, const std::string& name) const {
  return m_mode == MemoryCollision::Singleton ? type : type + "/" + name;
}

void MemoryRemote::opened() {
  const std::lock_guard lock(m_mutex);
  ++m_open;
}

void MemoryRemote::closed() {
  const std::lock_guard lock(m_mutex);
  --m_open;
  m_changed.notify_all();
}

std::optional<std::string> MemoryRemote::claim(const void* /*session*/, const std::string& type,
                                               const std::string& name) {
  std::unique_lock lock(m_mutex);
  ++m_claims;
  m_changed.notify_all();
  const std::string k = key(type, name);
  if (m_held.contains(k)) {
    m_met = true;
    m_changed.notify_all();
    return m_mode == MemoryCollision::Singleton ? "a " + type + " already exists: only one may exist at a time"
                                                : "a " + type + " named \"" + name + "\" already exists";
  }
  m_held.insert(k);
  // Until two cases met: with other sessions open, wait a little for one of them to create too
  // (bounded; a case played alone just goes on afterwards).
  if (m_meet && !m_met && m_open > 1) {
    const std::size_t seen = m_claims;
    m_changed.wait_for(lock, std::chrono::milliseconds(150), [&] { return m_claims != seen || m_met || m_open < 2; });
  }
  return std::nullopt;
}

void MemoryRemote::release(const std::string& type, const std::string& name) {
  const std::lock_guard lock(m_mutex);
  m_held.erase(key(type, name));
  m_changed.notify_all();
}

}  // namespace tfc::conformance::testing
