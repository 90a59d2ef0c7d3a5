#pragma once
// Enumerations a message or description states: "must be one of [a b]", "valid values are a,
// b or c", "such as 0644 or 755" (values only when they look like values, not English words).

#include <string>
#include <string_view>
#include <vector>

namespace tfc::gen::learning {

/// The allowed values `text` lists (`lower` is `text` lowercased); empty when none.
std::vector<std::string> read_enumeration(std::string_view text, std::string_view lower);

}  // namespace tfc::gen::learning
