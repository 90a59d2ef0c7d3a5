// Value::to_display(): short HCL-like text for messages.
#include <cstdio>

#include "proto/cty/value.hpp"

namespace tfc::cty {

namespace {

constexpr std::size_t kMaxDisplay = 240;  // characters before the rendering is cut
constexpr std::size_t kMaxElements = 16;  // elements shown per container

void quote(std::string& out, const std::string& s) {
  out.push_back('"');
  for (unsigned char c : s) {
    switch (c) {
      case '"': out += "\\\""; break;
      case '\\': out += "\\\\"; break;
      case '\n': out += "\\n"; break;
      case '\r': out += "\\r"; break;
      case '\t': out += "\\t"; break;
      default:
        if (c < 0x20) {
          char buf[8];
          std::snprintf(buf, sizeof buf, "\\u%04x", c);
          out += buf;
        } else {
          out.push_back(static_cast<char>(c));
        }
    }
    if (out.size() > kMaxDisplay) return;
  }
  out.push_back('"');
}

bool is_identifier(const std::string& s) {
  if (s.empty() || (s[0] >= '0' && s[0] <= '9')) return false;
  for (char c : s) {
    bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '-';
    if (!ok) return false;
  }
  return true;
}

void render(std::string& out, const Value& v) {
  if (out.size() > kMaxDisplay) return;
  if (!v.is_known()) {
    out += "(known after apply)";
    return;
  }
  if (v.is_null()) {
    out += "null";
    return;
  }
  auto items = [&](std::size_t n, char open, char close, const auto& one) {
    out.push_back(open);
    for (std::size_t i = 0; i < n; ++i) {
      if (i) out += ", ";
      if (i == kMaxElements || out.size() > kMaxDisplay) {
        out += "...";
        break;
      }
      one(i);
    }
    out.push_back(close);
  };
  switch (v.type().kind()) {
    case Kind::String: quote(out, v.as_string()); return;
    case Kind::Number: out += v.as_number().canonical(); return;
    case Kind::Bool: out += v.as_bool() ? "true" : "false"; return;
    case Kind::List:
    case Kind::Set:
    case Kind::Tuple: {
      const auto& elems = v.elements();
      items(elems.size(), '[', ']', [&](std::size_t i) { render(out, elems[i]); });
      return;
    }
    case Kind::Map: {
      const auto& entries = v.map_entries();
      items(entries.size(), '{', '}', [&](std::size_t i) {
        quote(out, entries[i].first);
        out += " = ";
        render(out, entries[i].second);
      });
      return;
    }
    case Kind::Object: {
      const auto& attrs = v.type().attributes();
      const auto& vals = v.attribute_values();
      items(vals.size(), '{', '}', [&](std::size_t i) {
        if (is_identifier(attrs[i].name)) {
          out += attrs[i].name;
        } else {
          quote(out, attrs[i].name);
        }
        out += " = ";
        render(out, vals[i]);
      });
      return;
    }
    case Kind::Dynamic: out += "null"; return;
  }
}

}  // namespace

std::string Value::to_display() const {
  std::string out;
  render(out, *this);
  if (out.size() > kMaxDisplay) {
    out.resize(kMaxDisplay);
    out += "...";
  }
  return out;
}

}  // namespace tfc::cty
