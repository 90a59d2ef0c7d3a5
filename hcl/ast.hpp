#pragma once
// The syntax tree of HCL native syntax: a body of attributes and blocks, and expressions (the
// public hclsyntax specification's "Structural Elements" and "Expressions"). One node type with
// a kind keeps the evaluator a single switch; each kind's use of the fields is listed below.

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "hcl/source.hpp"
#include "proto/cty/value.hpp"

namespace tfc::hcl {

struct Expr;
using ExprPtr = std::unique_ptr<Expr>;

enum class ExprKind : std::uint8_t {
  literal,        // value
  template_text,  // operands: the parts (literals and expressions), joined as strings
  template_wrap,  // "${x}" alone: operands[0], its value unchanged (not turned into a string)
  template_if,    // %{ if }: operands cond, then (template_text), else (template_text or null)
  template_for,   // %{ for }: names key var (may be ""), value var; operands collection, body
  traversal,      // name.steps...: name is the root (var, local, a resource type, ...)
  relative,       // operands[0] followed by steps (attribute and literal index steps)
  index,          // operands[0][operands[1]] with a computed key
  splat,          // operands[0][*] then steps on each element; attribute_only for `.*`
  call,           // name (namespaced as written: "provider::p::f"), operands: args; expand_final
  tuple,          // operands: elements
  object,         // operands: key, value, key, value... (a bare identifier key is a string literal)
  unary,          // name: "!" or "-"; operands[0]
  binary,         // name: the operator; operands[0], operands[1]
  conditional,    // operands: cond, true result, false result
  for_expr,       // names key var (may be ""), value var; operands collection, key (object form; null
                  // for a tuple), value, cond (or null); grouping for `...`
};

/// One step of a traversal: `.name`, `[literal key]` or `.0` (a legacy index).
struct Step {
  enum class Kind : std::uint8_t { attribute, index };
  Kind kind = Kind::attribute;
  std::string name;  // attribute
  cty::Value key;    // index: a known number or string
};

struct Expr {
  ExprKind kind = ExprKind::literal;
  SourcePos pos;
  cty::Value value;
  std::string name;
  std::string key_var;  // for_expr, template_for
  std::string value_var;
  std::vector<Step> steps;
  std::vector<ExprPtr> operands;  // null entries where a kind's optional operand is absent
  bool expand_final = false;      // call: f(args...)
  bool grouping = false;          // for_expr: `...`
  bool attribute_only = false;    // splat: `.*`
};

struct Block;

struct Attribute {
  std::string name;
  ExprPtr expr;
  SourcePos pos;
};

struct Body {
  std::vector<Attribute> attributes;  // in file order
  std::vector<Block> blocks;          // in file order
  const Attribute* find_attribute(const std::string& name) const noexcept;
};

struct Block {
  std::string type;
  std::vector<std::string> labels;
  Body body;
  SourcePos pos;
};

/// A parsed file: its top-level body and the warnings met while reading it.
struct File {
  Body body;
  std::vector<std::string> warnings;
};

}  // namespace tfc::hcl
