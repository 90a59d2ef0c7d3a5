#pragma once
// `value.type_mismatch` for an object given in the JSON form of oracle vectors, before it is
// decoded (docs/oracle-vectors.md: a provider-produced object that does not conform
// to the schema's type is a finding, not an input error).

#include <string_view>

#include <nlohmann/json.hpp>

#include "oracle/findings.hpp"
#include "proto/cty/type.hpp"

namespace tfc::oracle {

/// Walks `value` (JSON form of `type`, null at unknown positions) with its unknown mirror and
/// reports `value.type_mismatch` at each path where the JSON cannot be a value of the type: a
/// wrong JSON kind, an object key the type lacks, a tuple of the wrong length, a dynamic value
/// without its {"value", "type"} wrapper. Missing object keys read as null.
void check_json_conformance(const cty::Type& type, const nlohmann::json& value, const nlohmann::json& unknown,
                            std::string_view what, Findings& out);

}  // namespace tfc::oracle
