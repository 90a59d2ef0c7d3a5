#pragma once
// The character sets of RE2's classes as generation uses them (regex.hpp): ASCII only, each
// in the order shrinking prefers (its first character is the simplest).

#include <optional>
#include <string>
#include <string_view>

namespace tfc::gen::regex_charset {

/// Every character from `lo` to `hi`, in order.
std::string char_range(unsigned char lo, unsigned char hi);

const std::string& lower();   // a-z
const std::string& upper();   // A-Z
const std::string& digits();  // 0-9
const std::string& word();    // \w: letters, digits, '_'
const std::string& space();   // \s
const std::string& punct();   // [:punct:]

/// `chars` with the first occurrence of each character kept, so the written order decides
/// shrinking.
std::string dedupe(const std::string& chars);
/// Printable ASCII (and the usual whitespace) not in `chars`, in preference order.
std::string complement(const std::string& chars);
/// `chars` plus the other case of each letter (the `(?i)` flag).
std::string fold_case(const std::string& chars);
/// The ASCII characters of `chars` (generated values stay ASCII).
std::string ascii_only(const std::string& chars);

/// The ASCII stand-in of a Unicode class name (`\pL`, `\p{Lu}`, ...).
std::string unicode_class(std::string_view name);
/// A `[:name:]` class; nullopt for a name RE2 does not know.
std::optional<std::string> posix_class(std::string_view name);

}  // namespace tfc::gen::regex_charset
