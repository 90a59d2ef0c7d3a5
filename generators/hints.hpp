#pragma once
// Hints files (docs/hints.md): per resource type and attribute path, steer the
// configuration generator towards values a real provider accepts, and give whole example
// configurations in the resource-body form of .tf.json.

#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "generators/hints_pattern.hpp"
#include "proto/cty/number.hpp"
#include "proto/schema/block.hpp"
#include "proto/util/expected.hpp"

namespace tfc::gen {

/// How one attribute (or, for omit/always only, one nested block type) is generated.
struct AttributeHint {
  std::optional<nlohmann::json> value;  // always exactly this value (.tf.json expression form)
  std::vector<nlohmann::json> values;   // one of these, shrinking towards the first
  std::optional<cty::Number> range_min;  // numbers between range_min and range_max inclusive
  std::optional<cty::Number> range_max;
  bool integer = false;                 // numbers are whole
  std::optional<Pattern> pattern;       // strings matching this pattern
  bool omit = false;                    // always null / absent
  bool always = false;                  // never null / absent (blocks: at least one)

  /// True when the hint decides the values themselves (not only presence).
  bool shapes_values() const noexcept {
    return value || !values.empty() || range_min || integer || pattern;
  }
};

/// The hints for one resource type.
struct Hints {
  std::string file;      // for messages: the file the hints came from
  std::string resource;  // for messages: the resource type
  /// Keyed by dotted path of attribute and block-type names, without indexes: "length",
  /// "rule.port", "endpoint.url" (nested attribute types included).
  std::map<std::string, AttributeHint, std::less<>> attributes;
  std::vector<nlohmann::json> examples;  // resource bodies as in .tf.json

  /// The hint at `path`, or nullptr.
  const AttributeHint* find(std::string_view path) const;
};

/// A whole hints file: resource type → hints.
struct HintsFile {
  std::string file;
  std::map<std::string, Hints, std::less<>> resources;

  /// The hints of `resource_type`, or empty hints (that steer nothing) when it has none.
  const Hints& for_resource(std::string_view resource_type) const;
};

/// Parses a hints document. Errors name the file, the resource and the attribute path
/// ("h.json: resources.random_string.attributes.length.range: ...").
Expected<HintsFile> parse_hints(const nlohmann::json& doc, const std::string& file_name);
/// Reads and parses a hints file (I/O and JSON syntax errors name the file).
Expected<HintsFile> load_hints_file(const std::string& path);

/// Checks hints against the resource's schema: every path exists, hints fit the attribute
/// (ranges on numbers, patterns on strings, no values for computed-only attributes, no omit on
/// required ones), fixed values convert to the attribute's type and every example converts
/// to a configuration of the block. Errors name file, resource and path.
Expected<void> check_hints(const Hints& hints, const schema::Block& block);

}  // namespace tfc::gen
