#include "proto/schema/tf_json.hpp"

#include <array>
#include <map>
#include <optional>
#include <string_view>
#include <utility>
#include <vector>

#include "proto/cty/number.hpp"
#include "proto/schema/absent_block.hpp"
#include "proto/schema/implied_type.hpp"

namespace tfc::schema {

namespace {

using nlohmann::json;

std::string json_kind(const json& doc) {
  if (doc.is_string()) return "a string";
  if (doc.is_number()) return "a number";
  if (doc.is_boolean()) return "a bool";
  if (doc.is_array()) return "an array";
  if (doc.is_object()) return "an object";
  return "null";
}

Error mismatch(const std::string& path, const std::string& want, const json& doc) {
  return Error{(path.empty() ? std::string("value") : path) + ": expected " + want + ", got " + json_kind(doc)};
}

std::string join(const std::string& path, std::string_view name) {
  return path.empty() ? std::string(name) : path + "." + std::string(name);
}

std::string indexed(const std::string& path, std::size_t i) { return path + "[" + std::to_string(i) + "]"; }

// The shape the JSON itself suggests, as Terraform gives a literal in a dynamic position.
cty::Value infer(const json& doc) {
  if (doc.is_string()) return cty::Value::string(doc.get<std::string>());
  if (doc.is_boolean()) return cty::Value::boolean(doc.get<bool>());
  if (doc.is_number()) {
    if (auto n = cty::Number::parse(doc.dump())) return cty::Value::number(*n);
    return cty::Value::null(cty::Type::number());
  }
  if (doc.is_array()) {
    std::vector<cty::Value> elements;
    for (const json& e : doc) elements.push_back(infer(e));
    return cty::Value::tuple(std::move(elements));
  }
  if (doc.is_object()) {
    std::vector<std::pair<std::string, cty::Value>> attributes;
    for (const auto& [k, v] : doc.items()) attributes.emplace_back(k, infer(v));
    return cty::Value::object(std::move(attributes));
  }
  return cty::Value::null(cty::Type::dynamic());
}

Expected<cty::Value> primitive(const json& doc, const cty::Type& type, const std::string& path) {
  switch (type.kind()) {
    case cty::Kind::String:
      if (doc.is_string()) return cty::Value::string(doc.get<std::string>());
      if (doc.is_number()) return cty::Value::string(doc.dump());
      if (doc.is_boolean()) return cty::Value::string(doc.get<bool>() ? "true" : "false");
      return mismatch(path, "a string", doc);
    case cty::Kind::Number: {
      std::optional<cty::Number> n;
      if (doc.is_number()) n = cty::Number::parse(doc.dump());
      if (doc.is_string()) n = cty::Number::parse(doc.get<std::string>());
      if (n) return cty::Value::number(*n);
      return mismatch(path, "a number", doc);
    }
    default:
      if (doc.is_boolean()) return cty::Value::boolean(doc.get<bool>());
      if (doc.is_string() && doc.get<std::string>() == "true") return cty::Value::boolean(true);
      if (doc.is_string() && doc.get<std::string>() == "false") return cty::Value::boolean(false);
      return mismatch(path, "a bool", doc);
  }
}

Expected<cty::Value> object_value(const json& doc, const cty::Type& type, const std::string& path) {
  if (!doc.is_object()) return mismatch(path, "an object", doc);
  for (const auto& [k, v] : doc.items()) {
    if (type.attribute_index(k) < 0) return Error{join(path, k) + ": no such attribute"};
  }
  std::vector<cty::Value> values;
  for (const auto& a : type.attributes()) {
    auto it = doc.find(a.name);
    if (it == doc.end()) {
      values.push_back(cty::Value::null(a.type));
      continue;
    }
    TFC_TRY(v, value_from_tf_json(*it, a.type, join(path, a.name)));
    values.push_back(std::move(v));
  }
  return cty::Value::object(type, std::move(values));
}

bool is_meta_argument(std::string_view name) {
  static constexpr std::array<std::string_view, 7> kMeta = {"count",     "for_each",    "depends_on", "provider",
                                                            "lifecycle", "provisioner", "connection"};
  for (std::string_view m : kMeta) {
    if (m == name) return true;
  }
  return false;
}

const Block& body_of(const NestedBlock& nb) {
  static const Block kEmpty;
  return nb.block ? *nb.block : kEmpty;
}

bool is_computed_only(const Attribute& a) { return a.computed && !a.optional && !a.required; }

// The block's value with the members in `named` as given and every other member absent.
cty::Value block_object(const Block& block, std::map<std::string, cty::Value, std::less<>> named) {
  const cty::Value empty = empty_block_value(block);
  std::vector<cty::Value> values = empty.attribute_values();
  const auto& members = empty.type().attributes();
  for (std::size_t i = 0; i < members.size(); ++i) {
    if (auto it = named.find(members[i].name); it != named.end()) values[i] = std::move(it->second);
  }
  return cty::Value::object(empty.type(), std::move(values));
}

// The block bodies written for one block type, with their labels for map blocks.
Expected<std::vector<std::pair<std::string, json>>> block_items(const json& doc, const NestedBlock& nb,
                                                                const std::string& path) {
  std::vector<std::pair<std::string, json>> items;
  if (doc.is_null()) return items;
  if (nb.nesting == NestingMode::Map) {
    if (!doc.is_object()) return mismatch(path, "an object keyed by block label", doc);
    for (const auto& [label, body] : doc.items()) {
      if (body.is_array() && body.size() == 1) {
        items.emplace_back(label, body[0]);
      } else {
        items.emplace_back(label, body);
      }
    }
    return items;
  }
  if (doc.is_object()) {
    items.emplace_back("", doc);
  } else if (doc.is_array()) {
    for (const json& e : doc) items.emplace_back("", e);
  } else {
    return mismatch(path, "an object or a list of objects", doc);
  }
  return items;
}

Expected<cty::Value> block_value(const json& doc, const NestedBlock& nb, const std::string& path) {
  TFC_TRY(items, block_items(doc, nb, path));
  const auto n = static_cast<std::int64_t>(items.size());
  const bool single = nb.nesting == NestingMode::Single || nb.nesting == NestingMode::Group;
  if (n < nb.min_items) {
    return Error{path + ": " + std::to_string(n) + " blocks given, at least " + std::to_string(nb.min_items) +
                 " required"};
  }
  const std::int64_t max = single ? 1 : nb.max_items;
  if (max > 0 && n > max) {
    return Error{path + ": " + std::to_string(n) + " blocks given, at most " + std::to_string(max) + " allowed"};
  }
  if (n == 0) return absent_block(nb);
  std::vector<cty::Value> bodies;
  for (std::size_t i = 0; i < items.size(); ++i) {
    std::string at = nb.nesting == NestingMode::Map ? path + "[\"" + items[i].first + "\"]"
                     : single                       ? path
                                                    : indexed(path, i);
    TFC_TRY(v, config_from_tf_json(items[i].second, body_of(nb), at));
    bodies.push_back(std::move(v));
  }
  const cty::Type type = implied_type(nb);
  switch (nb.nesting) {
    case NestingMode::Single:
    case NestingMode::Group: return bodies.front();
    case NestingMode::List:
      return type.is_dynamic() ? cty::Value::tuple(std::move(bodies)) : cty::Value::typed_list(type, std::move(bodies));
    case NestingMode::Set: return cty::Value::typed_set(type, std::move(bodies));
    case NestingMode::Map: {
      std::vector<std::pair<std::string, cty::Value>> entries;
      for (std::size_t i = 0; i < items.size(); ++i) entries.emplace_back(items[i].first, std::move(bodies[i]));
      return type.is_dynamic() ? cty::Value::object(std::move(entries))
                               : cty::Value::typed_map(type, std::move(entries));
    }
  }
  return absent_block(nb);
}

}  // namespace

Expected<cty::Value> value_from_tf_json(const json& doc, const cty::Type& type, const std::string& path) {
  if (type.is_dynamic()) return infer(doc);
  if (doc.is_null()) return cty::Value::null(type);
  if (type.is_primitive()) return primitive(doc, type, path);
  switch (type.kind()) {
    case cty::Kind::List:
    case cty::Kind::Set: {
      if (!doc.is_array()) return mismatch(path, "an array", doc);
      std::vector<cty::Value> elements;
      for (std::size_t i = 0; i < doc.size(); ++i) {
        TFC_TRY(e, value_from_tf_json(doc[i], type.element(), indexed(path, i)));
        elements.push_back(std::move(e));
      }
      return type.kind() == cty::Kind::List ? cty::Value::typed_list(type, std::move(elements))
                                            : cty::Value::typed_set(type, std::move(elements));
    }
    case cty::Kind::Map: {
      if (!doc.is_object()) return mismatch(path, "an object", doc);
      std::vector<std::pair<std::string, cty::Value>> entries;
      for (const auto& [k, v] : doc.items()) {
        TFC_TRY(e, value_from_tf_json(v, type.element(), path + "[\"" + k + "\"]"));
        entries.emplace_back(k, std::move(e));
      }
      return cty::Value::typed_map(type, std::move(entries));
    }
    case cty::Kind::Tuple: {
      const auto& want = type.tuple_elements();
      if (!doc.is_array() || doc.size() != want.size()) {
        return mismatch(path, "an array of " + std::to_string(want.size()) + " elements", doc);
      }
      std::vector<cty::Value> elements;
      for (std::size_t i = 0; i < want.size(); ++i) {
        TFC_TRY(e, value_from_tf_json(doc[i], want[i], indexed(path, i)));
        elements.push_back(std::move(e));
      }
      return cty::Value::tuple(type, std::move(elements));
    }
    default: return object_value(doc, type, path);
  }
}

Expected<cty::Value> config_from_tf_json(const json& body, const Block& block, const std::string& path) {
  if (!body.is_object()) return mismatch(path, "an object (a resource body)", body);
  std::map<std::string, cty::Value, std::less<>> named;
  for (const auto& [name, doc] : body.items()) {
    const std::string at = join(path, name);
    if (const Attribute* a = block.find_attribute(name)) {
      if (is_computed_only(*a)) return Error{at + ": computed-only attribute cannot be set in configuration"};
      TFC_TRY(v, value_from_tf_json(doc, implied_type(*a), at));
      named.emplace(name, std::move(v));
    } else if (const NestedBlock* nb = block.find_block_type(name)) {
      TFC_TRY(v, block_value(doc, *nb, at));
      named.emplace(name, std::move(v));
    } else if (!is_meta_argument(name)) {
      return Error{at + ": no such attribute or block type"};
    }
  }
  return block_object(block, std::move(named));
}

json value_to_tf_json(const cty::Value& value) {
  if (value.is_null() || !value.is_known()) return nullptr;
  switch (value.type().kind()) {
    case cty::Kind::String: return value.as_string();
    case cty::Kind::Bool: return value.as_bool();
    case cty::Kind::Number: {
      // A JSON number when a double holds it exactly, else the exact decimal as a string
      // (which converts back to the same number).
      const std::string exact = value.as_number().canonical();
      json parsed = json::parse(exact, nullptr, false);
      if (parsed.is_discarded()) return exact;
      auto back = cty::Number::parse(parsed.dump());
      return back && *back == value.as_number() ? parsed : json(exact);
    }
    case cty::Kind::List:
    case cty::Kind::Set:
    case cty::Kind::Tuple: {
      json out = json::array();
      for (const auto& e : value.elements()) out.push_back(value_to_tf_json(e));
      return out;
    }
    case cty::Kind::Map: {
      json out = json::object();
      for (const auto& [k, v] : value.map_entries()) out[k] = value_to_tf_json(v);
      return out;
    }
    case cty::Kind::Object: {
      json out = json::object();
      const auto& names = value.type().attributes();
      for (std::size_t i = 0; i < names.size(); ++i) {
        const auto& v = value.attribute_values()[i];
        if (!v.is_null()) out[names[i].name] = value_to_tf_json(v);
      }
      return out;
    }
    default: return nullptr;
  }
}

json config_to_tf_json(const cty::Value& config, const Block& block) {
  json out = json::object();
  if (config.is_null() || !config.is_known()) return out;
  for (const auto& a : block.attributes) {
    const cty::Value* v = config.attribute(a.name);
    if (v == nullptr || v->is_null() || is_computed_only(a)) continue;
    out[a.name] = value_to_tf_json(*v);
  }
  for (const auto& nb : block.block_types) {
    const cty::Value* v = config.attribute(nb.type_name);
    if (v == nullptr || v->is_null() || !v->is_known()) continue;
    const Block& body = body_of(nb);
    switch (nb.nesting) {
      case NestingMode::Single:
      case NestingMode::Group: {
        json b = config_to_tf_json(*v, body);
        if (nb.nesting == NestingMode::Group && b.empty()) continue;
        out[nb.type_name] = std::move(b);
        break;
      }
      case NestingMode::List:
      case NestingMode::Set: {
        if (v->elements().empty()) continue;
        json items = json::array();
        for (const auto& e : v->elements()) items.push_back(config_to_tf_json(e, body));
        out[nb.type_name] = std::move(items);
        break;
      }
      case NestingMode::Map: {
        const bool object = v->type().kind() == cty::Kind::Object;
        json items = json::object();
        if (object) {
          const auto& names = v->type().attributes();
          for (std::size_t i = 0; i < names.size(); ++i)
            items[names[i].name] = config_to_tf_json(v->attribute_values()[i], body);
        } else {
          for (const auto& [k, e] : v->map_entries()) items[k] = config_to_tf_json(e, body);
        }
        if (items.empty()) continue;
        out[nb.type_name] = std::move(items);
        break;
      }
    }
  }
  return out;
}

}  // namespace tfc::schema
