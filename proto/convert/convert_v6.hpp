#pragma once
// Conversions between the protocol-neutral structs (proto/protocol) and tfplugin6 messages:
// to_proto for every request and response, from_proto back. Functions are named after the
// message and hold no logic. from_proto fails only on input that does not fit the protocol (a
// schema type that is not type JSON, an unknown nesting mode, an AttributePath step with no
// selector); the error names the field path. Only proto/convert and the runner's transport
// include this header (it pulls in the generated tfplugin6.pb.h).

#include "proto/protocol/action.hpp"
#include "proto/protocol/data_source.hpp"
#include "proto/protocol/ephemeral.hpp"
#include "proto/protocol/function.hpp"
#include "proto/protocol/list_resource.hpp"
#include "proto/protocol/provider.hpp"
#include "proto/protocol/resource.hpp"
#include "proto/schema/block.hpp"
#include "proto/schema/provider_schema.hpp"
#include "proto/util/expected.hpp"
#include "proto/wire/tfplugin6.pb.h"

namespace tfc::wire::v6 {

namespace pb = ::tfplugin6;

// --- Pieces (convert_schema_v6.cpp) ---
/// Schema ↔ schema::Schema; attributes and block types come back sorted by name.
pb::Schema to_proto(const schema::Schema& in);
Expected<schema::Schema> from_proto(const pb::Schema& in);
pb::ResourceIdentitySchema to_proto(const schema::IdentitySchema& in);
Expected<schema::IdentitySchema> from_proto(const pb::ResourceIdentitySchema& in);
/// AttributePath ↔ cty::Path (README §6); set-element steps cannot be sent: the path is cut there.
pb::AttributePath to_proto(const cty::Path& in);
Expected<cty::Path> from_proto(const pb::AttributePath& in);
pb::Diagnostic to_proto(const protocol::Diagnostic& in);
Expected<protocol::Diagnostic> from_proto(const pb::Diagnostic& in);

// --- provider RPCs (convert_provider_v6.cpp) ---
pb::GetProviderSchema::Request to_proto(const protocol::GetProviderSchemaRequest& in);
Expected<protocol::GetProviderSchemaRequest> from_proto(const pb::GetProviderSchema::Request& in);
pb::GetProviderSchema::Response to_proto(const protocol::GetProviderSchemaResponse& in);
Expected<protocol::GetProviderSchemaResponse> from_proto(const pb::GetProviderSchema::Response& in);
pb::GetResourceIdentitySchemas::Request to_proto(const protocol::GetResourceIdentitySchemasRequest& in);
Expected<protocol::GetResourceIdentitySchemasRequest> from_proto(const pb::GetResourceIdentitySchemas::Request& in);
pb::GetResourceIdentitySchemas::Response to_proto(const protocol::GetResourceIdentitySchemasResponse& in);
Expected<protocol::GetResourceIdentitySchemasResponse> from_proto(const pb::GetResourceIdentitySchemas::Response& in);
pb::ProviderMetadata::Request to_proto(const protocol::GetMetadataRequest& in);
Expected<protocol::GetMetadataRequest> from_proto(const pb::ProviderMetadata::Request& in);
pb::ProviderMetadata::Response to_proto(const protocol::GetMetadataResponse& in);
Expected<protocol::GetMetadataResponse> from_proto(const pb::ProviderMetadata::Response& in);
pb::ValidateProviderConfig::Request to_proto(const protocol::ValidateProviderConfigRequest& in);
Expected<protocol::ValidateProviderConfigRequest> from_proto(const pb::ValidateProviderConfig::Request& in);
pb::ValidateProviderConfig::Response to_proto(const protocol::ValidateProviderConfigResponse& in);
Expected<protocol::ValidateProviderConfigResponse> from_proto(const pb::ValidateProviderConfig::Response& in);
pb::ConfigureProvider::Request to_proto(const protocol::ConfigureProviderRequest& in);
Expected<protocol::ConfigureProviderRequest> from_proto(const pb::ConfigureProvider::Request& in);
pb::ConfigureProvider::Response to_proto(const protocol::ConfigureProviderResponse& in);
Expected<protocol::ConfigureProviderResponse> from_proto(const pb::ConfigureProvider::Response& in);
pb::StopProvider::Request to_proto(const protocol::StopProviderRequest& in);
Expected<protocol::StopProviderRequest> from_proto(const pb::StopProvider::Request& in);
pb::StopProvider::Response to_proto(const protocol::StopProviderResponse& in);
Expected<protocol::StopProviderResponse> from_proto(const pb::StopProvider::Response& in);

// --- resource RPCs (convert_resource_v6.cpp) ---
pb::ValidateResourceConfig::Request to_proto(const protocol::ValidateResourceConfigRequest& in);
Expected<protocol::ValidateResourceConfigRequest> from_proto(const pb::ValidateResourceConfig::Request& in);
pb::ValidateResourceConfig::Response to_proto(const protocol::ValidateResourceConfigResponse& in);
Expected<protocol::ValidateResourceConfigResponse> from_proto(const pb::ValidateResourceConfig::Response& in);
pb::UpgradeResourceState::Request to_proto(const protocol::UpgradeResourceStateRequest& in);
Expected<protocol::UpgradeResourceStateRequest> from_proto(const pb::UpgradeResourceState::Request& in);
pb::UpgradeResourceState::Response to_proto(const protocol::UpgradeResourceStateResponse& in);
Expected<protocol::UpgradeResourceStateResponse> from_proto(const pb::UpgradeResourceState::Response& in);
pb::UpgradeResourceIdentity::Request to_proto(const protocol::UpgradeResourceIdentityRequest& in);
Expected<protocol::UpgradeResourceIdentityRequest> from_proto(const pb::UpgradeResourceIdentity::Request& in);
pb::UpgradeResourceIdentity::Response to_proto(const protocol::UpgradeResourceIdentityResponse& in);
Expected<protocol::UpgradeResourceIdentityResponse> from_proto(const pb::UpgradeResourceIdentity::Response& in);
pb::ReadResource::Request to_proto(const protocol::ReadResourceRequest& in);
Expected<protocol::ReadResourceRequest> from_proto(const pb::ReadResource::Request& in);
pb::ReadResource::Response to_proto(const protocol::ReadResourceResponse& in);
Expected<protocol::ReadResourceResponse> from_proto(const pb::ReadResource::Response& in);
pb::PlanResourceChange::Request to_proto(const protocol::PlanResourceChangeRequest& in);
Expected<protocol::PlanResourceChangeRequest> from_proto(const pb::PlanResourceChange::Request& in);
pb::PlanResourceChange::Response to_proto(const protocol::PlanResourceChangeResponse& in);
Expected<protocol::PlanResourceChangeResponse> from_proto(const pb::PlanResourceChange::Response& in);
pb::ApplyResourceChange::Request to_proto(const protocol::ApplyResourceChangeRequest& in);
Expected<protocol::ApplyResourceChangeRequest> from_proto(const pb::ApplyResourceChange::Request& in);
pb::ApplyResourceChange::Response to_proto(const protocol::ApplyResourceChangeResponse& in);
Expected<protocol::ApplyResourceChangeResponse> from_proto(const pb::ApplyResourceChange::Response& in);
pb::ImportResourceState::Request to_proto(const protocol::ImportResourceStateRequest& in);
Expected<protocol::ImportResourceStateRequest> from_proto(const pb::ImportResourceState::Request& in);
pb::ImportResourceState::Response to_proto(const protocol::ImportResourceStateResponse& in);
Expected<protocol::ImportResourceStateResponse> from_proto(const pb::ImportResourceState::Response& in);
pb::MoveResourceState::Request to_proto(const protocol::MoveResourceStateRequest& in);
Expected<protocol::MoveResourceStateRequest> from_proto(const pb::MoveResourceState::Request& in);
pb::MoveResourceState::Response to_proto(const protocol::MoveResourceStateResponse& in);
Expected<protocol::MoveResourceStateResponse> from_proto(const pb::MoveResourceState::Response& in);
pb::GenerateResourceConfig::Request to_proto(const protocol::GenerateResourceConfigRequest& in);
Expected<protocol::GenerateResourceConfigRequest> from_proto(const pb::GenerateResourceConfig::Request& in);
pb::GenerateResourceConfig::Response to_proto(const protocol::GenerateResourceConfigResponse& in);
Expected<protocol::GenerateResourceConfigResponse> from_proto(const pb::GenerateResourceConfig::Response& in);

// --- data source RPCs (convert_data_source_v6.cpp) ---
pb::ValidateDataResourceConfig::Request to_proto(const protocol::ValidateDataResourceConfigRequest& in);
Expected<protocol::ValidateDataResourceConfigRequest> from_proto(const pb::ValidateDataResourceConfig::Request& in);
pb::ValidateDataResourceConfig::Response to_proto(const protocol::ValidateDataResourceConfigResponse& in);
Expected<protocol::ValidateDataResourceConfigResponse> from_proto(const pb::ValidateDataResourceConfig::Response& in);
pb::ReadDataSource::Request to_proto(const protocol::ReadDataSourceRequest& in);
Expected<protocol::ReadDataSourceRequest> from_proto(const pb::ReadDataSource::Request& in);
pb::ReadDataSource::Response to_proto(const protocol::ReadDataSourceResponse& in);
Expected<protocol::ReadDataSourceResponse> from_proto(const pb::ReadDataSource::Response& in);

// --- ephemeral RPCs (convert_ephemeral_v6.cpp) ---
pb::ValidateEphemeralResourceConfig::Request to_proto(const protocol::ValidateEphemeralResourceConfigRequest& in);
Expected<protocol::ValidateEphemeralResourceConfigRequest> from_proto(
    const pb::ValidateEphemeralResourceConfig::Request& in);
pb::ValidateEphemeralResourceConfig::Response to_proto(const protocol::ValidateEphemeralResourceConfigResponse& in);
Expected<protocol::ValidateEphemeralResourceConfigResponse> from_proto(
    const pb::ValidateEphemeralResourceConfig::Response& in);
pb::OpenEphemeralResource::Request to_proto(const protocol::OpenEphemeralResourceRequest& in);
Expected<protocol::OpenEphemeralResourceRequest> from_proto(const pb::OpenEphemeralResource::Request& in);
pb::OpenEphemeralResource::Response to_proto(const protocol::OpenEphemeralResourceResponse& in);
Expected<protocol::OpenEphemeralResourceResponse> from_proto(const pb::OpenEphemeralResource::Response& in);
pb::RenewEphemeralResource::Request to_proto(const protocol::RenewEphemeralResourceRequest& in);
Expected<protocol::RenewEphemeralResourceRequest> from_proto(const pb::RenewEphemeralResource::Request& in);
pb::RenewEphemeralResource::Response to_proto(const protocol::RenewEphemeralResourceResponse& in);
Expected<protocol::RenewEphemeralResourceResponse> from_proto(const pb::RenewEphemeralResource::Response& in);
pb::CloseEphemeralResource::Request to_proto(const protocol::CloseEphemeralResourceRequest& in);
Expected<protocol::CloseEphemeralResourceRequest> from_proto(const pb::CloseEphemeralResource::Request& in);
pb::CloseEphemeralResource::Response to_proto(const protocol::CloseEphemeralResourceResponse& in);
Expected<protocol::CloseEphemeralResourceResponse> from_proto(const pb::CloseEphemeralResource::Response& in);

// --- function RPCs (convert_function_v6.cpp) ---
pb::GetFunctions::Request to_proto(const protocol::GetFunctionsRequest& in);
Expected<protocol::GetFunctionsRequest> from_proto(const pb::GetFunctions::Request& in);
pb::GetFunctions::Response to_proto(const protocol::GetFunctionsResponse& in);
Expected<protocol::GetFunctionsResponse> from_proto(const pb::GetFunctions::Response& in);
pb::CallFunction::Request to_proto(const protocol::CallFunctionRequest& in);
Expected<protocol::CallFunctionRequest> from_proto(const pb::CallFunction::Request& in);
pb::CallFunction::Response to_proto(const protocol::CallFunctionResponse& in);
Expected<protocol::CallFunctionResponse> from_proto(const pb::CallFunction::Response& in);

// --- list resource RPCs (convert_list_resource_v6.cpp) ---
pb::ListResource::Request to_proto(const protocol::ListResourceRequest& in);
Expected<protocol::ListResourceRequest> from_proto(const pb::ListResource::Request& in);
pb::ListResource::Event to_proto(const protocol::ListResourceEvent& in);
Expected<protocol::ListResourceEvent> from_proto(const pb::ListResource::Event& in);
pb::ValidateListResourceConfig::Request to_proto(const protocol::ValidateListResourceConfigRequest& in);
Expected<protocol::ValidateListResourceConfigRequest> from_proto(const pb::ValidateListResourceConfig::Request& in);
pb::ValidateListResourceConfig::Response to_proto(const protocol::ValidateListResourceConfigResponse& in);
Expected<protocol::ValidateListResourceConfigResponse> from_proto(const pb::ValidateListResourceConfig::Response& in);

// --- action RPCs (convert_action_v6.cpp) ---
pb::ValidateActionConfig::Request to_proto(const protocol::ValidateActionConfigRequest& in);
Expected<protocol::ValidateActionConfigRequest> from_proto(const pb::ValidateActionConfig::Request& in);
pb::ValidateActionConfig::Response to_proto(const protocol::ValidateActionConfigResponse& in);
Expected<protocol::ValidateActionConfigResponse> from_proto(const pb::ValidateActionConfig::Response& in);
pb::PlanAction::Request to_proto(const protocol::PlanActionRequest& in);
Expected<protocol::PlanActionRequest> from_proto(const pb::PlanAction::Request& in);
pb::PlanAction::Response to_proto(const protocol::PlanActionResponse& in);
Expected<protocol::PlanActionResponse> from_proto(const pb::PlanAction::Response& in);
pb::InvokeAction::Request to_proto(const protocol::InvokeActionRequest& in);
Expected<protocol::InvokeActionRequest> from_proto(const pb::InvokeAction::Request& in);
pb::InvokeAction::Event to_proto(const protocol::InvokeActionEvent& in);
Expected<protocol::InvokeActionEvent> from_proto(const pb::InvokeAction::Event& in);

}  // namespace tfc::wire::v6
