#pragma once
// Validates a SARIF log against the OASIS SARIF 2.1.0 JSON schema. The schema and the validator
// come from package registries when the test runs (with_sarif_schema.sh sets TFC_SARIF_SCHEMA
// and TFC_SARIF_PYTHON; validate_sarif.py validates). Used by the reports tests and by the real
// runs of tests/conformance. Header-only, so every test program that includes it needs no extra
// source file.

#include <gtest/gtest.h>

#include <array>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <string>

namespace tfc::report::testing {

inline std::string sarif_shell_quote(const std::string& text) {
  std::string out = "'";
  for (const char c : text) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return out + "'";
}

/// Success when `sarif` validates; the failure says what the validator found, or that the test
/// was not started through with_sarif_schema.sh.
inline ::testing::AssertionResult validates_as_sarif(const std::filesystem::path& sarif) {
  const char* schema = std::getenv("TFC_SARIF_SCHEMA");
  const char* python = std::getenv("TFC_SARIF_PYTHON");
  const char* source = std::getenv("TFC_SOURCE_DIR");
  if (schema == nullptr || python == nullptr || source == nullptr)
    return ::testing::AssertionFailure() << "TFC_SARIF_SCHEMA, TFC_SARIF_PYTHON or TFC_SOURCE_DIR is not set: run "
                                            "this test through tests/reports/with_sarif_schema.sh (ctest does)";
  const std::string command = sarif_shell_quote(python) + " " +
                              sarif_shell_quote(std::string(source) + "/tests/reports/validate_sarif.py") + " " +
                              sarif_shell_quote(schema) + " " + sarif_shell_quote(sarif.string()) + " 2>&1";
  std::string output;
  FILE* pipe = popen(command.c_str(), "r");
  if (pipe == nullptr) return ::testing::AssertionFailure() << "cannot run " << command;
  std::array<char, 4096> buffer{};
  while (std::fgets(buffer.data(), static_cast<int>(buffer.size()), pipe) != nullptr) output += buffer.data();
  const int status = pclose(pipe);
  if (status != 0) return ::testing::AssertionFailure() << sarif << " is not valid SARIF 2.1.0:\n" << output;
  return ::testing::AssertionSuccess();
}

}  // namespace tfc::report::testing
