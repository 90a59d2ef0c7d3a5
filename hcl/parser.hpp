#pragma once
// Reading HCL native syntax into the tree of ast.hpp. Never throws: what could not be read is
// left out and named in the warnings (`file:line:col: message`), and nesting deeper than
// kMaxNesting stops the reading of that file (a hostile file cannot exhaust the stack).

#include <string_view>

#include "hcl/ast.hpp"
#include "hcl/source.hpp"

namespace tfc::hcl {

inline constexpr int kMaxNesting = 256;

/// A whole file (or a fenced block of a markdown file, named by `name`).
File parse(std::string_view text, const SourceName& name);

/// One expression, as the right-hand side of an attribute; null when nothing could be read.
ExprPtr parse_expression(std::string_view text, Warnings& warnings);

}  // namespace tfc::hcl
