#pragma once
// Quoting untrusted text (a plugin's stdout, stderr, a handshake line) inside error messages.

#include <cstddef>
#include <string>
#include <string_view>

namespace tfc::runner {

/// Returns `text` in double quotes with `"`, `\` and every byte outside printable ASCII escaped
/// (\n, \t, \r, \xNN), cut after `max_bytes` input bytes with a note saying how many were left
/// out. Never fails; the result is always valid printable ASCII.
std::string quote_excerpt(std::string_view text, std::size_t max_bytes = 200);

/// Like quote_excerpt but keeps the *last* `max_bytes` bytes (for stderr tails).
std::string quote_tail(std::string_view text, std::size_t max_bytes = 2000);

}  // namespace tfc::runner
