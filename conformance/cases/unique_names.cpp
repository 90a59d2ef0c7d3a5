#include "conformance/cases/unique_names.hpp"

#include <algorithm>
#include <cstdio>
#include <filesystem>

#include "generators/learning/text_scan.hpp"

namespace tfc::conformance {
namespace {

bool ends_with(std::string_view s, std::string_view suffix) {
  return s.size() >= suffix.size() && s.substr(s.size() - suffix.size()) == suffix;
}

/// The attribute's name or description says its value names the object.
bool names_the_object(const schema::Attribute& a) {
  if (a.name == "name" || a.name == "identifier" || ends_with(a.name, "_identifier")) return true;
  const std::string d = gen::learning::lowercase(a.description);
  return gen::learning::contains_word(d, "unique") || gen::learning::contains_word(d, "uniquely");
}

bool in_identity(const schema::IdentitySchema* identity, const std::string& name) {
  if (identity == nullptr) return false;
  return std::any_of(identity->attributes.begin(), identity->attributes.end(),
                     [&](const schema::IdentityAttribute& i) { return i.name == name; });
}

/// The length of a tag at the end of `value` ("tfc" and six hex digits or letters a-p, after "-",
/// "_" or nothing), or 0.
std::size_t tag_at_end(const std::string& value) {
  constexpr std::size_t kTag = 9;
  if (value.size() < kTag) return 0;
  const std::string_view tail = std::string_view(value).substr(value.size() - kTag);
  if (tail.substr(0, 3) != "tfc") return 0;
  for (const char ch : tail.substr(3)) {
    if (!((ch >= '0' && ch <= '9') || (ch >= 'a' && ch <= 'p'))) return 0;
  }
  const std::size_t before = value.size() - kTag;
  if (before > 0 && (value[before - 1] == '-' || value[before - 1] == '_')) return kTag + 1;
  return kTag;
}

/// `value` with every known non-empty string under the output folder tagged.
cty::Value tag_outputs(const cty::Value& value, const std::string& folder, const std::string& tag) {
  if (!value.is_known() || value.is_null()) return value;
  const cty::Type& t = value.type();
  if (t.is_primitive()) {
    if (t.kind() != cty::Kind::String) return value;
    const std::string& s = value.as_string();
    if (s.size() <= folder.size() || s.compare(0, folder.size(), folder) != 0) return value;
    if (auto made = tagged(s, tag, nullptr)) return cty::Value::string(*made);
    return value;
  }
  auto each = [&](const std::vector<cty::Value>& in) {
    std::vector<cty::Value> out;
    out.reserve(in.size());
    for (const auto& v : in) out.push_back(tag_outputs(v, folder, tag));
    return out;
  };
  switch (t.kind()) {
    case cty::Kind::List: return cty::Value::typed_list(t, each(value.elements()));
    case cty::Kind::Set: return cty::Value::typed_set(t, each(value.elements()));
    case cty::Kind::Tuple: return cty::Value::tuple(t, each(value.elements()));
    case cty::Kind::Object: return cty::Value::object(t, each(value.attribute_values()));
    case cty::Kind::Map: {
      std::vector<std::pair<std::string, cty::Value>> entries;
      for (const auto& [k, v] : value.map_entries()) entries.emplace_back(k, tag_outputs(v, folder, tag));
      return cty::Value::typed_map(t, std::move(entries));
    }
    default: return value;
  }
}

}  // namespace

UniqueNames unique_names_of(const schema::Block& block, const schema::IdentitySchema* identity,
                            const std::vector<std::string>& world_outputs) {
  UniqueNames out;
  for (const auto& a : block.attributes) {
    if (!a.type || a.type->kind() != cty::Kind::String || !(a.required || a.optional)) continue;
    if (names_the_object(a) || in_identity(identity, a.name)) out.attributes.push_back(a.name);
  }
  std::sort(out.attributes.begin(), out.attributes.end());
  if (!world_outputs.empty()) {
    const auto folder = std::filesystem::path(world_outputs.front()).parent_path();
    if (!folder.empty() && folder != folder.root_path()) out.output_folder = folder.string() + "/";
  }
  return out;
}

std::string case_tag(std::uint64_t case_seed) {
  // A mix of all the seed's bits (splitmix64's finaliser), so neighbouring seeds differ.
  std::uint64_t z = case_seed + 0x9e3779b97f4a7c15ULL;
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  z ^= z >> 31;
  char buf[16];
  std::snprintf(buf, sizeof buf, "tfc%06llx", static_cast<unsigned long long>(z & 0xffffffULL));
  return buf;
}

std::optional<std::string> tagged(const std::string& value, const std::string& tag, const gen::Pattern* pattern) {
  const std::string base = value.substr(0, value.size() - tag_at_end(value));
  // The same tag in letters only (a hex digit d as the letter 'a' + d) for names of letters.
  std::string letters = tag;
  for (std::size_t i = 3; i < letters.size(); ++i) {
    const char ch = letters[i];
    letters[i] = static_cast<char>('a' + (ch <= '9' ? ch - '0' : ch - 'a' + 10));
  }
  for (const std::string* form : {&tag, static_cast<const std::string*>(&letters)}) {
    for (const char* sep : {"-", "_", ""}) {
      std::string made = base + sep + *form;
      if (pattern == nullptr || gen::pattern_matches(*pattern, made)) return made;
    }
  }
  return std::nullopt;
}

cty::Value unique_config(const cty::Value& config, const UniqueNames& names, const gen::Hints& hints,
                         const std::string& tag) {
  if (names.empty() || !config.is_known() || config.is_null() || config.type().kind() != cty::Kind::Object)
    return config;
  const auto& type_attributes = config.type().attributes();
  std::vector<cty::Value> values = config.attribute_values();
  for (std::size_t i = 0; i < values.size(); ++i) {
    const std::string& name = type_attributes[i].name;
    cty::Value& v = values[i];
    if (!names.output_folder.empty()) v = tag_outputs(v, names.output_folder, tag);
    if (!std::binary_search(names.attributes.begin(), names.attributes.end(), name)) continue;
    if (!v.is_known() || v.is_null() || v.type().kind() != cty::Kind::String || v.as_string().empty()) continue;
    const gen::AttributeHint* hint = hints.find(name);
    if (hint != nullptr && (hint->value || !hint->values.empty() || hint->reference)) continue;
    if (auto made = tagged(v.as_string(), tag, hint != nullptr && hint->pattern ? &*hint->pattern : nullptr))
      v = cty::Value::string(*made);
  }
  return cty::Value::object(config.type(), std::move(values));
}

void make_unique(LifecycleCase& c, const UniqueNames& names, const gen::Hints& hints, const std::string& tag) {
  if (names.empty()) return;
  auto pair = [&](ConfigPair& p) {
    p.known = unique_config(p.known, names, hints, tag);
    p.with_unknowns.value = unique_config(p.with_unknowns.value, names, hints, tag);
  };
  pair(c.create);
  for (auto& s : c.steps) {
    if (s.kind == StepKind::Update) pair(s.config);
  }
}

}  // namespace tfc::conformance
