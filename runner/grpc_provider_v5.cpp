// ProviderClient over tfplugin5 (runner/grpc_provider.hpp): what tfplugin5 names its own way,
// for the shared implementation in runner/grpc_provider_impl.hpp. Request/response mapping
// lives in proto/convert.
#include "proto/convert/convert_v5.hpp"
#include "proto/wire/tfplugin5.grpc.pb.h"
#include "runner/grpc_provider.hpp"
#include "runner/grpc_provider_impl.hpp"

namespace tfc::runner {
namespace {

struct V5 {
  using Service = ::tfplugin5::Provider;
  using Stub = Service::Stub;
  using ListResourceEvent = ::tfplugin5::ListResource::Event;
  using InvokeActionEvent = ::tfplugin5::InvokeAction::Event;
  static constexpr int version = 5;

  static decltype(auto) to_proto(const auto& message) { return wire::v5::to_proto(message); }
  static decltype(auto) from_proto(const auto& message) { return wire::v5::from_proto(message); }

  // v5 names of the RPCs tfplugin6 renamed; failures report these names.
  static constexpr detail::Rpc get_provider_schema{&Stub::GetSchema, "GetSchema"};
  static constexpr detail::Rpc validate_provider_config{&Stub::PrepareProviderConfig, "PrepareProviderConfig"};
  static constexpr detail::Rpc configure_provider{&Stub::Configure, "Configure"};
  static constexpr detail::Rpc stop_provider{&Stub::Stop, "Stop"};
  static constexpr detail::Rpc validate_resource_config{&Stub::ValidateResourceTypeConfig, "ValidateResourceTypeConfig"};
  static constexpr detail::Rpc validate_data_resource_config{&Stub::ValidateDataSourceConfig, "ValidateDataSourceConfig"};
};

}  // namespace

std::unique_ptr<protocol::ProviderClient> make_grpc_provider_v5(std::shared_ptr<grpc::Channel> channel,
                                                                CallOptions options) {
  return std::make_unique<detail::GrpcProvider<V5>>(std::move(channel), std::move(options));
}

}  // namespace tfc::runner
