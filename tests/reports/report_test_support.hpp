#pragma once
// Shared by the reports tests: golden-file comparison (re-approve with TFC_APPROVE=1), fresh
// output directories, and running a command to capture its output.

#include <gtest/gtest.h>

#include <filesystem>
#include <string>
#include <string_view>

namespace tfc::report::testing {

/// tests/reports/ in the source tree.
std::filesystem::path source_dir();

/// A directory in the build tree for this test program's files (created on demand).
std::filesystem::path output_dir();

/// Compares `actual` byte for byte with tests/reports/baselines/<name>. Always writes
/// <output_dir>/<name>.received. With TFC_APPROVE=1 in the environment it rewrites the
/// baseline instead (and succeeds), which is how a deliberate change is re-approved:
///   TFC_APPROVE=1 ctest --test-dir build -R reports
::testing::AssertionResult matches_golden(const std::string& name, const std::string& actual);

struct CommandResult {
  int exit_code = -1;
  std::string output;  // standard output only
};

/// Runs `command` through /bin/sh, capturing standard output.
CommandResult run_command(const std::string& command);

/// `text` quoted for /bin/sh.
std::string shell_quote(std::string_view text);

/// The whole file.
std::string read_file(const std::filesystem::path& path);

/// Writes `content` to `path` (replacing it).
void write_file(const std::filesystem::path& path, std::string_view content);

}  // namespace tfc::report::testing
