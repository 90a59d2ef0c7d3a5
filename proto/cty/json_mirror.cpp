// The mirrored value form of docs/oracle-vectors.md ("values"): X, X_unknown, X_refinements.
#include "proto/cty/json_mirror.hpp"

#include "proto/cty/msgpack.hpp"
#include "proto/cty/path.hpp"
#include "proto/cty/type_json.hpp"

namespace tfc::cty {

namespace {

using nlohmann::json;

// JSON numbers are decimals: a float is read from its shortest text (as go-cty reads JSON),
// integers exactly.
std::optional<Number> number_from(const json& j) {
  if (j.is_number_integer()) {
    if (j.is_number_unsigned() && j.get<std::uint64_t>() > static_cast<std::uint64_t>(INT64_MAX)) {
      return Number::parse(std::to_string(j.get<std::uint64_t>()));
    }
    return Number(j.get<std::int64_t>());
  }
  if (j.is_number_float()) return Number::parse(j.dump());
  if (j.is_string()) return Number::parse(j.get_ref<const std::string&>());
  return std::nullopt;
}

// The inverse of number_from: a JSON number when it reads back exactly, else its exact text.
json number_to(const Number& n) {
  if (auto i = n.to_int64()) return *i;
  if (!n.is_infinite()) {
    json d = n.to_double_approx();
    auto back = Number::parse(d.dump());
    if (back && *back == n) return d;
  }
  return n.canonical();
}

class MirrorReader {
public:
  explicit MirrorReader(const json& refinements) : m_refinements(refinements) {}

  Expected<Value> read(const json& v, const json& unknown, const Type& t, const Path& path, int depth) {
    if (depth > kMaxDepth) return error_at(path, "nested too deeply");
    if (unknown.is_boolean() && unknown.get<bool>()) {
      Type ut = t;
      if (t.is_dynamic() && v.is_object() && v.contains("type")) {
        TFC_TRY(inner, type_from_json(v["type"]));
        ut = inner;
      }
      TFC_TRY(r, refinements_at(path, ut));
      return Value::unknown(ut, r);
    }
    if (v.is_null()) return Value::null(t);
    switch (t.kind()) {
      case Kind::String:
        if (v.is_string()) return Value::string(v.get<std::string>());
        if (v.is_boolean()) return Value::string(v.get<bool>() ? "true" : "false");
        if (v.is_number()) return Value::string(v.dump());
        return error_at(path, "expected string, found " + std::string(v.type_name()));
      case Kind::Number: {
        auto n = number_from(v);
        if (!n) return error_at(path, "expected number, found " + v.dump().substr(0, 40));
        return Value::number(*n);
      }
      case Kind::Bool:
        if (v.is_boolean()) return Value::boolean(v.get<bool>());
        if (v == "true" || v == "false") return Value::boolean(v == "true");
        return error_at(path, "expected bool, found " + std::string(v.type_name()));
      case Kind::List:
      case Kind::Set:
      case Kind::Tuple: return read_sequence(v, unknown, t, path, depth);
      case Kind::Map: return read_map(v, unknown, t, path, depth);
      case Kind::Object: return read_object(v, unknown, t, path, depth);
      case Kind::Dynamic: {
        if (!v.is_object() || !v.contains("type"))
          return error_at(path, "expected {\"value\": ..., \"type\": ...} at a dynamic position");
        TFC_TRY(inner, type_from_json(v["type"]));
        static const json kNull;
        return read(v.contains("value") ? v["value"] : kNull, unknown, inner, path, depth + 1);
      }
    }
    return error_at(path, "invalid type");
  }

private:
  static Error error_at(const Path& path, const std::string& what) {
    return Error{(path.empty() ? std::string() : "at " + path.render() + ": ") + what};
  }

  // The mirror of the member `key` (a name or an index) of an unknown mirror.
  static const json& sub_unknown(const json& unknown, const json& key) {
    static const json kNone;
    if (key.is_string() && unknown.is_object() && unknown.contains(key.get_ref<const std::string&>())) {
      return unknown[key.get_ref<const std::string&>()];
    }
    if (key.is_number() && unknown.is_array() && key.get<std::size_t>() < unknown.size()) {
      return unknown[key.get<std::size_t>()];
    }
    return kNone;
  }

  // A list, set or tuple from a JSON array.
  Expected<Value> read_sequence(const json& v, const json& unknown, const Type& t, const Path& path, int depth) {
    if (!v.is_array()) return error_at(path, "expected array, found " + std::string(v.type_name()));
    const std::vector<Type>* types = t.kind() == Kind::Tuple ? &t.tuple_elements() : nullptr;
    if (types && types->size() != v.size()) {
      return error_at(
          path, "expected tuple of " + std::to_string(types->size()) + " elements, found " + std::to_string(v.size()));
    }
    std::vector<Value> elems;
    elems.reserve(v.size());
    for (std::size_t i = 0; i < v.size(); ++i) {
      Path p = t.kind() == Kind::Set ? path.set_element(Value()) : path.index(static_cast<std::int64_t>(i));
      TFC_TRY(e, read(v[i], sub_unknown(unknown, json(i)), types ? (*types)[i] : t.element(), p, depth + 1));
      elems.push_back(std::move(e));
    }
    if (t.kind() == Kind::List) return Value::typed_list(t, std::move(elems));
    if (t.kind() == Kind::Set) return Value::typed_set(t, std::move(elems));
    return Value::tuple(t, std::move(elems));
  }

  Expected<Value> read_map(const json& v, const json& unknown, const Type& t, const Path& path, int depth) {
    if (!v.is_object()) return error_at(path, "expected object (map), found " + std::string(v.type_name()));
    std::vector<std::pair<std::string, Value>> entries;
    for (const auto& [key, sub] : v.items()) {
      TFC_TRY(e, read(sub, sub_unknown(unknown, json(key)), t.element(), path.key(key), depth + 1));
      entries.emplace_back(key, std::move(e));
    }
    return Value::typed_map(t, std::move(entries));
  }

  // An object: every attribute of the type, absent ones null; one the type lacks is an error.
  Expected<Value> read_object(const json& v, const json& unknown, const Type& t, const Path& path, int depth) {
    if (!v.is_object()) return error_at(path, "expected object, found " + std::string(v.type_name()));
    const auto& attrs = t.attributes();
    for (const auto& [key, sub] : v.items()) {
      if (t.attribute_index(key) < 0) return error_at(path, "unsupported attribute \"" + key + "\"");
    }
    std::vector<Value> vals;
    vals.reserve(attrs.size());
    for (const auto& a : attrs) {
      static const json kNull;
      const json& sub = v.contains(a.name) ? v[a.name] : kNull;
      TFC_TRY(e, read(sub, sub_unknown(unknown, json(a.name)), a.type, path.attribute(a.name), depth + 1));
      vals.push_back(std::move(e));
    }
    return Value::object(t, std::move(vals));
  }

  Expected<Refinements> refinements_at(const Path& path, const Type&) {
    Refinements r;
    std::string key = path.render();
    if (!m_refinements.is_object() || !m_refinements.contains(key)) return r;
    const json& j = m_refinements[key];
    auto fail = [&](const std::string& what) { return Error{"refinements \"" + key + "\": " + what}; };
    if (!j.is_object()) return fail("expected an object");
    if (j.contains("not_null")) r.not_null = j["not_null"] == true;
    if (j.contains("string_prefix")) {
      if (!j["string_prefix"].is_string()) return fail("string_prefix must be a string");
      r.string_prefix = j["string_prefix"].get<std::string>();
    }
    for (const char* name : {"number_lower", "number_upper"}) {
      if (!j.contains(name)) continue;
      const json& b = j[name];
      auto n = b.is_array() && b.size() == 2 && b[1].is_boolean() ? number_from(b[0]) : std::nullopt;
      if (!n) return fail(std::string(name) + " must be [number, inclusive]");
      (std::string(name) == "number_lower" ? r.number_lower : r.number_upper) = NumberBound{*n, b[1].get<bool>()};
    }
    for (const char* name : {"length_lower", "length_upper"}) {
      if (!j.contains(name)) continue;
      if (!j[name].is_number_unsigned() && !(j[name].is_number_integer() && j[name].get<std::int64_t>() >= 0)) {
        return fail(std::string(name) + " must be a non-negative integer");
      }
      (std::string(name) == "length_lower" ? r.length_lower : r.length_upper) = j[name].get<std::uint64_t>();
    }
    return r;
  }

  const json& m_refinements;
};

// Writes value JSON and its unknown mirror; returns whether anything inside is unknown.
bool write(const Value& v, const Type& t, const Path& path, json& value, json& unknown, json& refinements) {
  if (!v.is_known()) {
    value = t.is_dynamic() && !v.type().is_dynamic() ? json{{"value", nullptr}, {"type", type_to_json_value(v.type())}}
                                                     : json();
    unknown = true;
    const Refinements& r = v.refinements();
    if (!r.empty()) {
      json rj = json::object();
      if (r.not_null) rj["not_null"] = true;
      if (r.string_prefix) rj["string_prefix"] = *r.string_prefix;
      if (r.number_lower)
        rj["number_lower"] = json::array({number_to(r.number_lower->value), r.number_lower->inclusive});
      if (r.number_upper)
        rj["number_upper"] = json::array({number_to(r.number_upper->value), r.number_upper->inclusive});
      if (r.length_lower) rj["length_lower"] = *r.length_lower;
      if (r.length_upper) rj["length_upper"] = *r.length_upper;
      refinements[path.render()] = std::move(rj);
    }
    return true;
  }
  if (t.is_dynamic() && !v.type().is_dynamic()) {
    json inner;
    bool any = write(v, v.type(), path, inner, unknown, refinements);
    value = json{{"value", std::move(inner)}, {"type", type_to_json_value(v.type())}};
    return any;
  }
  unknown = false;
  if (v.is_null()) {
    value = nullptr;
    return false;
  }
  bool any = false;
  switch (v.type().kind()) {
    case Kind::String: value = v.as_string(); return false;
    case Kind::Number: value = number_to(v.as_number()); return false;
    case Kind::Bool: value = v.as_bool(); return false;
    case Kind::List:
    case Kind::Set:
    case Kind::Tuple: {
      value = json::array();
      json mirror = json::array();
      const auto& elems = v.elements();
      for (std::size_t i = 0; i < elems.size(); ++i) {
        const Type& et = t.kind() == Kind::Tuple ? t.tuple_elements()[i] : t.element();
        Path p = t.kind() == Kind::Set ? path.set_element(elems[i]) : path.index(static_cast<std::int64_t>(i));
        json ev, eu;
        any = write(elems[i], et, p, ev, eu, refinements) || any;
        value.push_back(std::move(ev));
        mirror.push_back(std::move(eu));
      }
      if (any) unknown = std::move(mirror);
      return any;
    }
    case Kind::Map:
    case Kind::Object: {
      value = json::object();
      json mirror = json::object();
      auto one = [&](const std::string& key, const Value& ev_value, const Type& et, const Path& p) {
        json ev, eu;
        if (write(ev_value, et, p, ev, eu, refinements)) {
          any = true;
          mirror[key] = std::move(eu);
        }
        value[key] = std::move(ev);
      };
      if (v.type().kind() == Kind::Map) {
        for (const auto& [key, ev] : v.map_entries()) one(key, ev, t.element(), path.key(key));
      } else {
        const auto& attrs = v.type().attributes();
        for (std::size_t i = 0; i < attrs.size(); ++i) {
          const Type* at = t.attribute_type(attrs[i].name);
          one(attrs[i].name, v.attribute_values()[i], at ? *at : attrs[i].type, path.attribute(attrs[i].name));
        }
      }
      if (any) unknown = std::move(mirror);
      return any;
    }
    case Kind::Dynamic: return false;
  }
  return any;
}

}  // namespace

Expected<Value> value_from_mirrored_json(const MirroredJson& in, const Type& type) {
  static const json kFalse = false;
  MirrorReader reader(in.refinements);
  return reader.read(in.value, in.unknown.is_null() ? kFalse : in.unknown, type, Path(), 0);
}

MirroredJson value_to_mirrored_json(const Value& value, const Type& type) {
  MirroredJson out;
  json refinements = json::object();
  bool any = write(value, type, Path(), out.value, out.unknown, refinements);
  if (!any) out.unknown = nullptr;
  if (!refinements.empty()) out.refinements = std::move(refinements);
  return out;
}

}  // namespace tfc::cty
