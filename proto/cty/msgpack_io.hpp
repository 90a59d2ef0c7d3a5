#pragma once
// Private to proto/cty: msgpack byte-level writing and bounds-checked reading. Headers are
// written in their smallest form, as vmihailenco/msgpack v5 (go-cty's encoder) does.

#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>

namespace tfc::cty::mp {

inline void put_be(std::string& out, std::uint64_t v, int bytes) {
  char buf[8];
  for (int i = bytes - 1; i >= 0; --i) {
    buf[i] = static_cast<char>(v & 0xFF);
    v >>= 8;
  }
  out.append(buf, static_cast<std::size_t>(bytes));
}

inline void put_header(std::string& out, std::uint8_t fix, std::uint8_t fix_limit, std::uint8_t b16, std::uint8_t b32,
                       std::size_t n) {
  if (n < fix_limit) {
    out.push_back(static_cast<char>(fix | n));
  } else if (n <= 0xFFFF) {
    out.push_back(static_cast<char>(b16));
    put_be(out, n, 2);
  } else {
    out.push_back(static_cast<char>(b32));
    put_be(out, n, 4);
  }
}

inline void put_array_header(std::string& out, std::size_t n) { put_header(out, 0x90, 16, 0xdc, 0xdd, n); }
inline void put_map_header(std::string& out, std::size_t n) { put_header(out, 0x80, 16, 0xde, 0xdf, n); }

inline void put_str(std::string& out, std::string_view s) {
  std::size_t n = s.size();
  if (n < 32) {
    out.push_back(static_cast<char>(0xa0 | n));
  } else if (n <= 0xFF) {
    out.push_back(static_cast<char>(0xd9));
    put_be(out, n, 1);
  } else if (n <= 0xFFFF) {
    out.push_back(static_cast<char>(0xda));
    put_be(out, n, 2);
  } else {
    out.push_back(static_cast<char>(0xdb));
    put_be(out, n, 4);
  }
  out.append(s);
}

inline void put_bin(std::string& out, std::string_view s) {
  std::size_t n = s.size();
  if (n <= 0xFF) {
    out.push_back(static_cast<char>(0xc4));
    put_be(out, n, 1);
  } else if (n <= 0xFFFF) {
    out.push_back(static_cast<char>(0xc5));
    put_be(out, n, 2);
  } else {
    out.push_back(static_cast<char>(0xc6));
    put_be(out, n, 4);
  }
  out.append(s);
}

inline void put_int(std::string& out, std::int64_t v) {
  if (v >= 0) {
    auto u = static_cast<std::uint64_t>(v);
    if (u <= 0x7F) {
      out.push_back(static_cast<char>(u));
    } else if (u <= 0xFF) {
      out.push_back(static_cast<char>(0xcc));
      put_be(out, u, 1);
    } else if (u <= 0xFFFF) {
      out.push_back(static_cast<char>(0xcd));
      put_be(out, u, 2);
    } else if (u <= 0xFFFFFFFFu) {
      out.push_back(static_cast<char>(0xce));
      put_be(out, u, 4);
    } else {
      out.push_back(static_cast<char>(0xcf));
      put_be(out, u, 8);
    }
    return;
  }
  auto u = static_cast<std::uint64_t>(v);
  if (v >= -32) {
    out.push_back(static_cast<char>(u & 0xFF));
  } else if (v >= -128) {
    out.push_back(static_cast<char>(0xd0));
    put_be(out, u, 1);
  } else if (v >= -32768) {
    out.push_back(static_cast<char>(0xd1));
    put_be(out, u, 2);
  } else if (v >= -2147483648LL) {
    out.push_back(static_cast<char>(0xd2));
    put_be(out, u, 4);
  } else {
    out.push_back(static_cast<char>(0xd3));
    put_be(out, u, 8);
  }
}

inline void put_float64(std::string& out, double d) {
  std::uint64_t bits = 0;
  std::memcpy(&bits, &d, sizeof bits);
  out.push_back(static_cast<char>(0xcb));
  put_be(out, bits, 8);
}

/// The smallest ext header for a payload of `n` bytes, then the type byte.
inline void put_ext_header(std::string& out, std::int8_t type, std::size_t n) {
  switch (n) {
    case 1: out.push_back(static_cast<char>(0xd4)); break;
    case 2: out.push_back(static_cast<char>(0xd5)); break;
    case 4: out.push_back(static_cast<char>(0xd6)); break;
    case 8: out.push_back(static_cast<char>(0xd7)); break;
    case 16: out.push_back(static_cast<char>(0xd8)); break;
    default:
      if (n <= 0xFF) {
        out.push_back(static_cast<char>(0xc7));
        put_be(out, n, 1);
      } else if (n <= 0xFFFF) {
        out.push_back(static_cast<char>(0xc8));
        put_be(out, n, 2);
      } else {
        out.push_back(static_cast<char>(0xc9));
        put_be(out, n, 4);
      }
  }
  out.push_back(static_cast<char>(type));
}

/// A short name for the msgpack family starting with byte `b`, for error messages.
inline const char* family_name(std::uint8_t b) {
  if (b <= 0x7f || b >= 0xe0 || (b >= 0xcc && b <= 0xd3)) return "integer";
  if (b <= 0x8f || b == 0xde || b == 0xdf) return "map";
  if (b <= 0x9f || b == 0xdc || b == 0xdd) return "array";
  if (b <= 0xbf || (b >= 0xd9 && b <= 0xdb)) return "string";
  switch (b) {
    case 0xc0: return "nil";
    case 0xc2:
    case 0xc3: return "bool";
    case 0xc4:
    case 0xc5:
    case 0xc6: return "binary";
    case 0xca:
    case 0xcb: return "float";
    case 0xc1: return "the reserved byte c1";
    default: return "extension";
  }
}

inline bool is_ext(std::uint8_t b) { return (b >= 0xd4 && b <= 0xd8) || (b >= 0xc7 && b <= 0xc9); }

}  // namespace tfc::cty::mp
