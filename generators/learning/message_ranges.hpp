#pragma once
// Ranges and lengths a message or description states: helper/validation's "in the range
// (1 - 64)", "between 1 and 64 [characters]", and one-sided bounds ("at least 3", "63
// characters or fewer"); a range about characters is a length, one about elements is skipped.

#include <cstddef>
#include <optional>
#include <string_view>

#include "generators/learning/value_rule.hpp"

namespace tfc::gen::learning {

struct Bound {
  double value = 0;
  bool fractional = false;  // written with a '.': the range is not of integers
};

/// The number at `pos` (after spaces and an opening parenthesis).
std::optional<Bound> number_at(std::string_view text, std::size_t pos);

/// Sets `rule`'s bounds (min, max and integer, or the lengths) from what `text` states.
void read_ranges(std::string_view text, std::string_view lower, ValueRule& rule);

}  // namespace tfc::gen::learning
