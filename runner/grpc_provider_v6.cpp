// ProviderClient over tfplugin6 (runner/grpc_provider.hpp); request/response mapping lives in
// proto/convert, the shared call steps in runner/grpc_call.hpp.
#include <grpcpp/client_context.h>

#include <optional>

#include "proto/convert/convert_v6.hpp"
#include "proto/wire/tfplugin6.grpc.pb.h"
#include "runner/grpc_call.hpp"
#include "runner/grpc_provider.hpp"

namespace tfc::runner {
namespace {

namespace wv = ::tfc::wire::v6;
using namespace ::tfc::protocol;
using Stub = ::tfplugin6::Provider::Stub;

class GrpcProviderV6 final : public ProviderClient {
public:
  GrpcProviderV6(std::shared_ptr<grpc::Channel> channel, CallOptions options)
      : m_stub(::tfplugin6::Provider::NewStub(channel)), m_options(std::move(options)) {}

  int protocol_version() const override { return 6; }

  RpcResult<GetProviderSchemaResponse> get_provider_schema(const GetProviderSchemaRequest& request) override {
    return call<GetProviderSchemaResponse>(&Stub::GetProviderSchema, request, "GetProviderSchema");
  }
  RpcResult<GetResourceIdentitySchemasResponse> get_resource_identity_schemas(const GetResourceIdentitySchemasRequest& request) override {
    return call<GetResourceIdentitySchemasResponse>(&Stub::GetResourceIdentitySchemas, request, "GetResourceIdentitySchemas");
  }
  RpcResult<GetMetadataResponse> get_metadata(const GetMetadataRequest& request) override {
    return call<GetMetadataResponse>(&Stub::GetMetadata, request, "GetMetadata");
  }
  RpcResult<ValidateProviderConfigResponse> validate_provider_config(const ValidateProviderConfigRequest& request) override {
    return call<ValidateProviderConfigResponse>(&Stub::ValidateProviderConfig, request, "ValidateProviderConfig");
  }
  RpcResult<ConfigureProviderResponse> configure_provider(const ConfigureProviderRequest& request) override {
    return call<ConfigureProviderResponse>(&Stub::ConfigureProvider, request, "ConfigureProvider");
  }
  RpcResult<StopProviderResponse> stop_provider(const StopProviderRequest& request) override {
    return call<StopProviderResponse>(&Stub::StopProvider, request, "StopProvider");
  }
  RpcResult<ValidateResourceConfigResponse> validate_resource_config(const ValidateResourceConfigRequest& request) override {
    return call<ValidateResourceConfigResponse>(&Stub::ValidateResourceConfig, request, "ValidateResourceConfig");
  }
  RpcResult<UpgradeResourceStateResponse> upgrade_resource_state(const UpgradeResourceStateRequest& request) override {
    return call<UpgradeResourceStateResponse>(&Stub::UpgradeResourceState, request, "UpgradeResourceState");
  }
  RpcResult<UpgradeResourceIdentityResponse> upgrade_resource_identity(const UpgradeResourceIdentityRequest& request) override {
    return call<UpgradeResourceIdentityResponse>(&Stub::UpgradeResourceIdentity, request, "UpgradeResourceIdentity");
  }
  RpcResult<ReadResourceResponse> read_resource(const ReadResourceRequest& request) override {
    return call<ReadResourceResponse>(&Stub::ReadResource, request, "ReadResource");
  }
  RpcResult<PlanResourceChangeResponse> plan_resource_change(const PlanResourceChangeRequest& request) override {
    return call<PlanResourceChangeResponse>(&Stub::PlanResourceChange, request, "PlanResourceChange");
  }
  RpcResult<ApplyResourceChangeResponse> apply_resource_change(const ApplyResourceChangeRequest& request) override {
    return call<ApplyResourceChangeResponse>(&Stub::ApplyResourceChange, request, "ApplyResourceChange");
  }
  RpcResult<ImportResourceStateResponse> import_resource_state(const ImportResourceStateRequest& request) override {
    return call<ImportResourceStateResponse>(&Stub::ImportResourceState, request, "ImportResourceState");
  }
  RpcResult<MoveResourceStateResponse> move_resource_state(const MoveResourceStateRequest& request) override {
    return call<MoveResourceStateResponse>(&Stub::MoveResourceState, request, "MoveResourceState");
  }
  RpcResult<GenerateResourceConfigResponse> generate_resource_config(const GenerateResourceConfigRequest& request) override {
    return call<GenerateResourceConfigResponse>(&Stub::GenerateResourceConfig, request, "GenerateResourceConfig");
  }
  RpcResult<ValidateDataResourceConfigResponse> validate_data_resource_config(const ValidateDataResourceConfigRequest& request) override {
    return call<ValidateDataResourceConfigResponse>(&Stub::ValidateDataResourceConfig, request, "ValidateDataResourceConfig");
  }
  RpcResult<ReadDataSourceResponse> read_data_source(const ReadDataSourceRequest& request) override {
    return call<ReadDataSourceResponse>(&Stub::ReadDataSource, request, "ReadDataSource");
  }
  RpcResult<ValidateEphemeralResourceConfigResponse> validate_ephemeral_resource_config(const ValidateEphemeralResourceConfigRequest& request) override {
    return call<ValidateEphemeralResourceConfigResponse>(&Stub::ValidateEphemeralResourceConfig, request, "ValidateEphemeralResourceConfig");
  }
  RpcResult<OpenEphemeralResourceResponse> open_ephemeral_resource(const OpenEphemeralResourceRequest& request) override {
    return call<OpenEphemeralResourceResponse>(&Stub::OpenEphemeralResource, request, "OpenEphemeralResource");
  }
  RpcResult<RenewEphemeralResourceResponse> renew_ephemeral_resource(const RenewEphemeralResourceRequest& request) override {
    return call<RenewEphemeralResourceResponse>(&Stub::RenewEphemeralResource, request, "RenewEphemeralResource");
  }
  RpcResult<CloseEphemeralResourceResponse> close_ephemeral_resource(const CloseEphemeralResourceRequest& request) override {
    return call<CloseEphemeralResourceResponse>(&Stub::CloseEphemeralResource, request, "CloseEphemeralResource");
  }
  RpcResult<GetFunctionsResponse> get_functions(const GetFunctionsRequest& request) override {
    return call<GetFunctionsResponse>(&Stub::GetFunctions, request, "GetFunctions");
  }
  RpcResult<CallFunctionResponse> call_function(const CallFunctionRequest& request) override {
    return call<CallFunctionResponse>(&Stub::CallFunction, request, "CallFunction");
  }
  RpcResult<ValidateListResourceConfigResponse> validate_list_resource_config(const ValidateListResourceConfigRequest& request) override {
    return call<ValidateListResourceConfigResponse>(&Stub::ValidateListResourceConfig, request, "ValidateListResourceConfig");
  }
  RpcResult<ListResourceResponse> list_resource(const ListResourceRequest& request) override {
    // Server stream: collect every event until the provider ends it.
    auto context = detail::make_context(m_options);
    auto reader = m_stub->ListResource(context.get(), wv::to_proto(request));
    ListResourceResponse response;
    ::tfplugin6::ListResource::Event event;
    std::optional<RpcFailure> bad_event;
    while (reader->Read(&event)) {
      auto converted = wv::from_proto(event);
      if (!converted) {
        if (!bad_event) bad_event = detail::malformed(converted.error(), "ListResource");
        continue;
      }
      response.events.push_back(std::move(*converted));
    }
    const grpc::Status status = reader->Finish();
    if (!status.ok()) return detail::failure_for(status, m_options, "ListResource");
    if (bad_event) return *bad_event;
    return response;
  }

private:
  template <class Response, class Request, class PbRequest, class PbResponse>
  RpcResult<Response> call(grpc::Status (Stub::*method)(grpc::ClientContext*, const PbRequest&,
                                                        PbResponse*),
                           const Request& request, const char* rpc) {
    return detail::unary<Response>(*m_stub, method, wv::to_proto(request), m_options, rpc,
                                   [](const PbResponse& reply) { return wv::from_proto(reply); });
  }

  std::unique_ptr<Stub> m_stub;
  CallOptions m_options;
};

}  // namespace

std::unique_ptr<ProviderClient> make_grpc_provider_v6(std::shared_ptr<grpc::Channel> channel,
                                                       CallOptions options) {
  return std::make_unique<GrpcProviderV6>(std::move(channel), std::move(options));
}

}  // namespace tfc::runner
