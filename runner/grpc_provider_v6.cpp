// ProviderClient over tfplugin6 (runner/grpc_provider.hpp): the stub, conversions and RPC
// names of tfplugin6, for the shared implementation in runner/grpc_provider_impl.hpp.
// Request/response mapping lives in proto/convert.
#include "proto/convert/convert_v6.hpp"
#include "proto/wire/tfplugin6.grpc.pb.h"
#include "runner/grpc_provider.hpp"
#include "runner/grpc_provider_impl.hpp"

namespace tfc::runner {
namespace {

struct V6 {
  using Service = ::tfplugin6::Provider;
  using Stub = Service::Stub;
  static constexpr int version = 6;

  static decltype(auto) to_proto(const auto& message) { return wire::v6::to_proto(message); }
  static decltype(auto) from_proto(const auto& message) { return wire::v6::from_proto(message); }

  // Every RPC under its tfplugin6 name; failures report these names.
#define TFC_RPC(Method, Family, V6, V5, Request, Response, Shape, Summary) \
  static constexpr detail::Rpc Method{&Stub::V6, #V6};
#include "proto/protocol/rpc_table.inc"
};

}  // namespace

std::unique_ptr<protocol::ProviderClient> make_grpc_provider_v6(std::shared_ptr<grpc::Channel> channel,
                                                                CallOptions options) {
  return std::make_unique<detail::GrpcProvider<V6>>(std::move(channel), std::move(options));
}

}  // namespace tfc::runner
