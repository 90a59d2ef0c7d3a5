#pragma once
// The implied cty type of a schema (docs/protocol.md §4.3-§4.4): what every value of that block is
// encoded against on the wire.

#include <cstddef>
#include <unordered_map>

#include "proto/cty/type.hpp"
#include "proto/schema/block.hpp"

namespace tfc::schema {

/// The object type of a block: one attribute per attribute and per block type. LIST and MAP
/// block types whose body contains `dynamic` anywhere become `dynamic` (hcldec tuple/object
/// block specs). No optional-attribute markers.
cty::Type implied_type(const Block& block);
/// The type of one attribute: its `type`, or the nested_type rule (single → object,
/// list/set/map → collection of object; no dynamic special case).
cty::Type implied_type(const Attribute& attribute);
/// The type of one block type's value (list/set/map of the body, or the body for single/group).
cty::Type implied_type(const NestedBlock& block_type);

/// Memoizes implied_type(const Block&) by block address, for callers that type the same schema
/// again and again (the oracle, at every step). Computing costs tens of microseconds for a
/// typical resource (bench_schema_load), a lookup tens of nanoseconds. The blocks must outlive
/// the cache and must not change while cached: keep one cache beside one loaded ProviderSchema.
/// Nested blocks are typed through the whole object's attribute types or through `of(*nb.block)`.
/// Not thread-safe.
class ImpliedTypeCache {
public:
  /// implied_type(block), computed on first use of this address.
  const cty::Type& of(const Block& block);
  /// Forgets every entry (call after changing or freeing a cached block).
  void clear() noexcept { m_types.clear(); }
  std::size_t size() const noexcept { return m_types.size(); }

private:
  std::unordered_map<const Block*, cty::Type> m_types;
};

}  // namespace tfc::schema
