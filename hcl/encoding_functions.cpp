// jsonencode, base64encode and base64decode (Terraform language documentation, "Encoding
// Functions"), over wholly known values.

#include <array>
#include <cstdint>

#include "hcl/functions.hpp"
#include "proto/cty/json_escape.hpp"

namespace tfc::hcl {

namespace {

constexpr std::string_view kBase64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

void append_json(std::string& out, const cty::Value& v) {
  if (v.is_null() || !v.is_known()) {
    out += "null";
    return;
  }
  switch (v.type().kind()) {
    case cty::Kind::String: out += json_quoted(v.as_string()); return;
    case cty::Kind::Number: out += v.as_number().canonical(); return;
    case cty::Kind::Bool: out += v.as_bool() ? "true" : "false"; return;
    case cty::Kind::List:
    case cty::Kind::Set:
    case cty::Kind::Tuple: {
      out += '[';
      bool first = true;
      for (const cty::Value& e : v.elements()) {
        if (!first) out += ',';
        first = false;
        append_json(out, e);
      }
      out += ']';
      return;
    }
    case cty::Kind::Map: {
      out += '{';
      bool first = true;
      for (const auto& [k, e] : v.map_entries()) {
        if (!first) out += ',';
        first = false;
        out += json_quoted(k) + ':';
        append_json(out, e);
      }
      out += '}';
      return;
    }
    case cty::Kind::Object: {
      out += '{';
      const auto& attrs = v.type().attributes();
      for (std::size_t i = 0; i < attrs.size(); ++i) {
        if (i > 0) out += ',';
        out += json_quoted(attrs[i].name) + ':';
        append_json(out, v.attribute_values()[i]);
      }
      out += '}';
      return;
    }
    case cty::Kind::Dynamic: out += "null"; return;
  }
}

}  // namespace

std::string json_quoted(std::string_view s) {
  // Terraform's jsonencode is Go's encoding/json: the cty codec's escaper already writes it.
  std::string out;
  cty::append_go_json_string(out, s);
  return out;
}

std::string json_text(const cty::Value& value) {
  std::string out;
  append_json(out, value);
  return out;
}

std::string base64_encode(std::string_view bytes) {
  std::string out;
  std::size_t i = 0;
  for (; i + 2 < bytes.size(); i += 3) {
    const std::uint32_t n = (static_cast<unsigned char>(bytes[i]) << 16) |
                            (static_cast<unsigned char>(bytes[i + 1]) << 8) | static_cast<unsigned char>(bytes[i + 2]);
    out += kBase64[(n >> 18) & 63];
    out += kBase64[(n >> 12) & 63];
    out += kBase64[(n >> 6) & 63];
    out += kBase64[n & 63];
  }
  const std::size_t rest = bytes.size() - i;
  if (rest > 0) {
    std::uint32_t n = static_cast<std::uint32_t>(static_cast<unsigned char>(bytes[i])) << 16;
    if (rest == 2) n |= static_cast<std::uint32_t>(static_cast<unsigned char>(bytes[i + 1])) << 8;
    out += kBase64[(n >> 18) & 63];
    out += kBase64[(n >> 12) & 63];
    out += rest == 2 ? kBase64[(n >> 6) & 63] : '=';
    out += '=';
  }
  return out;
}

bool base64_decode(std::string_view text, std::string& out) {
  if (text.size() % 4 != 0) return false;
  std::uint32_t n = 0;
  int bits = 0;
  std::size_t padding = 0;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (c == '=') {
      if (i + 2 < text.size()) return false;
      ++padding;
      continue;
    }
    if (padding > 0) return false;
    const std::size_t d = kBase64.find(c);
    if (d == std::string_view::npos) return false;
    n = (n << 6) | static_cast<std::uint32_t>(d);
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out += static_cast<char>((n >> bits) & 0xFF);
    }
  }
  return true;
}

}  // namespace tfc::hcl
