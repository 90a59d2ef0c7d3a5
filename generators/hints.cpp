#include "generators/hints.hpp"

#include <algorithm>
#include <cmath>
#include <fstream>
#include <sstream>
#include <utility>
#include <vector>

#include "proto/schema/implied_type.hpp"
#include "proto/schema/tf_json.hpp"

namespace tfc::gen {

namespace {

using nlohmann::json;

Error at(const std::string& file, const std::string& path, const std::string& what) {
  return Error{file + ": " + path + ": " + what};
}

Expected<cty::Number> number_field(const json& doc, const std::string& file, const std::string& path) {
  if (doc.is_number()) {
    if (auto n = cty::Number::parse(doc.dump())) return *n;
  }
  return at(file, path, "expected a number");
}

Expected<bool> bool_field(const json& doc, const std::string& file, const std::string& path) {
  if (!doc.is_boolean()) return at(file, path, "expected true or false");
  return doc.get<bool>();
}

Expected<AttributeHint> parse_attribute_hint(const json& doc, const std::string& file, const std::string& path) {
  AttributeHint hint;
  if (doc.is_string()) {
    const auto word = doc.get<std::string>();
    if (word == "omit")
      hint.omit = true;
    else if (word == "always")
      hint.always = true;
    else
      return at(file, path, "expected \"omit\", \"always\" or an object, got \"" + word + "\"");
    return hint;
  }
  if (!doc.is_object()) return at(file, path, "expected \"omit\", \"always\" or an object");
  for (const auto& [key, v] : doc.items()) {
    const std::string p = path + "." + key;
    if (key == "value") {
      hint.value = v;
    } else if (key == "values") {
      if (!v.is_array() || v.empty()) return at(file, p, "expected a non-empty array of values");
      hint.values.assign(v.begin(), v.end());
    } else if (key == "range") {
      if (!v.is_array() || v.size() != 2) return at(file, p, "expected [min, max]");
      TFC_TRY(lo, number_field(v[0], file, p + "[0]"));
      TFC_TRY(hi, number_field(v[1], file, p + "[1]"));
      if (compare(lo, hi) > 0) return at(file, p, "min " + lo.canonical() + " is above max " + hi.canonical());
      hint.range_min = lo;
      hint.range_max = hi;
    } else if (key == "integer") {
      TFC_TRY(b, bool_field(v, file, p));
      hint.integer = b;
    } else if (key == "pattern") {
      if (!v.is_string()) return at(file, p, "expected a string");
      auto pattern = parse_pattern(v.get<std::string>());
      if (!pattern) return at(file, p, pattern.error().message);
      hint.pattern = std::move(*pattern);
    } else if (key == "reference") {
      // "TYPE.ATTRIBUTE": the resource type and its top-level attribute.
      const std::string text = v.is_string() ? v.get<std::string>() : std::string();
      const auto dot = text.find('.');
      if (dot == std::string::npos || dot == 0 || dot + 1 == text.size() ||
          text.find('.', dot + 1) != std::string::npos)
        return at(file, p, "expected \"TYPE.ATTRIBUTE\" (a resource type and one of its attributes)");
      hint.reference = ReferenceHint{text.substr(0, dot), text.substr(dot + 1)};
    } else if (key == "omit" || key == "always" || key == "known") {
      TFC_TRY(b, bool_field(v, file, p));
      (key == "omit" ? hint.omit : key == "always" ? hint.always : hint.known) = b;
    } else if (key == "forces_replacement") {
      TFC_TRY(b, bool_field(v, file, p));
      hint.forces_replacement = b;
    } else {
      return at(file, p,
                "unknown hint (expected value, values, range, integer, pattern, omit, always, known, reference or "
                "forces_replacement)");
    }
  }
  if (hint.omit && (hint.always || hint.shapes_values() || hint.reference))
    return at(file, path, "omit cannot be combined with other hints");
  if (hint.value && !hint.values.empty()) return at(file, path, "give either value or values, not both");
  if (hint.integer && hint.range_min) {
    // An integer range must contain a whole number.
    if (std::ceil(hint.range_min->to_double_approx()) > std::floor(hint.range_max->to_double_approx())) {
      return at(file, path + ".range", "contains no whole number");
    }
  }
  return hint;
}

Expected<AttributeGroup> parse_group(const json& doc, const std::string& file, const std::string& path) {
  if (!doc.is_object() || doc.size() != 1)
    return at(file, path, "expected an object with one key: at_most_one, exactly_one, at_least_one or all_or_none");
  const std::string word = doc.begin().key();
  const json& names = doc.begin().value();
  const auto kind = group_kind_from_string(word);
  if (!kind)
    return at(file, path + "." + word,
              "unknown group (expected at_most_one, exactly_one, at_least_one or all_or_none)");
  if (!names.is_array() || names.size() < 2)
    return at(file, path + "." + word, "expected an array of at least two attribute paths");
  AttributeGroup group;
  group.kind = *kind;
  for (const auto& n : names) {
    if (!n.is_string()) return at(file, path + "." + word, "expected attribute paths (strings)");
    group.paths.push_back(n.get<std::string>());
  }
  const std::string parent = group.parent();
  for (const auto& p : group.paths) {
    const auto dot = p.rfind('.');
    if ((dot == std::string::npos ? std::string() : p.substr(0, dot)) != parent)
      return at(file, path + "." + word,
                "the paths of a group must share their parent (" + group.paths.front() + ", " + p + ")");
  }
  return group;
}

Expected<Hints> parse_resource(const json& doc, const std::string& file, const std::string& name,
                               const std::string& path) {
  Hints hints;
  hints.file = file;
  hints.resource = name;
  if (!doc.is_object()) return at(file, path, "expected an object");
  for (const auto& [key, v] : doc.items()) {
    const std::string p = path + "." + key;
    if (key == "attributes") {
      if (!v.is_object()) return at(file, p, "expected an object keyed by attribute path");
      for (const auto& [attr, h] : v.items()) {
        TFC_TRY(hint, parse_attribute_hint(h, file, p + "." + attr));
        hints.attributes.emplace(attr, std::move(hint));
      }
    } else if (key == "examples") {
      if (!v.is_array()) return at(file, p, "expected an array of resource bodies");
      for (std::size_t i = 0; i < v.size(); ++i) {
        if (!v[i].is_object())
          return at(file, p + "[" + std::to_string(i) + "]", "expected an object (a resource body)");
        hints.examples.push_back(v[i]);
      }
    } else if (key == "groups") {
      if (!v.is_array()) return at(file, p, "expected an array of groups");
      for (std::size_t i = 0; i < v.size(); ++i) {
        TFC_TRY(group, parse_group(v[i], file, p + "[" + std::to_string(i) + "]"));
        hints.groups.push_back(std::move(group));
      }
    } else if (key == "upstream") {
      if (!v.is_object()) return at(file, p, "expected an object keyed by resource type");
      for (const auto& [type, h] : v.items()) {
        TFC_TRY(up, parse_resource(h, file, type, p + "." + type));
        hints.upstream.emplace(type, std::move(up));
      }
    } else {
      return at(file, p, "unknown key (expected attributes, examples, groups or upstream)");
    }
  }
  return hints;
}

// Where a dotted hint path leads in the schema.
struct Target {
  const schema::Attribute* attribute = nullptr;
  const schema::NestedBlock* block = nullptr;
};

Target resolve(const schema::Block& root, const std::string& path) {
  const schema::Block* block = &root;
  const std::vector<schema::Attribute>* nested = nullptr;
  Target t;
  std::size_t start = 0;
  while (start <= path.size()) {
    const std::size_t dot = path.find('.', start);
    const std::string name = path.substr(start, dot == std::string::npos ? std::string::npos : dot - start);
    t = Target{};
    if (nested) {
      for (const auto& a : *nested) {
        if (a.name == name) t.attribute = &a;
      }
    } else if (block) {
      t.attribute = block->find_attribute(name);
      if (!t.attribute) t.block = block->find_block_type(name);
    }
    if (!t.attribute && !t.block) return Target{};
    if (dot == std::string::npos) return t;
    block = nullptr;
    nested = nullptr;
    if (t.block && t.block->block) block = t.block->block.get();
    if (t.attribute && t.attribute->nested_type) nested = &t.attribute->nested_type->attributes;
    if (!block && !nested) return Target{};
    start = dot + 1;
  }
  return Target{};
}

// The primitive kind a range or pattern applies to: the type itself or its elements.
bool leaf_kind_is(const cty::Type& type, cty::Kind kind) {
  if (type.kind() == kind) return true;
  return type.is_collection() && type.element().kind() == kind;
}

Expected<void> check_attribute(const Hints& hints, const std::string& path, const AttributeHint& hint,
                               const schema::Attribute& a) {
  const std::string prefix = hints.file + ": resource " + hints.resource + ": attribute " + path;
  const bool computed_only = a.computed && !a.optional && !a.required;
  if (hint.reference && path.find('.') != std::string::npos)
    return Error{prefix + ": reference: only a top-level attribute takes its value from another resource"};
  if (computed_only && (hint.always || hint.shapes_values() || hint.reference)) {
    return Error{prefix + ": computed-only attribute cannot be configured"};
  }
  if (a.required && hint.omit) return Error{prefix + ": required attribute cannot be omitted"};
  const cty::Type type = schema::implied_type(a);
  if ((hint.range_min || hint.integer) && !leaf_kind_is(type, cty::Kind::Number)) {
    return Error{prefix + ": range/integer given for a " + type.friendly_name() + " attribute"};
  }
  if (hint.pattern && !leaf_kind_is(type, cty::Kind::String)) {
    return Error{prefix + ": pattern given for a " + type.friendly_name() + " attribute"};
  }
  if (hint.value) {
    auto v = schema::value_from_tf_json(*hint.value, type, path);
    if (!v) return Error{prefix + ": value: " + v.error().message};
  }
  for (std::size_t i = 0; i < hint.values.size(); ++i) {
    auto v = schema::value_from_tf_json(hint.values[i], type, path);
    if (!v) return Error{prefix + ": values[" + std::to_string(i) + "]: " + v.error().message};
  }
  return {};
}

}  // namespace

std::string AttributeGroup::parent() const {
  if (paths.empty()) return "";
  const auto dot = paths.front().rfind('.');
  return dot == std::string::npos ? std::string() : paths.front().substr(0, dot);
}

std::string_view to_string(AttributeGroup::Kind kind) noexcept {
  switch (kind) {
    case AttributeGroup::Kind::AtMostOne: return "at_most_one";
    case AttributeGroup::Kind::ExactlyOne: return "exactly_one";
    case AttributeGroup::Kind::AtLeastOne: return "at_least_one";
    case AttributeGroup::Kind::AllOrNone: return "all_or_none";
  }
  return "at_most_one";
}

std::optional<AttributeGroup::Kind> group_kind_from_string(std::string_view word) noexcept {
  for (auto k : {AttributeGroup::Kind::AtMostOne, AttributeGroup::Kind::ExactlyOne, AttributeGroup::Kind::AtLeastOne,
                 AttributeGroup::Kind::AllOrNone}) {
    if (to_string(k) == word) return k;
  }
  return std::nullopt;
}

const AttributeHint* Hints::find(std::string_view path) const {
  auto it = attributes.find(path);
  return it == attributes.end() ? nullptr : &it->second;
}

const Hints& Hints::upstream_hints(std::string_view type) const {
  static const Hints kNone;
  auto it = upstream.find(type);
  return it == upstream.end() ? kNone : it->second;
}

const Hints& HintsFile::for_resource(std::string_view resource_type) const {
  static const Hints kNone;
  auto it = resources.find(resource_type);
  return it == resources.end() ? kNone : it->second;
}

const Hints& HintsFile::for_data_source(std::string_view data_source) const {
  auto it = data_sources.find(data_source);
  return it == data_sources.end() ? for_resource(data_source) : it->second;
}

namespace {

const Hints& own_or(const std::map<std::string, Hints, std::less<>>& own, std::string_view type,
                    const Hints& otherwise) {
  auto it = own.find(type);
  return it == own.end() ? otherwise : it->second;
}

/// The file's sections by key, in the order hints_file_to_json writes them.
template <class File>
std::vector<std::pair<const char*, decltype(&std::declval<File&>().resources)>> sections(File& f) {
  return {{"resources", &f.resources},
          {"data_sources", &f.data_sources},
          {"ephemeral_resources", &f.ephemeral_resources},
          {"actions", &f.actions},
          {"list_resources", &f.list_resources}};
}

}  // namespace

const Hints& HintsFile::for_ephemeral_resource(std::string_view type) const {
  return own_or(ephemeral_resources, type, for_resource(type));
}

const Hints& HintsFile::for_action(std::string_view type) const { return own_or(actions, type, for_resource(type)); }

const Hints& HintsFile::for_list_resource(std::string_view type) const {
  static const Hints kNone;
  return own_or(list_resources, type, kNone);
}

Expected<HintsFile> parse_hints(const json& doc, const std::string& file_name) {
  HintsFile out;
  out.file = file_name;
  if (!doc.is_object()) return Error{file_name + ": expected an object with \"resources\""};
  const auto keyed = sections(out);
  for (const auto& [key, v] : doc.items()) {
    auto section = std::find_if(keyed.begin(), keyed.end(), [&key = key](const auto& k) { return key == k.first; });
    if (section == keyed.end())
      return at(file_name, key,
                "unknown key (expected resources, data_sources, ephemeral_resources, actions or list_resources)");
    if (!v.is_object()) return at(file_name, key, "expected an object keyed by type name");
    auto& into = *section->second;
    for (const auto& [name, r] : v.items()) {
      TFC_TRY(hints, parse_resource(r, file_name, name, key + "." + name));
      into.emplace(name, std::move(hints));
    }
  }
  return out;
}

Expected<HintsFile> load_hints_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return Error{path + ": cannot open hints file"};
  std::stringstream text;
  text << in.rdbuf();
  json doc;
  try {
    doc = json::parse(text.str());
  } catch (const json::parse_error& e) {
    return Error{path + ": not valid JSON: " + e.what()};  // e.what() says the line and column
  }
  return parse_hints(doc, path);
}

Expected<void> check_hints(const Hints& hints, const schema::Block& block) {
  const std::string prefix = hints.file + ": resource " + hints.resource;
  for (const auto& [path, hint] : hints.attributes) {
    const Target t = resolve(block, path);
    if (hint.forces_replacement && path.find('.') != std::string::npos)
      return Error{prefix + ": attribute " + path + ": forces_replacement applies to top-level attributes and blocks"};
    if (t.attribute) {
      auto ok = check_attribute(hints, path, hint, *t.attribute);
      if (!ok) return ok.error();
    } else if (t.block) {
      if (hint.shapes_values()) return Error{prefix + ": block " + path + ": only omit and always apply to blocks"};
      if (hint.omit && t.block->min_items > 0)
        return Error{prefix + ": block " + path + ": required block cannot be omitted"};
    } else {
      return Error{prefix + ": attribute " + path + ": no such attribute or block type in the schema"};
    }
  }
  for (std::size_t i = 0; i < hints.examples.size(); ++i) {
    auto v = schema::config_from_tf_json(hints.examples[i], block, "");
    if (!v) return Error{prefix + ": examples[" + std::to_string(i) + "]: " + v.error().message};
  }
  for (std::size_t i = 0; i < hints.groups.size(); ++i) {
    for (const auto& p : hints.groups[i].paths) {
      const Target t = resolve(block, p);
      if (!t.attribute && !t.block)
        return Error{prefix + ": groups[" + std::to_string(i) + "]: " + p +
                     ": no such attribute or block type in the schema"};
      if (t.attribute && t.attribute->computed && !t.attribute->optional && !t.attribute->required)
        return Error{prefix + ": groups[" + std::to_string(i) + "]: " + p +
                     ": computed-only attribute cannot be configured"};
    }
  }
  return {};
}

json hints_to_json(const Hints& hints) {
  json out = json::object();
  json attributes = json::object();
  for (const auto& [path, h] : hints.attributes) {
    if (h.omit && !h.known && !h.reference && !h.forces_replacement) {
      attributes[path] = "omit";
      continue;
    }
    if (h.always && !h.shapes_values() && !h.known && !h.reference && !h.forces_replacement) {
      attributes[path] = "always";
      continue;
    }
    json a = json::object();
    if (h.value) a["value"] = *h.value;
    if (!h.values.empty()) a["values"] = h.values;
    if (h.range_min && h.range_max) {
      a["range"] = json::array({json::parse(h.range_min->canonical()), json::parse(h.range_max->canonical())});
    }
    if (h.integer) a["integer"] = true;
    if (h.pattern) a["pattern"] = h.pattern->source;
    if (h.always) a["always"] = true;
    if (h.omit) a["omit"] = true;
    if (h.known) a["known"] = true;
    if (h.reference) a["reference"] = h.reference->type + "." + h.reference->attribute;
    if (h.forces_replacement) a["forces_replacement"] = true;
    attributes[path] = std::move(a);
  }
  if (!attributes.empty()) out["attributes"] = std::move(attributes);
  if (!hints.examples.empty()) out["examples"] = hints.examples;
  if (!hints.groups.empty()) {
    json groups = json::array();
    for (const auto& g : hints.groups) groups.push_back({{std::string(to_string(g.kind)), g.paths}});
    out["groups"] = std::move(groups);
  }
  if (!hints.upstream.empty()) {
    json upstream = json::object();
    for (const auto& [type, h] : hints.upstream) upstream[type] = hints_to_json(h);
    out["upstream"] = std::move(upstream);
  }
  return out;
}

json hints_file_to_json(const HintsFile& file) {
  json out = json::object();
  json resources = json::object();
  for (const auto& [name, h] : file.resources) resources[name] = hints_to_json(h);
  out["resources"] = std::move(resources);
  for (const auto& [key, section] : sections(file)) {
    if (section == &file.resources || section->empty()) continue;
    json types = json::object();
    for (const auto& [name, h] : *section) types[name] = hints_to_json(h);
    out[key] = std::move(types);
  }
  return out;
}

}  // namespace tfc::gen
