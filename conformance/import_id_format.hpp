#pragma once
// An import ID built the way the provider said it wants it. Many providers import by an ID that
// is not the state's `id` ("Unexpected format of ID (\"x\"), expected CREATEDURATION,DESTROYDURATION",
// "expected CLUSTER-NAME:NODE-GROUP-NAME"): a user reads that message and types the ID by hand.
// import_id_from_refusal reads the expected format the same way and fills each field with the
// state attribute it names, so the import scenario reaches such types without a hints file.

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "proto/cty/value.hpp"

namespace tfc::conformance {

/// The fields and separator of the first "expected FIELD<sep>FIELD..." in `message` (upper-case
/// field names; the first alternative of "A or B"), or nullopt when the message names none.
struct ImportIdFormat {
  std::vector<std::string> fields;  // as written: "CREATEDURATION", "NODE-GROUP-NAME"
  char separator = ',';
};
std::optional<ImportIdFormat> parse_import_id_format(std::string_view message);

/// The state attribute a field names: the same letters ignoring case, '_' and '-'; else the one
/// attribute whose name ends with the field ("YEARS": offset_years) or whose first word begins
/// it ("BASETIMESTAMP": base_rfc3339). Only known primitive attributes count; empty when none or
/// more than one fits.
std::string attribute_for_field(std::string_view field, const cty::Value& state);

/// The ID `message` asks for, filled from `state` (null attributes give empty fields), or
/// nullopt when the message names no format, a field has no attribute, or the ID would be the
/// one already refused.
std::optional<std::string> import_id_from_refusal(std::string_view message, const cty::Value& state,
                                                  std::string_view refused_id);

}  // namespace tfc::conformance
