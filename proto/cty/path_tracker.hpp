#pragma once
// Private to proto/cty: the codecs record the path of an error only while unwinding from it,
// innermost step first, so that the success path pays nothing for path tracking.

#include <algorithm>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "proto/cty/path.hpp"

namespace tfc::cty {

class PathTracker {
public:
  // Each records one step of the failing position and returns false, for `return m_path.x(...)`.
  bool attribute(std::string_view name) { return add(Step::kAttribute, name, 0); }
  bool index(std::int64_t i) { return add(Step::kIndex, {}, i); }
  bool key(std::string_view key) { return add(Step::kKey, key, 0); }
  bool set_element() { return add(Step::kSetElement, {}, 0); }

  /// "at .rule[0].port: " or "" at the root.
  std::string prefix() const {
    Path p;
    for (auto it = m_reversed.rbegin(); it != m_reversed.rend(); ++it) {
      switch (it->kind) {
        case Step::kAttribute: p = p.attribute(it->text); break;
        case Step::kIndex: p = p.index(it->index); break;
        case Step::kKey: p = p.key(it->text); break;
        case Step::kSetElement: p = p.set_element(Value()); break;
      }
    }
    return p.empty() ? std::string() : "at " + p.render() + ": ";
  }

private:
  struct Step {
    enum Kind : std::uint8_t { kAttribute, kIndex, kKey, kSetElement } kind;
    std::string text;
    std::int64_t index;
  };
  bool add(Step::Kind kind, std::string_view text, std::int64_t i) {
    m_reversed.push_back(Step{kind, std::string(text), i});
    return false;
  }
  std::vector<Step> m_reversed;
};

}  // namespace tfc::cty
