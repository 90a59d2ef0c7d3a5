// A stand-in for tfconform while it confirms a finding: runs the command line it is given with
// run_process (as confirmation runs Terraform) and prints its output; a test kills it with
// SIGKILL while the command runs.
#include <iostream>
#include <string>
#include <vector>

#include "conformance/repro/process_run.hpp"

int main(int argc, char** argv) {
  tfc::conformance::ProcessSpec spec;
  spec.argv.assign(argv + 1, argv + argc);
  spec.timeout = std::chrono::seconds(3600);
  const auto result = tfc::conformance::run_process(spec);
  std::cout << result.output;
  return result.exit_code < 0 ? 125 : result.exit_code;
}
