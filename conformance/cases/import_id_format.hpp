#pragma once
// An import ID built the way the provider said it wants it. Many providers import by an ID that
// is not the state's `id` ("Unexpected format of ID (\"x\"), expected CREATEDURATION,DESTROYDURATION",
// "expected CLUSTER-NAME:NODE-GROUP-NAME"): a user reads that message and types the ID by hand.
// import_ids_from_refusal reads the expected format the same way and fills each field with the
// state attribute it names, so the import scenario reaches such types without a hints file.

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "proto/cty/value.hpp"

namespace tfc::conformance {

/// The fields and separator of an ID format a message names ("expected FIELD<sep>FIELD...").
struct ImportIdFormat {
  std::vector<std::string> fields;  // as written: "CREATEDURATION", "NODE-GROUP-NAME"
  char separator = ',';
};
/// The formats after the first "expected"/"format" in `message` that names any: every
/// alternative of "A or B", in order; a lone upper-case word only when no format there has
/// several fields. Empty when the message names none.
std::vector<ImportIdFormat> parse_import_id_formats(std::string_view message);

/// The state attribute each field names, when every field names exactly one and no two the
/// same: the same letters ignoring case, '_' and '-'; else the attributes whose name ends with
/// the field ("YEARS": offset_years) or whose first word begins it ("BASETIMESTAMP":
/// base_rfc3339); else those holding the format the field's name says (the name dictionary:
/// "BASETIMESTAMP" holds a timestamp: rfc3339). Several candidates are narrowed by that format
/// and by the attributes other fields took. Only known primitive attributes count; nullopt
/// when a field stays without exactly one.
std::optional<std::vector<std::string>> attributes_for_fields(const std::vector<std::string>& fields,
                                                              const cty::Value& state);

/// An ID a refusal asks for: its text, and the state attributes that fill its fields, in order.
struct RequestedImportId {
  std::string id;
  std::vector<std::string> attributes;
  char separator = ',';
};

/// The IDs `message` asks for, filled from `state` (null attributes give empty fields), one per
/// format it names that every field of can be filled, without the ID already refused.
std::vector<RequestedImportId> requested_import_ids(std::string_view message, const cty::Value& state,
                                                    std::string_view refused_id);
/// The text of each of requested_import_ids.
std::vector<std::string> import_ids_from_refusal(std::string_view message, const cty::Value& state,
                                                 std::string_view refused_id);

}  // namespace tfc::conformance
