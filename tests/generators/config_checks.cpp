#include "tests/generators/config_checks.hpp"

#include "proto/schema/implied_type.hpp"

namespace tfc::gen::testing {

namespace {

using cty::Kind;
using cty::Value;
using schema::NestingMode;

std::string attributes_problem(const std::vector<schema::Attribute>& attrs, const Value& obj, Shape shape,
                               const std::string& path, std::size_t max_blocks);

std::string nested_problem(const schema::Attribute& a, const Value& v, Shape shape, const std::string& path,
                           std::size_t max_blocks) {
  if (!a.nested_type || v.is_null()) return "";
  const auto& attrs = a.nested_type->attributes;
  switch (a.nested_type->nesting) {
    case NestingMode::List:
    case NestingMode::Set:
      for (const Value& e : v.elements()) {
        if (auto p = attributes_problem(attrs, e, shape, path + "[]", max_blocks); !p.empty()) return p;
      }
      return "";
    case NestingMode::Map:
      for (const auto& [k, e] : v.map_entries()) {
        if (auto p = attributes_problem(attrs, e, shape, path + "[\"" + k + "\"]", max_blocks); !p.empty()) return p;
      }
      return "";
    default: return attributes_problem(attrs, v, shape, path, max_blocks);
  }
}

std::string attributes_problem(const std::vector<schema::Attribute>& attrs, const Value& obj, Shape shape,
                               const std::string& path, std::size_t max_blocks) {
  if (obj.is_null() || obj.type().kind() != Kind::Object) return path + ": not an object";
  for (const auto& a : attrs) {
    const Value* v = obj.attribute(a.name);
    const std::string at = path + "." + a.name;
    if (!v) return at + ": missing";
    const bool computed_only = a.computed && !a.optional && !a.required;
    const bool state_write_only = shape == Shape::PriorState && a.write_only;
    if (a.required && !state_write_only && v->is_null()) return at + ": required attribute is null";
    if (shape == Shape::Config && computed_only && !v->is_null()) return at + ": computed-only attribute is set";
    if (shape == Shape::PriorState && computed_only && v->is_null()) return at + ": computed attribute not filled";
    if (shape == Shape::PriorState && a.write_only && !v->is_null()) return at + ": write-only attribute in state";
    if (auto p = nested_problem(a, *v, shape, at, max_blocks); !p.empty()) return p;
  }
  return "";
}

std::string block_problem(const schema::Block& block, const Value& obj, Shape shape, const std::string& path,
                          std::size_t max_blocks);

std::string block_type_problem(const schema::NestedBlock& nb, const Value& v, Shape shape, const std::string& at,
                               std::size_t max_blocks) {
  static const schema::Block kEmpty;
  const schema::Block& body = nb.block ? *nb.block : kEmpty;
  const bool dynamic = schema::implied_type(nb).is_dynamic();
  if (nb.nesting == NestingMode::Single) {
    if (nb.min_items >= 1 && v.is_null()) return at + ": required single block is null";
    return v.is_null() ? "" : block_problem(body, v, shape, at, max_blocks);
  }
  if (nb.nesting == NestingMode::Group) {
    if (v.is_null()) return at + ": group block is null";
    return block_problem(body, v, shape, at, max_blocks);
  }
  if (v.is_null()) return at + ": list/set/map block is null";
  const std::size_t n = v.type().kind() == Kind::Object ? v.type().attributes().size() : v.length();
  const auto min = static_cast<std::size_t>(nb.min_items);
  const std::size_t max = nb.max_items > 0 ? static_cast<std::size_t>(nb.max_items) : std::max(min, max_blocks);
  if (n > max) return at + ": " + std::to_string(n) + " blocks, more than " + std::to_string(max);
  if (nb.nesting == NestingMode::Set ? (min > 0 && n == 0) : n < min) {
    return at + ": " + std::to_string(n) + " blocks, fewer than " + std::to_string(min);
  }
  if (nb.nesting == NestingMode::List && dynamic && v.type().kind() != Kind::Tuple)
    return at + ": dynamic list block is not a tuple";
  if (nb.nesting == NestingMode::Map && dynamic && v.type().kind() != Kind::Object)
    return at + ": dynamic map block is not an object";
  if (v.type().kind() == Kind::Object) {
    for (std::size_t i = 0; i < n; ++i) {
      const auto& name = v.type().attributes()[i].name;
      if (auto p = block_problem(body, v.attribute_values()[i], shape, at + "[\"" + name + "\"]", max_blocks);
          !p.empty())
        return p;
    }
    return "";
  }
  if (v.type().kind() == Kind::Map) {
    for (const auto& [k, e] : v.map_entries()) {
      if (auto p = block_problem(body, e, shape, at + "[\"" + k + "\"]", max_blocks); !p.empty()) return p;
    }
    return "";
  }
  for (std::size_t i = 0; i < n; ++i) {
    if (auto p = block_problem(body, v.elements()[i], shape, at + "[" + std::to_string(i) + "]", max_blocks);
        !p.empty())
      return p;
  }
  return "";
}

std::string block_problem(const schema::Block& block, const Value& obj, Shape shape, const std::string& path,
                          std::size_t max_blocks) {
  if (auto p = attributes_problem(block.attributes, obj, shape, path, max_blocks); !p.empty()) return p;
  for (const auto& nb : block.block_types) {
    const Value* v = obj.attribute(nb.type_name);
    const std::string at = path + "." + nb.type_name;
    if (!v) return at + ": missing";
    if (auto p = block_type_problem(nb, *v, shape, at, max_blocks); !p.empty()) return p;
  }
  return "";
}

}  // namespace

std::string shape_problem(const schema::Block& block, const cty::Value& value, Shape shape, std::size_t max_blocks) {
  return block_problem(block, value, shape, "", max_blocks);
}

}  // namespace tfc::gen::testing
