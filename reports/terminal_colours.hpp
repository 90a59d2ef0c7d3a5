#pragma once

#include <string_view>

namespace tfc::report {

// ANSI SGR sequences for the console's findings table and progress line (only written when
// colour is on).
inline constexpr std::string_view kRed = "\x1b[31m";
inline constexpr std::string_view kYellow = "\x1b[33m";
inline constexpr std::string_view kGreen = "\x1b[32m";
inline constexpr std::string_view kBold = "\x1b[1m";
inline constexpr std::string_view kReset = "\x1b[0m";

}  // namespace tfc::report
