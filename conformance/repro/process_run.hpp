#pragma once
// Runs a command line tool (Terraform, OpenTofu) to the end: its standard output and error
// together, its exit code, and a deadline after which its process group is killed.

#include <chrono>
#include <filesystem>
#include <string>
#include <vector>

namespace tfc::conformance {

struct ProcessResult {
  int exit_code = -1;  // -1 when it did not start or was killed
  bool timed_out = false;
  std::string output;  // stdout and stderr interleaved
};

struct ProcessSpec {
  std::vector<std::string> argv;
  std::filesystem::path cwd;
  std::vector<std::string> environment;  // NAME=VALUE added to (or replacing in) this process's environment
  std::chrono::seconds timeout{300};
};

ProcessResult run_process(const ProcessSpec& spec);

}  // namespace tfc::conformance
