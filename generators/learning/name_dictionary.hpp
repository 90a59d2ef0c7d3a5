#pragma once
// A built-in dictionary of what attributes of common names hold: `*_json` and `policy` hold
// JSON documents, `*_arn` ARNs, `cidr_block` CIDR blocks, `region` regions, `port` port
// numbers, `*_permission` octal file modes, `*_date` dates, and so on. Keyed by the attribute's
// own name (the last step of its path) and the primitive kind of its values, never by a
// provider's resource type names.

#include <optional>
#include <string_view>

#include "generators/learning/value_rule.hpp"
#include "proto/cty/type.hpp"

namespace tfc::gen::learning {

/// The format an attribute of this name and type usually holds; nullopt when the name says
/// nothing (or the type cannot hold the format).
std::optional<Format> format_for_name(std::string_view name, const cty::Type& type);

}  // namespace tfc::gen::learning
