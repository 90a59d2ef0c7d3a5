#pragma once
// The severity of a finding: one type for the oracle that judges and the reports that show it.
// (A provider's own diagnostics carry the protocol's severity, protocol::Severity: another thing.)

#include <cstdint>
#include <string_view>

namespace tfc {

/// error: a MUST rule Core enforces (or the run was asked to be strict); warning: a SHOULD rule,
/// or a MUST rule Core only logs for the legacy SDK (docs/lifecycle-contract.md, "Severity and
/// the cores").
enum class Severity : std::uint8_t { error, warning };

/// "error" or "warning".
constexpr std::string_view to_string(Severity severity) noexcept {
  return severity == Severity::error ? "error" : "warning";
}

}  // namespace tfc
