#pragma once
// Greedy shrinking over a rapidcheck Shrinkable: take the first smaller candidate that still
// fails, repeat until none does (a local minimum, as rapidcheck's own findLocalMin), and keep
// the index chosen at each level so a replay token can walk straight back to the minimum.

#include <chrono>
#include <cstddef>
#include <map>
#include <optional>
#include <string>
#include <utility>
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

/// shrink_failure with each distinct candidate (`key_of`) played once, its verdict remembered
/// (rapidcheck's shrink tree offers the same value again and again, most often the value just
/// taken: time_static's import finding had 65 plays of 14 distinct cases), and up to `width()`
/// candidates of a level not decided yet played at
/// the same time by `play_many` (their verdicts, in order; `width()` is asked before each batch:
/// the sessions free then). The first failing candidate in order is taken, so against a
/// deterministic provider the path, the minimum and the attempts are shrink_failure's whatever
/// the width; candidates after it played in the same batch count as no attempt.
template <class T, class KeyOf, class PlayMany, class Width>
Shrunk<T> shrink_speculating(
    rc::Shrinkable<T> failing, KeyOf key_of, PlayMany play_many, Width width, std::size_t max_attempts,
    std::chrono::steady_clock::time_point deadline = std::chrono::steady_clock::time_point::max()) {
  Shrunk<T> out{failing, {}, 0};
  std::map<std::string, bool> verdicts;
  auto exhausted = [&] {
    return out.attempts >= max_attempts || std::chrono::steady_clock::now() >= deadline || runner::stop_requested();
  };
  struct Entry {
    rc::Shrinkable<T> shrinkable;
    std::string key;
    std::optional<bool> fails;  // known before the batch, or played in it
  };
  bool progressed = true;
  while (progressed && !exhausted()) {
    progressed = false;
    auto candidates = out.minimal.shrinks();
    std::size_t index = 0;  // of the next candidate of this level
    bool level_done = false;
    while (!progressed && !level_done && !exhausted()) {
      // The next candidates in order: up to the first known to fail, at most `width` of them
      // still to play, no more than the attempts left.
      std::vector<Entry> batch;
      std::size_t unknown = 0;
      const std::size_t most = std::max<std::size_t>(1, width());
      while (unknown < most && out.attempts + batch.size() < max_attempts) {
        auto candidate = candidates.next();
        if (!candidate) {
          level_done = true;
          break;
        }
        std::string key = key_of(candidate->value());
        std::optional<bool> known;
        if (auto it = verdicts.find(key); it != verdicts.end()) known = it->second;
        // Two candidates of one batch with one key: the second waits for the first's verdict.
        bool twice = false;
        for (const auto& e : batch) twice = twice || (!e.fails && e.key == key);
        if (twice) {
          batch.push_back({std::move(*candidate), std::move(key), std::nullopt});
          break;
        }
        unknown += known ? 0 : 1;
        batch.push_back({std::move(*candidate), std::move(key), known});
        if (known && *known) break;
      }
      if (batch.empty()) break;
      std::vector<T> values;
      std::vector<Entry*> playing;
      for (auto& e : batch) {
        bool first_of_key = !e.fails;
        for (const auto* p : playing) first_of_key = first_of_key && p->key != e.key;
        if (first_of_key) {
          values.push_back(e.shrinkable.value());
          playing.push_back(&e);
        }
      }
      std::vector<const T*> to_play;
      for (const auto& v : values) to_play.push_back(&v);
      const std::vector<bool> verdict = to_play.empty() ? std::vector<bool>{} : play_many(to_play);
      for (std::size_t k = 0; k < playing.size(); ++k) {
        playing[k]->fails = k < verdict.size() && verdict[k];
        verdicts.emplace(playing[k]->key, *playing[k]->fails);
      }
      // Resolved in order, as one at a time would have.
      for (auto& e : batch) {
        if (!e.fails) e.fails = verdicts.at(e.key);
        ++out.attempts;
        if (*e.fails) {
          out.minimal = std::move(e.shrinkable);
          out.path.push_back(index);
          progressed = true;
          break;
        }
        ++index;
      }
    }
  }
  return out;
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
