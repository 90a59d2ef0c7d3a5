#pragma once
// Data-source RPCs in model terms (tfplugin6.proto; lifecycle in docs/protocol.md §5.5).

#include <optional>
#include <string>

#include "proto/protocol/capabilities.hpp"
#include "proto/protocol/diagnostics.hpp"
#include "proto/protocol/dynamic_value.hpp"

namespace tfc::protocol {

/// ValidateDataResourceConfig (v5 ValidateDataSourceConfig).
struct ValidateDataResourceConfigRequest {
  std::string type_name;
  DynamicValue config;
  friend bool operator==(const ValidateDataResourceConfigRequest&, const ValidateDataResourceConfigRequest&) = default;
};
struct ValidateDataResourceConfigResponse {
  Diagnostics diagnostics;
  friend bool operator==(const ValidateDataResourceConfigResponse&,
                         const ValidateDataResourceConfigResponse&) = default;
};

struct ReadDataSourceRequest {
  std::string type_name;
  DynamicValue config;
  DynamicValue provider_meta;
  ClientCapabilities client_capabilities;
  friend bool operator==(const ReadDataSourceRequest&, const ReadDataSourceRequest&) = default;
};
struct ReadDataSourceResponse {
  DynamicValue state;
  Diagnostics diagnostics;
  std::optional<Deferred> deferred;
  friend bool operator==(const ReadDataSourceResponse&, const ReadDataSourceResponse&) = default;
};

}  // namespace tfc::protocol
