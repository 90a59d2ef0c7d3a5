#pragma once
// List resources (6.10+/5.10+, TF 1.13) in model terms (tfplugin6.proto; docs/protocol.md §5.6).
// ListResource is server-streaming: the response collects every event the provider sent.

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "proto/protocol/diagnostics.hpp"
#include "proto/protocol/dynamic_value.hpp"

namespace tfc::protocol {

struct ListResourceRequest {
  std::string type_name;
  DynamicValue config;
  bool include_resource_object = false;
  std::int64_t limit = 0;
  friend bool operator==(const ListResourceRequest&, const ListResourceRequest&) = default;
};
struct ListResourceEvent {
  std::optional<DynamicValue> identity;
  std::string display_name;
  std::optional<DynamicValue> resource_object;
  Diagnostics diagnostics;  // the proto's repeated `diagnostic = 4`
  friend bool operator==(const ListResourceEvent&, const ListResourceEvent&) = default;
};
struct ListResourceResponse {
  std::vector<ListResourceEvent> events;
  friend bool operator==(const ListResourceResponse&, const ListResourceResponse&) = default;
};

/// `include_resource_object` and `limit` are DynamicValues here (they are config expressions).
struct ValidateListResourceConfigRequest {
  std::string type_name;
  DynamicValue config;
  DynamicValue include_resource_object;
  DynamicValue limit;
  friend bool operator==(const ValidateListResourceConfigRequest&, const ValidateListResourceConfigRequest&) = default;
};
struct ValidateListResourceConfigResponse {
  Diagnostics diagnostics;
  friend bool operator==(const ValidateListResourceConfigResponse&,
                         const ValidateListResourceConfigResponse&) = default;
};

}  // namespace tfc::protocol
