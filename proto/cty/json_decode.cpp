// cty JSON decoding (docs/protocol.md §3.5): a hand-written parser that builds Values directly, with
// go-cty's leniencies, exact decimal numbers, bounded nesting and no crash on bad input.
#include <unordered_map>

#include "proto/cty/json.hpp"
#include "proto/cty/json_escape.hpp"
#include "proto/cty/msgpack.hpp"
#include "proto/cty/path_tracker.hpp"
#include "proto/cty/type_json.hpp"
#include "proto/util/utf8.hpp"

namespace tfc::cty {

namespace {

class JsonDecoder {
public:
  explicit JsonDecoder(std::string_view text) : m_text(text) {}

  bool decode(const Type& t, Value& out, int depth) {
    if (depth > kMaxDepth) return fail("nesting deeper than " + std::to_string(kMaxDepth));
    skip_ws();
    if (m_pos >= m_text.size()) return fail("unexpected end of JSON");
    char c = m_text[m_pos];
    if (c == 'n') {
      if (!literal("null")) return false;
      out = Value::null(t);
      return true;
    }
    switch (t.kind()) {
      case Kind::String: return decode_string(out);
      case Kind::Number: return decode_number(out);
      case Kind::Bool: return decode_bool(out);
      case Kind::List:
      case Kind::Set:
      case Kind::Tuple: return decode_array(t, out, depth);
      case Kind::Map: return decode_map(t, out, depth);
      case Kind::Object: return decode_object(t, out, depth);
      case Kind::Dynamic: return decode_dynamic(out, depth);
    }
    return fail("invalid type");
  }

  bool finish() {
    skip_ws();
    if (m_pos != m_text.size()) return fail("unexpected data after the JSON value at offset " + std::to_string(m_pos));
    return true;
  }

  std::string error() const { return m_path.prefix() + m_error; }

private:
  bool fail(const std::string& what) {
    if (m_error.empty()) m_error = what;
    return false;
  }

  const char* found() const {
    if (m_pos >= m_text.size()) return "end of input";
    switch (m_text[m_pos]) {
      case '"': return "string";
      case '{': return "object";
      case '[': return "array";
      case 't':
      case 'f': return "bool";
      case 'n': return "null";
      default:
        return (m_text[m_pos] == '-' || (m_text[m_pos] >= '0' && m_text[m_pos] <= '9')) ? "number" : "invalid JSON";
    }
  }

  bool expected(const char* what) { return fail(std::string("expected ") + what + ", found " + found()); }

  void skip_ws() {
    while (m_pos < m_text.size()) {
      char c = m_text[m_pos];
      if (c != ' ' && c != '\n' && c != '\r' && c != '\t') break;
      ++m_pos;
    }
  }

  bool literal(std::string_view word) {
    if (m_text.substr(m_pos, word.size()) != word) return fail("invalid JSON literal");
    m_pos += word.size();
    return true;
  }

  bool consume(char c) {
    skip_ws();
    if (m_pos < m_text.size() && m_text[m_pos] == c) {
      ++m_pos;
      return true;
    }
    return false;
  }

  bool hex4(std::uint32_t& v) {
    if (m_pos + 4 > m_text.size()) return fail("truncated \\u escape");
    v = 0;
    for (int i = 0; i < 4; ++i) {
      char c = m_text[m_pos++];
      int d = (c >= '0' && c <= '9')   ? c - '0'
              : (c >= 'a' && c <= 'f') ? c - 'a' + 10
              : (c >= 'A' && c <= 'F') ? c - 'A' + 10
                                       : -1;
      if (d < 0) return fail("invalid \\u escape");
      v = v * 16 + static_cast<std::uint32_t>(d);
    }
    return true;
  }

  // Reads a JSON string (cursor on the opening quote). Invalid UTF-8 and lone surrogates
  // become U+FFFD, as Go's decoder does.
  bool read_string(std::string& out) {
    ++m_pos;
    while (true) {
      std::size_t start = m_pos;
      while (m_pos < m_text.size()) {
        auto c = static_cast<unsigned char>(m_text[m_pos]);
        if (c == '"' || c == '\\' || c < 0x20 || c >= 0x80) break;
        ++m_pos;
      }
      out.append(m_text.data() + start, m_pos - start);
      if (m_pos >= m_text.size()) return fail("unterminated string");
      auto c = static_cast<unsigned char>(m_text[m_pos]);
      if (c == '"') {
        ++m_pos;
        return true;
      }
      if (c < 0x20) return fail("control character in string");
      if (c >= 0x80) {
        std::size_t n = utf8_sequence_length(m_text, m_pos);
        if (n == 0) {
          out += "\xEF\xBF\xBD";
          ++m_pos;
        } else {
          out.append(m_text.data() + m_pos, n);
          m_pos += n;
        }
        continue;
      }
      if (++m_pos >= m_text.size()) return fail("unterminated string");
      char e = m_text[m_pos++];
      switch (e) {
        case '"': out.push_back('"'); break;
        case '\\': out.push_back('\\'); break;
        case '/': out.push_back('/'); break;
        case 'b': out.push_back('\b'); break;
        case 'f': out.push_back('\f'); break;
        case 'n': out.push_back('\n'); break;
        case 'r': out.push_back('\r'); break;
        case 't': out.push_back('\t'); break;
        case 'u': {
          std::uint32_t cp = 0;
          if (!hex4(cp)) return false;
          if (cp >= 0xD800 && cp < 0xDC00 && m_text.substr(m_pos, 2) == "\\u") {
            std::size_t save = m_pos;
            m_pos += 2;
            std::uint32_t lo = 0;
            if (!hex4(lo)) return false;
            if (lo >= 0xDC00 && lo < 0xE000) {
              cp = 0x10000 + ((cp - 0xD800) << 10) + (lo - 0xDC00);
            } else {
              m_pos = save;
              cp = 0xFFFD;
            }
          } else if (cp >= 0xD800 && cp < 0xE000) {
            cp = 0xFFFD;
          }
          util::append_utf8(out, cp);
          break;
        }
        default: return fail("invalid escape in string");
      }
    }
  }

  // A JSON number literal, validated strictly; returns its text.
  bool read_number_text(std::string_view& text) {
    std::size_t start = m_pos;
    if (m_pos < m_text.size() && m_text[m_pos] == '-') ++m_pos;
    auto digits = [&] {
      std::size_t s = m_pos;
      while (m_pos < m_text.size() && m_text[m_pos] >= '0' && m_text[m_pos] <= '9') ++m_pos;
      return m_pos - s;
    };
    std::size_t int_start = m_pos;
    std::size_t n = digits();
    if (n == 0 || (n > 1 && m_text[int_start] == '0')) return fail("invalid number");
    if (m_pos < m_text.size() && m_text[m_pos] == '.') {
      ++m_pos;
      if (digits() == 0) return fail("invalid number");
    }
    if (m_pos < m_text.size() && (m_text[m_pos] == 'e' || m_text[m_pos] == 'E')) {
      ++m_pos;
      if (m_pos < m_text.size() && (m_text[m_pos] == '+' || m_text[m_pos] == '-')) ++m_pos;
      if (digits() == 0) return fail("invalid number");
    }
    text = m_text.substr(start, m_pos - start);
    return true;
  }

  bool decode_string(Value& out) {
    char c = m_text[m_pos];
    if (c == '"') {
      std::string s;
      if (!read_string(s)) return false;
      out = Value::string(std::move(s));
      return true;
    }
    // go-cty leniency: numbers and bools are accepted where a string is expected.
    if (c == 't' || c == 'f') {
      bool b = c == 't';
      if (!literal(b ? "true" : "false")) return false;
      out = Value::string(b ? "true" : "false");
      return true;
    }
    if (c == '-' || (c >= '0' && c <= '9')) {
      std::string_view text;
      if (!read_number_text(text)) return false;
      out = Value::string(std::string(text));
      return true;
    }
    return expected("string");
  }

  bool decode_number(Value& out) {
    char c = m_text[m_pos];
    std::string_view text;
    std::string quoted;
    if (c == '"') {
      if (!read_string(quoted)) return false;
      text = quoted;
    } else if (c == '-' || (c >= '0' && c <= '9')) {
      if (!read_number_text(text)) return false;
    } else {
      return expected("number");
    }
    auto n = Number::parse(text);
    if (!n) return fail("expected number, found \"" + std::string(text.substr(0, 40)) + "\"");
    out = Value::number(std::move(*n));
    return true;
  }

  bool decode_bool(Value& out) {
    char c = m_text[m_pos];
    if (c == 't' || c == 'f') {
      bool b = c == 't';
      if (!literal(b ? "true" : "false")) return false;
      out = Value::boolean(b);
      return true;
    }
    if (c == '"') {
      std::string s;
      if (!read_string(s)) return false;
      if (s == "true" || s == "false") {
        out = Value::boolean(s == "true");
        return true;
      }
      return fail("expected bool, found string \"" + s.substr(0, 40) + "\"");
    }
    return expected("bool");
  }

  bool decode_array(const Type& t, Value& out, int depth) {
    if (m_text[m_pos] != '[') return expected(t.kind() == Kind::Tuple ? "tuple (array)" : "array");
    ++m_pos;
    std::vector<Value> elems;
    const std::vector<Type>* tuple_types = t.kind() == Kind::Tuple ? &t.tuple_elements() : nullptr;
    if (!consume(']')) {
      do {
        std::size_t i = elems.size();
        if (tuple_types && i >= tuple_types->size()) {
          return fail("expected tuple of " + std::to_string(tuple_types->size()) + " elements, found more");
        }
        elems.emplace_back();
        if (!decode(tuple_types ? (*tuple_types)[i] : t.element(), elems.back(), depth + 1)) {
          return t.kind() == Kind::Set ? m_path.set_element() : m_path.index(static_cast<std::int64_t>(i));
        }
      } while (consume(','));
      if (!consume(']')) return fail("expected ',' or ']' in array");
    }
    switch (t.kind()) {
      case Kind::List: out = Value::typed_list(t, std::move(elems)); return true;
      case Kind::Set: out = Value::typed_set(t, std::move(elems)); return true;
      default:
        if (elems.size() != tuple_types->size()) {
          return fail("expected tuple of " + std::to_string(tuple_types->size()) + " elements, found " +
                      std::to_string(elems.size()));
        }
        out = Value::tuple(t, std::move(elems));
        return true;
    }
  }

  // Calls `each(key)` with the cursor on each member's value.
  template <class F>
  bool members(F&& each) {
    if (m_text[m_pos] != '{') return expected("object");
    ++m_pos;
    if (consume('}')) return true;
    do {
      skip_ws();
      if (m_pos >= m_text.size() || m_text[m_pos] != '"') return fail("expected a string key in object");
      std::string key;
      if (!read_string(key) || !consume(':')) return fail("expected ':' after object key");
      if (!each(std::move(key))) return false;
    } while (consume(','));
    if (!consume('}')) return fail("expected ',' or '}' in object");
    return true;
  }

  bool decode_map(const Type& t, Value& out, int depth) {
    std::vector<std::pair<std::string, Value>> entries;
    bool ok = members([&](std::string key) {
      entries.emplace_back(std::move(key), Value());
      if (!decode(t.element(), entries.back().second, depth + 1)) return m_path.key(entries.back().first);
      return true;
    });
    if (!ok) return false;
    out = Value::typed_map(t, std::move(entries));
    return true;
  }

  // A missing attribute is null; an attribute the type lacks is an error (go-cty).
  bool decode_object(const Type& t, Value& out, int depth) {
    const auto& attrs = t.attributes();
    std::vector<Value> vals(attrs.size());
    for (std::size_t i = 0; i < attrs.size(); ++i) vals[i] = Value::null(attrs[i].type);
    bool ok = members([&](const std::string& key) {
      int idx = t.attribute_index(key);
      if (idx < 0) return fail("unsupported attribute \"" + key.substr(0, 64) + "\"");
      auto k = static_cast<std::size_t>(idx);
      if (!decode(attrs[k].type, vals[k], depth + 1)) return m_path.attribute(attrs[k].name);
      return true;
    });
    if (!ok) return false;
    out = Value::object(t, std::move(vals));
    return true;
  }

  // Skips any JSON value, returning its text span (for a "value" seen before its "type").
  bool skip_value(int depth) {
    if (depth > kMaxDepth) return fail("nesting deeper than " + std::to_string(kMaxDepth));
    skip_ws();
    if (m_pos >= m_text.size()) return fail("unexpected end of JSON");
    char c = m_text[m_pos];
    if (c == '"') {
      std::string ignored;
      return read_string(ignored);
    }
    if (c == 't') return literal("true");
    if (c == 'f') return literal("false");
    if (c == 'n') return literal("null");
    if (c == '[') {
      ++m_pos;
      if (consume(']')) return true;
      do {
        if (!skip_value(depth + 1)) return false;
      } while (consume(','));
      return consume(']') || fail("expected ',' or ']' in array");
    }
    if (c == '{') return members([&](const std::string&) { return skip_value(depth + 1); });
    std::string_view ignored;
    return read_number_text(ignored);
  }

  bool decode_dynamic(Value& out, int depth) {
    if (m_text[m_pos] != '{') return expected("{\"value\": ..., \"type\": ...} for a dynamic value");
    Type type;
    bool have_type = false;
    std::size_t value_pos = std::string_view::npos;
    bool ok = members([&](const std::string& key) {
      skip_ws();
      if (key == "type") {
        std::size_t start = m_pos;
        if (!skip_value(depth + 1)) return false;
        std::string_view json = m_text.substr(start, m_pos - start);
        auto cached = m_types.find(std::string(json));
        if (cached == m_types.end()) {
          auto parsed = type_from_json(json);
          if (!parsed) return fail("dynamic value: " + parsed.error().message);
          cached = m_types.emplace(std::string(json), *parsed).first;
        }
        type = cached->second;
        have_type = true;
        return true;
      }
      if (key == "value") {
        value_pos = m_pos;
        return skip_value(depth + 1);
      }
      return fail("dynamic value: unexpected key \"" + key.substr(0, 64) + "\"");
    });
    if (!ok) return false;
    if (!have_type) return fail("dynamic value: missing \"type\"");
    if (value_pos == std::string_view::npos) {
      out = Value::null(type);
      return true;
    }
    std::size_t end = m_pos;
    m_pos = value_pos;
    bool decoded = decode(type, out, depth + 1);
    m_pos = end;
    return decoded;
  }

  std::string_view m_text;
  std::size_t m_pos = 0;
  PathTracker m_path;
  std::string m_error;
  std::unordered_map<std::string, Type> m_types;
};

}  // namespace

Expected<Value> json_decode(std::string_view text, const Type& type) {
  JsonDecoder dec(text);
  Value out;
  if (!dec.decode(type, out, 0) || !dec.finish()) return Error{"cty JSON: " + dec.error()};
  return out;
}

}  // namespace tfc::cty
