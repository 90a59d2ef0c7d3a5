#pragma once
// A path into a value (cty.Path): attribute names, list/tuple indexes, map keys and set
// elements. Rendered only at the edge, the way Terraform prints paths: `.rule[0].port`,
// `.tags["env"]`, a set element as `[...]` (tfdiags.FormatCtyPath).

#include <cstdint>
#include <string>
#include <variant>
#include <vector>

#include "proto/cty/value.hpp"

namespace tfc::cty {

struct AttributeStep {
  std::string name;
};
struct IndexStep {
  std::int64_t index;
};  // list or tuple element
struct KeyStep {
  std::string key;
};  // map element or map-block label
struct SetElementStep {
  Value element;
};  // set element, identified by its value

using PathStep = std::variant<AttributeStep, IndexStep, KeyStep, SetElementStep>;

class Path {
public:
  Path() = default;
  Path attribute(std::string name) const;
  Path index(std::int64_t i) const;
  Path key(std::string k) const;
  Path set_element(Value element) const;

  const std::vector<PathStep>& steps() const noexcept { return m_steps; }
  bool empty() const noexcept { return m_steps.empty(); }
  std::size_t size() const noexcept { return m_steps.size(); }
  /// This path without its last step. Precondition: !empty().
  Path parent() const;

  /// ".rule[0].port", ".tags[\"env\"]", "" for the root; set elements as "[...]".
  std::string render() const;
  /// ".rule[*].port", ".tags[*]": render() with every index, key and set element as `[*]`.
  /// What a finding's fingerprint holds of a path, so the same broken promise keeps one
  /// fingerprint whatever element the case happened to use (reports/fingerprint.hpp).
  std::string pattern() const;

  friend bool operator==(const Path& a, const Path& b);

private:
  std::vector<PathStep> m_steps;
};

/// The value at `path` inside `root`: nullptr when a step does not exist (or crosses a null or
/// unknown). Set steps match an element raw-equal to the step's element.
const Value* value_at(const Value& root, const Path& path);

}  // namespace tfc::cty
