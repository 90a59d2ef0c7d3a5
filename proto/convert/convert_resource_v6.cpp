// tfplugin6 conversions of the resource RPCs: field-for-field, through the
// templates in resource_convert.hpp shared with tfplugin5.
#include "proto/convert/convert_v6.hpp"

#include "proto/convert/resource_convert.hpp"

namespace tfc::wire::v6 {

pb::ValidateResourceConfig::Request to_proto(const protocol::ValidateResourceConfigRequest& in) {
  pb::ValidateResourceConfig::Request out;
  detail::to_wire(in, &out);
  return out;
}

Expected<protocol::ValidateResourceConfigRequest> from_proto(const pb::ValidateResourceConfig::Request& in) {
  protocol::ValidateResourceConfigRequest out;
  if (auto converted = detail::from_wire(in, out); !converted) return converted.error();
  return out;
}

pb::ValidateResourceConfig::Response to_proto(const protocol::ValidateResourceConfigResponse& in) {
  pb::ValidateResourceConfig::Response out;
  detail::to_wire(in, &out);
  return out;
}

Expected<protocol::ValidateResourceConfigResponse> from_proto(const pb::ValidateResourceConfig::Response& in) {
  protocol::ValidateResourceConfigResponse out;
  if (auto converted = detail::from_wire(in, out); !converted) return converted.error();
  return out;
}

pb::UpgradeResourceState::Request to_proto(const protocol::UpgradeResourceStateRequest& in) {
  pb::UpgradeResourceState::Request out;
  detail::to_wire(in, &out);
  return out;
}

Expected<protocol::UpgradeResourceStateRequest> from_proto(const pb::UpgradeResourceState::Request& in) {
  protocol::UpgradeResourceStateRequest out;
  if (auto converted = detail::from_wire(in, out); !converted) return converted.error();
  return out;
}

pb::UpgradeResourceState::Response to_proto(const protocol::UpgradeResourceStateResponse& in) {
  pb::UpgradeResourceState::Response out;
  detail::to_wire(in, &out);
  return out;
}

Expected<protocol::UpgradeResourceStateResponse> from_proto(const pb::UpgradeResourceState::Response& in) {
  protocol::UpgradeResourceStateResponse out;
  if (auto converted = detail::from_wire(in, out); !converted) return converted.error();
  return out;
}

pb::UpgradeResourceIdentity::Request to_proto(const protocol::UpgradeResourceIdentityRequest& in) {
  pb::UpgradeResourceIdentity::Request out;
  detail::to_wire(in, &out);
  return out;
}

Expected<protocol::UpgradeResourceIdentityRequest> from_proto(const pb::UpgradeResourceIdentity::Request& in) {
  protocol::UpgradeResourceIdentityRequest out;
  if (auto converted = detail::from_wire(in, out); !converted) return converted.error();
  return out;
}

pb::UpgradeResourceIdentity::Response to_proto(const protocol::UpgradeResourceIdentityResponse& in) {
  pb::UpgradeResourceIdentity::Response out;
  detail::to_wire(in, &out);
  return out;
}

Expected<protocol::UpgradeResourceIdentityResponse> from_proto(const pb::UpgradeResourceIdentity::Response& in) {
  protocol::UpgradeResourceIdentityResponse out;
  if (auto converted = detail::from_wire(in, out); !converted) return converted.error();
  return out;
}

pb::ReadResource::Request to_proto(const protocol::ReadResourceRequest& in) {
  pb::ReadResource::Request out;
  detail::to_wire(in, &out);
  return out;
}

Expected<protocol::ReadResourceRequest> from_proto(const pb::ReadResource::Request& in) {
  protocol::ReadResourceRequest out;
  if (auto converted = detail::from_wire(in, out); !converted) return converted.error();
  return out;
}

pb::ReadResource::Response to_proto(const protocol::ReadResourceResponse& in) {
  pb::ReadResource::Response out;
  detail::to_wire(in, &out);
  return out;
}

Expected<protocol::ReadResourceResponse> from_proto(const pb::ReadResource::Response& in) {
  protocol::ReadResourceResponse out;
  if (auto converted = detail::from_wire(in, out); !converted) return converted.error();
  return out;
}

pb::PlanResourceChange::Request to_proto(const protocol::PlanResourceChangeRequest& in) {
  pb::PlanResourceChange::Request out;
  detail::to_wire(in, &out);
  return out;
}

Expected<protocol::PlanResourceChangeRequest> from_proto(const pb::PlanResourceChange::Request& in) {
  protocol::PlanResourceChangeRequest out;
  if (auto converted = detail::from_wire(in, out); !converted) return converted.error();
  return out;
}

pb::PlanResourceChange::Response to_proto(const protocol::PlanResourceChangeResponse& in) {
  pb::PlanResourceChange::Response out;
  detail::to_wire(in, &out);
  return out;
}

Expected<protocol::PlanResourceChangeResponse> from_proto(const pb::PlanResourceChange::Response& in) {
  protocol::PlanResourceChangeResponse out;
  if (auto converted = detail::from_wire(in, out); !converted) return converted.error();
  return out;
}

pb::ApplyResourceChange::Request to_proto(const protocol::ApplyResourceChangeRequest& in) {
  pb::ApplyResourceChange::Request out;
  detail::to_wire(in, &out);
  return out;
}

Expected<protocol::ApplyResourceChangeRequest> from_proto(const pb::ApplyResourceChange::Request& in) {
  protocol::ApplyResourceChangeRequest out;
  if (auto converted = detail::from_wire(in, out); !converted) return converted.error();
  return out;
}

pb::ApplyResourceChange::Response to_proto(const protocol::ApplyResourceChangeResponse& in) {
  pb::ApplyResourceChange::Response out;
  detail::to_wire(in, &out);
  return out;
}

Expected<protocol::ApplyResourceChangeResponse> from_proto(const pb::ApplyResourceChange::Response& in) {
  protocol::ApplyResourceChangeResponse out;
  if (auto converted = detail::from_wire(in, out); !converted) return converted.error();
  return out;
}

pb::ImportResourceState::Request to_proto(const protocol::ImportResourceStateRequest& in) {
  pb::ImportResourceState::Request out;
  detail::to_wire(in, &out);
  return out;
}

Expected<protocol::ImportResourceStateRequest> from_proto(const pb::ImportResourceState::Request& in) {
  protocol::ImportResourceStateRequest out;
  if (auto converted = detail::from_wire(in, out); !converted) return converted.error();
  return out;
}

pb::ImportResourceState::Response to_proto(const protocol::ImportResourceStateResponse& in) {
  pb::ImportResourceState::Response out;
  detail::to_wire(in, &out);
  return out;
}

Expected<protocol::ImportResourceStateResponse> from_proto(const pb::ImportResourceState::Response& in) {
  protocol::ImportResourceStateResponse out;
  if (auto converted = detail::from_wire(in, out); !converted) return converted.error();
  return out;
}

pb::MoveResourceState::Request to_proto(const protocol::MoveResourceStateRequest& in) {
  pb::MoveResourceState::Request out;
  detail::to_wire(in, &out);
  return out;
}

Expected<protocol::MoveResourceStateRequest> from_proto(const pb::MoveResourceState::Request& in) {
  protocol::MoveResourceStateRequest out;
  if (auto converted = detail::from_wire(in, out); !converted) return converted.error();
  return out;
}

pb::MoveResourceState::Response to_proto(const protocol::MoveResourceStateResponse& in) {
  pb::MoveResourceState::Response out;
  detail::to_wire(in, &out);
  return out;
}

Expected<protocol::MoveResourceStateResponse> from_proto(const pb::MoveResourceState::Response& in) {
  protocol::MoveResourceStateResponse out;
  if (auto converted = detail::from_wire(in, out); !converted) return converted.error();
  return out;
}

pb::GenerateResourceConfig::Request to_proto(const protocol::GenerateResourceConfigRequest& in) {
  pb::GenerateResourceConfig::Request out;
  detail::to_wire(in, &out);
  return out;
}

Expected<protocol::GenerateResourceConfigRequest> from_proto(const pb::GenerateResourceConfig::Request& in) {
  protocol::GenerateResourceConfigRequest out;
  if (auto converted = detail::from_wire(in, out); !converted) return converted.error();
  return out;
}

pb::GenerateResourceConfig::Response to_proto(const protocol::GenerateResourceConfigResponse& in) {
  pb::GenerateResourceConfig::Response out;
  detail::to_wire(in, &out);
  return out;
}

Expected<protocol::GenerateResourceConfigResponse> from_proto(const pb::GenerateResourceConfig::Response& in) {
  protocol::GenerateResourceConfigResponse out;
  if (auto converted = detail::from_wire(in, out); !converted) return converted.error();
  return out;
}

}  // namespace tfc::wire::v6
