#pragma once
// Values and resource bodies written in .tf.json form (a provider's configuration, the hints'
// `value`, `values` and `examples`) turned into cty values of a schema's implied type, with Terraform's automatic
// conversions between strings, numbers and bools (docs/protocol.md §4.4 for the null-versus-empty block rules).

#include <string>

#include <nlohmann/json.hpp>

#include "proto/cty/type.hpp"
#include "proto/cty/value.hpp"
#include "proto/schema/block.hpp"
#include "proto/util/expected.hpp"

namespace tfc::schema {

/// A JSON expression as a value of `type`: strings, numbers and bools convert into each other
/// where Terraform would; `dynamic` takes the JSON's own shape (arrays become tuples, objects
/// become objects); missing object attributes are null. Errors name `path`.
Expected<cty::Value> value_from_tf_json(const nlohmann::json& doc, const cty::Type& type, const std::string& path);

/// A resource body (attributes and nested blocks; a block as an object or a list of objects,
/// a map block as an object keyed by label) as the configuration value of `block`: absent
/// attributes null, absent blocks null (single), empty (list/set/map) or the empty object
/// (group). Setting a computed-only attribute, an unknown name or a block count outside
/// min/max is an error naming `path`. Meta-arguments (count, for_each, depends_on, provider,
/// lifecycle, provisioner, connection) are ignored.
Expected<cty::Value> config_from_tf_json(const nlohmann::json& body, const Block& block, const std::string& path);

/// The inverse of value_from_tf_json: a known value as a .tf.json expression (lists, sets and
/// tuples as arrays, maps and objects as objects, numbers in their exact decimal form where
/// JSON can hold it; null and unknown values as null).
nlohmann::json value_to_tf_json(const cty::Value& value);

/// The inverse of config_from_tf_json: a configuration value of `block` as a resource body
/// (null attributes and absent blocks left out, a block as an object or an array of objects,
/// a MAP block as an object keyed by label). config_from_tf_json reads it back to `config`.
nlohmann::json config_to_tf_json(const cty::Value& config, const Block& block);

}  // namespace tfc::schema
