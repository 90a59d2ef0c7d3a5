// cty msgpack encoding, byte-for-byte as go-cty HEAD (docs/protocol.md §3.3-§3.4).
#include <cmath>

#include "proto/cty/msgpack.hpp"
#include "proto/cty/msgpack_io.hpp"
#include "proto/cty/path_tracker.hpp"
#include "proto/cty/type_json.hpp"

namespace tfc::cty {

namespace {

// go-cty truncates longer string-prefix refinements (docs/protocol.md §3.4).
constexpr std::size_t kMaxPrefixBytes = 256;

// Number rules 1-4 of docs/protocol.md §3.3 ("go-cty HEAD").
void put_number(std::string& out, const Number& n) {
  if (n.is_infinite()) {
    mp::put_float64(out, n.to_double_approx());
    return;
  }
  if (auto i = n.to_int64()) {
    mp::put_int(out, *i);
    return;
  }
  if (!n.is_integer()) {
    if (auto d = n.to_exact_double()) {
      mp::put_float64(out, *d);
      return;
    }
  }
  if (n.is_decimal()) {
    mp::put_str(out, std::get<std::string>(n.repr()));  // already canonical: no copy
    return;
  }
  mp::put_str(out, n.canonical());
}

// Cuts a prefix to at most 255 bytes without splitting a UTF-8 sequence.
std::string_view truncate_prefix(std::string_view p) {
  if (p.size() <= kMaxPrefixBytes) return p;
  std::size_t n = kMaxPrefixBytes - 1;
  while (n > 0 && (static_cast<unsigned char>(p[n]) & 0xC0) == 0x80) --n;
  return p.substr(0, n);
}

void put_unknown(std::string& out, const Type& type, const Refinements& r) {
  std::string payload;
  std::size_t entries = 0;
  if (r.not_null) {
    ++entries;
    payload += "\x01\xc2";
  }
  if (type.kind() == Kind::String && r.string_prefix && !r.string_prefix->empty()) {
    ++entries;
    payload.push_back(0x02);
    mp::put_str(payload, truncate_prefix(*r.string_prefix));
  }
  if (type.kind() == Kind::Number) {
    auto bound = [&](char key, const std::optional<NumberBound>& b) {
      if (!b || b->value.is_infinite()) return;
      ++entries;
      payload.push_back(key);
      payload.push_back(static_cast<char>(0x92));
      put_number(payload, b->value);
      payload.push_back(static_cast<char>(b->inclusive ? 0xc3 : 0xc2));
    };
    bound(0x03, r.number_lower);
    bound(0x04, r.number_upper);
  }
  if (type.is_collection()) {
    if (r.length_lower && *r.length_lower > 0) {
      ++entries;
      payload.push_back(0x05);
      mp::put_int(payload, static_cast<std::int64_t>(*r.length_lower));
    }
    if (r.length_upper) {
      ++entries;
      payload.push_back(0x06);
      mp::put_int(payload, static_cast<std::int64_t>(*r.length_upper));
    }
  }
  if (entries == 0 || type.is_dynamic()) {
    out += std::string_view("\xd4\x00\x00", 3);
    return;
  }
  std::string header;
  mp::put_map_header(header, entries);
  mp::put_ext_header(out, 12, header.size() + payload.size());
  out += header;
  out += payload;
}

class Encoder {
public:
  explicit Encoder(std::string& out) : m_out(out) {}

  bool encode(const Value& v, const Type& t) {
    if (t.is_dynamic()) return encode_dynamic(v);
    if (!v.is_known()) {
      if (!type_fits(v.type(), t)) return mismatch(v, t);
      put_unknown(m_out, t, v.refinements());
      return true;
    }
    if (v.is_null()) {
      m_out.push_back(static_cast<char>(0xc0));
      return true;
    }
    if (v.type().kind() != t.kind()) return mismatch(v, t);
    switch (t.kind()) {
      case Kind::String: mp::put_str(m_out, v.as_string()); return true;
      case Kind::Number: put_number(m_out, v.as_number()); return true;
      case Kind::Bool: m_out.push_back(static_cast<char>(v.as_bool() ? 0xc3 : 0xc2)); return true;
      case Kind::List:
      case Kind::Set: {
        const auto& elems = v.elements();
        mp::put_array_header(m_out, elems.size());
        if (elems.size() > 1) elems[1].prefetch();
        bool is_list = t.kind() == Kind::List;
        for (std::size_t i = 0; i < elems.size(); ++i) {
          if (i + 2 < elems.size()) elems[i + 2].prefetch();
          if (!encode(elems[i], t.element())) {
            return is_list ? m_path.index(static_cast<std::int64_t>(i)) : m_path.set_element();
          }
        }
        return true;
      }
      case Kind::Map: {
        const auto& entries = v.map_entries();
        mp::put_map_header(m_out, entries.size());
        if (entries.size() > 1) entries[1].second.prefetch();
        for (const auto& [key, val] : entries) {
          mp::put_str(m_out, key);
          if (!encode(val, t.element())) return m_path.key(key);
        }
        return true;
      }
      case Kind::Tuple: {
        const auto& elems = v.elements();
        const auto& types = t.tuple_elements();
        if (elems.size() != types.size()) return mismatch(v, t);
        mp::put_array_header(m_out, elems.size());
        for (std::size_t i = 0; i < elems.size(); ++i) {
          if (!encode(elems[i], types[i])) return m_path.index(static_cast<std::int64_t>(i));
        }
        return true;
      }
      case Kind::Object: {
        const auto& want = t.attributes();
        const auto& have = v.type().attributes();
        const auto& vals = v.attribute_values();
        if (want.size() != have.size()) return mismatch(v, t);
        // The value usually shares the schema's type: then the names match by construction.
        bool same = &want == &have;
        mp::put_map_header(m_out, want.size());
        if (vals.size() > 1) vals[1].prefetch();
        for (std::size_t i = 0; i < want.size(); ++i) {
          if (i + 2 < want.size()) vals[i + 2].prefetch();
          if (!same && want[i].name != have[i].name) return mismatch(v, t);
          mp::put_str(m_out, want[i].name);
          if (!encode(vals[i], want[i].type)) return m_path.attribute(want[i].name);
        }
        return true;
      }
      case Kind::Dynamic: break;
    }
    return true;
  }

  std::string error() const { return m_path.prefix() + m_error; }

private:
  bool encode_dynamic(const Value& v) {
    if (v.type().is_dynamic()) {
      if (!v.is_known()) {
        out_raw("\xd4\x00\x00", 3);
        return true;
      }
      if (v.is_null()) {
        m_out.push_back(static_cast<char>(0xc0));
        return true;
      }
    }
    m_out.push_back(static_cast<char>(0x92));
    const Type& t = v.type();
    // Type JSON of a hot position repeats: cache the last one by identity.
    if (!(m_last_type == t)) {
      m_last_type = t;
      m_last_json = type_to_json(t);
    }
    mp::put_bin(m_out, m_last_json);
    return encode(v, t);
  }

  void out_raw(const char* s, std::size_t n) { m_out.append(s, n); }

  static bool type_fits(const Type& have, const Type& want) { return have.kind() == want.kind() || have.is_dynamic(); }

  bool mismatch(const Value& v, const Type& t) {
    m_error = "value of type " + v.type().friendly_name() + " does not conform to " + t.friendly_name();
    return false;
  }

  std::string& m_out;
  PathTracker m_path;
  std::string m_error;
  Type m_last_type;
  std::string m_last_json = "\"dynamic\"";
};

}  // namespace

Expected<std::string> msgpack_encode(const Value& value, const Type& type) {
  std::string out;
  Encoder enc(out);
  if (!enc.encode(value, type)) return Error{"msgpack encode: " + enc.error()};
  return out;
}

}  // namespace tfc::cty
