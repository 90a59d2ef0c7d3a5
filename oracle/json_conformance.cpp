#include "oracle/json_conformance.hpp"

#include <string>

#include "proto/cty/type_json.hpp"

namespace tfc::oracle {
namespace {

using nlohmann::json;

constexpr std::string_view kJsonTypeMismatch = "value.type_mismatch";

const json& null_json() {
  static const json kNull;
  return kNull;
}

const json& mirror_at(const json& mirror, std::size_t i) {
  return mirror.is_array() && i < mirror.size() ? mirror[i] : null_json();
}

const json& mirror_at(const json& mirror, const std::string& key) {
  if (!mirror.is_object()) return null_json();
  auto it = mirror.find(key);
  return it != mirror.end() ? *it : null_json();
}

std::string json_kind(const json& j) {
  switch (j.type()) {
    case json::value_t::object: return "a JSON object";
    case json::value_t::array: return "a JSON array";
    case json::value_t::string: return "a JSON string";
    case json::value_t::boolean: return "a JSON boolean";
    case json::value_t::number_integer:
    case json::value_t::number_unsigned:
    case json::value_t::number_float: return "a JSON number";
    default: return "JSON " + std::string(j.type_name());
  }
}

struct JsonWalk {
  std::string_view what;
  Findings& out;

  void mismatch(const cty::Path& path, const cty::Type& type, const json& got) {
    out.add(kJsonTypeMismatch, path,
            std::string(what) + " has " + json_kind(got) + ", but the schema wants " + type.friendly_name());
  }

  void value(const cty::Type& type, const json& v, const json& mirror, const cty::Path& path) {
    if (mirror.is_boolean() && mirror.get<bool>()) return;  // unknown of this type
    if (v.is_null()) return;
    switch (type.kind()) {
      case cty::Kind::String:
        if (!v.is_string()) mismatch(path, type, v);
        return;
      case cty::Kind::Number:
        if (!v.is_number()) mismatch(path, type, v);
        return;
      case cty::Kind::Bool:
        if (!v.is_boolean()) mismatch(path, type, v);
        return;
      case cty::Kind::List:
      case cty::Kind::Set:
        if (!v.is_array()) return mismatch(path, type, v);
        for (std::size_t i = 0; i < v.size(); ++i) {
          const cty::Path p = type.kind() == cty::Kind::List ? path.index(static_cast<std::int64_t>(i))
                                                             : path.set_element(cty::Value::unknown(type.element()));
          value(type.element(), v[i], mirror_at(mirror, i), p);
        }
        return;
      case cty::Kind::Tuple: {
        if (!v.is_array()) return mismatch(path, type, v);
        const auto& types = type.tuple_elements();
        if (v.size() != types.size()) {
          out.add(kJsonTypeMismatch, path,
                  std::string(what) + " has a tuple of " + std::to_string(v.size()) +
                      " elements, but the schema wants " + std::to_string(types.size()));
          return;
        }
        for (std::size_t i = 0; i < types.size(); ++i)
          value(types[i], v[i], mirror_at(mirror, i), path.index(static_cast<std::int64_t>(i)));
        return;
      }
      case cty::Kind::Map:
        if (!v.is_object()) return mismatch(path, type, v);
        for (auto it = v.begin(); it != v.end(); ++it)
          value(type.element(), it.value(), mirror_at(mirror, it.key()), path.key(it.key()));
        return;
      case cty::Kind::Object:
        if (!v.is_object()) return mismatch(path, type, v);
        for (auto it = v.begin(); it != v.end(); ++it) {
          const cty::Type* at = type.attribute_type(it.key());
          if (at == nullptr) {
            out.add(kJsonTypeMismatch, path.attribute(it.key()),
                    std::string(what) + " has attribute \"" + it.key() + "\" that the schema does not define");
            continue;
          }
          value(*at, it.value(), mirror_at(mirror, it.key()), path.attribute(it.key()));
        }
        return;
      case cty::Kind::Dynamic: dynamic(v, mirror, path); return;
    }
  }

  void dynamic(const json& v, const json& mirror, const cty::Path& path) {
    if (!v.is_object() || !v.contains("type") || !v.contains("value")) {
      out.add(
          kJsonTypeMismatch, path,
          std::string(what) + " has " + json_kind(v) + " at a dynamic position, but wants {\"value\": V, \"type\": T}");
      return;
    }
    auto inner = cty::type_from_json(v["type"]);
    if (!inner) {
      out.add(kJsonTypeMismatch, path,
              std::string(what) + " has a dynamic value with an invalid type: " + inner.error().message);
      return;
    }
    value(*inner, v["value"], mirror, path);
  }
};

}  // namespace

void check_json_conformance(const cty::Type& type, const json& value, const json& unknown, std::string_view what,
                            Findings& out) {
  JsonWalk{what, out}.value(type, value, unknown, cty::Path{});
}

}  // namespace tfc::oracle
