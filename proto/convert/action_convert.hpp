#pragma once
// Templates shared by the tfplugin5 and tfplugin6 conversions of the action RPCs
// (ValidateActionConfig, PlanAction, InvokeAction one stream event at a time). Internal to
// proto/convert.

#include "proto/convert/common_convert.hpp"
#include "proto/protocol/action.hpp"

namespace tfc::wire::detail {

template <class Pb>
void to_wire(const protocol::ValidateActionConfigRequest& in, Pb* out) {
  out->set_type_name(in.type_name);
  put_dynamic(in.config, [&] { return out->mutable_config(); });
}
template <class Pb>
Expected<void> from_wire(const Pb& in, protocol::ValidateActionConfigRequest& out) {
  out.type_name = in.type_name();
  out.config = dynamic_value_from(in.config());
  return {};
}
template <class Pb>
void to_wire(const protocol::ValidateActionConfigResponse& in, Pb* out) {
  diagnostics_to(in.diagnostics, out->mutable_diagnostics());
}
template <class Pb>
Expected<void> from_wire(const Pb& in, protocol::ValidateActionConfigResponse& out) {
  TFC_TRY(diagnostics, diagnostics_from(in.diagnostics()));
  out.diagnostics = std::move(diagnostics);
  return {};
}

// PlanAction and InvokeAction requests have the same three fields.
template <class Request, class Pb>
void action_request_to(const Request& in, Pb* out) {
  out->set_action_type(in.action_type);
  put_dynamic(in.config, [&] { return out->mutable_config(); });
  client_capabilities_to(in.client_capabilities, out->mutable_client_capabilities());
}
template <class Pb, class Request>
void action_request_from(const Pb& in, Request& out) {
  out.action_type = in.action_type();
  out.config = dynamic_value_from(in.config());
  out.client_capabilities = client_capabilities_from(in.client_capabilities());
}

template <class Pb>
void to_wire(const protocol::PlanActionRequest& in, Pb* out) {
  action_request_to(in, out);
}
template <class Pb>
Expected<void> from_wire(const Pb& in, protocol::PlanActionRequest& out) {
  action_request_from(in, out);
  return {};
}
template <class Pb>
void to_wire(const protocol::PlanActionResponse& in, Pb* out) {
  diagnostics_to(in.diagnostics, out->mutable_diagnostics());
  if (in.deferred) deferred_to(*in.deferred, out->mutable_deferred());
}
template <class Pb>
Expected<void> from_wire(const Pb& in, protocol::PlanActionResponse& out) {
  TFC_TRY(diagnostics, diagnostics_from(in.diagnostics()));
  out.diagnostics = std::move(diagnostics);
  if (in.has_deferred()) out.deferred = deferred_from(in.deferred());
  return {};
}

template <class Pb>
void to_wire(const protocol::InvokeActionRequest& in, Pb* out) {
  action_request_to(in, out);
}
template <class Pb>
Expected<void> from_wire(const Pb& in, protocol::InvokeActionRequest& out) {
  action_request_from(in, out);
  return {};
}
template <class Pb>
void to_wire(const protocol::InvokeActionEvent& in, Pb* out) {
  switch (in.kind) {
    case protocol::InvokeEventKind::Progress: out->mutable_progress()->set_message(in.message); break;
    case protocol::InvokeEventKind::Completed:
      diagnostics_to(in.diagnostics, out->mutable_completed()->mutable_diagnostics());
      break;
    case protocol::InvokeEventKind::None: break;
  }
}
template <class Pb>
Expected<void> from_wire(const Pb& in, protocol::InvokeActionEvent& out) {
  if (in.has_progress()) {
    out.kind = protocol::InvokeEventKind::Progress;
    out.message = in.progress().message();
  } else if (in.has_completed()) {
    out.kind = protocol::InvokeEventKind::Completed;
    TFC_TRY(diagnostics, diagnostics_from(in.completed().diagnostics(), "completed.diagnostics"));
    out.diagnostics = std::move(diagnostics);
  }
  return {};
}

}  // namespace tfc::wire::detail
