#pragma once
// Each `tfconform` subcommand lives in its own command_<name>.cpp and registers itself on the
// CLI11 app through one add_<name>_command function. `exit_code` receives the subcommand's
// exit status: 0 success, 1 findings (run), 2 harness or usage errors.

#include <CLI/CLI.hpp>

namespace tfc::cli {

void add_oracle_command(CLI::App& app, int& exit_code);
void add_rules_command(CLI::App& app, int& exit_code);
void add_rpcs_command(CLI::App& app, int& exit_code);
void add_schema_command(CLI::App& app, int& exit_code);
void add_run_command(CLI::App& app, int& exit_code);
void add_confirm_command(CLI::App& app, int& exit_code);
void add_merge_command(CLI::App& app, int& exit_code);

}  // namespace tfc::cli
