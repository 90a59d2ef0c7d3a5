#pragma once
// Greedy shrinking over a rapidcheck Shrinkable: take the first smaller candidate that still
// fails, repeat until none does (a local minimum, as rapidcheck's own findLocalMin), and keep
// the index chosen at each level so a replay token can walk straight back to the minimum.

#include <chrono>
#include <cstddef>
#include <set>
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

/// `still_fails` that does not play a candidate again whose `key_of` already passed: rapidcheck's
/// shrink tree offers the same value again and again (time_static's import finding: 117
/// candidates, 15 distinct). Against a deterministic provider the shrink ends where it would
/// have; at worst (two candidates, one key) the minimum is a little less small.
template <class KeyOf, class StillFails>
auto skipping_passed(KeyOf key_of, StillFails still_fails) {
  return [key_of = std::move(key_of), still_fails = std::move(still_fails),
          passed = std::set<std::string>()](const auto& candidate) mutable {
    std::string key = key_of(candidate);
    if (passed.contains(key)) return false;
    if (still_fails(candidate)) return true;
    passed.insert(std::move(key));
    return false;
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
