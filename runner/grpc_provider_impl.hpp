#pragma once
// The one ProviderClient over a generated tfplugin stub (runner/grpc_provider.hpp). tfplugin5
// and tfplugin6 carry the same RPCs with the same shapes; only the stub, the conversions and
// six RPC names differ, so each version supplies those as a traits struct
// (grpc_provider_v5.cpp / grpc_provider_v6.cpp) and shares everything else here. Internal to
// those two files: it pulls in whichever generated header the traits name.

#include <grpcpp/channel.h>
#include <grpcpp/client_context.h>

#include <memory>
#include <optional>
#include <utility>

#include "runner/grpc_call.hpp"
#include "runner/grpc_provider.hpp"

namespace tfc::runner::detail {

/// A blocking unary RPC of `Stub` and its wire name, the name failures report.
template <class Stub, class PbRequest, class PbResponse>
struct Rpc {
  grpc::Status (Stub::*method)(grpc::ClientContext*, const PbRequest&, PbResponse*);
  const char* name;
};

// Spelled out: clang before 17 does not deduce an aggregate's template arguments by itself.
template <class Stub, class PbRequest, class PbResponse>
Rpc(grpc::Status (Stub::*)(grpc::ClientContext*, const PbRequest&, PbResponse*), const char*)
    -> Rpc<Stub, PbRequest, PbResponse>;

/// `Protocol` names what differs between tfplugin versions:
///   Service                 the generated service (::tfpluginN::Provider);
///   ListResourceEvent       the generated ListResource.Event message;
///   version                 the protocol number protocol_version() reports;
///   to_proto / from_proto   the version's conversions (proto/convert/convert_vN.hpp);
///   get_provider_schema, validate_provider_config, configure_provider, stop_provider,
///   validate_resource_config, validate_data_resource_config
///                           Rpc{&Stub::Method, "Method"} for the six RPCs v5 names differently.
template <class Protocol>
class GrpcProvider final : public protocol::ProviderClient {
  using Stub = typename Protocol::Service::Stub;

public:
  GrpcProvider(std::shared_ptr<grpc::Channel> channel, CallOptions options)
      : m_stub(Protocol::Service::NewStub(channel)), m_options(std::move(options)) {}

  int protocol_version() const override { return Protocol::version; }

  // The six RPCs whose names depend on the version.
  protocol::RpcResult<protocol::GetProviderSchemaResponse> get_provider_schema(const protocol::GetProviderSchemaRequest& request) override {
    return call<protocol::GetProviderSchemaResponse>(Protocol::get_provider_schema, request);
  }
  protocol::RpcResult<protocol::ValidateProviderConfigResponse> validate_provider_config(const protocol::ValidateProviderConfigRequest& request) override {
    return call<protocol::ValidateProviderConfigResponse>(Protocol::validate_provider_config, request);
  }
  protocol::RpcResult<protocol::ConfigureProviderResponse> configure_provider(const protocol::ConfigureProviderRequest& request) override {
    return call<protocol::ConfigureProviderResponse>(Protocol::configure_provider, request);
  }
  protocol::RpcResult<protocol::StopProviderResponse> stop_provider(const protocol::StopProviderRequest& request) override {
    return call<protocol::StopProviderResponse>(Protocol::stop_provider, request);
  }
  protocol::RpcResult<protocol::ValidateResourceConfigResponse> validate_resource_config(const protocol::ValidateResourceConfigRequest& request) override {
    return call<protocol::ValidateResourceConfigResponse>(Protocol::validate_resource_config, request);
  }
  protocol::RpcResult<protocol::ValidateDataResourceConfigResponse> validate_data_resource_config(const protocol::ValidateDataResourceConfigRequest& request) override {
    return call<protocol::ValidateDataResourceConfigResponse>(Protocol::validate_data_resource_config, request);
  }

  // The RPCs both versions name alike.
  protocol::RpcResult<protocol::GetResourceIdentitySchemasResponse> get_resource_identity_schemas(const protocol::GetResourceIdentitySchemasRequest& request) override {
    return call<protocol::GetResourceIdentitySchemasResponse>(&Stub::GetResourceIdentitySchemas, request, "GetResourceIdentitySchemas");
  }
  protocol::RpcResult<protocol::GetMetadataResponse> get_metadata(const protocol::GetMetadataRequest& request) override {
    return call<protocol::GetMetadataResponse>(&Stub::GetMetadata, request, "GetMetadata");
  }
  protocol::RpcResult<protocol::UpgradeResourceStateResponse> upgrade_resource_state(const protocol::UpgradeResourceStateRequest& request) override {
    return call<protocol::UpgradeResourceStateResponse>(&Stub::UpgradeResourceState, request, "UpgradeResourceState");
  }
  protocol::RpcResult<protocol::UpgradeResourceIdentityResponse> upgrade_resource_identity(const protocol::UpgradeResourceIdentityRequest& request) override {
    return call<protocol::UpgradeResourceIdentityResponse>(&Stub::UpgradeResourceIdentity, request, "UpgradeResourceIdentity");
  }
  protocol::RpcResult<protocol::ReadResourceResponse> read_resource(const protocol::ReadResourceRequest& request) override {
    return call<protocol::ReadResourceResponse>(&Stub::ReadResource, request, "ReadResource");
  }
  protocol::RpcResult<protocol::PlanResourceChangeResponse> plan_resource_change(const protocol::PlanResourceChangeRequest& request) override {
    return call<protocol::PlanResourceChangeResponse>(&Stub::PlanResourceChange, request, "PlanResourceChange");
  }
  protocol::RpcResult<protocol::ApplyResourceChangeResponse> apply_resource_change(const protocol::ApplyResourceChangeRequest& request) override {
    return call<protocol::ApplyResourceChangeResponse>(&Stub::ApplyResourceChange, request, "ApplyResourceChange");
  }
  protocol::RpcResult<protocol::ImportResourceStateResponse> import_resource_state(const protocol::ImportResourceStateRequest& request) override {
    return call<protocol::ImportResourceStateResponse>(&Stub::ImportResourceState, request, "ImportResourceState");
  }
  protocol::RpcResult<protocol::MoveResourceStateResponse> move_resource_state(const protocol::MoveResourceStateRequest& request) override {
    return call<protocol::MoveResourceStateResponse>(&Stub::MoveResourceState, request, "MoveResourceState");
  }
  protocol::RpcResult<protocol::GenerateResourceConfigResponse> generate_resource_config(const protocol::GenerateResourceConfigRequest& request) override {
    return call<protocol::GenerateResourceConfigResponse>(&Stub::GenerateResourceConfig, request, "GenerateResourceConfig");
  }
  protocol::RpcResult<protocol::ReadDataSourceResponse> read_data_source(const protocol::ReadDataSourceRequest& request) override {
    return call<protocol::ReadDataSourceResponse>(&Stub::ReadDataSource, request, "ReadDataSource");
  }
  protocol::RpcResult<protocol::ValidateEphemeralResourceConfigResponse> validate_ephemeral_resource_config(const protocol::ValidateEphemeralResourceConfigRequest& request) override {
    return call<protocol::ValidateEphemeralResourceConfigResponse>(&Stub::ValidateEphemeralResourceConfig, request, "ValidateEphemeralResourceConfig");
  }
  protocol::RpcResult<protocol::OpenEphemeralResourceResponse> open_ephemeral_resource(const protocol::OpenEphemeralResourceRequest& request) override {
    return call<protocol::OpenEphemeralResourceResponse>(&Stub::OpenEphemeralResource, request, "OpenEphemeralResource");
  }
  protocol::RpcResult<protocol::RenewEphemeralResourceResponse> renew_ephemeral_resource(const protocol::RenewEphemeralResourceRequest& request) override {
    return call<protocol::RenewEphemeralResourceResponse>(&Stub::RenewEphemeralResource, request, "RenewEphemeralResource");
  }
  protocol::RpcResult<protocol::CloseEphemeralResourceResponse> close_ephemeral_resource(const protocol::CloseEphemeralResourceRequest& request) override {
    return call<protocol::CloseEphemeralResourceResponse>(&Stub::CloseEphemeralResource, request, "CloseEphemeralResource");
  }
  protocol::RpcResult<protocol::GetFunctionsResponse> get_functions(const protocol::GetFunctionsRequest& request) override {
    return call<protocol::GetFunctionsResponse>(&Stub::GetFunctions, request, "GetFunctions");
  }
  protocol::RpcResult<protocol::CallFunctionResponse> call_function(const protocol::CallFunctionRequest& request) override {
    return call<protocol::CallFunctionResponse>(&Stub::CallFunction, request, "CallFunction");
  }
  protocol::RpcResult<protocol::ValidateListResourceConfigResponse> validate_list_resource_config(const protocol::ValidateListResourceConfigRequest& request) override {
    return call<protocol::ValidateListResourceConfigResponse>(&Stub::ValidateListResourceConfig, request, "ValidateListResourceConfig");
  }
  protocol::RpcResult<protocol::ListResourceResponse> list_resource(const protocol::ListResourceRequest& request) override {
    // Server stream: collect every event until the provider ends it.
    auto context = make_context(deadline_for(m_options, "ListResource"));
    const LiveCall live(*context);
    const CallTimer timer(m_options, "ListResource");
    auto reader = m_stub->ListResource(context.get(), Protocol::to_proto(request));
    protocol::ListResourceResponse response;
    typename Protocol::ListResourceEvent event;
    std::optional<protocol::RpcFailure> bad_event;
    while (reader->Read(&event)) {
      auto converted = Protocol::from_proto(event);
      if (!converted) {
        if (!bad_event) bad_event = malformed(converted.error(), "ListResource");
        continue;
      }
      response.events.push_back(std::move(*converted));
    }
    const grpc::Status status = reader->Finish();
    timer.finished(status);
    if (!status.ok()) return failure_for(status, m_options, "ListResource");
    if (bad_event) return *bad_event;
    return response;
  }

private:
  template <class Response, class Request, class PbRequest, class PbResponse>
  protocol::RpcResult<Response> call(grpc::Status (Stub::*method)(grpc::ClientContext*, const PbRequest&,
                                                                  PbResponse*),
                                     const Request& request, const char* rpc) {
    return unary<Response>(*m_stub, method, Protocol::to_proto(request), m_options, rpc,
                           [](const PbResponse& reply) { return Protocol::from_proto(reply); });
  }
  template <class Response, class Request, class PbRequest, class PbResponse>
  protocol::RpcResult<Response> call(const Rpc<Stub, PbRequest, PbResponse>& rpc, const Request& request) {
    return call<Response>(rpc.method, request, rpc.name);
  }

  std::unique_ptr<Stub> m_stub;
  CallOptions m_options;
};

}  // namespace tfc::runner::detail
