#pragma once
// The JSON form of cty types (docs/protocol.md §3.2): "string", ["list","string"],
// ["object",{"a":T},["opt"]], ["tuple",[T...]], "dynamic".

#include <string>
#include <string_view>

#include <nlohmann/json_fwd.hpp>

#include "proto/cty/type.hpp"
#include "proto/util/expected.hpp"

namespace tfc::cty {

/// Parses type JSON text (any whitespace and key order).
Expected<Type> type_from_json(std::string_view text);
/// Text overloads, so that literals and strings are not ambiguous with nlohmann::json.
Expected<Type> type_from_json(const std::string& text);
Expected<Type> type_from_json(const char* text);
/// The same from an already parsed document.
Expected<Type> type_from_json(const nlohmann::json& doc);
/// Compact type JSON as Go writes it (sorted attribute names, no whitespace).
std::string type_to_json(const Type& type);
nlohmann::json type_to_json_value(const Type& type);

}  // namespace tfc::cty
