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
  static constexpr int version = 5;

  static decltype(auto) to_proto(const auto& message) { return wire::v5::to_proto(message); }
  static decltype(auto) from_proto(const auto& message) { return wire::v5::from_proto(message); }

  // Every RPC under its tfplugin5 name; failures report these names.
#define TFC_RPC(Method, Family, V6, V5, Request, Response, Shape, Summary) \
  static constexpr detail::Rpc Method{&Stub::V5, #V5};
#include "proto/protocol/rpc_table.inc"
};

}  // namespace

std::unique_ptr<protocol::ProviderClient> make_grpc_provider_v5(std::shared_ptr<grpc::Channel> channel,
                                                                CallOptions options) {
  return std::make_unique<detail::GrpcProvider<V5>>(std::move(channel), std::move(options));
}

}  // namespace tfc::runner
