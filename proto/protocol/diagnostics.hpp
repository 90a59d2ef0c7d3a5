#pragma once
// Diagnostics as providers report them (docs/protocol.md §6).

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "proto/cty/path.hpp"

namespace tfc::protocol {

/// Diagnostic.Severity. The underlying int is kept as received, so an out-of-range value a
/// provider sends survives conversion and can be reported.
enum class Severity : int { Invalid = 0, Error = 1, Warning = 2 };

struct Diagnostic {
  Severity severity = Severity::Invalid;
  std::string summary;
  std::string detail;
  /// Set when the provider sent an AttributePath (an empty path is the object itself).
  std::optional<cty::Path> attribute;

  friend bool operator==(const Diagnostic& a, const Diagnostic& b) {
    return a.severity == b.severity && a.summary == b.summary && a.detail == b.detail && a.attribute == b.attribute;
  }
};

using Diagnostics = std::vector<Diagnostic>;

/// True when any diagnostic has severity ERROR (README §6: any ERROR fails the operation).
bool has_error(const Diagnostics& diagnostics) noexcept;

/// "error", "warning", "invalid", or "severity(N)" for out-of-range values.
std::string to_string(Severity severity);

}  // namespace tfc::protocol
