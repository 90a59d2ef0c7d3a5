#pragma once
// What one piece of evidence says about the values an attribute accepts: read from a
// provider's diagnostic, an attribute's description or its name. A rule is a set of
// constraints that may each be absent; the learner turns it into an attribute hint.

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace tfc::gen::learning {

/// Value formats named in messages and descriptions, each with known-good candidate values.
enum class Format {
  Json,
  Cidr,
  Ipv4Cidr,
  Ipv6Cidr,
  IpAddress,
  Ipv4Address,
  Ipv6Address,
  Arn,
  Url,
  Email,
  Rfc3339,
  Date,
  Duration,
  FileMode,
  Base64,
  Hex,
  Uuid,
  Port,
  MacAddress,
  Region,
  FilePath,      // a file to write: relative names, harmless anywhere
  ExistingFile,  // a file that must exist (a data source reading it); never given to resources
};

std::string_view to_string(Format format) noexcept;

struct ValueRule {
  std::vector<std::string> one_of;                    // an enumeration (strings as written, numbers as text)
  std::optional<double> min, max;                     // a numeric range (either end may be open)
  bool integer = false;                               // whole numbers (a range of %d, divisible by, ...)
  std::optional<double> multiple_of;                  // divisible by
  std::optional<std::size_t> min_length, max_length;  // string length
  std::optional<std::string> pattern;                 // an RE2 pattern the whole value must match
  std::optional<Format> format;
  bool not_empty = false;  // a non-empty string
  /// Set when the evidence says the attribute must be set (a missing required argument).
  bool required = false;

  bool empty() const noexcept {
    return one_of.empty() && !min && !max && !multiple_of && !min_length && !max_length && !pattern && !format &&
           !not_empty && !required;
  }
  /// A short human form: `one of "a", "b"`, `number in [1, 65535]`, `matches ^[a-z]+$`, `CIDR`.
  std::string describe() const;
};

}  // namespace tfc::gen::learning
