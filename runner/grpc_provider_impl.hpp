#pragma once
// The one ProviderClient over a generated tfplugin stub (runner/grpc_provider.hpp). tfplugin5
// and tfplugin6 carry the same RPCs with the same shapes; only the stub, the conversions and
// six RPC names differ, so each version supplies those as a traits struct
// (grpc_provider_v5.cpp / grpc_provider_v6.cpp) and shares everything else here. Both the
// traits and the methods here are made from proto/protocol/rpc_table.inc. Internal to those two
// files: it pulls in whichever generated header the traits name.

#include <grpcpp/channel.h>
#include <grpcpp/client_context.h>
#include <grpcpp/support/sync_stream.h>

#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "proto/protocol/rpc_catalogue.hpp"
#include "runner/grpc_call.hpp"
#include "runner/grpc_provider.hpp"

namespace tfc::runner::detail {

/// A method of a generated stub and its wire name, the name failures report. `Method` is a
/// blocking unary call or a blocking server stream; GrpcProvider::call picks by its type.
template <class Method>
struct Rpc {
  Method method;
  const char* name;
};

// Spelled out: clang before 17 does not deduce an aggregate's template arguments by itself.
template <class Method>
Rpc(Method, const char*) -> Rpc<Method>;

/// The shape the stub's method has, checked against the table's.
template <class Stub, class PbRequest, class PbResponse>
constexpr protocol::RpcShape shape_of(
    const Rpc<grpc::Status (Stub::*)(grpc::ClientContext*, const PbRequest&, PbResponse*)>&) {
  return protocol::RpcShape::unary;
}
template <class Stub, class PbRequest, class PbEvent>
constexpr protocol::RpcShape shape_of(
    const Rpc<std::unique_ptr<grpc::ClientReader<PbEvent>> (Stub::*)(grpc::ClientContext*, const PbRequest&)>&) {
  return protocol::RpcShape::server_stream;
}

/// `Protocol` names what differs between tfplugin versions:
///   Service                 the generated service (::tfpluginN::Provider);
///   version                 the protocol number protocol_version() reports;
///   to_proto / from_proto   the version's conversions (proto/convert/convert_vN.hpp);
///   <method>                Rpc{&Stub::Name, "Name"} for every row of rpc_table.inc: the
///                           row's method, the version's gRPC name.
/// The most events one server stream may send before the harness stops reading it.
inline constexpr std::size_t kMaxStreamEvents = 100000;

template <class Protocol>
class GrpcProvider final : public protocol::ProviderClient {
  using Stub = typename Protocol::Service::Stub;

public:
  GrpcProvider(std::shared_ptr<grpc::Channel> channel, CallOptions options)
      : m_stub(Protocol::Service::NewStub(channel)), m_options(std::move(options)) {}

  int protocol_version() const override { return Protocol::version; }

  // Every RPC: the version's stub method for the row, converted by the version's to_proto/from_proto.
#define TFC_RPC(Method, Family, V6, V5, Request, Response, Shape, Summary)                           \
  protocol::RpcResult<protocol::Response> Method(const protocol::Request& request) override {        \
    static_assert(shape_of(Protocol::Method) == protocol::RpcShape::Shape, #Method ": not " #Shape); \
    return call<protocol::Response>(Protocol::Method, request);                                      \
  }
#include "proto/protocol/rpc_table.inc"

private:
  /// Unary: one request, one response.
  template <class Response, class Request, class PbRequest, class PbResponse>
  protocol::RpcResult<Response> call(
      const Rpc<grpc::Status (Stub::*)(grpc::ClientContext*, const PbRequest&, PbResponse*)>& rpc,
      const Request& request) {
    return unary<Response>(*m_stub, rpc.method, Protocol::to_proto(request), m_options, rpc.name,
                           [](const PbResponse& reply) { return Protocol::from_proto(reply); });
  }
  /// Server stream: the response is the events collected until the stream ends.
  template <class Response, class Request, class PbRequest, class PbEvent>
  protocol::RpcResult<Response> call(
      const Rpc<std::unique_ptr<grpc::ClientReader<PbEvent>> (Stub::*)(grpc::ClientContext*, const PbRequest&)>& rpc,
      const Request& request) {
    Response response;
    auto collected = stream<PbEvent>(rpc.method, request, rpc.name, response.events);
    if (collected) return *collected;
    return response;
  }

  /// Server stream: converts every event into `events` until the provider ends the stream.
  /// Returns the failure, if any: a bad status, or the first event that did not convert.
  template <class PbEvent, class Request, class Method, class Event>
  std::optional<protocol::RpcFailure> stream(Method method, const Request& request, const char* rpc,
                                             std::vector<Event>& events) {
    auto context = make_context(deadline_for(m_options, rpc));
    const LiveCall live(*context);
    const CallTimer timer(m_options, rpc);
    auto reader = ((*m_stub).*method)(context.get(), Protocol::to_proto(request));
    PbEvent event;
    std::optional<protocol::RpcFailure> bad_event;
    while (reader->Read(&event)) {
      if (events.size() >= kMaxStreamEvents) {
        // A stream without end would fill memory until the deadline: cut it off here.
        context->TryCancel();
        reader->Finish();
        return protocol::RpcFailure{protocol::FailureKind::TooLarge, 0,
                                    std::string(rpc) + " streamed more than " + std::to_string(kMaxStreamEvents) +
                                        " events; tfconform stopped reading"};
      }
      auto converted = Protocol::from_proto(event);
      if (!converted) {
        if (!bad_event) bad_event = malformed(converted.error(), rpc);
        continue;
      }
      events.push_back(std::move(*converted));
    }
    const grpc::Status status = reader->Finish();
    timer.finished(status);
    if (!status.ok()) return failure_for(status, m_options, rpc);
    return bad_event;
  }

  std::unique_ptr<Stub> m_stub;
  CallOptions m_options;
};

}  // namespace tfc::runner::detail
