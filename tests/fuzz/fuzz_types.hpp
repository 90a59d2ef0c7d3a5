#pragma once
// The cty types the value decoders are fuzzed against, chosen by the input's first byte:
// primitives, each collection kind, an object nesting list/set/map of objects, dynamic
// positions at the top and inside an object, and a tuple holding a dynamic list.

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "proto/cty/type.hpp"
#include "proto/cty/value.hpp"

namespace tfc::fuzz {

inline const std::vector<cty::Type>& value_types() {
  using cty::Type;
  static const std::vector<Type> kTypes = [] {
    const Type port = Type::object({{"port", Type::number()}, {"tags", Type::set(Type::string())}});
    const Type nested = Type::object({
        {"id", Type::string()},
        {"rule", Type::list(port)},
        {"opt", Type::object({{"on", Type::boolean()}})},
        {"meta", Type::map(Type::object({{"n", Type::number()}}))},
        {"keys", Type::set(Type::object({{"k", Type::string()}, {"v", Type::list(Type::number())}}))},
    });
    return std::vector<Type>{
        Type::string(),                                                               // 0
        Type::number(),                                                               // 1
        Type::list(Type::string()),                                                   // 2
        Type::set(Type::number()),                                                    // 3
        Type::map(Type::boolean()),                                                   // 4
        nested,                                                                       // 5
        Type::dynamic(),                                                              // 6
        Type::object({{"a", Type::dynamic()}, {"b", Type::string()}}),                // 7
        Type::tuple({Type::string(), Type::list(Type::dynamic()), Type::boolean()}),  // 8
    };
  }();
  return kTypes;
}

/// True when a known number anywhere in `v` is ±infinity: go-cty's parsers accept "Inf"
/// (msgpack and JSON numbers given as strings), but JSON cannot write it (json.hpp).
inline bool has_infinity(const cty::Value& v) {
  if (!v.is_known() || v.is_null()) return false;
  switch (v.type().kind()) {
    case cty::Kind::Number: return v.as_number().is_infinite();
    case cty::Kind::List:
    case cty::Kind::Set:
    case cty::Kind::Tuple:
      for (const cty::Value& e : v.elements()) {
        if (has_infinity(e)) return true;
      }
      return false;
    case cty::Kind::Map:
      for (const auto& [key, e] : v.map_entries()) {
        if (has_infinity(e)) return true;
      }
      return false;
    case cty::Kind::Object:
      for (const cty::Value& e : v.attribute_values()) {
        if (has_infinity(e)) return true;
      }
      return false;
    default: return false;
  }
}

/// True when an unknown anywhere in `v` carries a string-prefix refinement longer than 256
/// bytes: msgpack_encode cuts those to at most 255 bytes as go-cty does (msgpack.hpp), so the
/// first round trip of such a value legitimately shortens the prefix.
inline bool has_long_prefix(const cty::Value& v) {
  if (!v.is_known()) return v.refinements().string_prefix && v.refinements().string_prefix->size() > 256;
  if (v.is_null()) return false;
  switch (v.type().kind()) {
    case cty::Kind::List:
    case cty::Kind::Set:
    case cty::Kind::Tuple:
      for (const cty::Value& e : v.elements()) {
        if (has_long_prefix(e)) return true;
      }
      return false;
    case cty::Kind::Map:
      for (const auto& [key, e] : v.map_entries()) {
        if (has_long_prefix(e)) return true;
      }
      return false;
    case cty::Kind::Object:
      for (const cty::Value& e : v.attribute_values()) {
        if (has_long_prefix(e)) return true;
      }
      return false;
    default: return false;
  }
}

/// Prints both values and aborts: a broken round trip is a finding.
[[noreturn]] inline void round_trip_mismatch(const char* what, const cty::Value& first, const cty::Value& second) {
  std::fprintf(stderr, "%s: round trip changed the value\n  first:  %s\n  second: %s\n", what,
               first.to_display().c_str(), second.to_display().c_str());
  std::abort();
}

[[noreturn]] inline void finding(const char* what, const std::string& detail) {
  std::fprintf(stderr, "%s: %s\n", what, detail.c_str());
  std::abort();
}

}  // namespace tfc::fuzz
