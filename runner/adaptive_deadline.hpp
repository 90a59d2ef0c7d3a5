#pragma once
// How long to wait for each RPC. A fixed deadline long enough for a provider's slowest honest
// answer makes every hang cost that long, again for each shrinking attempt; so the deadline
// adapts to what this provider has shown: the larger of a floor and a multiple of the slowest
// answer seen so far for that RPC, never above the user's cap (--timeout), which alone applies
// to an RPC not answered yet. While a timeout is being shrunk the deadline is shorter still.

#include <chrono>
#include <map>
#include <mutex>
#include <string>
#include <string_view>

namespace tfc::runner {

class DeadlinePolicy {
public:
  struct Settings {
    std::chrono::milliseconds cap{std::chrono::seconds(30)};
    std::chrono::milliseconds floor{std::chrono::seconds(10)};
    int factor = 20;
    /// While shrinking a timeout: a smaller floor and multiple (still never above the cap).
    std::chrono::milliseconds shrink_floor{std::chrono::seconds(3)};
    int shrink_factor = 5;
    /// Answers an RPC must have given before its deadline adapts (one fast answer proves little).
    int warm_up = 3;
  };

  explicit DeadlinePolicy(Settings settings) : m_settings(settings) {}
  explicit DeadlinePolicy(std::chrono::milliseconds cap) { m_settings.cap = cap; }

  /// The deadline for the next call of `rpc` on this thread.
  std::chrono::milliseconds deadline_for(std::string_view rpc) const;
  /// `rpc` answered (any answer but a timeout) after `took`.
  void answered(std::string_view rpc, std::chrono::nanoseconds took);
  /// Why `deadline_for(rpc)` is what it is, for a timeout's message.
  std::string explain(std::string_view rpc) const;
  const Settings& settings() const noexcept { return m_settings; }

  /// Marks the calling thread as shrinking a timeout while it lives.
  class ShrinkingScope {
  public:
    ShrinkingScope();
    ~ShrinkingScope();
    ShrinkingScope(const ShrinkingScope&) = delete;
    ShrinkingScope& operator=(const ShrinkingScope&) = delete;

  private:
    bool m_was;
  };

private:
  struct Seen {
    std::chrono::nanoseconds slowest{0};
    int answers = 0;
  };

  Settings m_settings;
  mutable std::mutex m_mutex;
  std::map<std::string, Seen, std::less<>> m_seen;
};

}  // namespace tfc::runner
