#pragma once
// Checks of actions (ValidateActionConfig, PlanAction, InvokeAction; tfplugin6.proto and
// Terraform's plugin6/grpc_provider.go, terraform/node_action_invoke.go).

#include <vector>

#include "oracle/violation.hpp"

namespace tfc::oracle {

/// InvokeAction.Event's `type` as the suite saw it.
enum class ActionEvent { None, Progress, Completed };

/// The events of one InvokeAction stream: each is progress or completed
/// (`action.event_empty`: Terraform panics on any other), and the stream ends with exactly one
/// completed event (`action.completed_count`: none, several, or events after it).
Violations check_invoke_events(const std::vector<ActionEvent>& events);

}  // namespace tfc::oracle
