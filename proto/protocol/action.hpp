#pragma once
// Action RPCs (TF 1.14, "6.10"/"5.10") in model terms (tfplugin6.md; README.md §1.1): validate,
// plan and invoke one action. InvokeAction is server-streaming: the response collects every
// event the provider sent, in order.

#include <optional>
#include <string>
#include <vector>

#include "proto/protocol/capabilities.hpp"
#include "proto/protocol/diagnostics.hpp"
#include "proto/protocol/dynamic_value.hpp"

namespace tfc::protocol {

struct ValidateActionConfigRequest {
  std::string type_name;
  DynamicValue config;
  friend bool operator==(const ValidateActionConfigRequest&, const ValidateActionConfigRequest&) = default;
};
struct ValidateActionConfigResponse {
  Diagnostics diagnostics;
  friend bool operator==(const ValidateActionConfigResponse&, const ValidateActionConfigResponse&) = default;
};

struct PlanActionRequest {
  std::string action_type;
  DynamicValue config;
  ClientCapabilities client_capabilities;
  friend bool operator==(const PlanActionRequest&, const PlanActionRequest&) = default;
};
struct PlanActionResponse {
  Diagnostics diagnostics;
  std::optional<Deferred> deferred;
  friend bool operator==(const PlanActionResponse&, const PlanActionResponse&) = default;
};

struct InvokeActionRequest {
  std::string action_type;
  DynamicValue config;
  ClientCapabilities client_capabilities;
  friend bool operator==(const InvokeActionRequest&, const InvokeActionRequest&) = default;
};
/// InvokeAction.Event: the `type` oneof. None is an event with neither member set (Terraform
/// panics on it).
enum class InvokeEventKind { None, Progress, Completed };
struct InvokeActionEvent {
  InvokeEventKind kind = InvokeEventKind::None;
  std::string message;      // Progress
  Diagnostics diagnostics;  // Completed
  friend bool operator==(const InvokeActionEvent&, const InvokeActionEvent&) = default;
};
struct InvokeActionResponse {
  std::vector<InvokeActionEvent> events;
  friend bool operator==(const InvokeActionResponse&, const InvokeActionResponse&) = default;
};

}  // namespace tfc::protocol
