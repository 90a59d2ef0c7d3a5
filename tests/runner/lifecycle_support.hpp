#pragma once
// Helpers for playing Core's call sequences (docs/protocol.md §5) against real
// providers: one "walk" per provider process, values built from JSON and decoded with the
// schema's implied type.

#include <filesystem>
#include <memory>
#include <string>

#include <nlohmann/json.hpp>

#include "proto/cty/value.hpp"
#include "proto/protocol/provider_client.hpp"
#include "proto/schema/provider_schema.hpp"
#include "proto/util/expected.hpp"
#include "runner/plugin_session.hpp"

namespace tfc::runner {

/// $TFC_BINARY_DIR/providers/terraform-provider-<name> (tests/providers/README.md).
std::filesystem::path lifecycle_provider_path(const std::string& name);

/// A full object of `block`'s implied type: attributes named in `partial` take its JSON value,
/// the others are null; block types absent from `partial` are empty (null for single).
Expected<cty::Value> object_from_json(const schema::Block& block, const nlohmann::json& partial);

/// The msgpack DynamicValue of `value` against `block`'s implied type.
Expected<protocol::DynamicValue> to_dynamic(const schema::Block& block, const cty::Value& value);

/// Decodes a DynamicValue (msgpack, else JSON, else null) with `block`'s implied type.
Expected<cty::Value> from_dynamic(const schema::Block& block, const protocol::DynamicValue& value);

/// One provider process: launched, its schema read, and (after configure()) configured.
class Walk {
public:
  /// Launches `options` and calls GetProviderSchema; errors name the step.
  static Expected<std::unique_ptr<Walk>> start(const LaunchOptions& options);

  PluginSession& session() { return *m_session; }
  protocol::ProviderClient& client() { return *m_client; }
  const schema::ProviderSchema& schema() const { return m_schema; }

  /// ConfigureProvider with `config` (a partial JSON object of the provider schema).
  Expected<void> configure(const nlohmann::json& config);

  /// Closes the client and the session (GRPCController.Shutdown); true when the process group
  /// and its temporary directory are gone.
  bool close_and_check();

private:
  std::unique_ptr<PluginSession> m_session;
  std::unique_ptr<protocol::ProviderClient> m_client;
  schema::ProviderSchema m_schema;
};

}  // namespace tfc::runner
