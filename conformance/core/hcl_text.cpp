#include "conformance/core/hcl_text.hpp"

#include <algorithm>
#include <cctype>
#include <vector>

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

// The known counterpart of a child of `known` (nullptr when there is none): walking the apply-time
// configuration beside the planned one, elements matched by position.
const cty::Value* known_attribute(const cty::Value* known, const std::string& name) {
  if (known == nullptr || !known->is_known() || known->is_null()) return nullptr;
  return known->attribute(name);
}
const cty::Value* known_element(const cty::Value* known, std::size_t i) {
  if (known == nullptr || !known->is_known() || known->is_null()) return nullptr;
  const auto k = known->type().kind();
  if (k != cty::Kind::List && k != cty::Kind::Set && k != cty::Kind::Tuple) return nullptr;
  return i < known->elements().size() ? &known->elements()[i] : nullptr;
}
const cty::Value* known_entry(const cty::Value* known, const std::string& key) {
  if (known == nullptr || !known->is_known() || known->is_null()) return nullptr;
  if (known->type().kind() == cty::Kind::Object) return known->attribute(key);
  if (known->type().kind() != cty::Kind::Map) return nullptr;
  for (const auto& [k, e] : known->map_entries()) {
    if (k == key) return &e;
  }
  return nullptr;
}

std::string value_text(const cty::Value& v, const cty::Value* known, UnknownWriter* writer) {
  if (!v.is_known()) return writer ? writer->expression(known) : "(known after apply)";
  if (v.is_null()) return "null";
  switch (v.type().kind()) {
    case cty::Kind::String: return quoted(v.as_string());
    case cty::Kind::Number: return v.as_number().canonical();
    case cty::Kind::Bool: return v.as_bool() ? "true" : "false";
    case cty::Kind::List:
    case cty::Kind::Set:
    case cty::Kind::Tuple: {
      std::string out = "[";
      for (std::size_t i = 0; i < v.elements().size(); ++i)
        out += (i == 0 ? "" : ", ") + value_text(v.elements()[i], known_element(known, i), writer);
      return out + "]";
    }
    case cty::Kind::Map: {
      if (v.map_entries().empty()) return "{}";
      std::string out = "{ ";
      bool first = true;
      for (const auto& [k, e] : v.map_entries()) {
        out += (first ? "" : ", ") + quoted(k) + " = " + value_text(e, known_entry(known, k), writer);
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
               value_text(v.attribute_values()[i], known_attribute(known, attrs[i].name), writer);
      }
      return out + " }";
    }
    case cty::Kind::Dynamic: return "null";
  }
  return "null";
}

void body_text(const schema::Block& block, const cty::Value& value, const cty::Value* known, int depth,
               std::string& out, UnknownWriter* writer);

bool is_collection(schema::NestingMode mode) {
  return mode == schema::NestingMode::List || mode == schema::NestingMode::Set || mode == schema::NestingMode::Map;
}

/// The iterator of a dynamic block: its type name, unless an enclosing dynamic block already
/// iterates under that name (then the depth tells them apart).
std::string iterator_name(const std::string& type_name, const std::vector<std::string>& enclosing) {
  std::string name = type_name;
  while (std::find(enclosing.begin(), enclosing.end(), name) != enclosing.end()) name += "_";
  return name;
}

void dynamic_block_text(const schema::NestedBlock& nb, const std::string& for_each, int depth, std::string& out,
                        std::vector<std::string>& enclosing);

/// The body of a dynamic block's content: every attribute a configuration may set, and every
/// nested block, from the element `iterator.value`.
void content_text(const schema::Block& block, const std::string& iterator, int depth, std::string& out,
                  std::vector<std::string>& enclosing) {
  const std::string element = iterator + ".value.";
  for (const auto& a : block.attributes) {
    if (a.computed && !a.optional) continue;  // never configurable (null in the element anyway)
    out += indent(depth) + a.name + " = " + element + a.name + "\n";
  }
  for (const auto& inner : block.block_types) {
    if (!inner.block) continue;
    const std::string value = element + inner.type_name;
    // A single block is a collection of at most one: none when its value is null.
    dynamic_block_text(inner, is_collection(inner.nesting) ? value : "[for b in [" + value + "] : b if b != null]",
                       depth, out, enclosing);
  }
}

/// `dynamic "TYPE" { for_each = ...; content { ... } }`: Core expands it into the blocks of the
/// elements, or, while `for_each` is unknown, makes the whole collection of blocks unknown.
void dynamic_block_text(const schema::NestedBlock& nb, const std::string& for_each, int depth, std::string& out,
                        std::vector<std::string>& enclosing) {
  const std::string iterator = iterator_name(nb.type_name, enclosing);
  out += indent(depth) + "dynamic " + quoted(nb.type_name) + " {\n";
  out += indent(depth + 1) + "for_each = " + for_each + "\n";
  if (iterator != nb.type_name) out += indent(depth + 1) + "iterator = " + iterator + "\n";
  if (nb.nesting == schema::NestingMode::Map) out += indent(depth + 1) + "labels = [" + iterator + ".key]\n";
  out += indent(depth + 1) + "content {\n";
  enclosing.push_back(iterator);
  content_text(*nb.block, iterator, depth + 2, out, enclosing);
  enclosing.pop_back();
  out += indent(depth + 1) + "}\n";
  out += indent(depth) + "}\n";
}

void block_text(const std::string& name, const std::string& label, const schema::Block& block, const cty::Value& body,
                const cty::Value* known, int depth, std::string& out, UnknownWriter* writer) {
  out += indent(depth) + name + (label.empty() ? "" : " " + quoted(label)) + " {\n";
  body_text(block, body, known, depth + 1, out, writer);
  out += indent(depth) + "}\n";
}

void body_text(const schema::Block& block, const cty::Value& value, const cty::Value* known, int depth,
               std::string& out, UnknownWriter* writer) {
  if (value.is_null() || !value.is_known()) return;
  for (const auto& a : block.attributes) {
    const cty::Value* v = value.attribute(a.name);
    if (v == nullptr || (v->is_known() && v->is_null())) continue;
    out += indent(depth) + a.name + " = " + value_text(*v, known_attribute(known, a.name), writer) + "\n";
  }
  for (const auto& nb : block.block_types) {
    const cty::Value* v = value.attribute(nb.type_name);
    if (v == nullptr || !nb.block || v->is_null()) continue;
    const cty::Value* k = known_attribute(known, nb.type_name);
    if (!v->is_known()) {
      // A whole collection of blocks unknown: a dynamic block over an unknown list of the
      // elements it has at apply time. A single block is never unknown on its own in what the
      // suite generates (resource_case.cpp), and is not written so.
      if (writer && is_collection(nb.nesting) && k != nullptr && k->is_known() && !k->is_null()) {
        std::vector<std::string> enclosing;
        dynamic_block_text(nb, writer->expression(k), depth, out, enclosing);
        continue;
      }
      out += indent(depth) + "# " + nb.type_name + ": (known after apply)\n";
      if (writer) writer->whole_block_unknown = true;
      continue;
    }
    switch (nb.nesting) {
      case schema::NestingMode::Single:
      case schema::NestingMode::Group: block_text(nb.type_name, "", *nb.block, *v, k, depth, out, writer); break;
      case schema::NestingMode::Map:
        if (v->type().kind() == cty::Kind::Map) {
          for (const auto& [key, e] : v->map_entries())
            block_text(nb.type_name, key, *nb.block, e, known_entry(k, key), depth, out, writer);
        } else if (v->type().kind() == cty::Kind::Object) {
          const auto& attrs = v->type().attributes();
          for (std::size_t i = 0; i < attrs.size(); ++i)
            block_text(nb.type_name, attrs[i].name, *nb.block, v->attribute_values()[i], known_entry(k, attrs[i].name),
                       depth, out, writer);
        }
        break;
      default:
        for (std::size_t i = 0; i < v->elements().size(); ++i)
          block_text(nb.type_name, "", *nb.block, v->elements()[i], known_element(k, i), depth, out, writer);
    }
  }
}

}  // namespace

std::string hcl_value_text(const cty::Value& v) { return value_text(v, nullptr, nullptr); }

std::string hcl_block_text(const std::string& kind, const std::string& type, const std::string& name,
                           const schema::Block& block, const cty::Value& config) {
  std::string out = kind + " " + quoted(type) + " " + quoted(name) + " {\n";
  body_text(block, config, nullptr, 1, out, nullptr);
  return out + "}\n";
}

std::string hcl_block_text_with(const std::string& kind, const std::string& type, const std::string& name,
                                const schema::Block& block, const cty::Value& config, const cty::Value& known,
                                UnknownWriter& writer) {
  std::string out = kind + " " + quoted(type) + " " + quoted(name) + " {\n";
  body_text(block, config, &known, 1, out, &writer);
  return out + "}\n";
}

}  // namespace tfc::conformance
