#pragma once
// Small text helpers shared by the message and description parsers: case folding, whole-word
// search, Go's quoted strings (`%q`) and the list forms Go prints (`[a b c]`, `["a" "b"]`).

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace tfc::gen::learning {

std::string lowercase(std::string_view s);

/// True when `word` (lowercase) occurs in `lower_text` with no letter, digit or '_' on either side.
bool contains_word(std::string_view lower_text, std::string_view word);

/// A Go double-quoted string literal starting at `text[pos]` (which must be '"'): its value,
/// with `pos` moved past the closing quote. nullopt when it does not close.
std::optional<std::string> read_go_quoted(std::string_view text, std::size_t& pos);

/// The items of a list as Go prints one with %v or %q: `[a b c]`, `["a" "b"]`, `[1 2 3]`;
/// also comma-separated forms (`[a, b]`, `[a,b]`). `text` starts at '['; `pos` moves past ']'.
std::optional<std::vector<std::string>> read_go_list(std::string_view text, std::size_t& pos);

/// Every `backticked` or "double-quoted" span in `text`, in order.
std::vector<std::string> quoted_spans(std::string_view text);

/// A decimal number at `text[pos]` (sign, digits, fraction, exponent); `pos` moves past it.
std::optional<double> read_number(std::string_view text, std::size_t& pos);

/// `text` with surrounding whitespace and one pair of matching quotes or backticks removed.
std::string trim_quotes(std::string_view text);

}  // namespace tfc::gen::learning
