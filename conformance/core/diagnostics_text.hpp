#pragma once
// A provider's diagnostics in one line, for error messages and harness reasons.

#include <string>

#include "proto/protocol/diagnostics.hpp"

namespace tfc::conformance {

/// The diagnostics' severities, summaries, details and paths in one line, `; `-separated.
std::string describe_diagnostics(const protocol::Diagnostics& diagnostics);

}  // namespace tfc::conformance
