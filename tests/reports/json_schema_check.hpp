#pragma once
// Checks a JSON document against docs/report.schema.json, the documented form of the JSON
// report. A small validator for the part of JSON Schema (draft 2020-12) that file uses, written
// here so the check needs nothing beyond nlohmann/json: type, const, enum, properties, required,
// additionalProperties, items, minimum, pattern and local $ref into $defs. A schema keyword it
// does not know is itself a problem, so the schema can never lean on a check that silently
// does not happen. Used by the reports tests (the approved baseline) and by every real run the
// conformance tests make (tests/conformance/run_support.cpp). Header-only, so every test program
// that includes it needs no extra source file.

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <regex>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

namespace tfc::report::testing {
namespace json_schema_detail {

using nlohmann::json;

// Keywords that only describe (they constrain nothing), and those the walk below enforces.
inline const std::set<std::string, std::less<>> kAnnotations{"$schema", "$comment", "title", "description", "$defs"};
inline const std::set<std::string, std::less<>> kChecked{
    "type", "const", "enum", "properties", "required", "additionalProperties", "items", "minimum", "pattern", "$ref"};

inline bool has_type(const json& value, std::string_view type) {
  if (type == "object") return value.is_object();
  if (type == "array") return value.is_array();
  if (type == "string") return value.is_string();
  if (type == "boolean") return value.is_boolean();
  if (type == "null") return value.is_null();
  if (type == "integer") return value.is_number_integer();
  if (type == "number") return value.is_number();
  return false;
}

class Checker {
public:
  explicit Checker(const json& root) : m_root(root) {}

  void check(const json& schema, const json& value, const std::string& at) {
    if (schema.is_boolean()) {
      if (!schema.get<bool>()) fail(at, "no value is allowed here");
      return;
    }
    if (!schema.is_object()) {
      fail(at, "the schema here is neither an object nor a boolean");
      return;
    }
    for (const auto& [keyword, _] : schema.items()) {
      if (!kAnnotations.contains(keyword) && !kChecked.contains(keyword))
        fail(at, "the schema uses keyword \"" + keyword + "\", which this checker does not implement");
    }
    if (auto ref = schema.find("$ref"); ref != schema.end()) check_ref(*ref, value, at);
    if (auto type = schema.find("type"); type != schema.end() && !type_matches(*type, value)) {
      fail(at, "expected type " + type->dump() + ", got " + value.dump());
      return;  // the other keywords would only repeat the mismatch
    }
    if (auto c = schema.find("const"); c != schema.end() && *c != value)
      fail(at, "expected " + c->dump() + ", got " + value.dump());
    if (auto e = schema.find("enum"); e != schema.end() && std::find(e->begin(), e->end(), value) == e->end())
      fail(at, value.dump() + " is not one of " + e->dump());
    if (auto m = schema.find("minimum");
        m != schema.end() && value.is_number() && value.get<double>() < m->get<double>())
      fail(at, value.dump() + " is below the minimum " + m->dump());
    if (auto p = schema.find("pattern");
        p != schema.end() && value.is_string() &&
        !std::regex_search(value.get<std::string>(), std::regex(p->get<std::string>())))
      fail(at, value.dump() + " does not match " + p->dump());
    if (value.is_object()) check_object(schema, value, at);
    if (value.is_array()) {
      if (auto items = schema.find("items"); items != schema.end()) {
        for (std::size_t i = 0; i < value.size(); ++i) check(*items, value[i], at + "[" + std::to_string(i) + "]");
      }
    }
  }

  std::vector<std::string> problems;

private:
  void fail(const std::string& at, const std::string& what) { problems.push_back(at + ": " + what); }

  static bool type_matches(const json& type, const json& value) {
    if (type.is_string()) return has_type(value, type.get<std::string>());
    for (const json& t : type) {
      if (t.is_string() && has_type(value, t.get<std::string>())) return true;
    }
    return false;
  }

  void check_ref(const json& ref, const json& value, const std::string& at) {
    const std::string prefix = "#/$defs/";
    const std::string target = ref.is_string() ? ref.get<std::string>() : std::string();
    if (target.rfind(prefix, 0) != 0 || !m_root.contains("$defs") ||
        !m_root["$defs"].contains(target.substr(prefix.size()))) {
      fail(at, "unresolvable $ref " + ref.dump() + " (only #/$defs/NAME is supported)");
      return;
    }
    check(m_root["$defs"][target.substr(prefix.size())], value, at);
  }

  void check_object(const json& schema, const json& value, const std::string& at) {
    if (auto required = schema.find("required"); required != schema.end()) {
      for (const json& name : *required) {
        if (!value.contains(name.get<std::string>())) fail(at, "missing key \"" + name.get<std::string>() + "\"");
      }
    }
    const json no_properties = json::object();
    auto props = schema.find("properties");
    const json& properties = props != schema.end() ? *props : no_properties;
    auto extra = schema.find("additionalProperties");
    for (const auto& [key, member] : value.items()) {
      const std::string where = at + "." + key;
      if (properties.contains(key)) {
        check(properties[key], member, where);
      } else if (extra != schema.end()) {
        if (extra->is_boolean() && !extra->get<bool>())
          fail(where, "key not in the schema (document it in docs/report.schema.json and docs/reports.md)");
        else
          check(*extra, member, where);
      }
    }
  }

  const json& m_root;
};

}  // namespace json_schema_detail

/// Every place `document` breaks `schema`, as "<JSON path>: <what is wrong>" (the root is "$").
inline std::vector<std::string> schema_problems(const nlohmann::json& schema, const nlohmann::json& document) {
  json_schema_detail::Checker checker(schema);
  checker.check(schema, document, "$");
  return checker.problems;
}

/// docs/report.schema.json of the source tree (`source_root`), parsed.
inline nlohmann::json report_schema(const std::filesystem::path& source_root) {
  std::ifstream in(source_root / "docs" / "report.schema.json");
  return nlohmann::json::parse(in);
}

}  // namespace tfc::report::testing
