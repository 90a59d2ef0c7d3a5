#pragma once
// What every reader of diagnostic messages needs (message_parser.hpp): substring tests on the
// lowercased text, names as messages quote them, negations before a phrase.

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace tfc::gen::learning {

/// True when `piece` occurs in `lower` (both lowercase).
bool has(std::string_view lower, std::string_view piece);

/// The first position at or after `pos` that is not a space or a tab.
std::size_t skip_spaces(std::string_view text, std::size_t pos);

/// A name as messages write it at `pos` (after spaces): %q-quoted, backticked, or a bare token
/// up to a space, ':', ',' or ')'.
std::optional<std::string> read_name(std::string_view text, std::size_t pos);

/// Whether the words just before `pos` negate what follows: "expected K to not be one of",
/// "must not match" list excluded values, where "is not one of a, b" states the allowed ones.
bool negated_before(std::string_view lower, std::size_t pos);

}  // namespace tfc::gen::learning
