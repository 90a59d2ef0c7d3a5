#include "runner/adaptive_deadline.hpp"

#include <algorithm>

namespace tfc::runner {
namespace {

thread_local bool t_shrinking = false;

std::string seconds_text(std::chrono::nanoseconds d) {
  const double s = std::chrono::duration<double>(d).count();
  char buf[32];
  std::snprintf(buf, sizeof buf, s < 1 ? "%.3f s" : "%.1f s", s);
  return buf;
}

}  // namespace

DeadlinePolicy::ShrinkingScope::ShrinkingScope() : m_was(t_shrinking) { t_shrinking = true; }
DeadlinePolicy::ShrinkingScope::~ShrinkingScope() { t_shrinking = m_was; }

std::chrono::milliseconds DeadlinePolicy::deadline_for(std::string_view rpc) const {
  const auto floor = t_shrinking ? m_settings.shrink_floor : m_settings.floor;
  const int factor = t_shrinking ? m_settings.shrink_factor : m_settings.factor;
  std::lock_guard lock(m_mutex);
  const auto it = m_seen.find(rpc);
  if (it == m_seen.end() || it->second.answers < m_settings.warm_up) {
    return t_shrinking ? std::min(m_settings.cap, std::max(floor, m_settings.cap / 4)) : m_settings.cap;
  }
  const auto adapted = std::chrono::duration_cast<std::chrono::milliseconds>(it->second.slowest * factor);
  return std::min(m_settings.cap, std::max(floor, adapted));
}

void DeadlinePolicy::answered(std::string_view rpc, std::chrono::nanoseconds took) {
  std::lock_guard lock(m_mutex);
  auto it = m_seen.find(rpc);
  if (it == m_seen.end()) it = m_seen.emplace(std::string(rpc), Seen{}).first;
  it->second.slowest = std::max(it->second.slowest, took);
  ++it->second.answers;
}

std::string DeadlinePolicy::explain(std::string_view rpc) const {
  const auto deadline = deadline_for(rpc);
  std::lock_guard lock(m_mutex);
  const auto it = m_seen.find(rpc);
  const std::string cap = "--timeout " + seconds_text(m_settings.cap);
  if (it == m_seen.end() || it->second.answers < m_settings.warm_up) {
    return seconds_text(deadline) +
           (deadline == m_settings.cap ? " (" + cap + ")" : " (shrinking a timeout; " + cap + ")");
  }
  const int factor = t_shrinking ? m_settings.shrink_factor : m_settings.factor;
  return seconds_text(deadline) + " (" + std::to_string(factor) + "x the slowest of " +
         std::to_string(it->second.answers) + " earlier answers, " + seconds_text(it->second.slowest) +
         (t_shrinking ? ", while shrinking a timeout" : "") + "; at most " + cap + ")";
}

}  // namespace tfc::runner
