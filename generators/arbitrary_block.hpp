#pragma once
// RapidCheck generators of valid resource schema blocks (docs/protocol.md §4.2-§4.4), for property tests
// of the generators, the oracle and the codecs. Built from rc::gen combinators only; a block
// shrinks by losing members, then members shrink (simpler types, fewer nested levels).

#include <ostream>

#include <rapidcheck.h>

#include "proto/schema/block.hpp"
#include "proto/schema/schema_json.hpp"

namespace tfc::gen {

struct BlockOptions {
  int max_depth = 2;         // levels of nested blocks / nested attribute types
  bool nested_types = true;  // protocol-6 nested attribute types
  bool write_only = true;    // write-only attributes (never inside SET nesting)
  bool dynamic = true;       // `dynamic` in attribute types (never inside SET nesting)
};

/// Blocks whose every attribute has one allowed flag combination (required / optional /
/// computed / optional+computed), unique lowercase names, block counts allowed for their
/// nesting mode (single: min=max 0 or 1; group and map: 0/0; list/set: min ≤ max or max 0),
/// no dynamic or write-only inside SET nesting. Attributes and block types come sorted.
rc::Gen<schema::Block> block(BlockOptions options = {});

}  // namespace tfc::gen

namespace tfc::schema {

/// How RapidCheck prints a Block in a counterexample: its `providers schema -json` form.
inline void showValue(const Block& block, std::ostream& os) { os << block_to_json(block).dump(); }

}  // namespace tfc::schema

namespace rc {

template <>
struct Arbitrary<tfc::schema::Block> {
  static Gen<tfc::schema::Block> arbitrary() { return tfc::gen::block(); }
};

}  // namespace rc
