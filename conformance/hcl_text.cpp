#include "conformance/hcl_text.hpp"

#include <cctype>

namespace tfc::conformance {
namespace {

std::string quoted(const std::string& s) {
  std::string out = "\"";
  for (std::size_t i = 0; i < s.size(); ++i) {
    const char c = s[i];
    switch (c) {
      case '"': out += "\\\""; break;
      case '\\': out += "\\\\"; break;
      case '\n': out += "\\n"; break;
      case '\r': out += "\\r"; break;
      case '\t': out += "\\t"; break;
      default:
        // Template sequences would be evaluated: `${` and `%{` are escaped by doubling.
        if ((c == '$' || c == '%') && i + 1 < s.size() && s[i + 1] == '{') {
          out += c;
          out += c;
        } else if (static_cast<unsigned char>(c) < 0x20) {
          static const char* hex = "0123456789abcdef";
          out += "\\u00";
          out += hex[(c >> 4) & 15];
          out += hex[c & 15];
        } else {
          out += c;
        }
    }
  }
  return out + "\"";
}

bool is_identifier(const std::string& s) {
  if (s.empty() || std::isdigit(static_cast<unsigned char>(s[0]))) return false;
  for (char c : s) {
    if (!std::isalnum(static_cast<unsigned char>(c)) && c != '_' && c != '-') return false;
  }
  return true;
}

std::string indent(int depth) { return std::string(static_cast<std::size_t>(depth) * 2, ' '); }

void body_text(const schema::Block& block, const cty::Value& value, int depth, std::string& out);

void block_text(const std::string& name, const std::string& label, const schema::Block& block, const cty::Value& body,
                int depth, std::string& out) {
  out += indent(depth) + name + (label.empty() ? "" : " " + quoted(label)) + " {\n";
  body_text(block, body, depth + 1, out);
  out += indent(depth) + "}\n";
}

void body_text(const schema::Block& block, const cty::Value& value, int depth, std::string& out) {
  if (value.is_null() || !value.is_known()) return;
  for (const auto& a : block.attributes) {
    const cty::Value* v = value.attribute(a.name);
    if (v == nullptr || (v->is_known() && v->is_null())) continue;
    out += indent(depth) + a.name + " = " + hcl_value_text(*v) + "\n";
  }
  for (const auto& nb : block.block_types) {
    const cty::Value* v = value.attribute(nb.type_name);
    if (v == nullptr || !nb.block || v->is_null()) continue;
    if (!v->is_known()) {
      out += indent(depth) + "# " + nb.type_name + ": (known after apply)\n";
      continue;
    }
    switch (nb.nesting) {
      case schema::NestingMode::Single:
      case schema::NestingMode::Group:
        block_text(nb.type_name, "", *nb.block, *v, depth, out);
        break;
      case schema::NestingMode::Map:
        if (v->type().kind() == cty::Kind::Map) {
          for (const auto& [k, e] : v->map_entries()) block_text(nb.type_name, k, *nb.block, e, depth, out);
        } else if (v->type().kind() == cty::Kind::Object) {
          const auto& attrs = v->type().attributes();
          for (std::size_t i = 0; i < attrs.size(); ++i)
            block_text(nb.type_name, attrs[i].name, *nb.block, v->attribute_values()[i], depth, out);
        }
        break;
      default:
        for (const auto& e : v->elements()) block_text(nb.type_name, "", *nb.block, e, depth, out);
    }
  }
}

}  // namespace

std::string hcl_value_text(const cty::Value& v) {
  if (!v.is_known()) return "(known after apply)";
  if (v.is_null()) return "null";
  switch (v.type().kind()) {
    case cty::Kind::String: return quoted(v.as_string());
    case cty::Kind::Number: return v.as_number().canonical();
    case cty::Kind::Bool: return v.as_bool() ? "true" : "false";
    case cty::Kind::List: case cty::Kind::Set: case cty::Kind::Tuple: {
      std::string out = "[";
      bool first = true;
      for (const auto& e : v.elements()) {
        out += (first ? "" : ", ") + hcl_value_text(e);
        first = false;
      }
      return out + "]";
    }
    case cty::Kind::Map: {
      if (v.map_entries().empty()) return "{}";
      std::string out = "{ ";
      bool first = true;
      for (const auto& [k, e] : v.map_entries()) {
        out += (first ? "" : ", ") + quoted(k) + " = " + hcl_value_text(e);
        first = false;
      }
      return out + " }";
    }
    case cty::Kind::Object: {
      const auto& attrs = v.type().attributes();
      if (attrs.empty()) return "{}";
      std::string out = "{ ";
      for (std::size_t i = 0; i < attrs.size(); ++i) {
        out += (i == 0 ? "" : ", ") + (is_identifier(attrs[i].name) ? attrs[i].name : quoted(attrs[i].name)) + " = " +
               hcl_value_text(v.attribute_values()[i]);
      }
      return out + " }";
    }
    case cty::Kind::Dynamic: return "null";
  }
  return "null";
}

std::string hcl_block_text(const std::string& kind, const std::string& type, const std::string& name,
                           const schema::Block& block, const cty::Value& config) {
  std::string out = kind + " " + quoted(type) + " " + quoted(name) + " {\n";
  body_text(block, config, 1, out);
  return out + "}\n";
}

}  // namespace tfc::conformance
