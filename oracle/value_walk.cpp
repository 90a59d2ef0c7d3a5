#include "oracle/value_walk.hpp"

#include <algorithm>

namespace tfc::oracle {

cty::Value child_attribute(const cty::Value& object, const std::string& name) {
  const cty::Type& type = object.type();
  const int i = type.kind() == cty::Kind::Object ? type.attribute_index(name) : -1;
  if (i >= 0 && object.is_known() && !object.is_null()) return object.attribute_values()[static_cast<std::size_t>(i)];
  const cty::Type attribute_type = i >= 0 ? type.attributes()[static_cast<std::size_t>(i)].type : cty::Type::dynamic();
  return object.is_known() ? cty::Value::null(attribute_type) : cty::Value::unknown(attribute_type);
}

std::vector<std::pair<std::string, cty::Value>> keyed_elements(const cty::Value& value) {
  std::vector<std::pair<std::string, cty::Value>> out;
  if (!value.is_known() || value.is_null()) return out;
  if (value.type().kind() == cty::Kind::Map) {
    out = value.map_entries();
  } else if (value.type().kind() == cty::Kind::Object) {
    const auto& attributes = value.type().attributes();
    const auto& values = value.attribute_values();
    out.reserve(attributes.size());
    for (std::size_t i = 0; i < attributes.size(); ++i) out.emplace_back(attributes[i].name, values[i]);
  }
  return out;
}

bool is_sequence(const cty::Value& value) {
  const cty::Kind k = value.type().kind();
  return k == cty::Kind::List || k == cty::Kind::Tuple;
}

bool shaped_as(const cty::Value& value, schema::NestingMode nesting) {
  if (!value.is_known() || value.is_null()) return true;
  const cty::Kind k = value.type().kind();
  switch (nesting) {
    case schema::NestingMode::List: return k == cty::Kind::List || k == cty::Kind::Tuple;
    case schema::NestingMode::Map: return k == cty::Kind::Map || k == cty::Kind::Object;
    case schema::NestingMode::Set: return k == cty::Kind::Set;
    case schema::NestingMode::Single:
    case schema::NestingMode::Group: return k == cty::Kind::Object;
  }
  return false;
}

void collect_unknown_paths(const cty::Value& value, const cty::Path& path, std::vector<cty::Path>& out) {
  if (!value.is_known()) {
    out.push_back(path);
    return;
  }
  if (value.is_null() || value.is_wholly_known()) return;
  switch (value.type().kind()) {
    case cty::Kind::List:
    case cty::Kind::Tuple: {
      const auto& elements = value.elements();
      for (std::size_t i = 0; i < elements.size(); ++i)
        collect_unknown_paths(elements[i], path.index(static_cast<std::int64_t>(i)), out);
      return;
    }
    case cty::Kind::Set:
      for (const cty::Value& e : value.elements()) collect_unknown_paths(e, path.set_element(e), out);
      return;
    case cty::Kind::Map:
      for (const auto& [k, v] : value.map_entries()) collect_unknown_paths(v, path.key(k), out);
      return;
    case cty::Kind::Object: {
      const auto& attributes = value.type().attributes();
      const auto& values = value.attribute_values();
      for (std::size_t i = 0; i < attributes.size(); ++i)
        collect_unknown_paths(values[i], path.attribute(attributes[i].name), out);
      return;
    }
    default: return;
  }
}

namespace {

std::string bound_text(const cty::NumberBound& b) {
  return b.value.canonical() + (b.inclusive ? " (inclusive)" : " (exclusive)");
}

}  // namespace

std::optional<std::string> broken_refinement(const cty::Refinements& r, const cty::Value& actual) {
  if (!actual.is_known()) return std::nullopt;
  if (actual.is_null()) {
    if (r.not_null) return std::string("is null, but the plan promised a non-null value");
    return std::nullopt;
  }
  const cty::Kind kind = actual.type().kind();
  if (kind == cty::Kind::String && r.string_prefix &&
      actual.as_string().compare(0, r.string_prefix->size(), *r.string_prefix) != 0) {
    return "does not start with the planned prefix \"" + *r.string_prefix + "\"";
  }
  if (kind == cty::Kind::Number) {
    const cty::Number& n = actual.as_number();
    if (r.number_lower) {
      const int c = compare(n, r.number_lower->value);
      if (c < 0 || (c == 0 && !r.number_lower->inclusive))
        return "is below the planned lower bound " + bound_text(*r.number_lower);
    }
    if (r.number_upper) {
      const int c = compare(n, r.number_upper->value);
      if (c > 0 || (c == 0 && !r.number_upper->inclusive))
        return "is above the planned upper bound " + bound_text(*r.number_upper);
    }
  }
  if (kind == cty::Kind::List || kind == cty::Kind::Set || kind == cty::Kind::Map) {
    const auto length = static_cast<std::uint64_t>(actual.length());
    if (r.length_lower && length < *r.length_lower)
      return "has " + std::to_string(length) + " elements, below the planned minimum " +
             std::to_string(*r.length_lower);
    if (r.length_upper && length > *r.length_upper)
      return "has " + std::to_string(length) + " elements, above the planned maximum " +
             std::to_string(*r.length_upper);
  }
  return std::nullopt;
}

cty::Value without_refinements(const cty::Value& value) {
  if (!value.is_known()) return value.refinements().empty() ? value : cty::Value::unknown(value.type());
  if (value.is_null() || value.is_wholly_known()) return value;
  const cty::Type& type = value.type();
  switch (type.kind()) {
    case cty::Kind::List:
    case cty::Kind::Set:
    case cty::Kind::Tuple: {
      std::vector<cty::Value> elements;
      elements.reserve(value.elements().size());
      for (const cty::Value& e : value.elements()) elements.push_back(without_refinements(e));
      if (type.kind() == cty::Kind::List) return cty::Value::list(type.element(), std::move(elements));
      if (type.kind() == cty::Kind::Set) return cty::Value::set(type.element(), std::move(elements));
      return cty::Value::tuple(std::move(elements));
    }
    case cty::Kind::Map: {
      std::vector<std::pair<std::string, cty::Value>> entries;
      for (const auto& [k, v] : value.map_entries()) entries.emplace_back(k, without_refinements(v));
      return cty::Value::map(type.element(), std::move(entries));
    }
    case cty::Kind::Object: {
      std::vector<cty::Value> values;
      for (const cty::Value& v : value.attribute_values()) values.push_back(without_refinements(v));
      return cty::Value::object(type, std::move(values));
    }
    default: return value;
  }
}

bool has_sensitive(const schema::Attribute& attribute) {
  if (attribute.sensitive) return true;
  if (attribute.nested_type == nullptr) return false;
  return std::any_of(attribute.nested_type->attributes.begin(), attribute.nested_type->attributes.end(),
                     [](const schema::Attribute& a) { return has_sensitive(a); });
}

bool has_sensitive(const schema::Block& block) {
  for (const auto& a : block.attributes)
    if (has_sensitive(a)) return true;
  for (const auto& b : block.block_types)
    if (b.block != nullptr && has_sensitive(*b.block)) return true;
  return false;
}

}  // namespace tfc::oracle
