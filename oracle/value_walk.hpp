#pragma once
// Small value helpers shared by the check workers: children that tolerate null and unknown
// parents, keyed views of maps and map-blocks-as-objects, unknown positions, refinements.

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "proto/cty/path.hpp"
#include "proto/cty/value.hpp"
#include "proto/schema/block.hpp"

namespace tfc::oracle {

/// The attribute `name` of `object`: the value itself when known and present, an unknown of the
/// attribute's type when `object` is unknown, otherwise a null of that type.
cty::Value child_attribute(const cty::Value& object, const std::string& name);

/// The elements of a known non-null map, or of an object used as a map (a MAP block whose body
/// holds `dynamic`), as (key, value) pairs sorted by key.
std::vector<std::pair<std::string, cty::Value>> keyed_elements(const cty::Value& value);

/// True for a list or tuple value, false for anything else.
bool is_sequence(const cty::Value& value);

/// True when a known non-null value has the shape a block collection of this nesting mode takes
/// (a list or tuple for LIST, a map or object for MAP, a set for SET, an object otherwise).
/// Only values at `dynamic` positions (LIST/MAP blocks with dynamic bodies) can differ.
bool shaped_as(const cty::Value& value, schema::NestingMode nesting);

/// Every position of `value` (from `path`) that holds an unknown value, outermost first.
void collect_unknown_paths(const cty::Value& value, const cty::Path& path, std::vector<cty::Path>& out);

/// When the known `actual` value contradicts the refinements of a planned unknown, a phrase
/// saying which one ("does not start with \"ab\""); nullopt when it honours them.
std::optional<std::string> broken_refinement(const cty::Refinements& refinements, const cty::Value& actual);

/// The same value with refinements dropped from every unknown inside it.
cty::Value without_refinements(const cty::Value& value);

/// True when the block (or a block nested in it, or a nested attribute type in it) has a
/// sensitive attribute: its values are redacted in messages.
bool has_sensitive(const schema::Block& block);
bool has_sensitive(const schema::Attribute& attribute);

}  // namespace tfc::oracle
