// Walk helpers for lifecycle_test (README §5 call sequences on real providers).
#include "tests/runner/lifecycle_support.hpp"

#include <signal.h>

#include <cerrno>
#include <cstdlib>

#include "proto/cty/json.hpp"
#include "proto/cty/msgpack.hpp"
#include "proto/protocol/diagnostics.hpp"
#include "proto/schema/implied_type.hpp"
#include "runner/session_provider.hpp"

namespace tfc::runner {

std::filesystem::path lifecycle_provider_path(const std::string& name) {
  const char* dir = std::getenv("TFC_BINARY_DIR");
  return std::filesystem::path(dir != nullptr ? dir : ".") / "providers" / ("terraform-provider-" + name);
}

Expected<cty::Value> object_from_json(const schema::Block& block, const nlohmann::json& partial) {
  nlohmann::json full = nlohmann::json::object();
  for (const auto& attribute : block.attributes) {
    full[attribute.name] = partial.contains(attribute.name) ? partial[attribute.name] : nullptr;
  }
  for (const auto& nested : block.block_types) {
    if (partial.contains(nested.type_name)) {
      full[nested.type_name] = partial[nested.type_name];
    } else if (nested.nesting == schema::NestingMode::Single) {
      full[nested.type_name] = nullptr;
    } else if (nested.nesting == schema::NestingMode::Map) {
      full[nested.type_name] = nlohmann::json::object();
    } else {
      full[nested.type_name] = nlohmann::json::array();
    }
  }
  return cty::json_decode(full.dump(), schema::implied_type(block));
}

Expected<protocol::DynamicValue> to_dynamic(const schema::Block& block, const cty::Value& value) {
  TFC_TRY(bytes, cty::msgpack_encode(value, schema::implied_type(block)));
  protocol::DynamicValue out;
  out.msgpack = std::move(bytes);
  return out;
}

Expected<cty::Value> from_dynamic(const schema::Block& block, const protocol::DynamicValue& value) {
  const auto type = schema::implied_type(block);
  if (!value.msgpack.empty()) return cty::msgpack_decode(value.msgpack, type);
  if (!value.json.empty()) return cty::json_decode(value.json, type);
  return cty::Value::null(type);
}

Expected<std::unique_ptr<Walk>> Walk::start(const LaunchOptions& options) {
  auto walk = std::make_unique<Walk>();
  TFC_TRY(session, PluginSession::launch(options));
  walk->m_session = std::move(session);
  walk->m_client = make_session_provider(*walk->m_session);
  auto schema = walk->m_client->get_provider_schema({});
  if (!schema) return Error{"GetProviderSchema: " + schema.failure().message};
  if (protocol::has_error(schema->diagnostics)) return Error{"GetProviderSchema: error diagnostics"};
  walk->m_schema = std::move(schema->schema);
  return walk;
}

Expected<void> Walk::configure(const nlohmann::json& config) {
  TFC_TRY(value, object_from_json(m_schema.provider.block, config));
  TFC_TRY(dynamic, to_dynamic(m_schema.provider.block, value));
  protocol::ConfigureProviderRequest request;
  request.terraform_version = "1.14.0";
  request.config = dynamic;
  auto response = m_client->configure_provider(request);
  if (!response) return Error{"ConfigureProvider: " + response.failure().message};
  if (protocol::has_error(response->diagnostics)) {
    return Error{"ConfigureProvider: " + response->diagnostics.front().summary};
  }
  return {};
}

bool Walk::close_and_check() {
  m_client.reset();
  const pid_t pgid = m_session->process()->pid();
  const auto dir = m_session->process()->work_dir();
  m_session->close();
  const bool group_gone = ::kill(-pgid, 0) == -1 && errno == ESRCH;
  return group_gone && !std::filesystem::exists(dir);
}

}  // namespace tfc::runner
