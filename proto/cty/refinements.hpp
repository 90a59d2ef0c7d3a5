#pragma once
// Refinements an unknown value may carry (go-cty >= 1.13, Terraform >= 1.6):
// docs/protocol.md §3.4. All fields are optional; an empty Refinements
// is a plain unknown.

#include <cstdint>
#include <optional>
#include <string>

#include "proto/cty/number.hpp"

namespace tfc::cty {

struct NumberBound {
  Number value;
  bool inclusive = false;
  friend bool operator==(const NumberBound&, const NumberBound&) = default;
};

struct Refinements {
  /// true: definitely not null (msgpack key 1 = false). Never "definitely null".
  bool not_null = false;
  std::optional<std::string> string_prefix;   // key 2, strings only
  std::optional<NumberBound> number_lower;    // key 3, numbers only
  std::optional<NumberBound> number_upper;    // key 4, numbers only
  std::optional<std::uint64_t> length_lower;  // key 5, collections only (0 is "none")
  std::optional<std::uint64_t> length_upper;  // key 6, collections only

  bool empty() const noexcept {
    return !not_null && !string_prefix && !number_lower && !number_upper && (!length_lower || *length_lower == 0) &&
           !length_upper;
  }
  friend bool operator==(const Refinements&, const Refinements&) = default;
};

}  // namespace tfc::cty
