#pragma once
// Attribute paths as hints write them ("rule.port": names only, no indexes) resolved against a
// schema, from the forms providers use: a diagnostic's attribute path, a flatmap key
// ("rule.0.port", terraform-plugin-sdk) and a framework path ("rule[0].port").

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "proto/cty/path.hpp"
#include "proto/cty/value.hpp"
#include "proto/schema/block.hpp"

namespace tfc::gen::learning {

/// What a hint path names: an attribute (possibly inside nested blocks or nested attribute
/// types) or a nested block type.
struct Member {
  const schema::Attribute* attribute = nullptr;
  const schema::NestedBlock* block = nullptr;
  explicit operator bool() const noexcept { return attribute != nullptr || block != nullptr; }
};

Member member_at(const schema::Block& root, std::string_view hint_path);

/// The hint path of a diagnostic's attribute path: index, key and set steps dropped, and cut
/// at the deepest step the schema knows (a path into an object-typed attribute names the
/// attribute). nullopt when even the first step is unknown (or the path is empty).
std::optional<std::string> hint_path_of(const schema::Block& root, const cty::Path& path);

/// The hint path of a name as a message writes it: "rule.0.port", "rule[0].port",
/// `tags["k"]`, a quoted name; relative framework expressions ("<.other") resolve against
/// `base` (the hint path of the diagnostic's own attribute). nullopt when unknown.
std::optional<std::string> hint_path_of_text(const schema::Block& root, std::string_view text,
                                             const std::string& base = "");

/// Every value at `hint_path` inside a configuration value of `root` (one per list element,
/// set element or map entry on the way); nulls included, unknown containers skipped.
std::vector<cty::Value> values_at(const schema::Block& root, const cty::Value& config, std::string_view hint_path);

/// Every hint path of the schema whose last name is `name` (attributes and block types at any
/// depth), in schema order: how a message's bare name ("create") finds `timeouts.create`.
std::vector<std::string> paths_named(const schema::Block& root, std::string_view name);

/// Every attribute value found under `value`, the value of member `base` (a block type or a
/// nested attribute type; any element of it when it is a collection), with its hint path.
std::vector<std::pair<std::string, cty::Value>> leaves_under(const schema::Block& root, const std::string& base,
                                                             const cty::Value& value);

/// Every attribute value of a configuration of `root`, with its hint path.
std::vector<std::pair<std::string, cty::Value>> all_leaves(const schema::Block& root, const cty::Value& config);

/// The last name of a hint path ("rule.port" → "port").
std::string last_name(std::string_view hint_path);

}  // namespace tfc::gen::learning
