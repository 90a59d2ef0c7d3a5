#pragma once
// Private to proto/cty: the codecs' cheap path stack (views into the input or the type), turned
// into a rendered cty path only when an error message needs it.

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "proto/cty/path.hpp"

namespace tfc::cty {

class PathTracker {
public:
  void push_attribute(std::string_view name) { m_steps.push_back({Step::kAttribute, name, 0}); }
  void push_index(std::int64_t i) { m_steps.push_back({Step::kIndex, {}, i}); }
  void push_key(std::string_view key) { m_steps.push_back({Step::kKey, key, 0}); }
  void push_set_element() { m_steps.push_back({Step::kSetElement, {}, 0}); }
  void pop() { m_steps.pop_back(); }

  /// "at .rule[0].port: " or "" at the root.
  std::string prefix() const {
    Path p;
    for (const Step& s : m_steps) {
      switch (s.kind) {
        case Step::kAttribute: p = p.attribute(std::string(s.text)); break;
        case Step::kIndex: p = p.index(s.index); break;
        case Step::kKey: p = p.key(std::string(s.text)); break;
        case Step::kSetElement: p = p.set_element(Value()); break;
      }
    }
    return p.empty() ? std::string() : "at " + p.render() + ": ";
  }

private:
  struct Step {
    enum Kind : std::uint8_t { kAttribute, kIndex, kKey, kSetElement } kind;
    std::string_view text;
    std::int64_t index;
  };
  std::vector<Step> m_steps;
};

}  // namespace tfc::cty
