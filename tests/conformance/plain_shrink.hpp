#pragma once
// Plain greedy shrinking, every candidate played one at a time: the reference the suite's
// shrink_speculating (conformance/suite/shrink.hpp) must agree with, and a simple shrinker for
// tests of the generators' shrink trees.

#include <chrono>
#include <cstddef>

#include "conformance/suite/shrink.hpp"

namespace tfc::conformance::testing {

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

}  // namespace tfc::conformance::testing
