#pragma once
// The protocol-neutral provider client (the OpenTofu `providers.Interface` shape): one method per
// RPC of tfplugin6 (v5 names differ, see docs/protocol.md §7). Implemented over gRPC by the
// runner for protocol 5 and 6, and in memory by test doubles. Every method returns the response
// or an RpcFailure; none throws for anything a provider does.

#include "proto/protocol/data_source.hpp"
#include "proto/protocol/ephemeral.hpp"
#include "proto/protocol/function.hpp"
#include "proto/protocol/list_resource.hpp"
#include "proto/protocol/provider.hpp"
#include "proto/protocol/resource.hpp"
#include "proto/protocol/rpc_result.hpp"

namespace tfc::protocol {

class ProviderClient {
public:
  virtual ~ProviderClient() = default;

  /// The negotiated major protocol version: 5 or 6.
  virtual int protocol_version() const = 0;

  /// GetProviderSchema (v5 GetSchema): first call of every provider process (README §5).
  virtual RpcResult<GetProviderSchemaResponse> get_provider_schema(const GetProviderSchemaRequest& request) = 0;
  /// GetResourceIdentitySchemas (6.9+): right after the schema; UNIMPLEMENTED = no identities.
  virtual RpcResult<GetResourceIdentitySchemasResponse> get_resource_identity_schemas(const GetResourceIdentitySchemasRequest& request) = 0;
  /// GetMetadata (6.4+): never called by Terraform; a probe for the harness.
  virtual RpcResult<GetMetadataResponse> get_metadata(const GetMetadataRequest& request) = 0;
  /// ValidateProviderConfig (v5 PrepareProviderConfig): validate walk, before configure (§5.1).
  virtual RpcResult<ValidateProviderConfigResponse> validate_provider_config(const ValidateProviderConfigRequest& request) = 0;
  /// ConfigureProvider (v5 Configure): once per process before resource RPCs (§5.1).
  virtual RpcResult<ConfigureProviderResponse> configure_provider(const ConfigureProviderRequest& request) = 0;
  /// StopProvider (v5 Stop): asks the provider to cancel in-flight work.
  virtual RpcResult<StopProviderResponse> stop_provider(const StopProviderRequest& request) = 0;

  /// ValidateResourceConfig (v5 ValidateResourceTypeConfig): validate walk and before each plan (§5.2).
  virtual RpcResult<ValidateResourceConfigResponse> validate_resource_config(const ValidateResourceConfigRequest& request) = 0;
  /// UpgradeResourceState: before every read/plan/apply of an existing object (§5.2 step 1).
  virtual RpcResult<UpgradeResourceStateResponse> upgrade_resource_state(const UpgradeResourceStateRequest& request) = 0;
  /// UpgradeResourceIdentity (6.9+): when the stored identity version differs.
  virtual RpcResult<UpgradeResourceIdentityResponse> upgrade_resource_identity(const UpgradeResourceIdentityRequest& request) = 0;
  /// ReadResource: refresh (§5.2 step 2) and after import (§5.4).
  virtual RpcResult<ReadResourceResponse> read_resource(const ReadResourceRequest& request) = 0;
  /// PlanResourceChange: plan (§5.2 steps 4-5), destroy plans with plan_destroy, apply re-plan (§5.3).
  virtual RpcResult<PlanResourceChangeResponse> plan_resource_change(const PlanResourceChangeRequest& request) = 0;
  /// ApplyResourceChange: create/update/delete (§5.3).
  virtual RpcResult<ApplyResourceChangeResponse> apply_resource_change(const ApplyResourceChangeRequest& request) = 0;
  /// ImportResourceState: import blocks and `terraform import` (§5.4).
  virtual RpcResult<ImportResourceStateResponse> import_resource_state(const ImportResourceStateRequest& request) = 0;
  /// MoveResourceState (6.5+): cross-type moves, only if move_resource_state is advertised.
  virtual RpcResult<MoveResourceStateResponse> move_resource_state(const MoveResourceStateRequest& request) = 0;
  /// GenerateResourceConfig (TF 1.14): only if generate_resource_config is advertised.
  virtual RpcResult<GenerateResourceConfigResponse> generate_resource_config(const GenerateResourceConfigRequest& request) = 0;

  /// ValidateDataResourceConfig (v5 ValidateDataSourceConfig): before each read (§5.5).
  virtual RpcResult<ValidateDataResourceConfigResponse> validate_data_resource_config(const ValidateDataResourceConfigRequest& request) = 0;
  /// ReadDataSource: plan walk when the config is wholly known, else apply walk (§5.5).
  virtual RpcResult<ReadDataSourceResponse> read_data_source(const ReadDataSourceRequest& request) = 0;

  /// ValidateEphemeralResourceConfig (6.7+): validate walk (§5.6).
  virtual RpcResult<ValidateEphemeralResourceConfigResponse> validate_ephemeral_resource_config(const ValidateEphemeralResourceConfigRequest& request) = 0;
  /// OpenEphemeralResource (6.7+): per walk, with a known config.
  virtual RpcResult<OpenEphemeralResourceResponse> open_ephemeral_resource(const OpenEphemeralResourceRequest& request) = 0;
  /// RenewEphemeralResource (6.7+): at renew_at with the last private.
  virtual RpcResult<RenewEphemeralResourceResponse> renew_ephemeral_resource(const RenewEphemeralResourceRequest& request) = 0;
  /// CloseEphemeralResource (6.7+): when the walk no longer needs it.
  virtual RpcResult<CloseEphemeralResourceResponse> close_ephemeral_resource(const CloseEphemeralResourceRequest& request) = 0;

  /// GetFunctions (6.5+): Terraform reads GetProviderSchema.functions instead; a probe.
  virtual RpcResult<GetFunctionsResponse> get_functions(const GetFunctionsRequest& request) = 0;
  /// CallFunction (6.5+): one call per function evaluation.
  virtual RpcResult<CallFunctionResponse> call_function(const CallFunctionRequest& request) = 0;

  /// ListResource (TF 1.13, server stream): collects events until the stream ends.
  virtual RpcResult<ListResourceResponse> list_resource(const ListResourceRequest& request) = 0;
  /// ValidateListResourceConfig (TF 1.13).
  virtual RpcResult<ValidateListResourceConfigResponse> validate_list_resource_config(const ValidateListResourceConfigRequest& request) = 0;
};

}  // namespace tfc::protocol
