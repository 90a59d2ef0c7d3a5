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

/// Where a top-level attribute's value comes from: an attribute another resource of the provider
/// computes (`private_key_pem` of a `tls_private_key`). Under --apply the case creates that
/// resource first and passes its value (docs/hints.md, "Resources wired together").
struct ReferenceHint {
  std::string type;       // a managed resource type of the same provider
  std::string attribute;  // its top-level attribute
  friend bool operator==(const ReferenceHint&, const ReferenceHint&) = default;
};

/// How one attribute (or, for omit/always only, one nested block type) is generated.
struct AttributeHint {
  std::optional<nlohmann::json> value;   // always exactly this value (.tf.json expression form)
  std::vector<nlohmann::json> values;    // one of these, shrinking towards the first
  std::optional<cty::Number> range_min;  // numbers between range_min and range_max inclusive
  std::optional<cty::Number> range_max;
  bool integer = false;            // numbers are whole
  std::optional<Pattern> pattern;  // strings matching this pattern
  bool omit = false;               // always null / absent
  bool always = false;             // never null / absent (blocks: at least one)
  bool known = false;              // never unknown in the first plan (top-level attributes)
  /// A change of it makes the provider replace the object (requires_replace in its plans;
  /// top-level attributes and blocks): in-place update steps keep its create value.
  bool forces_replacement = false;
  /// Set in every generated configuration like `always`, but a shrunk failure may leave it out:
  /// how the learner tries members out (not part of the file format).
  bool present = false;
  std::optional<ReferenceHint> reference;  // the value comes from another resource (top level only)

  /// True when the hint decides the values themselves (not only presence).
  bool shapes_values() const noexcept { return value || !values.empty() || range_min || integer || pattern; }
};

/// A cross-attribute rule (a provider's ConflictsWith, ExactlyOneOf, AtLeastOneOf,
/// RequiredWith): which of a few attributes or block types of one block are set together.
struct AttributeGroup {
  enum class Kind { AtMostOne, ExactlyOne, AtLeastOne, AllOrNone };
  Kind kind = Kind::AtMostOne;
  /// Dotted paths that share their parent ("a", "b" or "rule.a", "rule.b"), at least two.
  std::vector<std::string> paths;

  /// The common parent path ("" at the top level).
  std::string parent() const;
  friend bool operator==(const AttributeGroup&, const AttributeGroup&) = default;
};

/// "at_most_one", "exactly_one", "at_least_one", "all_or_none" (the hints file's words).
std::string_view to_string(AttributeGroup::Kind kind) noexcept;
std::optional<AttributeGroup::Kind> group_kind_from_string(std::string_view word) noexcept;

/// The hints for one resource type.
struct Hints {
  std::string file;      // for messages: the file the hints came from
  std::string resource;  // for messages: the resource type
  /// Keyed by dotted path of attribute and block-type names, without indexes: "length",
  /// "rule.port", "endpoint.url" (nested attribute types included).
  std::map<std::string, AttributeHint, std::less<>> attributes;
  std::vector<nlohmann::json> examples;  // resource bodies as in .tf.json
  std::vector<AttributeGroup> groups;    // cross-attribute rules, honoured in this order
  /// The hints of the resource types the references above (and theirs) name, by type: how the
  /// resources a case creates first are configured.
  std::map<std::string, Hints, std::less<>> upstream;

  /// The hint at `path`, or nullptr.
  const AttributeHint* find(std::string_view path) const;
  bool empty() const noexcept { return attributes.empty() && examples.empty() && groups.empty() && upstream.empty(); }
  /// The hints of upstream type `type` (empty hints when there are none).
  const Hints& upstream_hints(std::string_view type) const;
};

/// A whole hints file: resource type → hints, data source → hints.
struct HintsFile {
  std::string file;
  std::map<std::string, Hints, std::less<>> resources;
  std::map<std::string, Hints, std::less<>> data_sources;

  /// The hints of `resource_type`, or empty hints (that steer nothing) when it has none.
  const Hints& for_resource(std::string_view resource_type) const;
  /// The hints of a data source: its own under `data_sources`, else those under `resources`
  /// of the same name (hints files written before data sources had their own key).
  const Hints& for_data_source(std::string_view data_source) const;

  /// The other families' own hints, which --write-hints writes for what their suites learned
  /// (a type of these families may share its name with a managed resource).
  std::map<std::string, Hints, std::less<>> ephemeral_resources;
  std::map<std::string, Hints, std::less<>> actions;
  std::map<std::string, Hints, std::less<>> list_resources;
  /// An ephemeral resource's or an action's own hints, else those under `resources` of the same
  /// name (hints files written before they had their own key).
  const Hints& for_ephemeral_resource(std::string_view type) const;
  const Hints& for_action(std::string_view type) const;
  /// A list resource's own hints, for its list configuration (`resources` of the same name are
  /// the managed resource's, for the object a list case creates).
  const Hints& for_list_resource(std::string_view type) const;
};

/// Parses a hints document. Errors name the file, the resource and the attribute path
/// ("h.json: resources.random_string.attributes.length.range: ...").
Expected<HintsFile> parse_hints(const nlohmann::json& doc, const std::string& file_name);
/// Reads and parses a hints file (I/O and JSON syntax errors name the file).
Expected<HintsFile> load_hints_file(const std::string& path);

/// One resource's hints in the file's form (`attributes`, `examples`, `groups`), the inverse
/// of parsing: parse_hints reads it back to the same hints.
nlohmann::json hints_to_json(const Hints& hints);
/// A whole hints document.
nlohmann::json hints_file_to_json(const HintsFile& file);

/// Checks hints against the resource's schema: every path exists, hints fit the attribute
/// (ranges on numbers, patterns on strings, no values for computed-only attributes, no omit on
/// required ones), fixed values convert to the attribute's type and every example converts
/// to a configuration of the block. Errors name file, resource and path.
Expected<void> check_hints(const Hints& hints, const schema::Block& block);

}  // namespace tfc::gen
