#pragma once
// The command that replays a finding, as a user copies it from a report: a replay token names
// the case (kind, type, seed, index, case count, shrink path, extreme values), and the command
// adds everything else the run had that changes what the case does: this tfconform, the
// provider's absolute path and the arguments it was started with (--provider-arg), --apply, the environment (--env,
// --plaintext), the provider's configuration and hints (absolute paths), the value profile the earlier cases were drawn
// with (--values), the provider's address (the source of moves), the RPC deadline and memory
// limit (a hang or a crash depends on them), --provider-log always (a case may fail only with the provider logging),
// and how findings are judged (--strict, --profile), and the Core version whose requests were sent (--core). A run
// attached to a provider it did not start (--reattach) cannot be replayed by a command: the provider must be started
// again first, which the report then says.

#include <optional>
#include <string>
#include <vector>

#include "reports/run_report.hpp"

namespace tfc::conformance {

/// What the run was given, as the user gave it (paths may be relative to the working directory).
struct ReplayOptions {
  std::string tfconform;                   // this program; empty: `tfconform` (found on PATH)
  std::string provider;                    // the binary; empty when the run attached to a provider
  std::vector<std::string> provider_args;  // --provider-arg, in order
  std::string upgrade_from;                // --upgrade-from: the previous release's binary
  std::vector<std::string> env;
  bool plaintext = false;
  std::string provider_config;
  bool apply = false;
  std::string hints;
  std::string examples;
  std::string values = "realistic";
  std::string address;
  double timeout_seconds = 30;  // --timeout (30 is the default)
  std::string provider_memory;
  std::string provider_log = "failures";  // --provider-log (failures is the default)
  bool strict = false;
  std::string profile = "both";
  std::string core;       // --core as given (empty: the default, the newest Terraform)
  bool no_world = false;  // --no-world: the replay runs without the world too
};

/// The words of the replay command before `--replay TOKEN`, paths made absolute; nullopt when
/// the run attached to a provider.
std::optional<std::vector<std::string>> replay_words(const ReplayOptions& options);

/// Gives every finding of the run with a token its replay command (or, for an attached run,
/// the reason there is none and the command to complete).
void attach_replay_commands(report::RunReport& run, const ReplayOptions& options);

/// The path of the running program (/proc/self/exe), or empty when it cannot be read.
std::string this_program();

}  // namespace tfc::conformance
