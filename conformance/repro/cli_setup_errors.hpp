#pragma once
// The CLI's own failures to set a configuration up: the dependency lock file, provider
// installation, the backend. Terraform and OpenTofu report them from
// `init`, `plan` and `apply` before the provider is asked anything, so a reproduction step
// that fails with one of them says nothing about the provider: confirmation calls it "could
// not run" (confirm.hpp). The summaries are the CLIs' own diagnostics, as both print them.

#include <array>
#include <string_view>

namespace tfc::conformance {

// clang-format off
inline constexpr std::array<std::string_view, 8> kCliSetupErrors{
    "Error: Inconsistent dependency lock file",            // a provider the lock file does not select
    "Error: Failed to query available provider packages",  // init could not find the provider
    "Error: Failed to install provider",
    "Error: Required plugins are not installed",
    "Error: Missing required provider",
    "Error: Could not load plugin",                        // init never installed it
    "Error: Failed to load plugin schemas",                // the provider binary was not found or did not start
    "Error: Backend initialization required",
};
// clang-format on

/// Whether `line` (without the CLIs' box drawing) opens one of those diagnostics.
constexpr bool is_cli_setup_error(std::string_view line) {
  for (std::string_view summary : kCliSetupErrors) {
    if (line.starts_with(summary)) return true;
  }
  return false;
}

}  // namespace tfc::conformance
