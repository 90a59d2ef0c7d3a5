#pragma once
// Configurations with unknown values injected, as Terraform sends them during planning when
// expressions depend on values not yet known (seeds 000/001 "Configuration"; docs/protocol.md §3.4 for
// refinements): some leaves, some whole collections or objects, some refined.

#include <vector>

#include <rapidcheck.h>

#include "generators/hints.hpp"
#include "proto/cty/path.hpp"
#include "proto/cty/value.hpp"
#include "proto/schema/block.hpp"

namespace tfc::gen {

struct UnknownOptions {
  int percent = 15;          // chance that a given position (below the root) becomes unknown
  int refine_percent = 50;   // an injected unknown carries refinements
  int untyped_percent = 30;  // at a dynamic position, the unknown is of type dynamic
};

/// A configuration with unknowns injected, and where they were injected.
struct InjectedConfig {
  cty::Value value;
  std::vector<cty::Path> injected;  // in walk order (attributes by name, indexes, keys)
};

/// `config` (expected wholly known) with unknowns injected at any position below the root:
/// leaves, collections, objects, nulls. An unknown keeps the position's declared type (a
/// dynamic position may also get an untyped unknown) and any refinements are consistent with
/// the value it replaces (docs/protocol.md §3.4): not_null only for non-null values, a string prefix
/// of the actual string, number bounds around the actual number, length bounds around the
/// actual length. Set elements may get unknowns inside them; when two elements would then
/// collapse into one, that set is left as it was. Shrinks towards fewer unknowns and fewer
/// refinements.
rc::Gen<InjectedConfig> with_unknowns(const cty::Value& config, UnknownOptions options = {});

/// `config`, a configuration of `block` (config_of), with unknowns only where Core can send one:
/// injected as above, then taken back to their known values where a configuration never holds
/// one: in computed-only attributes (Core sends no value there, not even an unknown), a whole
/// single or group block or one block element on its own (a block's body is written out; only a
/// whole collection can be unknown, from a dynamic block with an unknown for_each, so a set block
/// with an unknown element stays as it was), and top-level attributes the hints leave out or keep
/// known (`omit`, `known`). `injected` lists the unknowns left. The generator keeps its own copy
/// of `block` and of what it needs of `hints`.
rc::Gen<InjectedConfig> with_unknowns(const schema::Block& block, const cty::Value& config, const Hints& hints = {},
                                      UnknownOptions options = {});

/// Paths of every unknown value in `value`, not descending into unknowns, in walk order.
std::vector<cty::Path> unknown_paths(const cty::Value& value);

}  // namespace tfc::gen
