// cty msgpack decoding, liberal in what it accepts (docs/protocol.md §3.3-§3.4), safe on hostile input:
// every read is bounds-checked, nesting is limited to kMaxDepth, and no allocation is sized by
// a length field larger than the bytes that remain.
#include <cmath>
#include <cstring>
#include <unordered_map>

#include "proto/cty/msgpack.hpp"
#include "proto/cty/msgpack_io.hpp"
#include "proto/cty/path_tracker.hpp"
#include "proto/cty/type_json.hpp"

namespace tfc::cty {

namespace {

// go-cty refuses refinement payloads above this size (docs/protocol.md §3.4).
constexpr std::size_t kMaxRefinementPayload = 1024;

class Decoder {
public:
  Decoder(const std::uint8_t* p, const std::uint8_t* end) : m_p(p), m_end(end) {}

  bool decode(const Type& t, Value& out, int depth) {
    if (depth > kMaxDepth) return fail("nesting deeper than " + std::to_string(kMaxDepth));
    if (m_p >= m_end) return fail("unexpected end of input");
    std::uint8_t b = *m_p;
    if (mp::is_ext(b)) return decode_unknown(t, out);
    if (b == 0xc0) {
      ++m_p;
      out = Value::null(t);
      return true;
    }
    switch (t.kind()) {
      case Kind::String: {
        std::string_view s;
        if (!read_str(s, true)) return expected("string");
        out = Value::string(std::string(s));
        return true;
      }
      case Kind::Number: {
        Number n;
        if (!read_number(n)) return false;
        out = Value::number(std::move(n));
        return true;
      }
      case Kind::Bool:
        if (b != 0xc2 && b != 0xc3) return expected("bool");
        ++m_p;
        out = Value::boolean(b == 0xc3);
        return true;
      case Kind::List:
      case Kind::Set: return decode_collection(t, out, depth);
      case Kind::Map: return decode_map(t, out, depth);
      case Kind::Tuple: return decode_tuple(t, out, depth);
      case Kind::Object: return decode_object(t, out, depth);
      case Kind::Dynamic: return decode_dynamic(out, depth);
    }
    return fail("invalid type");
  }

  bool at_end() const { return m_p == m_end; }
  std::size_t offset(const std::uint8_t* start) const { return static_cast<std::size_t>(m_p - start); }
  const std::string& error() const { return m_error; }
  bool fail(const std::string& what) {
    m_error = what;
    return false;
  }
  std::string full_error() const { return m_path.prefix() + m_error; }

private:
  bool expected(const char* what) {
    std::string found = m_p < m_end ? mp::family_name(*m_p) : "end of input";
    return fail(std::string("expected ") + what + ", found " + found);
  }

  std::size_t remaining() const { return static_cast<std::size_t>(m_end - m_p); }

  bool read_be(std::size_t n, std::uint64_t& v) {
    if (remaining() < n) return false;
    v = 0;
    for (std::size_t i = 0; i < n; ++i) v = (v << 8) | m_p[i];
    m_p += n;
    return true;
  }

  // Reads str (and, when allow_bin, bin) into a view of the input.
  bool read_str(std::string_view& s, bool allow_bin) {
    std::uint8_t b = *m_p;
    std::uint64_t n = 0;
    const std::uint8_t* save = m_p;
    ++m_p;
    bool ok = true;
    if (b >= 0xa0 && b <= 0xbf)
      n = b & 0x1f;
    else if (b == 0xd9 || (allow_bin && b == 0xc4))
      ok = read_be(1, n);
    else if (b == 0xda || (allow_bin && b == 0xc5))
      ok = read_be(2, n);
    else if (b == 0xdb || (allow_bin && b == 0xc6))
      ok = read_be(4, n);
    else
      ok = false;
    if (!ok || n > remaining()) {
      m_p = save;
      return false;
    }
    s = std::string_view(reinterpret_cast<const char*>(m_p), n);
    m_p += n;
    return true;
  }

  bool read_container_header(std::uint8_t fix_base, std::uint8_t b16, std::uint8_t b32, std::uint64_t& n) {
    std::uint8_t b = *m_p;
    const std::uint8_t* save = m_p;
    ++m_p;
    bool ok = true;
    if ((b & 0xf0) == fix_base)
      n = b & 0x0f;
    else if (b == b16)
      ok = read_be(2, n);
    else if (b == b32)
      ok = read_be(4, n);
    else
      ok = false;
    if (!ok) m_p = save;
    return ok;
  }

  // Every element takes at least one byte: a larger count is a lie, refused before allocating.
  bool check_count(std::uint64_t n, std::uint64_t bytes_per_item) {
    if (n * bytes_per_item > remaining())
      return fail("truncated input: count " + std::to_string(n) + " exceeds the remaining bytes");
    return true;
  }

  bool read_number(Number& n) {
    std::uint8_t b = *m_p;
    if (b <= 0x7f || b >= 0xe0) {
      ++m_p;
      n = Number(static_cast<std::int64_t>(static_cast<std::int8_t>(b)));
      return true;
    }
    std::uint64_t v = 0;
    const std::uint8_t* save = m_p;
    ++m_p;
    auto truncated = [&] {
      m_p = save;
      return fail("truncated number");
    };
    switch (b) {
      case 0xcc:
      case 0xcd:
      case 0xce:
      case 0xcf: {
        if (!read_be(std::size_t{1} << (b - 0xcc), v)) return truncated();
        if (v > static_cast<std::uint64_t>(INT64_MAX))
          n = *Number::parse(std::to_string(v));
        else
          n = Number(static_cast<std::int64_t>(v));
        return true;
      }
      case 0xd0:
      case 0xd1:
      case 0xd2:
      case 0xd3: {
        std::size_t bytes = std::size_t{1} << (b - 0xd0);
        if (!read_be(bytes, v)) return truncated();
        int shift = static_cast<int>(64 - 8 * bytes);
        n = Number(static_cast<std::int64_t>(v << shift) >> shift);
        return true;
      }
      case 0xca: {
        if (!read_be(4, v)) return truncated();
        float f = 0;
        auto bits = static_cast<std::uint32_t>(v);
        std::memcpy(&f, &bits, sizeof f);
        return make_number(static_cast<double>(f), n);
      }
      case 0xcb: {
        if (!read_be(8, v)) return truncated();
        double d = 0;
        std::memcpy(&d, &v, sizeof d);
        return make_number(d, n);
      }
      default: break;
    }
    m_p = save;
    std::string_view s;
    if (read_str(s, false)) {
      auto parsed = Number::parse(s);
      if (!parsed) return fail("expected number, found string \"" + std::string(s.substr(0, 40)) + "\"");
      n = std::move(*parsed);
      return true;
    }
    return expected("number");
  }

  bool make_number(double d, Number& n) {
    if (std::isnan(d)) return fail("NaN is not a cty number");
    n = Number(d);
    return true;
  }

  bool decode_collection(const Type& t, Value& out, int depth) {
    std::uint64_t n = 0;
    if (!read_container_header(0x90, 0xdc, 0xdd, n)) return expected(t.kind() == Kind::List ? "list" : "set");
    if (!check_count(n, 1)) return false;
    std::vector<Value> elems(n);
    bool is_list = t.kind() == Kind::List;
    const Type& et = t.element();
    for (std::uint64_t i = 0; i < n; ++i) {
      if (!decode(et, elems[i], depth + 1))
        return is_list ? m_path.index(static_cast<std::int64_t>(i)) : m_path.set_element();
    }
    out = is_list ? Value::typed_list(t, std::move(elems)) : Value::typed_set(t, std::move(elems));
    return true;
  }

  bool decode_map(const Type& t, Value& out, int depth) {
    std::uint64_t n = 0;
    if (!read_container_header(0x80, 0xde, 0xdf, n)) return expected("map");
    if (!check_count(n, 2)) return false;
    std::vector<std::pair<std::string, Value>> entries(n);
    for (std::uint64_t i = 0; i < n; ++i) {
      std::string_view key;
      if (m_p >= m_end || !read_str(key, true)) return expected("string map key");
      entries[i].first.assign(key);
      if (!decode(t.element(), entries[i].second, depth + 1)) return m_path.key(key);
    }
    out = Value::typed_map(t, std::move(entries));
    return true;
  }

  bool decode_tuple(const Type& t, Value& out, int depth) {
    std::uint64_t n = 0;
    if (!read_container_header(0x90, 0xdc, 0xdd, n)) return expected("tuple (array)");
    const auto& types = t.tuple_elements();
    if (n != types.size()) {
      return fail("expected tuple of " + std::to_string(types.size()) + " elements, found " + std::to_string(n));
    }
    std::vector<Value> elems(n);
    for (std::size_t i = 0; i < n; ++i) {
      if (!decode(types[i], elems[i], depth + 1)) return m_path.index(static_cast<std::int64_t>(i));
    }
    out = Value::tuple(t, std::move(elems));
    return true;
  }

  // Objects must list exactly their attributes. go-cty decodes an empty map as the empty
  // object whatever the type, which then fails type conformance; we report that at once.
  bool decode_object(const Type& t, Value& out, int depth) {
    std::uint64_t n = 0;
    if (!read_container_header(0x80, 0xde, 0xdf, n)) return expected("object (map)");
    const auto& attrs = t.attributes();
    if (n != attrs.size()) {
      return fail("expected object with " + std::to_string(attrs.size()) + " attributes, found map with " +
                  std::to_string(n) + " entries");
    }
    std::vector<Value> vals(n);
    // Attributes seen so far: a bit set on the stack for ordinary objects.
    std::uint64_t seen_small = 0;
    std::vector<bool> seen_large(n > 64 ? n : 0, false);
    for (std::size_t i = 0; i < n; ++i) {
      std::string_view key;
      if (m_p >= m_end || !read_str(key, true)) return expected("string attribute name");
      // Go writes attributes sorted, so the i-th key is usually the i-th attribute.
      int idx = attrs[i].name == key ? static_cast<int>(i) : t.attribute_index(key);
      if (idx < 0) return fail("unsupported attribute \"" + std::string(key.substr(0, 64)) + "\"");
      auto k = static_cast<std::size_t>(idx);
      bool dup = n > 64 ? seen_large[k] : ((seen_small >> k) & 1u) != 0;
      if (dup) return fail("duplicate attribute \"" + std::string(key) + "\"");
      if (n > 64)
        seen_large[k] = true;
      else
        seen_small |= std::uint64_t{1} << k;
      if (!decode(attrs[k].type, vals[k], depth + 1)) return m_path.attribute(attrs[k].name);
    }
    out = Value::object(t, std::move(vals));
    return true;
  }

  // Ext first (unknown), then nil (null): both handled by decode(); here only the wrapper.
  bool decode_dynamic(Value& out, int depth) {
    std::uint64_t n = 0;
    if (!read_container_header(0x90, 0xdc, 0xdd, n) || n != 2) {
      return expected("dynamic value as [type JSON, value]");
    }
    std::string_view json;
    if (m_p >= m_end || !read_str(json, true)) return expected("type JSON (bin or str) in a dynamic value");
    auto cached = m_types.find(json);
    if (cached == m_types.end()) {
      auto type = type_from_json(json);
      if (!type) return fail("dynamic value: " + type.error().message);
      cached = m_types.emplace(std::string(json), std::move(*type)).first;
    }
    Type concrete = cached->second;
    return decode(concrete, out, depth + 1);
  }

  bool read_ext(std::int8_t& type, std::string_view& payload) {
    std::uint8_t b = *m_p;
    const std::uint8_t* save = m_p;
    ++m_p;
    std::uint64_t n = 0;
    bool ok = true;
    if (b >= 0xd4 && b <= 0xd8)
      n = std::uint64_t{1} << (b - 0xd4);
    else if (b == 0xc7)
      ok = read_be(1, n);
    else if (b == 0xc8)
      ok = read_be(2, n);
    else if (b == 0xc9)
      ok = read_be(4, n);
    else
      ok = false;
    if (!ok || remaining() < 1 + n) {
      m_p = save;
      return fail("truncated extension");
    }
    type = static_cast<std::int8_t>(*m_p++);
    payload = std::string_view(reinterpret_cast<const char*>(m_p), n);
    m_p += n;
    return true;
  }

  bool decode_unknown(const Type& t, Value& out) {
    std::int8_t ext = 0;
    std::string_view payload;
    if (!read_ext(ext, payload)) return false;
    if (payload.size() <= 1 || ext != 12 || t.is_dynamic()) {
      out = Value::unknown(t);
      return true;
    }
    if (payload.size() > kMaxRefinementPayload) return fail("refinement payload larger than 1024 bytes");
    return decode_refinements(t, payload, out);
  }

  bool decode_refinements(const Type& t, std::string_view payload, Value& out);
  bool skip(int depth);

  const std::uint8_t* m_p;
  const std::uint8_t* m_end;
  PathTracker m_path;
  std::string m_error;
  struct ViewHash {
    using is_transparent = void;
    std::size_t operator()(std::string_view s) const noexcept { return std::hash<std::string_view>{}(s); }
  };
  std::unordered_map<std::string, Type, ViewHash, std::equal_to<>> m_types;
};

// Skips one msgpack object of any kind (an unknown refinement key's value).
bool Decoder::skip(int depth) {
  if (depth > kMaxDepth) return fail("nesting deeper than " + std::to_string(kMaxDepth));
  if (m_p >= m_end) return fail("unexpected end of input");
  std::uint8_t b = *m_p;
  std::uint64_t n = 0;
  if (mp::is_ext(b)) {
    std::int8_t ext = 0;
    std::string_view payload;
    return read_ext(ext, payload);
  }
  if (b == 0xc0 || b == 0xc2 || b == 0xc3) {
    ++m_p;
    return true;
  }
  if ((b & 0xf0) == 0x90 || b == 0xdc || b == 0xdd) {
    if (!read_container_header(0x90, 0xdc, 0xdd, n) || !check_count(n, 1)) return fail("truncated array");
    for (std::uint64_t i = 0; i < n; ++i) {
      if (!skip(depth + 1)) return false;
    }
    return true;
  }
  if ((b & 0xf0) == 0x80 || b == 0xde || b == 0xdf) {
    if (!read_container_header(0x80, 0xde, 0xdf, n) || !check_count(n, 2)) return fail("truncated map");
    for (std::uint64_t i = 0; i < 2 * n; ++i) {
      if (!skip(depth + 1)) return false;
    }
    return true;
  }
  std::string_view s;
  if (read_str(s, true)) return true;
  Number ignored;
  return read_number(ignored);
}

bool Decoder::decode_refinements(const Type& t, std::string_view payload, Value& out) {
  const auto* p = reinterpret_cast<const std::uint8_t*>(payload.data());
  Decoder sub(p, p + payload.size());
  auto bad = [&](const std::string& what) { return fail("refinements of " + t.friendly_name() + ": " + what); };
  std::uint64_t n = 0;
  if (!sub.read_container_header(0x80, 0xde, 0xdf, n) || !sub.check_count(n, 2)) return bad("expected a map");
  Refinements r;
  bool definitely_null = false;
  for (std::uint64_t i = 0; i < n; ++i) {
    Number key_number;
    if (sub.m_p >= sub.m_end || !sub.read_number(key_number)) return bad("expected an integer key");
    auto key = key_number.to_int64().value_or(-1);
    if (sub.m_p >= sub.m_end) return bad("truncated");
    switch (key) {
      case 1: {
        std::uint8_t b = *sub.m_p++;
        if (b != 0xc2 && b != 0xc3) return bad("nullness must be a bool");
        definitely_null = b == 0xc3;
        r.not_null = b == 0xc2;
        break;
      }
      case 2: {
        std::string_view prefix;
        if (t.kind() != Kind::String) return bad("a string prefix only refines strings");
        if (!sub.read_str(prefix, true)) return bad("string prefix must be a string");
        r.string_prefix = std::string(prefix);
        break;
      }
      case 3:
      case 4: {
        std::uint64_t len = 0;
        if (t.kind() != Kind::Number) return bad("number bounds only refine numbers");
        if (!sub.read_container_header(0x90, 0xdc, 0xdd, len) || len != 2) return bad("a bound must be [number, bool]");
        NumberBound bound;
        if (sub.m_p >= sub.m_end || !sub.read_number(bound.value)) return bad("a bound must be [number, bool]");
        if (sub.m_p >= sub.m_end || (*sub.m_p != 0xc2 && *sub.m_p != 0xc3))
          return bad("a bound must be [number, bool]");
        bound.inclusive = *sub.m_p++ == 0xc3;
        (key == 3 ? r.number_lower : r.number_upper) = bound;
        break;
      }
      case 5:
      case 6: {
        Number len;
        if (!t.is_collection()) return bad("length bounds only refine collections");
        if (!sub.read_number(len) || !len.to_int64() || *len.to_int64() < 0)
          return bad("a length bound must be a non-negative integer");
        (key == 5 ? r.length_lower : r.length_upper) = static_cast<std::uint64_t>(*len.to_int64());
        break;
      }
      default:
        if (!sub.skip(0)) return bad(sub.error());
    }
  }
  // Trailing bytes after the map are ignored, as go-cty does.
  out = definitely_null ? Value::null(t) : Value::unknown(t, std::move(r));
  return true;
}

}  // namespace

Expected<Value> msgpack_decode(std::string_view bytes, const Type& type) {
  const auto* start = reinterpret_cast<const std::uint8_t*>(bytes.data());
  Decoder dec(start, start + bytes.size());
  Value out;
  if (!dec.decode(type, out, 0)) return Error{"msgpack: " + dec.full_error()};
  if (!dec.at_end()) {
    return Error{"msgpack: " + std::to_string(bytes.size() - dec.offset(start)) + " trailing bytes after the value"};
  }
  return out;
}

}  // namespace tfc::cty
