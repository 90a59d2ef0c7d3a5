// tfconform: a contract-conformance test suite for Terraform/OpenTofu provider plugins.
#include <exception>
#include <iostream>
#include <string>

#include "conformance/cli/command.hpp"
#include "conformance/core/version.hpp"
#include "runner/signal_watch.hpp"

int main(int argc, char** argv) {
  // Before any thread exists: SIGINT/SIGTERM are taken by one watcher thread (runner/signal_watch.hpp).
  tfc::runner::watch_stop_signals();
  CLI::App app{"tfconform: checks a Terraform/OpenTofu provider plugin against the provider contract"};
  app.require_subcommand(1);
  app.set_version_flag("--version", std::string("tfconform ") + tfc::kVersion);
  int exit_code = 0;
  tfc::cli::add_run_command(app, exit_code);
  tfc::cli::add_confirm_command(app, exit_code);
  tfc::cli::add_merge_command(app, exit_code);
  tfc::cli::add_schema_command(app, exit_code);
  tfc::cli::add_oracle_command(app, exit_code);
  tfc::cli::add_rules_command(app, exit_code);
  tfc::cli::add_rpcs_command(app, exit_code);
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    const int rc = app.exit(e);
    return rc == 0 ? 0 : 2;  // usage errors exit 2 (docs/oracle-vectors.md)
  } catch (const std::exception& e) {
    std::cerr << "tfconform: internal error: " << e.what() << "\n";
    return 2;
  }
  return exit_code;
}
