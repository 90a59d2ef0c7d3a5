// `tfconform schema`: launch (or attach to) a provider as Core does and print its schemas in
// the shape of `terraform providers schema -json` (docs/protocol.md §5: the
// GetProviderSchema + GetResourceIdentitySchemas pair Core starts every process with).

#include <cstdio>
#include <filesystem>
#include <iostream>
#include <memory>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include "conformance/cli/cli_target.hpp"
#include "conformance/cli/command.hpp"
#include "conformance/session/provider_factory.hpp"
#include "proto/schema/schema_json.hpp"
#include "proto/schema/schema_json_text.hpp"
#include "runner/reattach.hpp"

namespace tfc::cli {
namespace {

struct SchemaArgs {
  std::string provider;
  std::vector<std::string> provider_args;
  std::string address;
  std::string reattach;
  std::vector<std::string> env;
  bool plaintext = false;
  bool pretty = false;
  int timeout_seconds = 120;
};

/// What to open: the binary to launch or the one running provider to attach to; schema only.
Expected<conformance::ProviderTarget> schema_target(const SchemaArgs& args) {
  conformance::ProviderTarget target;
  target.rpc_timeout = std::chrono::seconds(args.timeout_seconds);
  target.start.configure = false;
  if (!args.provider.empty()) {
    target.executable = args.provider;
    target.arguments = args.provider_args;
    target.plaintext = args.plaintext;
    TFC_TRY(environment, parse_env_options(args.env));
    target.environment = std::move(environment);
    return target;
  }
  if (!args.provider_args.empty()) return Error{"--provider-arg needs --provider"};
  TFC_TRY(attach, single_reattach_target(args.reattach));
  target.attach = std::move(attach);
  return target;
}

/// The printed provider's session, closed and kept until the process ends on purpose: freeing
/// its schema model (terraform-provider-aws: some 190,000 objects) took 15 ms just before the
/// process ended anyway. Held by a global, it stays reachable for leak checkers.
conformance::ProviderSession* g_printed_session = nullptr;

int print_diagnostics(const protocol::Diagnostics& diagnostics) {
  int errors = 0;
  for (const auto& d : diagnostics) {
    const bool error = d.severity == protocol::Severity::Error;
    errors += error ? 1 : 0;
    std::cerr << "tfconform schema: " << (error ? "error: " : "warning: ") << d.summary
              << (d.detail.empty() ? "" : ": " + d.detail) << "\n";
  }
  return errors;
}

int run_schema(const SchemaArgs& args) {
  if (args.provider.empty() && args.provider_args.empty() && args.reattach.empty() &&
      !std::getenv("TF_REATTACH_PROVIDERS")) {
    std::cerr << "tfconform schema: give --provider PATH, --reattach JSON or TF_REATTACH_PROVIDERS\n";
    return 2;
  }
  auto target = schema_target(args);
  if (!target) {
    std::cerr << "tfconform schema: " << target.error().message << "\n";
    return 2;
  }
  conformance::RpcClock clock;
  auto session = conformance::process_factory(*target)->open(clock);
  if (!session) {
    std::cerr << "tfconform schema: " << session.error().message << "\n";
    return 2;
  }
  const int errors = print_diagnostics((*session)->schema_diagnostics());
  // The provider winds down (Shutdown, exit) while the document is written.
  std::thread closing([&session] { (*session)->close(); });
  const schema::ProviderSchema& schema = (*session)->schema();

  const std::string address = !args.address.empty() ? args.address
                              : !args.provider.empty()
                                  ? "local/" + conformance::provider_name_from_binary(args.provider)
                                  : "local/attached";
  if (args.pretty) {
    std::cout << schema::providers_schema_document(address, schema)
                     .dump(2, ' ', false, nlohmann::json::error_handler_t::replace)
              << "\n";
  } else {
    // Compact, as Terraform prints it, and written straight from the model: on a large provider
    // the nlohmann document and its indented dump took longer than the provider's own answer.
    schema::write_providers_schema_document(address, schema, [](std::string_view piece) {
      std::cout.write(piece.data(), static_cast<std::streamsize>(piece.size()));
    });
    std::cout << '\n';
  }
  std::cout.flush();
  closing.join();
  g_printed_session = session->release();
  return errors > 0 ? 1 : 0;
}

}  // namespace

void add_schema_command(CLI::App& app, int& exit_code) {
  auto args = std::make_shared<SchemaArgs>();
  auto* cmd = app.add_subcommand("schema",
                                 "Launch a provider as Core does and print its schemas "
                                 "like `terraform providers schema -json`");
  cmd->add_option("--provider", args->provider, "Provider plugin binary to launch");
  cmd->add_option("--provider-arg", args->provider_args,
                  "An argument for the --provider binary, after its path (repeatable, in order; "
                  "--provider-arg=-flag for one that starts with -)")
      ->allow_extra_args(false);
  cmd->add_option("--address", args->address, "Provider address used as the key (default local/NAME)");
  cmd->add_option("--reattach", args->reattach, "TF_REATTACH_PROVIDERS JSON of a running provider");
  cmd->add_option("--env", args->env, "Extra NAME=VALUE for the provider's environment (repeatable)");
  cmd->add_flag("--plaintext", args->plaintext, "Do not use AutoMTLS (plaintext gRPC)");
  cmd->add_flag("--pretty", args->pretty, "Indent the JSON (Terraform prints it on one line)");
  cmd->add_option("--timeout", args->timeout_seconds, "Deadline of each RPC in seconds")->check(CLI::PositiveNumber);
  cmd->callback([args, &exit_code] { exit_code = run_schema(*args); });
}

}  // namespace tfc::cli
