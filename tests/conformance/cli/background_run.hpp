#pragma once
// `tfconform run` started in the background, for tests that act on it while it runs: send it a
// signal while an RPC hangs, while it shrinks or while it writes a report, or SIGKILL it. Its
// TMPDIR is a folder of the scratch directory, so a test can see every temporary file the run
// left behind.

#include <sys/types.h>

#include <chrono>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "tests/conformance/run_support.hpp"

namespace tfc::conformance::testing {

class BackgroundRun {
public:
  /// Starts `tfconform run ARGS --json <scratch>/report.json` in `scratch` (stdout and stderr to
  /// <scratch>/output.txt, TMPDIR=<scratch>/tmp, TFC_TEST_SCRATCH=<scratch> for its providers).
  BackgroundRun(const Scratch& scratch, const std::vector<std::string>& args);
  /// Kills the run if it is still going (a failed test must not leave it behind).
  ~BackgroundRun();
  BackgroundRun(const BackgroundRun&) = delete;
  BackgroundRun& operator=(const BackgroundRun&) = delete;

  pid_t pid() const { return m_pid; }
  void signal(int sig) const;
  /// Waits until the output contains `text` (true) or `timeout` passes or the run ends (false).
  bool wait_for_output(const std::string& text, std::chrono::milliseconds timeout) const;
  /// Waits for the run to end: its exit status (128 + signal when killed), or nullopt when it
  /// is still running after `timeout` (it is then left to the destructor).
  std::optional<int> wait(std::chrono::milliseconds timeout);
  std::string output() const;
  /// The JSON report, or null when none was written (or it does not parse).
  nlohmann::json report() const;
  /// The temporary files and directories the run left in its TMPDIR.
  std::vector<std::filesystem::path> leftover_temp_files() const;

private:
  std::filesystem::path m_dir;
  pid_t m_pid = -1;
  bool m_reaped = false;
  int m_exit = -1;
};

/// Waits up to `timeout` for no process of the scratch directory's run to be left; returns
/// those still alive after it.
std::vector<int> processes_left(const Scratch& scratch, std::chrono::milliseconds timeout);

}  // namespace tfc::conformance::testing
