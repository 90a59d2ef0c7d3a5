#pragma once
// Greedy shrinking over a rapidcheck Shrinkable: take the first smaller candidate that still
// fails, repeat until none does (a local minimum, as rapidcheck's own findLocalMin), and keep
// the index chosen at each level so a replay token can walk straight back to the minimum.

#include <chrono>
#include <cstddef>
#include <map>
#include <string>
#include <vector>

#include <rapidcheck.h>

#include "runner/run_stop.hpp"

namespace tfc::conformance {

template <class T>
struct Shrunk {
  rc::Shrinkable<T> minimal;
  std::vector<std::size_t> path;
  std::size_t attempts = 0;
};

/// `still_fails(value)` plays a candidate; at most `max_attempts` candidates are tried, and none
/// after `deadline` (a hanging provider makes every attempt as slow as the RPC deadline) or once
/// the run is stopping (a signal, the time budget).
template <class T, class StillFails>
Shrunk<T> shrink_failure(
    rc::Shrinkable<T> failing, StillFails still_fails, std::size_t max_attempts,
    std::chrono::steady_clock::time_point deadline = std::chrono::steady_clock::time_point::max()) {
  Shrunk<T> out{failing, {}, 0};
  auto exhausted = [&] {
    return out.attempts >= max_attempts || std::chrono::steady_clock::now() >= deadline || runner::stop_requested();
  };
  bool progressed = true;
  while (progressed && !exhausted()) {
    progressed = false;
    auto candidates = out.minimal.shrinks();
    std::size_t index = 0;
    while (auto candidate = candidates.next()) {
      if (exhausted()) break;
      ++out.attempts;
      if (still_fails(candidate->value())) {
        out.minimal = std::move(*candidate);
        out.path.push_back(index);
        progressed = true;
        break;
      }
      ++index;
    }
  }
  return out;
}

/// `still_fails` that plays each distinct candidate (`key_of`) once and remembers its verdict:
/// rapidcheck's shrink tree offers the same value again and again, most often the value just
/// taken (time_static's import finding: 65 plays, 14 distinct cases, 56 of the plays failing).
/// Against a deterministic provider the shrink takes the same path to the same minimum; the
/// minimum is played once more for its evidence anyway (shrink_report.hpp), so a provider that
/// answers differently the second time is still caught there.
template <class KeyOf, class StillFails>
auto playing_each_once(KeyOf key_of, StillFails still_fails) {
  return [key_of = std::move(key_of), still_fails = std::move(still_fails),
          verdicts = std::map<std::string, bool>()](const auto& candidate) mutable {
    std::string key = key_of(candidate);
    if (auto known = verdicts.find(key); known != verdicts.end()) return known->second;
    const bool fails = still_fails(candidate);
    verdicts.emplace(std::move(key), fails);
    return fails;
  };
}

/// The shrinkable reached from `root` by following `path`; false when the path does not exist.
template <class T>
bool follow_shrink_path(rc::Shrinkable<T>& node, const std::vector<std::size_t>& path) {
  for (std::size_t want : path) {
    auto candidates = node.shrinks();
    std::size_t index = 0;
    bool found = false;
    while (auto candidate = candidates.next()) {
      if (index++ == want) {
        node = std::move(*candidate);
        found = true;
        break;
      }
    }
    if (!found) return false;
  }
  return true;
}

}  // namespace tfc::conformance
