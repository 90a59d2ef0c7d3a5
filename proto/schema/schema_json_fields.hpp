#pragma once
// Internal to tfc::schema's JSON form: reading optional, typed object fields with errors that
// name the JSON path. Not part of the public API.

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "proto/util/expected.hpp"

/// TFC_SCHEMA_TRY_VOID(expr): evaluate an Expected<void>; on error return it.
#define TFC_SCHEMA_TRY_VOID(expr)                             \
  do {                                                        \
    if (auto tfc_r_ = (expr); !tfc_r_) return tfc_r_.error(); \
  } while (false)

namespace tfc::schema::detail {

/// "a.b" + "c" → "a.b.c"; the root path is empty.
inline std::string join_path(const std::string& path, std::string_view key) {
  std::string out;
  out.reserve(path.size() + key.size() + 1);
  out += path;
  if (!path.empty()) out.push_back('.');
  out += key;
  return out;
}

/// An input error at a JSON path: "schema JSON at block_types.rule.min_items: expected ...".
inline Error json_error(const std::string& path, const std::string& what) {
  return Error{"schema JSON" + (path.empty() ? std::string() : " at " + path) + ": " + what};
}

/// The field `key` of `obj`, or nullptr when absent or JSON null (both mean "default").
inline const nlohmann::json* field(const nlohmann::json& obj, std::string_view key) {
  auto it = obj.find(key);
  if (it == obj.end() || it->is_null()) return nullptr;
  return &*it;
}

/// Reads an optional boolean field into `out` (left unchanged when absent).
inline Expected<void> read_bool(const nlohmann::json& obj, std::string_view key, const std::string& path, bool& out) {
  const nlohmann::json* v = field(obj, key);
  if (!v) return {};
  if (!v->is_boolean())
    return json_error(join_path(path, key), std::string("expected a boolean, found ") + v->type_name());
  out = v->get<bool>();
  return {};
}

/// Reads an optional string field into `out` (left unchanged when absent).
inline Expected<void> read_string(const nlohmann::json& obj, std::string_view key, const std::string& path,
                                  std::string& out) {
  const nlohmann::json* v = field(obj, key);
  if (!v) return {};
  if (!v->is_string())
    return json_error(join_path(path, key), std::string("expected a string, found ") + v->type_name());
  out = v->get_ref<const std::string&>();
  return {};
}

/// Reads an optional integer field that fits int64 into `out` (left unchanged when absent).
inline Expected<void> read_int(const nlohmann::json& obj, std::string_view key, const std::string& path,
                               std::int64_t& out) {
  const nlohmann::json* v = field(obj, key);
  if (!v) return {};
  if (v->is_number_unsigned()) {
    auto u = v->get<std::uint64_t>();
    if (u > static_cast<std::uint64_t>(INT64_MAX)) return json_error(join_path(path, key), "integer out of range");
    out = static_cast<std::int64_t>(u);
    return {};
  }
  if (v->is_number_integer()) {
    out = v->get<std::int64_t>();
    return {};
  }
  return json_error(join_path(path, key), std::string("expected an integer, found ") + v->type_name());
}

/// True when `doc` nests arrays and objects deeper than `limit` levels (a scalar is depth 0).
/// Iterative, so that it is safe on any parsed document: nlohmann parses and destroys deep
/// documents without recursion, but copying, comparing and dumping one recurses per level.
inline bool nested_deeper_than(const nlohmann::json& doc, int limit) {
  std::vector<std::pair<const nlohmann::json*, int>> stack{{&doc, 0}};
  while (!stack.empty()) {
    const auto [node, depth] = stack.back();
    stack.pop_back();
    if (!node->is_structured()) continue;
    if (depth + 1 > limit) return true;
    for (const nlohmann::json& child : *node) stack.emplace_back(&child, depth + 1);
  }
  return false;
}

/// The optional object-valued field `key`, or nullptr when absent; an error when not an object.
inline Expected<const nlohmann::json*> read_object(const nlohmann::json& obj, std::string_view key,
                                                   const std::string& path) {
  const nlohmann::json* v = field(obj, key);
  if (v && !v->is_object()) {
    return json_error(join_path(path, key), std::string("expected an object, found ") + v->type_name());
  }
  return v;
}

}  // namespace tfc::schema::detail
