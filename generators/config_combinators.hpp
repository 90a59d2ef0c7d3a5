#pragma once
// Small rc::gen compositions shared by the configuration, prior-state and unknown-injection
// generators. Each is built from rapidcheck combinators only, so shrinking comes with them.

#include <cstddef>
#include <utility>
#include <vector>

#include <rapidcheck.h>

namespace tfc::gen {

/// true with probability `percent`/100, independent of the generation size; shrinks to false.
inline rc::Gen<bool> chance(int percent) {
  // resize pins the size so the coin is fair at every size; inRange shrinks towards 0.
  return rc::gen::map(rc::gen::resize(rc::kNominalSize, rc::gen::inRange(0, 100)),
                      [percent](int r) { return r >= 100 - percent; });
}

/// An index into a list of `count` alternatives, uniform at every size; shrinks towards 0
/// (the first alternative). Precondition: count > 0.
inline rc::Gen<std::size_t> index_below(std::size_t count) {
  return rc::gen::resize(rc::kNominalSize, rc::gen::inRange<std::size_t>(0, count));
}

/// Runs each generator in turn: element i comes from gens[i]. Shrinks element by element,
/// the first completely before the second (tuple semantics).
template <class T>
rc::Gen<std::vector<T>> sequence(std::vector<rc::Gen<T>> gens) {
  rc::Gen<std::vector<T>> acc = rc::gen::just(std::vector<T>{});
  for (auto it = gens.rbegin(); it != gens.rend(); ++it) {
    acc = rc::gen::map(rc::gen::pair(*it, acc), [](std::pair<T, std::vector<T>> p) {
      std::vector<T> out;
      out.reserve(p.second.size() + 1);
      out.push_back(std::move(p.first));
      for (T& t : p.second) out.push_back(std::move(t));
      return out;
    });
  }
  return acc;
}

/// Between `min` and `max` (inclusive) elements of `element`; the count grows with the
/// generation size and shrinks towards `min` first, then each element shrinks.
template <class T>
rc::Gen<std::vector<T>> vector_between(std::size_t min, std::size_t max, rc::Gen<T> element) {
  if (max < min) max = min;
  return rc::gen::mapcat(rc::gen::inRange<std::size_t>(min, max + 1),
                         [element](std::size_t n) { return rc::gen::container<std::vector<T>>(n, element); });
}

}  // namespace tfc::gen
