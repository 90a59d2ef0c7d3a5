#pragma once
// Greedy shrinking over a rapidcheck Shrinkable: take the first smaller candidate that still
// fails, repeat until none does (a local minimum, as rapidcheck's own findLocalMin), and keep
// the index chosen at each level so a replay token can walk straight back to the minimum.

#include <chrono>
#include <cstddef>
#include <map>
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

/// Greedy shrinking with each distinct candidate (`key_of`) played once, its verdict remembered
/// (rapidcheck's shrink tree offers the same value again and again, most often the value just
/// taken: time_static's import finding had 65 plays of 14 distinct cases), and up to `width()`
/// candidates of a level not decided yet played at the same time by `play_many` (their
/// verdicts, in order; `width()` is asked before each batch: the sessions free then). The first
/// failing candidate in order is taken, so against a deterministic provider the path, the
/// minimum and the attempts are those of playing every candidate one at a time, whatever the
/// width; candidates after it played in the same batch count as no attempt.
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
  };
  bool progressed = true;
  while (progressed && !exhausted()) {
    progressed = false;
    auto candidates = out.minimal.shrinks();
    std::size_t index = 0;  // of the next candidate of this level
    bool level_done = false;
    while (!progressed && !level_done && !exhausted()) {
      // The next candidates in order: up to the first known to fail (or whose key another one
      // of the batch already has: it waits for that verdict), at most `width` of them to play,
      // no more than the attempts left.
      std::vector<Entry> batch;
      std::vector<std::size_t> to_play;  // indexes into batch
      const std::size_t most = std::max<std::size_t>(1, width());
      while (to_play.size() < most && out.attempts + batch.size() < max_attempts) {
        auto candidate = candidates.next();
        if (!candidate) {
          level_done = true;
          break;
        }
        std::string key = key_of(candidate->value());
        const auto known = verdicts.find(key);
        bool waits = false;
        for (const std::size_t i : to_play) waits = waits || batch[i].key == key;
        batch.push_back({std::move(*candidate), std::move(key)});
        if (waits || (known != verdicts.end() && known->second)) break;
        if (known == verdicts.end()) to_play.push_back(batch.size() - 1);
      }
      if (batch.empty()) break;
      std::vector<T> values;
      for (const std::size_t i : to_play) values.push_back(batch[i].shrinkable.value());
      std::vector<const T*> pointers;
      for (const auto& v : values) pointers.push_back(&v);
      const std::vector<bool> verdict = pointers.empty() ? std::vector<bool>{} : play_many(pointers);
      for (std::size_t k = 0; k < to_play.size(); ++k)
        verdicts.emplace(batch[to_play[k]].key, k < verdict.size() && verdict[k]);
      // Resolved in order, as one at a time would have (every key of the batch has its verdict).
      for (auto& e : batch) {
        ++out.attempts;
        if (verdicts.at(e.key)) {
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
