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
  // Providers usually send names in order already; stable_sort would still move every entry
  // through its buffer (a quarter of converting terraform-provider-aws's schema), so look first.
  const auto attribute_order = [](const Attribute& a, const Attribute& b) { return a.name < b.name; };
  const auto block_type_order = [](const NestedBlock& a, const NestedBlock& b) { return a.type_name < b.type_name; };
  if (!std::is_sorted(attributes.begin(), attributes.end(), attribute_order))
    std::stable_sort(attributes.begin(), attributes.end(), attribute_order);
  if (!std::is_sorted(block_types.begin(), block_types.end(), block_type_order))
    std::stable_sort(block_types.begin(), block_types.end(), block_type_order);
}

bool operator==(const Attribute& a, const Attribute& b) noexcept {
  if (static_cast<bool>(a.nested_type) != static_cast<bool>(b.nested_type)) return false;
  if (a.nested_type && a.nested_type != b.nested_type && !(*a.nested_type == *b.nested_type)) return false;
  return a.name == b.name && a.type == b.type && a.description == b.description &&
         a.description_kind == b.description_kind && a.required == b.required && a.optional == b.optional &&
         a.computed == b.computed && a.sensitive == b.sensitive && a.deprecated == b.deprecated &&
         a.write_only == b.write_only && a.deprecation_message == b.deprecation_message;
}

bool operator==(const NestedType& a, const NestedType& b) noexcept {
  return a.nesting == b.nesting && a.attributes == b.attributes;
}

bool operator==(const NestedBlock& a, const NestedBlock& b) noexcept {
  if (a.type_name != b.type_name || a.nesting != b.nesting || a.min_items != b.min_items ||
      a.max_items != b.max_items) {
    return false;
  }
  if (a.block == b.block) return true;
  static const Block kEmpty;
  return (a.block ? *a.block : kEmpty) == (b.block ? *b.block : kEmpty);
}

bool operator==(const Block& a, const Block& b) noexcept {
  return a.attributes == b.attributes && a.block_types == b.block_types && a.description == b.description &&
         a.description_kind == b.description_kind && a.deprecated == b.deprecated &&
         a.deprecation_message == b.deprecation_message && a.computed == b.computed;
}

bool operator==(const Schema& a, const Schema& b) noexcept { return a.version == b.version && a.block == b.block; }

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
  for (NestingMode m :
       {NestingMode::Single, NestingMode::List, NestingMode::Set, NestingMode::Map, NestingMode::Group}) {
    if (to_string(m) == text) return m;
  }
  return std::nullopt;
}

}  // namespace tfc::schema
