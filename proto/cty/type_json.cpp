#include "proto/cty/type_json.hpp"

#include <algorithm>
#include <functional>
#include <optional>
#include <unordered_map>
#include <vector>

#include <nlohmann/json.hpp>

#include "proto/cty/json_escape.hpp"
#include "proto/cty/msgpack.hpp"

namespace tfc::cty {

namespace {

Expected<Type> parse(const nlohmann::json& j, int depth, const std::string& where) {
  auto fail = [&](const std::string& what) {
    return Error{"type JSON" + (where.empty() ? std::string() : " at " + where) + ": " + what};
  };
  if (depth > kMaxDepth) return fail("nested deeper than " + std::to_string(kMaxDepth));
  if (j.is_string()) {
    const auto& s = j.get_ref<const std::string&>();
    if (s == "string") return Type::string();
    if (s == "number") return Type::number();
    if (s == "bool") return Type::boolean();
    if (s == "dynamic") return Type::dynamic();
    return fail("unknown primitive type \"" + s + "\"");
  }
  if (!j.is_array() || j.empty() || !j[0].is_string()) {
    return fail("expected a type name or [kind, ...] array, found " + std::string(j.type_name()));
  }
  const auto& kind = j[0].get_ref<const std::string&>();
  if (kind == "list" || kind == "set" || kind == "map") {
    if (j.size() != 2) return fail("\"" + kind + "\" takes exactly one element type");
    TFC_TRY(element, parse(j[1], depth + 1, where + "[1]"));
    if (kind == "list") return Type::list(std::move(element));
    if (kind == "set") return Type::set(std::move(element));
    return Type::map(std::move(element));
  }
  if (kind == "tuple") {
    if (j.size() != 2 || !j[1].is_array()) return fail("\"tuple\" takes one array of element types");
    std::vector<Type> elems;
    elems.reserve(j[1].size());
    for (std::size_t i = 0; i < j[1].size(); ++i) {
      TFC_TRY(t, parse(j[1][i], depth + 1, where + "[1][" + std::to_string(i) + "]"));
      elems.push_back(std::move(t));
    }
    return Type::tuple(std::move(elems));
  }
  if (kind == "object") {
    if (j.size() < 2 || j.size() > 3 || !j[1].is_object()) {
      return fail("\"object\" takes an attribute object and an optional list of optional names");
    }
    std::vector<std::pair<std::string, Type>> attrs;
    attrs.reserve(j[1].size());
    for (const auto& [name, sub] : j[1].items()) {
      TFC_TRY(t, parse(sub, depth + 1, where + "[1]." + name));
      attrs.emplace_back(name, std::move(t));
    }
    std::vector<std::string> optional;
    if (j.size() == 3) {
      if (!j[2].is_array()) return fail("the optional attribute list must be an array of names");
      for (const auto& o : j[2]) {
        if (!o.is_string() || !j[1].contains(o.get_ref<const std::string&>())) {
          return fail("optional attribute " + o.dump() + " is not an attribute of the object");
        }
        if (std::find(optional.begin(), optional.end(), o.get<std::string>()) == optional.end()) {
          optional.push_back(o.get<std::string>());
        }
      }
    }
    return Type::object(std::move(attrs), std::move(optional));
  }
  return fail("unknown type kind \"" + kind + "\"");
}

void write(std::string& out, const Type& t) {
  switch (t.kind()) {
    case Kind::String: out += "\"string\""; return;
    case Kind::Number: out += "\"number\""; return;
    case Kind::Bool: out += "\"bool\""; return;
    case Kind::Dynamic: out += "\"dynamic\""; return;
    case Kind::List: out += "[\"list\","; break;
    case Kind::Set: out += "[\"set\","; break;
    case Kind::Map: out += "[\"map\","; break;
    case Kind::Tuple: {
      out += "[\"tuple\",[";
      bool first = true;
      for (const Type& e : t.tuple_elements()) {
        if (!first) out.push_back(',');
        first = false;
        write(out, e);
      }
      out += "]]";
      return;
    }
    case Kind::Object: {
      out += "[\"object\",{";
      bool first = true;
      bool any_optional = false;
      for (const auto& a : t.attributes()) {
        if (!first) out.push_back(',');
        first = false;
        append_go_json_string(out, a.name);
        out.push_back(':');
        write(out, a.type);
        any_optional = any_optional || a.optional;
      }
      out.push_back('}');
      if (any_optional) {
        out += ",[";
        first = true;
        for (const auto& a : t.attributes()) {
          if (!a.optional) continue;
          if (!first) out.push_back(',');
          first = false;
          append_go_json_string(out, a.name);
        }
        out.push_back(']');
      }
      out.push_back(']');
      return;
    }
  }
  write(out, t.element());
  out.push_back(']');
}

/// Reads type JSON in the compact form providers send ("string", ["list","string"],
/// ["object",{"a":"number"},["a"]]): no whitespace, names of printable ASCII without escapes,
/// no repeated attribute. Anything else, valid or not, gives nullopt and goes through nlohmann
/// (parse_text), so unusual texts and every error keep the general path's answer. Long object
/// types are where this counts: terraform-provider-aws sends one of 680 KiB.
class CompactTypeReader {
public:
  explicit CompactTypeReader(std::string_view text) : m_text(text) {}

  std::optional<Type> read() {
    auto t = type(0);
    if (!t || m_pos != m_text.size()) return std::nullopt;
    return t;
  }

private:
  bool eat(char c) {
    if (m_pos < m_text.size() && m_text[m_pos] == c) {
      ++m_pos;
      return true;
    }
    return false;
  }

  std::optional<std::string_view> name() {
    if (!eat('"')) return std::nullopt;
    const std::size_t start = m_pos;
    for (; m_pos < m_text.size() && m_text[m_pos] != '"'; ++m_pos) {
      const char c = m_text[m_pos];
      if (c < 0x20 || c > 0x7e || c == '\\') return std::nullopt;
    }
    if (m_pos == m_text.size()) return std::nullopt;
    return m_text.substr(start, m_pos++ - start);
  }

  std::optional<Type> type(int depth) {
    if (depth > kMaxDepth) return std::nullopt;
    if (m_pos < m_text.size() && m_text[m_pos] == '"') {
      const auto primitive = name();
      if (!primitive) return std::nullopt;
      if (*primitive == "string") return Type::string();
      if (*primitive == "number") return Type::number();
      if (*primitive == "bool") return Type::boolean();
      if (*primitive == "dynamic") return Type::dynamic();
      return std::nullopt;
    }
    if (!eat('[')) return std::nullopt;
    const auto kind = name();
    if (!kind || !eat(',')) return std::nullopt;
    if (*kind == "list" || *kind == "set" || *kind == "map") {
      auto element = type(depth + 1);
      if (!element || !eat(']')) return std::nullopt;
      if (*kind == "list") return Type::list(std::move(*element));
      if (*kind == "set") return Type::set(std::move(*element));
      return Type::map(std::move(*element));
    }
    if (*kind == "tuple") return tuple(depth);
    if (*kind == "object") return object(depth);
    return std::nullopt;
  }

  std::optional<Type> tuple(int depth) {
    if (!eat('[')) return std::nullopt;
    std::vector<Type> elements;
    if (!eat(']')) {
      do {
        auto element = type(depth + 1);
        if (!element) return std::nullopt;
        elements.push_back(std::move(*element));
      } while (eat(','));
      if (!eat(']')) return std::nullopt;
    }
    if (!eat(']')) return std::nullopt;
    return Type::tuple(std::move(elements));
  }

  std::optional<Type> object(int depth) {
    if (!eat('{')) return std::nullopt;
    std::vector<std::pair<std::string, Type>> attributes;
    if (!eat('}')) {
      do {
        const auto attribute = name();
        if (!attribute || !eat(':')) return std::nullopt;
        auto t = type(depth + 1);
        if (!t) return std::nullopt;
        attributes.emplace_back(std::string(*attribute), std::move(*t));
      } while (eat(','));
      if (!eat('}')) return std::nullopt;
    }
    std::vector<std::string> names;
    names.reserve(attributes.size());
    for (const auto& a : attributes) names.push_back(a.first);
    std::sort(names.begin(), names.end());
    if (std::adjacent_find(names.begin(), names.end()) != names.end()) return std::nullopt;
    std::vector<std::string> optional;
    if (eat(',')) {
      if (!eat('[')) return std::nullopt;
      if (!eat(']')) {
        do {
          const auto marked = name();
          if (!marked || !std::binary_search(names.begin(), names.end(), *marked)) return std::nullopt;
          if (std::find(optional.begin(), optional.end(), *marked) == optional.end()) optional.emplace_back(*marked);
        } while (eat(','));
        if (!eat(']')) return std::nullopt;
      }
    }
    if (!eat(']')) return std::nullopt;
    return Type::object(std::move(attributes), std::move(optional));
  }

  std::string_view m_text;
  std::size_t m_pos = 0;
};

/// Type texts already parsed on this thread. A provider schema repeats a few texts ("string",
/// ["list","string"], ...) thousands of times: terraform-provider-aws 5.100.0 sends 87,103
/// attribute types in 505 distinct texts, and parsing each one with nlohmann was two thirds of
/// converting its schema.
/// Only short texts that parsed are kept, and at most kCachedTexts of them.
class ParsedTypes {
public:
  static constexpr std::size_t kLongestText = 256;
  static constexpr std::size_t kCachedTexts = 4096;

  const Type* find(std::string_view text) const {
    const auto it = m_types.find(text);
    return it == m_types.end() ? nullptr : &it->second;
  }
  void remember(std::string_view text, const Type& type) {
    if (text.size() > kLongestText) return;
    if (m_types.size() >= kCachedTexts) m_types.clear();
    m_types.emplace(std::string(text), type);
  }

private:
  struct Hash {
    using is_transparent = void;
    std::size_t operator()(std::string_view s) const noexcept { return std::hash<std::string_view>{}(s); }
  };
  std::unordered_map<std::string, Type, Hash, std::equal_to<>> m_types;
};

Expected<Type> parse_text(std::string_view text) {
  // Deeply nested text must not exhaust the stack inside nlohmann's recursive parser.
  int depth = 0;
  bool in_string = false;
  for (std::size_t i = 0; i < text.size(); ++i) {
    char c = text[i];
    if (in_string) {
      if (c == '\\')
        ++i;
      else if (c == '"')
        in_string = false;
    } else if (c == '"') {
      in_string = true;
    } else if (c == '[' || c == '{') {
      if (++depth > 2 * kMaxDepth + 2) return Error{"type JSON: nested too deeply"};
    } else if (c == ']' || c == '}') {
      --depth;
    }
  }
  auto doc = nlohmann::json::parse(text, nullptr, false);
  if (doc.is_discarded()) return Error{"type JSON: not valid JSON"};
  return type_from_json(doc);
}

}  // namespace

Expected<Type> type_from_json(std::string_view text) {
  thread_local ParsedTypes parsed;
  if (const Type* known = parsed.find(text)) return *known;
  auto compact = CompactTypeReader(text).read();
  Expected<Type> type = compact ? Expected<Type>(std::move(*compact)) : parse_text(text);
  if (type) parsed.remember(text, *type);
  return type;
}

Expected<Type> type_from_json(const std::string& text) { return type_from_json(std::string_view(text)); }
Expected<Type> type_from_json(const char* text) { return type_from_json(std::string_view(text)); }

Expected<Type> type_from_json(const nlohmann::json& doc) { return parse(doc, 0, ""); }

std::string type_to_json(const Type& type) {
  std::string out;
  write(out, type);
  return out;
}

void append_type_json(std::string& out, const Type& type) { write(out, type); }

nlohmann::json type_to_json_value(const Type& type) { return nlohmann::json::parse(type_to_json(type)); }

}  // namespace tfc::cty
