#include "conformance/core/diagnostics_text.hpp"

namespace tfc::conformance {

std::string describe_diagnostics(const protocol::Diagnostics& diagnostics) {
  std::string out;
  for (const auto& d : diagnostics) {
    if (!out.empty()) out += "; ";
    out += protocol::to_string(d.severity) + ": " + d.summary;
    if (!d.detail.empty()) out += ": " + d.detail;
    if (d.attribute && !d.attribute->empty()) out += " (at " + d.attribute->render() + ")";
  }
  return out;
}

}  // namespace tfc::conformance
