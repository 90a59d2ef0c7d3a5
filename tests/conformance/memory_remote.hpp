#pragma once
// What the in-memory provider's sessions of one factory share, as the processes of a real
// provider share one cloud account: the names their live objects hold. With a collision mode
// on, a create whose name (or, for a singleton, whose type) is already held by a live object is
// refused with "already exists", as a cloud API answers. With `meet`, it also makes two cases
// that run at once really meet, until they first did: while more than one session is open, a
// create waits (bounded) for another session's create.

#include <chrono>
#include <condition_variable>
#include <cstddef>
#include <mutex>
#include <optional>
#include <set>
#include <string>

namespace tfc::conformance::testing {

enum class MemoryCollision {
  None,
  UniqueNames,  // two live objects of one type may not share a name
  Singleton,    // one live object per type
};

class MemoryRemote {
public:
  MemoryRemote(MemoryCollision mode, bool meet) : m_mode(mode), m_meet(meet) {}

  MemoryCollision mode() const { return m_mode; }
  /// A session opened or closed.
  void opened();
  void closed();
  /// Claims the key of an object of `type` named `name` for `session`; the refusal's summary
  /// when it is held.
  std::optional<std::string> claim(const void* session, const std::string& type, const std::string& name);
  /// The object of `type` named `name` is gone.
  void release(const std::string& type, const std::string& name);

private:
  std::string key(const std::string& type, const std::string& name) const;

  MemoryCollision m_mode;
  bool m_meet = false;
  std::mutex m_mutex;
  std::condition_variable m_changed;
  std::set<std::string> m_held;
  std::size_t m_open = 0;    // sessions open
  std::size_t m_claims = 0;  // claim attempts so far
  bool m_met = false;        // a create was refused: two cases met
};

}  // namespace tfc::conformance::testing
