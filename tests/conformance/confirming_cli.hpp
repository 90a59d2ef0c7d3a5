#pragma once
// The CLI a confirmation test plays reproductions with: `terraform` when it runs from PATH, else
// the OpenTofu `make providers` builds into $TFC_BINARY_DIR/cli/tofu. With neither, a
// confirmation test fails (ASSERT_CONFIRMING_CLI) instead of skipping or dropping its
// confirmation half: `make test` builds OpenTofu, so a missing CLI is a broken setup, and a
// green run must mean that Core confirmed the findings.

#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <string>
#include <vector>

namespace tfc::conformance::testing {

/// $TFC_BINARY_DIR/cli/tofu (the build tree the tests run from).
inline std::filesystem::path built_opentofu() {
  const char* dir = std::getenv("TFC_BINARY_DIR");
  return std::filesystem::path(dir != nullptr ? dir : ".") / "cli" / "tofu";
}

/// Whether `CLI version` runs and exits 0.
inline bool cli_runs(const std::string& cli) {
  std::string quoted = "'";
  for (char c : cli) quoted += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return std::system((quoted + "' version > /dev/null 2>&1").c_str()) == 0;
}

/// Every CLI at hand, Terraform first: `terraform` (on PATH) and the path of the built OpenTofu.
inline std::vector<std::string> confirming_clis() {
  std::vector<std::string> out;
  if (cli_runs("terraform")) out.push_back("terraform");
  if (std::filesystem::exists(built_opentofu()) && cli_runs(built_opentofu().string()))
    out.push_back(built_opentofu().string());
  return out;
}

/// The first CLI at hand, or empty when there is none.
inline std::string confirming_cli() {
  const auto all = confirming_clis();
  return all.empty() ? std::string() : all.front();
}

/// How the confirmation records name a CLI's product ("Terraform v1.11.4", "OpenTofu v1.12.6").
inline std::string cli_product(const std::string& cli) {
  return std::filesystem::path(cli).filename().string().rfind("tofu", 0) == 0 ? "OpenTofu" : "Terraform";
}

inline std::string no_confirming_cli_message() {
  return "no CLI to confirm findings with: `terraform` is not on PATH and OpenTofu is not built at " +
         built_opentofu().string() + " (`make providers BUILD=<build dir>` builds it)";
}

}  // namespace tfc::conformance::testing

/// Declares `const std::string var`, the confirming CLI, and fails the test (never skips) when
/// there is none; the CLI is recorded in the test's result (`confirming_cli`).
#define ASSERT_CONFIRMING_CLI(var)                                                       \
  const std::string var = ::tfc::conformance::testing::confirming_cli();                 \
  ASSERT_FALSE(var.empty()) << ::tfc::conformance::testing::no_confirming_cli_message(); \
  ::testing::Test::RecordProperty("confirming_cli", var)
