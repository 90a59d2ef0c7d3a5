#include "conformance/suite/replay_token.hpp"

#include <cstdint>
#include <cstdio>
#include <iterator>

namespace tfc::conformance {
namespace {

/// Set in the kind byte of a case of the extreme-values phase (the token does not grow); the
/// kind codes (rows of case_kinds.inc) stay below it.
constexpr std::uint8_t kExtremeBit = 8;
static_assert(std::size(kCaseKinds) <= kExtremeBit, "case_kinds.inc: at most 8 kinds fit a replay token");

/// The token code of a kind: its row in case_kinds.inc.
std::uint8_t kind_code(CaseKind kind) { return static_cast<std::uint8_t>(kind_index(kind)); }

constexpr std::string_view kBase64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

class BitWriter {
public:
  void bit(bool b) {
    if (m_used % 8 == 0) m_bytes.push_back(0);
    if (b) m_bytes.back() = static_cast<std::uint8_t>(m_bytes.back() | (0x80U >> (m_used % 8)));
    ++m_used;
  }
  void byte(std::uint8_t b) {
    for (int i = 7; i >= 0; --i) bit(((b >> i) & 1U) != 0);
  }
  void varint(std::uint64_t v) {
    while (v >= 0x80) {
      byte(static_cast<std::uint8_t>(0x80 | (v & 0x7f)));
      v >>= 7;
    }
    byte(static_cast<std::uint8_t>(v));
  }
  void gamma(std::uint64_t x) {  // x >= 1
    int bits = 0;
    while ((x >> bits) > 1) ++bits;
    for (int i = 0; i < bits; ++i) bit(false);
    for (int i = bits; i >= 0; --i) bit(((x >> i) & 1U) != 0);
  }
  const std::vector<std::uint8_t>& bytes() const { return m_bytes; }

private:
  std::vector<std::uint8_t> m_bytes;
  std::size_t m_used = 0;
};

class BitReader {
public:
  explicit BitReader(std::vector<std::uint8_t> bytes) : m_bytes(std::move(bytes)) {}
  bool bit(bool& out) {
    if (m_pos >= m_bytes.size() * 8) return false;
    out = ((m_bytes[m_pos / 8] >> (7 - m_pos % 8)) & 1U) != 0;
    ++m_pos;
    return true;
  }
  bool byte(std::uint8_t& out) {
    out = 0;
    for (int i = 0; i < 8; ++i) {
      bool b = false;
      if (!bit(b)) return false;
      out = static_cast<std::uint8_t>((out << 1) | (b ? 1 : 0));
    }
    return true;
  }
  bool varint(std::uint64_t& out) {
    out = 0;
    for (int shift = 0; shift < 64; shift += 7) {
      std::uint8_t b = 0;
      if (!byte(b)) return false;
      out |= static_cast<std::uint64_t>(b & 0x7f) << shift;
      if ((b & 0x80) == 0) return true;
    }
    return false;
  }
  bool gamma(std::uint64_t& out) {
    int zeros = 0;
    bool b = false;
    while (true) {
      if (!bit(b) || zeros > 40) return false;
      if (b) break;
      ++zeros;
    }
    out = 1;
    for (int i = 0; i < zeros; ++i) {
      if (!bit(b)) return false;
      out = (out << 1) | (b ? 1 : 0);
    }
    return true;
  }
  /// Only the zero padding of the last byte is left.
  bool at_padding() const {
    if (m_bytes.size() * 8 - m_pos >= 8) return false;
    for (std::size_t p = m_pos; p < m_bytes.size() * 8; ++p) {
      if (((m_bytes[p / 8] >> (7 - p % 8)) & 1U) != 0) return false;
    }
    return true;
  }

private:
  std::vector<std::uint8_t> m_bytes;
  std::size_t m_pos = 0;
};

std::string base64url(const std::vector<std::uint8_t>& bytes) {
  std::string out;
  std::uint32_t acc = 0;
  int bits = 0;
  for (std::uint8_t b : bytes) {
    acc = (acc << 8) | b;
    bits += 8;
    while (bits >= 6) {
      bits -= 6;
      out += kBase64[(acc >> bits) & 63U];
    }
  }
  if (bits > 0) out += kBase64[(acc << (6 - bits)) & 63U];
  return out;
}

bool from_base64url(std::string_view text, std::vector<std::uint8_t>& out) {
  std::uint32_t acc = 0;
  int bits = 0;
  for (char c : text) {
    const auto v = kBase64.find(c);
    if (v == std::string_view::npos) return false;
    acc = (acc << 6) | static_cast<std::uint32_t>(v);
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out.push_back(static_cast<std::uint8_t>((acc >> bits) & 0xffU));
    }
  }
  return true;
}

Expected<ReplayToken> parse_v3(std::string_view text, const std::string& quoted) {
  std::vector<std::uint8_t> bytes;
  if (!from_base64url(text.substr(3), bytes)) return Error{quoted + ": not URL-safe base64 after \"v3.\""};
  BitReader in(std::move(bytes));
  ReplayToken t;
  std::uint8_t kind = 0;
  std::uint64_t index = 0, case_index = 0, cases = 0, count = 0;
  if (!in.byte(kind)) return Error{quoted + ": bad kind"};
  t.extreme = (kind & kExtremeBit) != 0;
  kind = static_cast<std::uint8_t>(kind & ~kExtremeBit);
  if (kind >= std::size(kCaseKinds)) return Error{quoted + ": bad kind"};
  t.kind = kCaseKinds[kind];
  if (!in.varint(index) || index > 1000000) return Error{quoted + ": bad type index"};
  t.type_index = static_cast<std::size_t>(index);
  for (int i = 0; i < 8; ++i) {
    std::uint8_t b = 0;
    if (!in.byte(b)) return Error{quoted + ": the seed is cut short"};
    t.seed = (t.seed << 8) | b;
  }
  if (!in.varint(case_index)) return Error{quoted + ": bad case index"};
  if (!in.varint(cases) || cases < 1 || cases > 100000) return Error{quoted + ": bad case count"};
  if (case_index >= cases) return Error{quoted + ": bad case index"};
  t.cases = static_cast<std::size_t>(cases);
  t.index = static_cast<std::size_t>(case_index);
  // Runs: (zeros before it + 1, index) pairs, then the zeros after the last pair + 1.
  if (!in.gamma(count) || count - 1 > 100000) return Error{quoted + ": bad shrink path length"};
  auto zeros = [&](std::uint64_t run) {
    if (run - 1 > 100000 || t.shrink_path.size() + run - 1 > 100000) return false;
    t.shrink_path.insert(t.shrink_path.end(), static_cast<std::size_t>(run - 1), 0);
    return true;
  };
  for (std::uint64_t i = 1; i < count; ++i) {
    std::uint64_t run = 0, step = 0;
    if (!in.gamma(run) || !in.gamma(step)) return Error{quoted + ": the shrink path is cut short"};
    if (!zeros(run)) return Error{quoted + ": bad shrink path length"};
    t.shrink_path.push_back(static_cast<std::size_t>(step));
  }
  std::uint64_t tail = 0;
  if (!in.gamma(tail) || !zeros(tail)) return Error{quoted + ": the shrink path is cut short"};
  if (!in.at_padding()) return Error{quoted + ": unexpected data after the shrink path"};
  return t;
}

}  // namespace

std::string format_token(const ReplayToken& t) {
  BitWriter out;
  out.byte(static_cast<std::uint8_t>(kind_code(t.kind) | (t.extreme ? kExtremeBit : 0)));
  out.varint(t.type_index);
  for (int i = 7; i >= 0; --i) out.byte(static_cast<std::uint8_t>(t.seed >> (i * 8)));
  out.varint(t.index);
  out.varint(t.cases);
  // Shrinking mostly takes the first candidate: the path is written as runs of zeros, each
  // ended by the non-zero index that follows it.
  std::vector<std::pair<std::uint64_t, std::uint64_t>> runs;  // zeros before, index (>= 1)
  std::uint64_t zeros = 0;
  for (std::size_t i : t.shrink_path) {
    if (i == 0) {
      ++zeros;
      continue;
    }
    runs.emplace_back(zeros, i);
    zeros = 0;
  }
  out.gamma(runs.size() + 1);
  for (const auto& [before, index] : runs) {
    out.gamma(before + 1);
    out.gamma(index);
  }
  out.gamma(zeros + 1);
  return "v3." + base64url(out.bytes());
}

Expected<ReplayToken> parse_token(std::string_view text) {
  const std::string quoted = "replay token \"" + std::string(text) + "\"";
  if (text.starts_with("v3.")) return parse_v3(text, quoted);
  if (text.starts_with("v1.") || text.starts_with("v2."))
    return Error{quoted +
                 ": made by an earlier tfconform, before suites learned from refusals; run the suite again "
                 "for a v3 token"};
  return Error{quoted + ": expected v3.<base64>"};
}

}  // namespace tfc::conformance
