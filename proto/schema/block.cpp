#include "proto/schema/block.hpp"

#include <algorithm>

namespace tfc::schema {

// Linear search on purpose: blocks built by hand may not be sorted yet, and typical blocks hold
// a few dozen entries, where a scan costs no more than a binary search.
const Attribute* Block::find_attribute(std::string_view name) const noexcept {
  for (const Attribute& a : attributes) {
    if (a.name == name) return &a;
  }
  return nullptr;
}

const NestedBlock* Block::find_block_type(std::string_view name) const noexcept {
  for (const NestedBlock& b : block_types) {
    if (b.type_name == name) return &b;
  }
  return nullptr;
}

void Block::sort() {
  // Stable, so duplicate names (an invalid schema the checks must still see) keep their order.
  std::stable_sort(attributes.begin(), attributes.end(),
                   [](const Attribute& a, const Attribute& b) { return a.name < b.name; });
  std::stable_sort(block_types.begin(), block_types.end(),
                   [](const NestedBlock& a, const NestedBlock& b) { return a.type_name < b.type_name; });
}

std::string_view to_string(NestingMode mode) noexcept {
  switch (mode) {
    case NestingMode::Single: return "single";
    case NestingMode::List: return "list";
    case NestingMode::Set: return "set";
    case NestingMode::Map: return "map";
    case NestingMode::Group: return "group";
  }
  return "invalid";
}

std::optional<NestingMode> nesting_mode_from_string(std::string_view text) noexcept {
  for (NestingMode m : {NestingMode::Single, NestingMode::List, NestingMode::Set, NestingMode::Map,
                        NestingMode::Group}) {
    if (to_string(m) == text) return m;
  }
  return std::nullopt;
}

}  // namespace tfc::schema
