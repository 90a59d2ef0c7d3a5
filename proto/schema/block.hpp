#pragma once
// Provider schemas in model terms (docs/protocol.md §4): a Block holds attributes and
// nested block types; attributes have a cty type or (protocol 6) a nested attribute type.
// Attributes and block types are kept sorted by name so every walk is deterministic.

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "proto/cty/type.hpp"

namespace tfc::schema {

/// Nesting of a block type (NestedBlock.nesting, docs/protocol.md §4.4) or of a nested attribute type
/// (Schema.Object.nesting, §3: Single, List, Set, Map only).
enum class NestingMode : std::uint8_t { Single, List, Set, Map, Group };

enum class DescriptionKind : std::uint8_t { Plain, Markdown };

struct Block;
struct Attribute;

/// A nested attribute type (`nested_type`, protocol 6 only).
struct NestedType {
  NestingMode nesting = NestingMode::Single;
  std::vector<Attribute> attributes;  // sorted by name
};

struct Attribute {
  std::string name;
  /// Exactly one of `type` and `nested_type` is set in a valid schema.
  std::optional<cty::Type> type;
  std::shared_ptr<const NestedType> nested_type;
  std::string description;
  DescriptionKind description_kind = DescriptionKind::Plain;
  bool required = false;
  bool optional = false;
  bool computed = false;
  bool sensitive = false;
  bool deprecated = false;
  bool write_only = false;
  std::string deprecation_message;
};

struct NestedBlock {
  std::string type_name;
  NestingMode nesting = NestingMode::Single;
  std::shared_ptr<const Block> block;
  std::int64_t min_items = 0;
  std::int64_t max_items = 0;  // 0 = unbounded
};

struct Block {
  std::vector<Attribute> attributes;     // sorted by name
  std::vector<NestedBlock> block_types;  // sorted by type_name
  std::string description;
  DescriptionKind description_kind = DescriptionKind::Plain;
  bool deprecated = false;
  std::string deprecation_message;
  bool computed = false;  // 6.11 computed blocks

  const Attribute* find_attribute(std::string_view name) const noexcept;
  const NestedBlock* find_block_type(std::string_view name) const noexcept;
  /// Sorts attributes and block types by name (call after building by hand). Shallow: nested
  /// blocks and nested types are shared and immutable, so sort them before sharing them.
  /// Lookups do not depend on the order (they scan), only walks and the JSON form do.
  void sort();
};

/// A versioned schema (`Schema` message): the resource schema version and its block.
struct Schema {
  std::int64_t version = 0;
  Block block;
};

/// Deep structural equality: nested blocks and nested types compare by content, and a missing
/// nested block equals an empty one. Used to compare two schema answers and in round trips.
bool operator==(const Attribute& a, const Attribute& b) noexcept;
bool operator==(const NestedType& a, const NestedType& b) noexcept;
bool operator==(const NestedBlock& a, const NestedBlock& b) noexcept;
bool operator==(const Block& a, const Block& b) noexcept;
bool operator==(const Schema& a, const Schema& b) noexcept;

/// Strings for messages and the JSON form: "single", "list", "set", "map", "group".
std::string_view to_string(NestingMode mode) noexcept;
/// The inverse of to_string(NestingMode); nullopt for any other string.
std::optional<NestingMode> nesting_mode_from_string(std::string_view text) noexcept;

}  // namespace tfc::schema
