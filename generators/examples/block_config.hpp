#pragma once
// Private to generators/examples: one HCL block body read against a schema block into the
// configuration Terraform would plan (attributes converted to their types, nested and
// `dynamic` blocks expanded, meta-arguments left out), with its known-only twin for the
// .tf.json body, its wires and its unknown paths.

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "generators/examples/example_set.hpp"
#include "hcl/ast.hpp"
#include "hcl/evaluator.hpp"
#include "proto/schema/block.hpp"

namespace tfc::gen::examples {

struct BlockContext {
  hcl::Evaluator& evaluator;
  /// Reports a problem at a position of the block being read (the caller adds file and block).
  std::function<void(hcl::SourcePos, const std::string&)> warn;
};

struct BlockConfig {
  cty::Value config;  // of implied_type(block): unknown where not computable or a reference
  cty::Value known;   // the same with every attribute that is not wholly known set to null
  std::vector<Wire> wires;
  std::vector<cty::Path> unknown;
};

/// Whose body is read: a resource-like block's meta-arguments (count, for_each, depends_on,
/// provider, lifecycle, provisioner, connection) and a provider block's (alias, version) are
/// not configuration.
enum class BodyRole { nested, resource, provider };

BlockConfig read_block(const hcl::Body& body, const schema::Block& block, BlockContext& ctx, BodyRole role);

/// The block a root traversal refers to (`TYPE.NAME...`, `data.TYPE.NAME...`,
/// `ephemeral.TYPE.NAME...`); nullopt for anything else (var, local, module, a bare name).
std::optional<Reference> reference_of(const hcl::Expr& traversal);

}  // namespace tfc::gen::examples
