#pragma once
// Private to proto/cty: JSON string quoting exactly as Go's encoding/json writes it (HTML-safe
// escapes for < > &, \u2028/\u2029, invalid UTF-8 as U+FFFD), so encoded bytes match go-cty.

#include <string>
#include <string_view>

namespace tfc::cty {

/// Length of the valid UTF-8 sequence starting at s[i] (1-4), or 0 when it is invalid there.
std::size_t utf8_sequence_length(std::string_view s, std::size_t i);

/// Appends `s` as a quoted JSON string the way Go's json.Marshal does.
void append_go_json_string(std::string& out, std::string_view s);

}  // namespace tfc::cty
