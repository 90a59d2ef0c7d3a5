#pragma once
// The values configurations are made of (the realistic profile of arbitrary_value.hpp): small
// integers with 0 and 1 common, port-like and round numbers, short decimals; names such as
// `example-1`, identifiers, short sentences and a few everyday formats (an address block, a
// URL, a date), mostly printable ASCII; plus the edge values that find real bugs in such
// configurations, `""` and `0`. Providers accept these, so a run spends its time on the contract
// instead of on inputs no configuration holds.

#include <string>

#include <rapidcheck.h>

#include "proto/cty/number.hpp"

namespace tfc::gen {

/// Longest string realistic_text() yields, in bytes.
inline constexpr std::size_t kRealisticTextMax = 64;
/// Largest magnitude realistic_number() yields (a day in seconds).
inline constexpr std::int64_t kRealisticNumberMax = 86400;

/// Whole numbers in [-10, 86400], mostly 0..100, and decimals with at most two fraction digits.
/// Shrinks towards 0.
rc::Gen<cty::Number> realistic_number();

/// realistic_number() without the decimals. Shrinks towards 0.
rc::Gen<cty::Number> realistic_whole_number();

/// Printable strings of at most kRealisticTextMax bytes, no control characters and nothing
/// outside the Basic Multilingual Plane (a few accented or CJK words aside, ASCII). Shrinks
/// towards "".
rc::Gen<std::string> realistic_text();

/// Map keys: short lowercase names (`a`, `env`, `tier_2`).
rc::Gen<std::string> realistic_key();

}  // namespace tfc::gen
