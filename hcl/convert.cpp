#include "hcl/convert.hpp"

#include <string>
#include <utility>

namespace tfc::hcl {

namespace {

Expected<cty::Value> primitive(const cty::Value& v, const cty::Type& type) {
  const cty::Kind from = v.type().kind();
  if (from == type.kind()) return v;
  switch (type.kind()) {
    case cty::Kind::String:
      if (from == cty::Kind::Number) return cty::Value::string(v.as_number().canonical());
      if (from == cty::Kind::Bool) return cty::Value::string(v.as_bool() ? "true" : "false");
      break;
    case cty::Kind::Number:
      if (from == cty::Kind::String) {
        if (auto n = cty::Number::parse(v.as_string())) return cty::Value::number(*n);
        return Error{"a number is required, got \"" + v.as_string() + "\""};
      }
      break;
    case cty::Kind::Bool:
      if (from == cty::Kind::String) {
        if (v.as_string() == "true") return cty::Value::boolean(true);
        if (v.as_string() == "false") return cty::Value::boolean(false);
        return Error{"a bool is required, got \"" + v.as_string() + "\""};
      }
      break;
    default: break;
  }
  return Error{type.friendly_name() + " is required, got " + v.type().friendly_name()};
}

Expected<std::vector<cty::Value>> convert_all(const std::vector<cty::Value>& values, const cty::Type& element) {
  std::vector<cty::Value> out;
  out.reserve(values.size());
  for (std::size_t i = 0; i < values.size(); ++i) {
    auto c = convert(values[i], element);
    if (!c) return Error{"element " + std::to_string(i) + ": " + c.error().message};
    out.push_back(std::move(*c));
  }
  return out;
}

// The sequence a list or set is made from: list, set or tuple elements.
Expected<std::vector<cty::Value>> sequence_elements(const cty::Value& v, const cty::Type& element) {
  const cty::Kind from = v.type().kind();
  if (from != cty::Kind::List && from != cty::Kind::Set && from != cty::Kind::Tuple) {
    return Error{cty::Type::list(element).friendly_name() + " is required, got " + v.type().friendly_name()};
  }
  return convert_all(v.elements(), element);
}

// The element type a dynamic-element collection takes: the unified type of its elements.
Expected<cty::Type> element_type_for(const cty::Type& wanted, const std::vector<cty::Type>& types) {
  if (!wanted.is_dynamic()) return wanted;
  if (auto u = unify(types)) return *u;
  return Error{"all elements must have the same type"};
}

std::vector<cty::Type> types_of(const std::vector<cty::Value>& values) {
  std::vector<cty::Type> out;
  for (const cty::Value& v : values) out.push_back(v.type());
  return out;
}

Expected<cty::Value> to_map(const cty::Value& v, const cty::Type& type) {
  std::vector<std::pair<std::string, cty::Value>> entries;
  if (v.type().kind() == cty::Kind::Object) {
    const auto& attrs = v.type().attributes();
    for (std::size_t i = 0; i < attrs.size(); ++i) entries.emplace_back(attrs[i].name, v.attribute_values()[i]);
  } else if (v.type().kind() == cty::Kind::Map) {
    entries = v.map_entries();
  } else {
    return Error{type.friendly_name() + " is required, got " + v.type().friendly_name()};
  }
  std::vector<cty::Type> types;
  for (const auto& [k, e] : entries) types.push_back(e.type());
  TFC_TRY(element, element_type_for(type.element(), types));
  for (auto& [k, e] : entries) {
    auto c = convert(e, element);
    if (!c) return Error{"key \"" + k + "\": " + c.error().message};
    e = std::move(*c);
  }
  return cty::Value::map(element, std::move(entries));
}

Expected<cty::Value> to_object(const cty::Value& v, const cty::Type& type) {
  const cty::Kind from = v.type().kind();
  if (from != cty::Kind::Object && from != cty::Kind::Map) {
    return Error{"an object is required, got " + v.type().friendly_name()};
  }
  auto field = [&](const std::string& name) -> const cty::Value* {
    return from == cty::Kind::Object ? v.attribute(name) : v.map_find(name);
  };
  if (from == cty::Kind::Object) {
    for (const auto& a : v.type().attributes()) {
      if (!type.attribute_type(a.name)) return Error{"unexpected attribute \"" + a.name + "\""};
    }
  } else {
    for (const auto& [k, e] : v.map_entries()) {
      if (!type.attribute_type(k)) return Error{"unexpected attribute \"" + k + "\""};
    }
  }
  std::vector<cty::Value> values;
  for (const auto& a : type.attributes()) {
    const cty::Value* given = field(a.name);
    if (!given) {
      values.push_back(cty::Value::null(a.type));  // absent: null, as for an optional attribute
      continue;
    }
    auto c = convert(*given, a.type);
    if (!c) return Error{"attribute \"" + a.name + "\": " + c.error().message};
    values.push_back(std::move(*c));
  }
  return cty::Value::object(type.without_optional_markers(), std::move(values));
}

Expected<cty::Value> to_tuple(const cty::Value& v, const cty::Type& type) {
  const cty::Kind from = v.type().kind();
  if (from != cty::Kind::Tuple && from != cty::Kind::List) return Error{"a tuple is required"};
  const auto& wanted = type.tuple_elements();
  if (v.elements().size() != wanted.size())
    return Error{"a tuple of " + std::to_string(wanted.size()) + " elements is required"};
  std::vector<cty::Value> out;
  for (std::size_t i = 0; i < wanted.size(); ++i) {
    TFC_TRY(c, convert(v.elements()[i], wanted[i]));
    out.push_back(std::move(c));
  }
  return cty::Value::tuple(std::move(out));
}

}  // namespace

Expected<cty::Value> convert(const cty::Value& value, const cty::Type& type) {
  if (type.is_dynamic()) return value;
  if (value.is_null()) return cty::Value::null(type);
  if (!value.is_known()) return cty::Value::unknown(type, value.refinements());
  if (value.type() == type) return value;
  if (value.type().is_primitive()) {
    if (!type.is_primitive()) return Error{type.friendly_name() + " is required, got " + value.type().friendly_name()};
    return primitive(value, type);
  }
  switch (type.kind()) {
    case cty::Kind::List:
    case cty::Kind::Set: {
      const cty::Kind from = value.type().kind();
      if (from != cty::Kind::List && from != cty::Kind::Set && from != cty::Kind::Tuple) {
        return Error{type.friendly_name() + " is required, got " + value.type().friendly_name()};
      }
      TFC_TRY(element, element_type_for(type.element(), types_of(value.elements())));
      TFC_TRY(elements, sequence_elements(value, element));
      if (type.kind() == cty::Kind::List) return cty::Value::list(element, std::move(elements));
      return cty::Value::set(element, std::move(elements));
    }
    case cty::Kind::Map: return to_map(value, type);
    case cty::Kind::Object: return to_object(value, type);
    case cty::Kind::Tuple: return to_tuple(value, type);
    default: return Error{type.friendly_name() + " is required, got " + value.type().friendly_name()};
  }
}

std::optional<cty::Type> unify(const std::vector<cty::Type>& types) {
  std::optional<cty::Type> result;
  bool all_primitive = true;
  bool same = true;
  for (const cty::Type& t : types) {
    if (t.is_dynamic()) continue;
    if (!t.is_primitive()) all_primitive = false;
    if (!result)
      result = t;
    else if (*result != t)
      same = false;
  }
  if (!result) return cty::Type::dynamic();
  if (same) return result;
  if (all_primitive) return cty::Type::string();  // mixed primitives meet at string
  // Objects of different shapes, tuples of different lengths...: try each as the target.
  for (const cty::Type& candidate : types) {
    if (candidate.is_dynamic()) continue;
    bool fits = true;
    for (const cty::Type& t : types) {
      if (!t.is_dynamic() && t != candidate) {
        fits = false;
        break;
      }
    }
    if (fits) return candidate;
  }
  return std::nullopt;
}

}  // namespace tfc::hcl
