// Encoding requests, classifying undecodable responses, and the redacted display form.
#include "conformance/core/value_io.hpp"

#include <cstdint>

#include "oracle/rule_id.hpp"
#include "oracle/string_encoding.hpp"
#include "proto/cty/json.hpp"
#include "proto/cty/msgpack.hpp"
#include "proto/schema/implied_type.hpp"

namespace tfc::conformance {
namespace {

constexpr const char* kUnknownText = "(known after apply)";
constexpr const char* kSensitiveText = "(sensitive value)";

nlohmann::json number_json(const cty::Number& n) {
  if (auto i = n.to_int64()) return *i;
  if (auto d = n.to_exact_double()) return *d;
  return n.canonical();
}

nlohmann::json plain_json(const cty::Value& v);

nlohmann::json elements_json(const cty::Value& v) {
  nlohmann::json out = nlohmann::json::array();
  for (const auto& e : v.elements()) out.push_back(plain_json(e));
  return out;
}

/// A value with no schema beside it (attribute types, dynamic values).
nlohmann::json plain_json(const cty::Value& v) {
  if (!v.is_known()) return kUnknownText;
  if (v.is_null()) return nullptr;
  switch (v.type().kind()) {
    case cty::Kind::String: return v.as_string();
    case cty::Kind::Number: return number_json(v.as_number());
    case cty::Kind::Bool: return v.as_bool();
    case cty::Kind::List:
    case cty::Kind::Set:
    case cty::Kind::Tuple: return elements_json(v);
    case cty::Kind::Map: {
      nlohmann::json out = nlohmann::json::object();
      for (const auto& [k, e] : v.map_entries()) out[k] = plain_json(e);
      return out;
    }
    case cty::Kind::Object: {
      nlohmann::json out = nlohmann::json::object();
      const auto& attrs = v.type().attributes();
      for (std::size_t i = 0; i < attrs.size(); ++i) out[attrs[i].name] = plain_json(v.attribute_values()[i]);
      return out;
    }
    case cty::Kind::Dynamic: return nullptr;
  }
  return nullptr;
}

nlohmann::json nested_attributes_json(const std::vector<schema::Attribute>& attributes, const cty::Value& object);

nlohmann::json attribute_json(const schema::Attribute& a, const cty::Value& v) {
  if (a.sensitive && !v.is_null()) return kSensitiveText;
  if (!a.nested_type || !v.is_known() || v.is_null()) return plain_json(v);
  const auto& attrs = a.nested_type->attributes;
  if (a.nested_type->nesting == schema::NestingMode::Single) return nested_attributes_json(attrs, v);
  if (a.nested_type->nesting == schema::NestingMode::Map) {
    nlohmann::json out = nlohmann::json::object();
    for (const auto& [k, e] : v.map_entries()) out[k] = nested_attributes_json(attrs, e);
    return out;
  }
  nlohmann::json out = nlohmann::json::array();
  for (const auto& e : v.elements()) out.push_back(nested_attributes_json(attrs, e));
  return out;
}

nlohmann::json nested_attributes_json(const std::vector<schema::Attribute>& attributes, const cty::Value& object) {
  if (!object.is_known()) return kUnknownText;
  if (object.is_null()) return nullptr;
  nlohmann::json out = nlohmann::json::object();
  for (const auto& a : attributes) {
    const cty::Value* v = object.attribute(a.name);
    out[a.name] = v ? attribute_json(a, *v) : nlohmann::json(nullptr);
  }
  return out;
}

bool attributes_sensitive(const std::vector<schema::Attribute>& attributes, const std::vector<cty::PathStep>& steps,
                          std::size_t at);

bool block_sensitive(const schema::Block& block, const std::vector<cty::PathStep>& steps, std::size_t at) {
  if (at >= steps.size()) return false;
  const auto* step = std::get_if<cty::AttributeStep>(&steps[at]);
  if (step == nullptr) return false;
  if (const auto* a = block.find_attribute(step->name)) {
    if (a->sensitive) return true;
    if (!a->nested_type) return false;
    std::size_t next = at + 1;
    if (a->nested_type->nesting != schema::NestingMode::Single) ++next;  // the element step
    return attributes_sensitive(a->nested_type->attributes, steps, next);
  }
  if (const auto* nb = block.find_block_type(step->name)) {
    std::size_t next = at + 1;
    if (nb->nesting != schema::NestingMode::Single && nb->nesting != schema::NestingMode::Group) ++next;
    return nb->block && block_sensitive(*nb->block, steps, next);
  }
  return false;
}

bool attributes_sensitive(const std::vector<schema::Attribute>& attributes, const std::vector<cty::PathStep>& steps,
                          std::size_t at) {
  schema::Block shell;
  shell.attributes = attributes;
  return block_sensitive(shell, steps, at);
}

std::size_t count_leaves(const cty::Value& v) {
  if (v.is_null()) return 0;
  if (!v.is_known()) return 1;
  switch (v.type().kind()) {
    case cty::Kind::Object: {
      std::size_t n = 0;
      for (const auto& e : v.attribute_values()) n += count_leaves(e);
      return n;
    }
    case cty::Kind::List:
    case cty::Kind::Set:
    case cty::Kind::Tuple: {
      std::size_t n = 0;
      for (const auto& e : v.elements()) n += count_leaves(e);
      return n;
    }
    case cty::Kind::Map: {
      std::size_t n = 0;
      for (const auto& [k, e] : v.map_entries()) n += count_leaves(e);
      return n;
    }
    default: return 1;
  }
}

}  // namespace

Expected<protocol::DynamicValue> encode_value(const schema::Block& block, const cty::Value& value) {
  return encode_value(schema::implied_type(block), value);
}

Expected<protocol::DynamicValue> encode_value(const cty::Type& type, const cty::Value& value) {
  TFC_TRY(bytes, cty::msgpack_encode(value, type));
  protocol::DynamicValue out;
  out.msgpack = std::move(bytes);
  return out;
}

nlohmann::json undecodable_bytes(const protocol::DynamicValue& v) {
  constexpr std::size_t kShownBytes = 64;
  const std::string& bytes = v.msgpack.empty() ? v.json : v.msgpack;
  static const char* digits = "0123456789abcdef";
  std::string hex;
  for (std::size_t i = 0; i < bytes.size() && i < kShownBytes; ++i) {
    const auto b = static_cast<unsigned char>(bytes[i]);
    hex += digits[b >> 4];
    hex += digits[b & 15];
  }
  if (bytes.size() > kShownBytes) hex += "...";
  return {{v.msgpack.empty() ? "json_hex" : "msgpack_hex", hex}, {"bytes", bytes.size()}};
}

Decoded decode_value(const schema::Block& block, const protocol::DynamicValue& value, const std::string& what) {
  return decode_value(schema::implied_type(block), value, what);
}

Decoded decode_value(const cty::Type& type, const protocol::DynamicValue& value, const std::string& what) {
  Decoded out;
  if (value.empty()) {
    out.value = cty::Value::null(type);
    return out;
  }
  const bool msgpack = !value.msgpack.empty();
  auto decoded = msgpack ? cty::msgpack_decode(value.msgpack, type) : cty::json_decode(value.json, type);
  if (decoded) {
    out.value = std::move(*decoded);
    if (msgpack) out.violations = oracle::check_strings_are_utf8(*out.value, what);
    return out;
  }
  bool well_formed = false;
  if (msgpack) {
    well_formed = cty::is_well_formed_msgpack(value.msgpack);
  } else {
    well_formed = nlohmann::json::accept(value.json);
  }
  oracle::Violation v;
  v.severity = oracle::Severity::error;
  if (well_formed) {
    v.rule = oracle::rule_text("value.type_mismatch");
    v.message = what + " does not conform to the schema's type: " + decoded.error().message;
  } else {
    v.rule = oracle::rule_text("value.undecodable");
    v.message = what + " is not valid " + (msgpack ? "msgpack" : "JSON") + ": " + decoded.error().message;
  }
  out.violations.push_back(std::move(v));
  return out;
}

nlohmann::json display_json(const schema::Block& block, const cty::Value& value) {
  if (!value.is_known()) return kUnknownText;
  if (value.is_null()) return nullptr;
  nlohmann::json out = nlohmann::json::object();
  for (const auto& a : block.attributes) {
    const cty::Value* v = value.attribute(a.name);
    out[a.name] = v ? attribute_json(a, *v) : nlohmann::json(nullptr);
  }
  for (const auto& nb : block.block_types) {
    const cty::Value* v = value.attribute(nb.type_name);
    if (v == nullptr || !nb.block) {
      out[nb.type_name] = nullptr;
    } else if (!v->is_known() || v->is_null()) {
      out[nb.type_name] = plain_json(*v);
    } else if (nb.nesting == schema::NestingMode::Single || nb.nesting == schema::NestingMode::Group) {
      out[nb.type_name] = display_json(*nb.block, *v);
    } else if (nb.nesting == schema::NestingMode::Map && v->type().kind() != cty::Kind::Tuple) {
      nlohmann::json m = nlohmann::json::object();
      if (v->type().kind() == cty::Kind::Map) {
        for (const auto& [k, e] : v->map_entries()) m[k] = display_json(*nb.block, e);
      } else {
        const auto& attrs = v->type().attributes();
        for (std::size_t i = 0; i < attrs.size(); ++i)
          m[attrs[i].name] = display_json(*nb.block, v->attribute_values()[i]);
      }
      out[nb.type_name] = m;
    } else {
      nlohmann::json list = nlohmann::json::array();
      for (const auto& e : v->elements()) list.push_back(display_json(*nb.block, e));
      out[nb.type_name] = list;
    }
  }
  return out;
}

bool path_is_sensitive(const schema::Block& block, const cty::Path& path) {
  return block_sensitive(block, path.steps(), 0);
}

std::size_t count_set_attributes(const cty::Value& config) { return count_leaves(config); }

cty::Value with_attribute(const cty::Value& object, const std::string& name, const cty::Value& value) {
  if (object.type().kind() != cty::Kind::Object || object.is_null() || !object.is_known()) return object;
  const int at = object.type().attribute_index(name);
  if (at < 0) return object;
  const cty::Type& wanted = object.type().attributes()[static_cast<std::size_t>(at)].type;
  if (!(value.type() == wanted)) return object;
  std::vector<cty::Value> values = object.attribute_values();
  values[static_cast<std::size_t>(at)] = value;
  return cty::Value::object(object.type(), std::move(values));
}

}  // namespace tfc::conformance
