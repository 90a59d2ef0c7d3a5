#pragma once
// Values between the suite and the wire: requests are encoded against the schema's implied
// type; responses are decoded with it, and a response that cannot be decoded is a finding
// (`value.undecodable` for bytes that are not msgpack/JSON at all, `value.type_mismatch` for a
// well-formed value of another shape), never a harness error. Display forms redact sensitive
// attributes (docs/architecture.md, "Conventions the code keeps").

#include <optional>
#include <string>

#include <nlohmann/json.hpp>

#include "oracle/violation.hpp"
#include "proto/cty/path.hpp"
#include "proto/cty/value.hpp"
#include "proto/protocol/dynamic_value.hpp"
#include "proto/schema/block.hpp"
#include "proto/util/expected.hpp"

namespace tfc::conformance {

/// The msgpack DynamicValue of `value`, typed by `type` (a block's implied type).
Expected<protocol::DynamicValue> encode_value(const cty::Type& type, const cty::Value& value);
/// The same with `block`'s implied type worked out here (callers on a hot path keep the type).
Expected<protocol::DynamicValue> encode_value(const schema::Block& block, const cty::Value& value);

/// A decoded response value, or the violation saying why there is none. A decoded value may
/// still carry violations (`value.invalid_utf8`); the caller judges them with the oracle's.
struct Decoded {
  std::optional<cty::Value> value;
  oracle::Violations violations;
};

/// Decodes msgpack (else JSON, else "not set" = null) with `block`'s implied type. `what` names
/// the value in messages ("planned state").
Decoded decode_value(const cty::Type& type, const protocol::DynamicValue& value, const std::string& what);
Decoded decode_value(const schema::Block& block, const protocol::DynamicValue& value, const std::string& what);

/// The first 64 bytes of a value that did not decode, in hex, and its length: what a finding
/// shows of it ({"msgpack_hex": "...", "bytes": N}, or "json_hex").
nlohmann::json undecodable_bytes(const protocol::DynamicValue& value);

/// JSON for people: objects by attribute name, unknowns as "(known after apply)", sensitive
/// attributes (at any depth) as "(sensitive value)", numbers exact, sets as arrays.
nlohmann::json display_json(const schema::Block& block, const cty::Value& value);

/// True when `path` runs through a sensitive attribute of `block` (or one of its nested types).
bool path_is_sensitive(const schema::Block& block, const cty::Path& path);

/// Counts the non-null leaf values set in a configuration (the size of a counterexample; empty
/// collections and absent blocks count nothing).
std::size_t count_set_attributes(const cty::Value& config);

/// `object` with attribute `name` set to `value` (the object unchanged when it has no such
/// attribute or the types differ).
cty::Value with_attribute(const cty::Value& object, const std::string& name, const cty::Value& value);

}  // namespace tfc::conformance
