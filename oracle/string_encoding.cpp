#include "oracle/string_encoding.hpp"

#include <cstdio>
#include <string>

#include "proto/cty/json_escape.hpp"

namespace tfc::oracle {
namespace {

constexpr std::string_view kInvalidUtf8 = "value.invalid_utf8";

struct Utf8Walk {
  std::string_view what;
  Findings& out;

  bool full() const { return out.size() >= kMaxUtf8Findings; }

  void report(const cty::Path& path, std::string_view text, std::string_view role) {
    const std::size_t at = first_invalid_utf8(text);
    if (at == std::string_view::npos || full()) return;
    char byte[8];
    std::snprintf(byte, sizeof byte, "0x%02x", static_cast<unsigned char>(text[at]));
    out.add(kInvalidUtf8, path,
            std::string(what) + " holds " + std::string(role) + " that is not valid UTF-8 (byte " + byte +
                " at offset " + std::to_string(at) + " of " + std::to_string(text.size()) +
                "); Terraform would store it as U+FFFD, so the next plan sees a different value");
  }

  void value(const cty::Value& v, const cty::Path& path) {
    if (full() || v.is_null() || !v.is_known()) return;
    switch (v.type().kind()) {
      case cty::Kind::String: report(path, v.as_string(), "a string"); break;
      case cty::Kind::List:
      case cty::Kind::Tuple: {
        const auto& elements = v.elements();
        for (std::size_t i = 0; i < elements.size(); ++i) value(elements[i], path.index(static_cast<std::int64_t>(i)));
        break;
      }
      case cty::Kind::Set:
        for (const cty::Value& e : v.elements()) value(e, path.set_element(e));
        break;
      case cty::Kind::Map:
        for (const auto& [k, e] : v.map_entries()) {
          report(path.key(k), k, "a map key");
          value(e, path.key(k));
        }
        break;
      case cty::Kind::Object: {
        const auto& attrs = v.type().attributes();
        const auto& values = v.attribute_values();
        for (std::size_t i = 0; i < attrs.size(); ++i) {
          report(path.attribute(attrs[i].name), attrs[i].name, "an attribute name");
          value(values[i], path.attribute(attrs[i].name));
        }
        break;
      }
      default: break;
    }
  }
};

}  // namespace

std::size_t first_invalid_utf8(std::string_view text) {
  for (std::size_t i = 0; i < text.size();) {
    const std::size_t n = cty::utf8_sequence_length(text, i);
    if (n == 0) return i;
    i += n;
  }
  return std::string_view::npos;
}

Violations check_strings_are_utf8(const cty::Value& value, std::string_view what) {
  Findings out;
  Utf8Walk{what, out}.value(value, cty::Path{});
  return out.take();
}

}  // namespace tfc::oracle
