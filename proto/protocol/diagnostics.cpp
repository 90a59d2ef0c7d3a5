#include "proto/protocol/diagnostics.hpp"

#include <algorithm>

namespace tfc::protocol {

bool has_error(const Diagnostics& diagnostics) noexcept {
  return std::any_of(diagnostics.begin(), diagnostics.end(),
                     [](const Diagnostic& d) { return d.severity == Severity::Error; });
}

std::string to_string(Severity severity) {
  switch (severity) {
    case Severity::Invalid: return "invalid";
    case Severity::Error: return "error";
    case Severity::Warning: return "warning";
  }
  return "severity(" + std::to_string(static_cast<int>(severity)) + ")";
}

}  // namespace tfc::protocol
