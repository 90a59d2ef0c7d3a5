#pragma once
// Cross-attribute rules stated by a diagnostic message: terraform-plugin-sdk's ConflictsWith,
// ExactlyOneOf, AtLeastOneOf and RequiredWith, the framework validators' attribute and
// resource forms, and plain English conflicts between quoted names.

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "generators/hints.hpp"

namespace tfc::gen::learning {

/// The group `text` (summary, newline, detail; `lower` lowercased) states, with its names raw
/// as the text writes them; `subjects` are the message's subjects, the first the one it is about.
/// `with_subject` is set when the diagnostic's own attribute belongs to the group unnamed (the
/// group may then hold one name).
std::optional<AttributeGroup> read_group(std::string_view summary, std::string_view text, std::string_view lower,
                                         const std::vector<std::string>& subjects, bool& with_subject);

}  // namespace tfc::gen::learning
