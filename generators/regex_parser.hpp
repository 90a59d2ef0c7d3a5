#pragma once
// Parsing RE2 syntax (the subset regex.hpp describes) into the tree generation and matching
// work on.

#include <string_view>

#include "generators/regex.hpp"
#include "proto/util/expected.hpp"

namespace tfc::gen {

/// The tree of `text`. Errors name the position and what is wrong, as Regex::parse reports them.
Expected<RegexNode> parse_regex_syntax(std::string_view text);

}  // namespace tfc::gen
