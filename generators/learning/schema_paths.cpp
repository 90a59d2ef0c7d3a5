#include "generators/learning/schema_paths.hpp"

#include <algorithm>
#include <cctype>

namespace tfc::gen::learning {
namespace {

std::vector<std::string> split_dots(std::string_view path) {
  std::vector<std::string> out;
  std::size_t start = 0;
  for (std::size_t i = 0; i <= path.size(); ++i) {
    if (i == path.size() || path[i] == '.') {
      out.emplace_back(path.substr(start, i - start));
      start = i + 1;
    }
  }
  return out;
}

// One level of the schema: a block's members or a nested attribute type's attributes.
struct Level {
  const schema::Block* block = nullptr;
  const std::vector<schema::Attribute>* attributes = nullptr;

  Member find(std::string_view name) const {
    Member m;
    if (attributes) {
      for (const auto& a : *attributes) {
        if (a.name == name) m.attribute = &a;
      }
    } else if (block) {
      m.attribute = block->find_attribute(name);
      if (!m.attribute) m.block = block->find_block_type(name);
    }
    return m;
  }
  static Level below(const Member& m) {
    Level l;
    if (m.block && m.block->block) l.block = m.block->block.get();
    if (m.attribute && m.attribute->nested_type) l.attributes = &m.attribute->nested_type->attributes;
    return l;
  }
  bool empty() const { return !block && !attributes; }
};

// The names of a path written as text, in order; indexes, keys and quotes dropped.
std::vector<std::string> names_in_text(std::string_view text) {
  std::vector<std::string> out;
  std::string current;
  auto flush = [&] {
    if (!current.empty() && !std::all_of(current.begin(), current.end(),
                                         [](char c) { return std::isdigit(static_cast<unsigned char>(c)); }))
      out.push_back(current);
    current.clear();
  };
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (c == '[') {
      flush();
      const auto close = text.find(']', i);
      if (close == std::string_view::npos) break;
      i = close;
    } else if (c == '.' || c == '"' || c == '\'' || c == '`' || c == ' ' || c == '>') {
      flush();
    } else if (c == '<') {
      flush();
      out.push_back("<");
    } else {
      current.push_back(c);
    }
  }
  flush();
  return out;
}

void collect(const Level& level, const cty::Value& value, const std::vector<std::string>& names, std::size_t i,
             std::vector<cty::Value>& out);

// Values of a member (`value`) continuing at names[i]: through collections of blocks or
// nested objects.
void descend(const Member& m, const cty::Value& value, const std::vector<std::string>& names, std::size_t i,
             std::vector<cty::Value>& out) {
  if (i == names.size()) {
    out.push_back(value);
    return;
  }
  if (value.is_null() || !value.is_known()) return;
  const Level next = Level::below(m);
  if (next.empty()) return;
  switch (value.type().kind()) {
    case cty::Kind::Object: collect(next, value, names, i, out); break;
    case cty::Kind::List:
    case cty::Kind::Set:
    case cty::Kind::Tuple:
      for (const auto& e : value.elements()) collect(next, e, names, i, out);
      break;
    case cty::Kind::Map:
      for (const auto& [k, e] : value.map_entries()) collect(next, e, names, i, out);
      break;
    default: break;
  }
}

void collect(const Level& level, const cty::Value& value, const std::vector<std::string>& names, std::size_t i,
             std::vector<cty::Value>& out) {
  if (value.is_null() || !value.is_known() || value.type().kind() != cty::Kind::Object) return;
  const Member m = level.find(names[i]);
  const cty::Value* v = value.attribute(names[i]);
  if (!m || v == nullptr) return;
  if (value.type().kind() == cty::Kind::Object && v->type().kind() == cty::Kind::Object && m.block &&
      m.block->nesting == schema::NestingMode::Map) {
    // A MAP block of dynamic implied type is an object keyed by label.
    if (i + 1 == names.size()) {
      out.push_back(*v);
      return;
    }
    for (const auto& e : v->attribute_values()) collect(Level::below(m), e, names, i + 1, out);
    return;
  }
  descend(m, *v, names, i + 1, out);
}

}  // namespace

Member member_at(const schema::Block& root, std::string_view hint_path) {
  Level level{&root, nullptr};
  Member m;
  for (const auto& name : split_dots(hint_path)) {
    if (level.empty()) return Member{};
    m = level.find(name);
    if (!m) return Member{};
    level = Level::below(m);
  }
  return m;
}

std::optional<std::string> hint_path_of(const schema::Block& root, const cty::Path& path) {
  Level level{&root, nullptr};
  std::string out;
  for (const auto& step : path.steps()) {
    const auto* attr = std::get_if<cty::AttributeStep>(&step);
    if (!attr) continue;
    if (level.empty()) break;
    const Member m = level.find(attr->name);
    if (!m) break;
    out += (out.empty() ? "" : ".") + attr->name;
    level = Level::below(m);
  }
  if (out.empty()) return std::nullopt;
  return out;
}

std::optional<std::string> hint_path_of_text(const schema::Block& root, std::string_view text,
                                             const std::string& base) {
  auto names = names_in_text(text);
  if (std::find(names.begin(), names.end(), "<") != names.end()) {
    // Relative: each "<" steps up, from the base attribute when the text starts with it
    // ("<.other"), else from the names before it: the framework prints a relative expression
    // merged into the validated attribute's own ("name.<.other", "rule[0].a.<.b").
    std::vector<std::string> resolved =
        names.front() == "<" && !base.empty() ? split_dots(base) : std::vector<std::string>{};
    for (const auto& n : names) {
      if (n != "<") {
        resolved.push_back(n);
      } else if (!resolved.empty()) {
        resolved.pop_back();
      }
    }
    names = resolved;
  }
  if (names.empty()) return std::nullopt;
  Level level{&root, nullptr};
  std::string out;
  for (const auto& n : names) {
    if (level.empty()) break;
    const Member m = level.find(n);
    if (!m) {
      // A map key or an unknown name: stop if something resolved, else fail.
      if (out.empty()) return std::nullopt;
      break;
    }
    out += (out.empty() ? "" : ".") + n;
    level = Level::below(m);
  }
  if (out.empty()) return std::nullopt;
  return out;
}

std::vector<cty::Value> values_at(const schema::Block& root, const cty::Value& config, std::string_view hint_path) {
  std::vector<cty::Value> out;
  const auto names = split_dots(hint_path);
  if (names.empty()) return out;
  collect(Level{&root, nullptr}, config, names, 0, out);
  return out;
}

namespace {

void find_named(const Level& level, const std::string& prefix, std::string_view name, int depth,
                std::vector<std::string>& out) {
  if (depth > 8) return;
  auto visit = [&](const std::string& member_name, const Member& m) {
    const std::string path = prefix.empty() ? member_name : prefix + "." + member_name;
    if (member_name == name) out.push_back(path);
    const Level below = Level::below(m);
    if (!below.empty()) find_named(below, path, name, depth + 1, out);
  };
  if (level.attributes) {
    for (const auto& a : *level.attributes) visit(a.name, Member{&a, nullptr});
  } else if (level.block) {
    for (const auto& a : level.block->attributes) visit(a.name, Member{&a, nullptr});
    for (const auto& nb : level.block->block_types) visit(nb.type_name, Member{nullptr, &nb});
  }
}

}  // namespace

std::vector<std::string> paths_named(const schema::Block& root, std::string_view name) {
  std::vector<std::string> out;
  find_named(Level{&root, nullptr}, "", name, 0, out);
  return out;
}

namespace {

void leaves(const Level& level, const std::string& prefix, const cty::Value& v, int depth,
            std::vector<std::pair<std::string, cty::Value>>& out) {
  if (depth > 8 || v.is_null() || !v.is_known()) return;
  switch (v.type().kind()) {
    case cty::Kind::List:
    case cty::Kind::Set:
    case cty::Kind::Tuple:
      for (const auto& e : v.elements()) leaves(level, prefix, e, depth + 1, out);
      return;
    case cty::Kind::Map:
      for (const auto& [k, e] : v.map_entries()) leaves(level, prefix, e, depth + 1, out);
      return;
    case cty::Kind::Object: break;
    default: return;
  }
  const auto& names = v.type().attributes();
  for (std::size_t i = 0; i < names.size(); ++i) {
    const Member m = level.find(names[i].name);
    if (!m) continue;
    const std::string path = prefix + "." + names[i].name;
    const cty::Value& member = v.attribute_values()[i];
    if (m.attribute && !m.attribute->nested_type) {
      out.emplace_back(path, member);
    } else {
      leaves(Level::below(m), path, member, depth + 1, out);
    }
  }
}

}  // namespace

std::vector<std::pair<std::string, cty::Value>> leaves_under(const schema::Block& root, const std::string& base,
                                                             const cty::Value& value) {
  std::vector<std::pair<std::string, cty::Value>> out;
  const Member m = member_at(root, base);
  if (!m) return out;
  leaves(Level::below(m), base, value, 0, out);
  return out;
}

std::vector<std::pair<std::string, cty::Value>> all_leaves(const schema::Block& root, const cty::Value& config) {
  std::vector<std::pair<std::string, cty::Value>> out;
  leaves(Level{&root, nullptr}, "", config, 0, out);
  for (auto& [path, v] : out) path.erase(0, 1);  // the leading '.' of an empty prefix
  return out;
}

std::string last_name(std::string_view hint_path) {
  const auto dot = hint_path.rfind('.');
  return std::string(dot == std::string_view::npos ? hint_path : hint_path.substr(dot + 1));
}

}  // namespace tfc::gen::learning
