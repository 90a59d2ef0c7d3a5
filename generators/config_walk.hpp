#pragma once
// Internal to generators/: the schema walk shared by config_of and prior_state_of. It builds
// values with concrete types everywhere (so that values at dynamic positions are right);
// `retype` then puts the declared implied type back on every container outside dynamic
// positions.

#include <memory>
#include <string>

#include <rapidcheck.h>

#include "generators/config_gen.hpp"
#include "generators/hints.hpp"
#include "proto/cty/type.hpp"
#include "proto/cty/value.hpp"
#include "proto/schema/block.hpp"

namespace tfc::gen::detail {

enum class WalkMode { Config, PriorState };

struct Walk {
  WalkMode mode = WalkMode::Config;
  std::shared_ptr<const Hints> hints;  // shared: generators outlive the caller's arguments
  ConfigOptions options;
};

/// The object value of one block body (attributes and nested block types). `path` is the
/// dotted hint path of the block ("" at the root).
rc::Gen<cty::Value> block_value(const Walk& walk, const schema::Block& block, const std::string& path);

/// The value of one top-level name of `block` (attribute or block type), for example mutation.
rc::Gen<cty::Value> member_value(const Walk& walk, const schema::Block& block, const std::string& name);

/// `value` with `declared` on every container outside dynamic positions (values at dynamic
/// positions are kept as they are). Precondition: value conforms to declared.
cty::Value retype(const cty::Value& value, const cty::Type& declared);

/// Replaces every `dynamic` in `type` by a generated concrete type (one per position, so a
/// collection's elements share it).
rc::Gen<cty::Type> concretize(const cty::Type& type, const ValueOptions& options);

/// Known, non-null values of `type` (dynamic positions concretized first), steered by `hint`
/// when it shapes values and fits the type.
rc::Gen<cty::Value> leaf_value(const cty::Type& type, const AttributeHint* hint, const ConfigOptions& options);

/// Map keys and map-block labels: short lowercase names, shrinking towards "a".
rc::Gen<std::string> label();

}  // namespace tfc::gen::detail
