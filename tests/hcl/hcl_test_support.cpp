#include "tests/hcl/hcl_test_support.hpp"

#include <cstdio>

namespace tfc::hcl::testing {

namespace {

std::string quoted(const std::string& s) {
  std::string out = "\"";
  for (std::size_t i = 0; i < s.size(); ++i) {
    const unsigned char c = static_cast<unsigned char>(s[i]);
    if (c == '"')
      out += "\\\"";
    else if (c == '\\')
      out += "\\\\";
    else if (c == '\n')
      out += "\\n";
    else if (c == '\t')
      out += "\\t";
    else if ((c == '$' || c == '%') && i + 1 < s.size() && s[i + 1] == '{') {
      out += static_cast<char>(c);
      out += static_cast<char>(c);  // $${ and %%{ are the literal ${ and %{
    } else if (c < 0x20 || c == 0x7F) {
      char buf[8];
      std::snprintf(buf, sizeof buf, "\\u%04x", c);
      out += buf;
    } else {
      out += static_cast<char>(c);
    }
  }
  return out + "\"";
}

}  // namespace

std::string hcl_literal(const cty::Value& v) {
  if (v.is_null()) return "null";
  switch (v.type().kind()) {
    case cty::Kind::String: return quoted(v.as_string());
    case cty::Kind::Number: return v.as_number().canonical();
    case cty::Kind::Bool: return v.as_bool() ? "true" : "false";
    case cty::Kind::List:
    case cty::Kind::Set:
    case cty::Kind::Tuple: {
      std::string out = "[";
      for (const cty::Value& e : v.elements()) out += hcl_literal(e) + ",\n";
      return out + "]";
    }
    case cty::Kind::Map: {
      std::string out = "{\n";
      for (const auto& [k, e] : v.map_entries()) out += quoted(k) + " = " + hcl_literal(e) + "\n";
      return out + "}";
    }
    case cty::Kind::Object: {
      std::string out = "{";
      const auto& attrs = v.type().attributes();
      for (std::size_t i = 0; i < attrs.size(); ++i)
        out += quoted(attrs[i].name) + " : " + hcl_literal(v.attribute_values()[i]) + ", ";
      return out + "}";
    }
    default: return "null";
  }
}

}  // namespace tfc::hcl::testing
