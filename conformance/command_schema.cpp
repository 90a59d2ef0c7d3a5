// `tfconform schema`: launch (or attach to) a provider as Core does and print its schemas in
// the shape of `terraform providers schema -json` (docs/protocol.md §5: the
// GetProviderSchema + GetResourceIdentitySchemas pair Core starts every process with).

#include <cstdio>
#include <filesystem>
#include <iostream>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "conformance/command.hpp"
#include "conformance/conformance_run.hpp"
#include "proto/protocol/provider_client.hpp"
#include "proto/schema/schema_json.hpp"
#include "proto/schema/schema_json_text.hpp"
#include "runner/plugin_session.hpp"
#include "runner/reattach.hpp"
#include "runner/session_provider.hpp"

namespace tfc::cli {
namespace {

struct SchemaArgs {
  std::string provider;
  std::string address;
  std::string reattach;
  std::vector<std::string> env;
  bool plaintext = false;
  bool pretty = false;
  int timeout_seconds = 120;
};

Expected<std::unique_ptr<runner::PluginSession>> open_session(const SchemaArgs& args) {
  if (!args.provider.empty()) {
    runner::LaunchOptions options;
    options.executable = args.provider;
    options.plaintext = args.plaintext;
    for (const auto& kv : args.env) {
      const auto eq = kv.find('=');
      if (eq == std::string::npos || eq == 0)
        return Error{"--env " + kv + ": expected NAME=VALUE"};
      options.environment.push_back({kv.substr(0, eq), kv.substr(eq + 1)});
    }
    return runner::PluginSession::launch(options);
  }
  auto targets = args.reattach.empty() ? runner::reattach_providers_from_env()
                                       : runner::parse_reattach_providers(args.reattach);
  if (!targets) return targets.error();
  if (targets->size() != 1)
    return Error{"reattach: expected exactly one provider, found " + std::to_string(targets->size())};
  return runner::PluginSession::attach(targets->front());
}

int print_diagnostics(const protocol::Diagnostics& diagnostics, const std::string& rpc) {
  int errors = 0;
  for (const auto& d : diagnostics) {
    const bool error = d.severity == protocol::Severity::Error;
    errors += error ? 1 : 0;
    std::cerr << "tfconform schema: " << rpc << (error ? " error: " : " warning: ") << d.summary
              << (d.detail.empty() ? "" : ": " + d.detail) << "\n";
  }
  return errors;
}

int run_schema(const SchemaArgs& args) {
  if (args.provider.empty() && args.reattach.empty() && !std::getenv("TF_REATTACH_PROVIDERS")) {
    std::cerr << "tfconform schema: give --provider PATH, --reattach JSON or TF_REATTACH_PROVIDERS\n";
    return 2;
  }
  auto session = open_session(args);
  if (!session) {
    std::cerr << "tfconform schema: " << session.error().message << "\n";
    return 2;
  }
  runner::CallOptions call_options;
  call_options.timeout = std::chrono::seconds(args.timeout_seconds);
  auto client = runner::make_session_provider(**session, call_options);

  auto schema = client->get_provider_schema({});
  if (!schema) {
    std::cerr << "tfconform schema: GetProviderSchema failed (" << protocol::to_string(schema.failure().kind)
              << "): " << schema.failure().message << "\n";
    client.reset();
    (*session)->close();
    return 2;
  }
  int errors = print_diagnostics(schema->diagnostics, "GetProviderSchema");
  // Core asks for identity schemas right after, and treats UNIMPLEMENTED as "none".
  auto identities = client->get_resource_identity_schemas({});
  if (identities && !protocol::is_not_implemented(identities)) {
    errors += print_diagnostics(identities->diagnostics, "GetResourceIdentitySchemas");
    schema->schema.identity_schemas = identities->identity_schemas;
  } else if (!identities && !protocol::is_not_implemented(identities)) {
    std::cerr << "tfconform schema: GetResourceIdentitySchemas failed: " << identities.failure().message << "\n";
  }
  // The provider winds down (Shutdown, exit) while the document is written.
  std::thread closing([&client, &session] {
    client.reset();
    (*session)->close();
  });

  const std::string address = !args.address.empty() ? args.address
                              : !args.provider.empty() ? "local/" + conformance::provider_name_from_binary(args.provider)
                                                       : "local/attached";
  if (args.pretty) {
    std::cout << schema::providers_schema_document(address, schema->schema).dump(2, ' ', false, nlohmann::json::error_handler_t::replace) << "\n";
  } else {
    // Compact, as Terraform prints it, and written straight from the model: on a large provider
    // the nlohmann document and its indented dump took longer than the provider's own answer.
    std::string text;
    schema::append_providers_schema_document(text, address, schema->schema);
    text.push_back('\n');
    std::cout.write(text.data(), static_cast<std::streamsize>(text.size()));
  }
  std::cout.flush();
  closing.join();
  return errors > 0 ? 1 : 0;
}

}  // namespace

void add_schema_command(CLI::App& app, int& exit_code) {
  auto args = std::make_shared<SchemaArgs>();
  auto* cmd = app.add_subcommand("schema", "Launch a provider as Core does and print its schemas "
                                           "like `terraform providers schema -json`");
  cmd->add_option("--provider", args->provider, "Provider plugin binary to launch");
  cmd->add_option("--address", args->address, "Provider address used as the key (default local/NAME)");
  cmd->add_option("--reattach", args->reattach, "TF_REATTACH_PROVIDERS JSON of a running provider");
  cmd->add_option("--env", args->env, "Extra NAME=VALUE for the provider's environment (repeatable)");
  cmd->add_flag("--plaintext", args->plaintext, "Do not use AutoMTLS (plaintext gRPC)");
  cmd->add_flag("--pretty", args->pretty, "Indent the JSON (Terraform prints it on one line)");
  cmd->add_option("--timeout", args->timeout_seconds, "Deadline of each RPC in seconds")->check(CLI::PositiveNumber);
  cmd->callback([args, &exit_code] { exit_code = run_schema(*args); });
}

}  // namespace tfc::cli
