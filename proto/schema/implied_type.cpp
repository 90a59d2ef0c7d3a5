#include "proto/schema/implied_type.hpp"

#include <algorithm>
#include <string>
#include <utility>
#include <vector>

namespace tfc::schema {

namespace {

using Members = std::vector<std::pair<std::string, cty::Type>>;

// Schemas straight off the wire may repeat a name (schema.name_conflict). cty object types
// cannot, and malformed input must not throw, so the first occurrence wins: attributes come
// before block types, and earlier entries before later ones.
cty::Type object_of(Members members) {
  std::stable_sort(members.begin(), members.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
  members.erase(
      std::unique(members.begin(), members.end(), [](const auto& a, const auto& b) { return a.first == b.first; }),
      members.end());
  return cty::Type::object(std::move(members));
}

// without_optional_markers() always rebuilds composite types; most attribute types have no
// markers, so look first (allocation-free).
bool has_optional_markers(const cty::Type& type) {
  switch (type.kind()) {
    case cty::Kind::List:
    case cty::Kind::Set:
    case cty::Kind::Map: return has_optional_markers(type.element());
    case cty::Kind::Tuple:
      for (const cty::Type& t : type.tuple_elements()) {
        if (has_optional_markers(t)) return true;
      }
      return false;
    case cty::Kind::Object:
      for (const auto& a : type.attributes()) {
        if (a.optional || has_optional_markers(a.type)) return true;
      }
      return false;
    default: return false;
  }
}

cty::Type nested_type_object(const NestedType& nested) {
  Members members;
  members.reserve(nested.attributes.size());
  for (const Attribute& a : nested.attributes) members.emplace_back(a.name, implied_type(a));
  return object_of(std::move(members));
}

cty::Type body_type(const NestedBlock& block_type) {
  // A missing body (only possible in a hand-built or broken schema) is an empty block.
  static const Block kEmpty;
  return implied_type(block_type.block ? *block_type.block : kEmpty);
}

}  // namespace

cty::Type implied_type(const Block& block) {
  Members members;
  members.reserve(block.attributes.size() + block.block_types.size());
  for (const Attribute& a : block.attributes) members.emplace_back(a.name, implied_type(a));
  for (const NestedBlock& b : block.block_types) members.emplace_back(b.type_name, implied_type(b));
  return object_of(std::move(members));
}

cty::Type implied_type(const Attribute& attribute) {
  if (attribute.type) {
    return has_optional_markers(*attribute.type) ? attribute.type->without_optional_markers() : *attribute.type;
  }
  if (!attribute.nested_type) return cty::Type::dynamic();  // invalid schema: neither is set
  cty::Type object = nested_type_object(*attribute.nested_type);
  switch (attribute.nested_type->nesting) {
    case NestingMode::List: return cty::Type::list(std::move(object));
    case NestingMode::Set: return cty::Type::set(std::move(object));
    case NestingMode::Map: return cty::Type::map(std::move(object));
    case NestingMode::Single:
    case NestingMode::Group: break;  // group is invalid for nested types; read as single
  }
  return object;
}

cty::Type implied_type(const NestedBlock& block_type) {
  cty::Type body = body_type(block_type);
  switch (block_type.nesting) {
    case NestingMode::Single:
    case NestingMode::Group: return body;
    // hcldec's tuple and object block specs: a body with dynamic anywhere makes the value a
    // tuple (list) or an object (map) whose element types may differ, so the type is dynamic.
    case NestingMode::List: return body.has_dynamic() ? cty::Type::dynamic() : cty::Type::list(std::move(body));
    case NestingMode::Map: return body.has_dynamic() ? cty::Type::dynamic() : cty::Type::map(std::move(body));
    case NestingMode::Set: return cty::Type::set(std::move(body));
  }
  return body;
}

const cty::Type& ImpliedTypeCache::of(const Block& block) {
  auto it = m_types.find(&block);
  if (it == m_types.end()) it = m_types.emplace(&block, implied_type(block)).first;
  return it->second;
}

}  // namespace tfc::schema
