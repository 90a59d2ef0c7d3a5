#pragma once
// Configuration values written as Terraform language text, for counterexamples a user can
// paste into a module: `resource "TYPE" "NAME" { ... }` with nested blocks as blocks.

#include <functional>
#include <string>

#include "proto/cty/value.hpp"
#include "proto/schema/block.hpp"

namespace tfc::conformance {

/// `kind "type" "name" { ... }` (kind: resource or data); null attributes are left out; an
/// unknown value is written `(known after apply)`; a dynamic value as its literal.
std::string hcl_block_text(const std::string& kind, const std::string& type, const std::string& name,
                           const schema::Block& block, const cty::Value& config);

/// How a reproduction writes unknowns: `expression(known)` gives the expression standing for an
/// unknown value whose value at apply time is `known` (nullptr when the known configuration has
/// no value there). A whole collection of nested blocks that is unknown is written as
/// `dynamic "TYPE" { for_each = <expression of its known elements> ... }`; `whole_block_unknown`
/// is set when a single nested block itself was unknown (not written).
struct UnknownWriter {
  std::function<std::string(const cty::Value* known)> expression;
  bool whole_block_unknown = false;
};

/// The same as hcl_block_text, walking `known` (the configuration at apply time) beside
/// `config` and writing `writer.expression(...)` where `config` is unknown.
std::string hcl_block_text_with(const std::string& kind, const std::string& type, const std::string& name,
                                const schema::Block& block, const cty::Value& config, const cty::Value& known,
                                UnknownWriter& writer);

/// One value as a Terraform expression ("x", 5, ["a"], { k = "v" }).
std::string hcl_value_text(const cty::Value& value);
/// (A number is written as its canonical text, which for a double is its exact decimal
/// expansion: Terraform reads the very number the case sent.)

}  // namespace tfc::conformance
