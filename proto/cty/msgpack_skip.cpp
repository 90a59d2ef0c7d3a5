// Whether bytes hold one msgpack object, whatever its shape: what tells a response that is not
// msgpack at all from a well-formed value of the wrong type (docs/protocol.md §3.3).
#include <cstdint>

#include "proto/cty/msgpack.hpp"

namespace tfc::cty {
namespace {

/// Skips one msgpack object at `pos`; false when the bytes end early or hold an unused code.
bool skip_msgpack(std::string_view b, std::size_t& pos, int depth) {
  if (depth > kMaxDepth || pos >= b.size()) return false;
  const auto byte = static_cast<std::uint8_t>(b[pos++]);
  auto need = [&](std::size_t n) { return b.size() - pos >= n; };
  auto read_be = [&](int n, std::uint64_t& out) {
    if (!need(static_cast<std::size_t>(n))) return false;
    out = 0;
    for (int i = 0; i < n; ++i) out = (out << 8) | static_cast<std::uint8_t>(b[pos++]);
    return true;
  };
  auto skip_bytes = [&](std::uint64_t n) {
    if (!need(n)) return false;
    pos += n;
    return true;
  };
  auto skip_items = [&](std::uint64_t n) {
    for (std::uint64_t i = 0; i < n; ++i) {
      if (!skip_msgpack(b, pos, depth + 1)) return false;
    }
    return true;
  };
  std::uint64_t n = 0;
  if (byte <= 0x7f || byte >= 0xe0) return true;                              // fixint
  if (byte >= 0x80 && byte <= 0x8f) return skip_items(2ULL * (byte & 0x0f));  // fixmap
  if (byte >= 0x90 && byte <= 0x9f) return skip_items(byte & 0x0f);           // fixarray
  if (byte >= 0xa0 && byte <= 0xbf) return skip_bytes(byte & 0x1f);           // fixstr
  switch (byte) {
    case 0xc0:
    case 0xc2:
    case 0xc3: return true;
    case 0xc4:
    case 0xd9: return read_be(1, n) && skip_bytes(n);
    case 0xc5:
    case 0xda: return read_be(2, n) && skip_bytes(n);
    case 0xc6:
    case 0xdb: return read_be(4, n) && skip_bytes(n);
    case 0xc7: return read_be(1, n) && skip_bytes(n + 1);
    case 0xc8: return read_be(2, n) && skip_bytes(n + 1);
    case 0xc9: return read_be(4, n) && skip_bytes(n + 1);
    case 0xca:
    case 0xce:
    case 0xd2: return skip_bytes(4);
    case 0xcb:
    case 0xcf:
    case 0xd3: return skip_bytes(8);
    case 0xcc:
    case 0xd0: return skip_bytes(1);
    // NOLINTNEXTLINE(bugprone-branch-clone): one row per msgpack format (fixext 1 skips 2 as well)
    case 0xcd:
    case 0xd1: return skip_bytes(2);
    case 0xd4: return skip_bytes(2);
    case 0xd5: return skip_bytes(3);
    case 0xd6: return skip_bytes(5);
    case 0xd7: return skip_bytes(9);
    case 0xd8: return skip_bytes(17);
    case 0xdc: return read_be(2, n) && skip_items(n);
    case 0xdd: return read_be(4, n) && skip_items(n);
    case 0xde: return read_be(2, n) && skip_items(2 * n);
    case 0xdf: return read_be(4, n) && skip_items(2 * n);
    default: return false;  // 0xc1: never used
  }
}

}  // namespace

bool is_well_formed_msgpack(std::string_view bytes) {
  std::size_t pos = 0;
  return skip_msgpack(bytes, pos, 0) && pos == bytes.size();
}

}  // namespace tfc::cty
