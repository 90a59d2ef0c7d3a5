#include "conformance/cases/import_id_format.hpp"

#include <algorithm>
#include <cctype>

#include "generators/learning/name_dictionary.hpp"

namespace tfc::conformance {

namespace {

constexpr std::string_view kSeparators = ",/:|;";
// Words after which a provider names the format it wants ("..., expected A,B", "in the format A/B").
constexpr std::string_view kTriggers[] = {"expected", "format", "formatted", "form"};
constexpr std::size_t kLookAhead = 6;  // words after a trigger that may hold the format

std::string lower(std::string_view s) {
  std::string out;
  for (char c : s) out += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

/// Letters and digits only, lower-case: "NODE-GROUP-NAME" and node_group_name both give "nodegroupname".
std::string normalized(std::string_view s) {
  std::string out;
  for (char c : s)
    if (std::isalnum(static_cast<unsigned char>(c)) != 0)
      out += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

std::string_view trimmed(std::string_view w) {
  constexpr std::string_view kEdge = "\"'`()[]<>{}.,;:";
  while (!w.empty() && kEdge.find(w.front()) != std::string_view::npos) w.remove_prefix(1);
  while (!w.empty() && kEdge.find(w.back()) != std::string_view::npos) w.remove_suffix(1);
  return w;
}

/// An upper-case field name: a letter, then letters, digits, '_' or '-'; no lower-case letter.
bool is_field(std::string_view f) {
  if (f.size() < 2 || std::isupper(static_cast<unsigned char>(f.front())) == 0) return false;
  for (char c : f)
    if (std::isupper(static_cast<unsigned char>(c)) == 0 && std::isdigit(static_cast<unsigned char>(c)) == 0 &&
        c != '_' && c != '-')
      return false;
  return true;
}

std::optional<ImportIdFormat> as_format(std::string_view word) {
  word = trimmed(word);
  ImportIdFormat format;
  const auto sep = word.find_first_of(kSeparators);
  if (sep != std::string_view::npos) format.separator = word[sep];
  std::size_t start = 0;
  while (true) {
    const auto end = word.find(format.separator, start);
    const std::string_view field =
        word.substr(start, end == std::string_view::npos ? std::string_view::npos : end - start);
    if (!is_field(field)) return std::nullopt;
    format.fields.emplace_back(field);
    if (end == std::string_view::npos) break;
    start = end + 1;
  }
  return format;
}

std::vector<std::string_view> words_of(std::string_view text) {
  std::vector<std::string_view> out;
  std::size_t i = 0;
  while (i < text.size()) {
    while (i < text.size() && std::isspace(static_cast<unsigned char>(text[i])) != 0) ++i;
    const std::size_t start = i;
    while (i < text.size() && std::isspace(static_cast<unsigned char>(text[i])) == 0) ++i;
    if (i > start) out.push_back(text.substr(start, i - start));
  }
  return out;
}

bool is_trigger(std::string_view word) {
  const std::string w = lower(trimmed(word));
  for (std::string_view t : kTriggers)
    if (w == t) return true;
  return false;
}

/// The text a primitive attribute gives an ID field ("" for null).
std::string field_text(const cty::Value& v) {
  if (v.is_null()) return "";
  switch (v.type().kind()) {
    case cty::Kind::String: return v.as_string();
    case cty::Kind::Number: return v.as_number().canonical();
    case cty::Kind::Bool: return v.as_bool() ? "true" : "false";
    default: return "";
  }
}

bool is_primitive(const cty::Type& t) {
  return t.kind() == cty::Kind::String || t.kind() == cty::Kind::Number || t.kind() == cty::Kind::Bool;
}

/// The format a field's name says it holds, trying it as two words at every split
/// ("BASETIMESTAMP": base_timestamp, a timestamp).
std::optional<gen::learning::Format> field_format(std::string_view field) {
  const std::string n = normalized(field);
  if (auto f = gen::learning::format_for_name(n, cty::Type::string())) return f;
  for (std::size_t k = 1; k < n.size(); ++k) {
    if (auto f = gen::learning::format_for_name(n.substr(0, k) + "_" + n.substr(k), cty::Type::string())) return f;
  }
  return std::nullopt;
}

/// The candidate attributes of one field, by the first rule that names any (see the header).
std::vector<std::string> candidates_for(std::string_view field, const cty::Value& state) {
  const std::string want = normalized(field);
  const auto& attributes = state.type().attributes();
  const auto& values = state.attribute_values();
  std::vector<std::string> ends_with, begins, by_format;
  const auto format = field_format(field);
  for (std::size_t i = 0; i < attributes.size(); ++i) {
    const std::string& name = attributes[i].name;
    if (!is_primitive(attributes[i].type) || !values[i].is_known()) continue;
    const std::string have = normalized(name);
    if (have == want) return {name};
    if (want.size() >= 3 && have.size() > want.size() &&
        have.compare(have.size() - want.size(), want.size(), want) == 0)
      ends_with.push_back(name);
    const std::string first_word = normalized(name.substr(0, name.find('_')));
    if (first_word.size() >= 3 && first_word.size() < want.size() &&
        want.compare(0, first_word.size(), first_word) == 0)
      begins.push_back(name);
    if (format && gen::learning::format_for_name(name, attributes[i].type) == format) by_format.push_back(name);
  }
  std::vector<std::string> found = !ends_with.empty() ? ends_with : !begins.empty() ? begins : by_format;
  // Several: those holding the field's format, when that leaves any.
  if (found.size() > 1 && format) {
    std::vector<std::string> narrowed;
    for (const auto& name : found)
      if (std::find(by_format.begin(), by_format.end(), name) != by_format.end()) narrowed.push_back(name);
    if (!narrowed.empty()) found = std::move(narrowed);
  }
  return found;
}
}  // namespace

std::vector<ImportIdFormat> parse_import_id_formats(std::string_view message) {
  const auto words = words_of(message);
  for (std::size_t i = 0; i < words.size(); ++i) {
    if (!is_trigger(words[i])) continue;
    std::vector<ImportIdFormat> several;
    std::optional<ImportIdFormat> single;
    for (std::size_t j = i + 1; j < words.size() && j <= i + kLookAhead + several.size() * 2; ++j) {
      auto format = as_format(words[j]);
      if (!format) continue;
      if (format->fields.size() > 1)
        several.push_back(std::move(*format));
      else if (!single && normalized(format->fields.front()) != "id")
        single = std::move(format);
    }
    if (!several.empty()) return several;
    if (single) return {*single};
  }
  return {};
}

std::optional<std::vector<std::string>> attributes_for_fields(const std::vector<std::string>& fields,
                                                              const cty::Value& state) {
  if (!state.is_known() || state.is_null() || state.type().kind() != cty::Kind::Object) return std::nullopt;
  std::vector<std::vector<std::string>> sets;
  for (const auto& f : fields) sets.push_back(candidates_for(f, state));
  // A field with one candidate takes it from every other field's candidates, until none changes.
  for (bool changed = true; changed;) {
    changed = false;
    for (std::size_t i = 0; i < sets.size(); ++i) {
      if (sets[i].size() != 1) continue;
      for (std::size_t j = 0; j < sets.size(); ++j) {
        if (j == i || sets[j].size() < 2) continue;
        const auto before = sets[j].size();
        std::erase(sets[j], sets[i].front());
        changed = changed || sets[j].size() != before;
      }
    }
  }
  std::vector<std::string> out;
  for (const auto& set : sets) {
    if (set.size() != 1 || std::find(out.begin(), out.end(), set.front()) != out.end()) return std::nullopt;
    out.push_back(set.front());
  }
  return out;
}

std::vector<RequestedImportId> requested_import_ids(std::string_view message, const cty::Value& state,
                                                    std::string_view refused_id) {
  std::vector<RequestedImportId> out;
  for (const auto& format : parse_import_id_formats(message)) {
    auto names = attributes_for_fields(format.fields, state);
    if (!names) continue;
    std::string id;
    for (std::size_t i = 0; i < names->size(); ++i) {
      if (i > 0) id += format.separator;
      id += field_text(*state.attribute((*names)[i]));
    }
    const bool taken = std::any_of(out.begin(), out.end(), [&](const RequestedImportId& r) { return r.id == id; });
    if (id != refused_id && !taken) out.push_back({std::move(id), std::move(*names), format.separator});
  }
  return out;
}

std::vector<std::string> import_ids_from_refusal(std::string_view message, const cty::Value& state,
                                                 std::string_view refused_id) {
  std::vector<std::string> ids;
  for (auto& r : requested_import_ids(message, state, refused_id)) ids.push_back(std::move(r.id));
  return ids;
}

}  // namespace tfc::conformance
