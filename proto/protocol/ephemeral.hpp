#pragma once
// Ephemeral-resource RPCs (6.7+/5.7+) in model terms (tfplugin6.proto; docs/protocol.md §5.6).
// `private` is proto3 `optional bytes` here, so presence is kept.

#include <optional>
#include <string>

#include "proto/protocol/capabilities.hpp"
#include "proto/protocol/diagnostics.hpp"
#include "proto/protocol/dynamic_value.hpp"

namespace tfc::protocol {

struct ValidateEphemeralResourceConfigRequest {
  std::string type_name;
  DynamicValue config;
  friend bool operator==(const ValidateEphemeralResourceConfigRequest&,
                         const ValidateEphemeralResourceConfigRequest&) = default;
};
struct ValidateEphemeralResourceConfigResponse {
  Diagnostics diagnostics;
  friend bool operator==(const ValidateEphemeralResourceConfigResponse&,
                         const ValidateEphemeralResourceConfigResponse&) = default;
};

struct OpenEphemeralResourceRequest {
  std::string type_name;
  DynamicValue config;
  ClientCapabilities client_capabilities;
  friend bool operator==(const OpenEphemeralResourceRequest&, const OpenEphemeralResourceRequest&) = default;
};
struct OpenEphemeralResourceResponse {
  Diagnostics diagnostics;
  std::optional<Timestamp> renew_at;
  DynamicValue result;
  std::optional<std::string> private_data;
  std::optional<Deferred> deferred;
  friend bool operator==(const OpenEphemeralResourceResponse&, const OpenEphemeralResourceResponse&) = default;
};

struct RenewEphemeralResourceRequest {
  std::string type_name;
  std::optional<std::string> private_data;
  friend bool operator==(const RenewEphemeralResourceRequest&, const RenewEphemeralResourceRequest&) = default;
};
struct RenewEphemeralResourceResponse {
  Diagnostics diagnostics;
  std::optional<Timestamp> renew_at;
  std::optional<std::string> private_data;
  friend bool operator==(const RenewEphemeralResourceResponse&, const RenewEphemeralResourceResponse&) = default;
};

struct CloseEphemeralResourceRequest {
  std::string type_name;
  std::optional<std::string> private_data;
  friend bool operator==(const CloseEphemeralResourceRequest&, const CloseEphemeralResourceRequest&) = default;
};
struct CloseEphemeralResourceResponse {
  Diagnostics diagnostics;
  friend bool operator==(const CloseEphemeralResourceResponse&, const CloseEphemeralResourceResponse&) = default;
};

}  // namespace tfc::protocol
