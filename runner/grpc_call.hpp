#pragma once
// The five steps every ProviderClient RPC shares (runner/grpc_provider.hpp), as templates over
// the generated stub. Internal to grpc_provider_v5.cpp / grpc_provider_v6.cpp.

#include <google/protobuf/arena.h>
#include <grpcpp/client_context.h>
#include <grpcpp/support/status.h>

#include <memory>
#include <utility>

#include "proto/protocol/rpc_result.hpp"
#include "proto/util/expected.hpp"
#include "runner/grpc_provider.hpp"
#include "runner/live_calls.hpp"
#include "runner/protobuf_log.hpp"

namespace tfc::runner::detail {

/// The deadline of the next call of `rpc`: the adaptive policy's, else options.timeout.
std::chrono::milliseconds deadline_for(const CallOptions& options, const char* rpc);

/// A ClientContext whose deadline is now + `deadline`.
std::unique_ptr<grpc::ClientContext> make_context(std::chrono::milliseconds deadline);

/// The RpcFailure for a non-OK status: Cancelled when the harness is stopping, re-classed
/// Crashed (or OutOfMemory) when the process has ended (not looked for after UNIMPLEMENTED, an
/// answer), a timeout naming its deadline.
protocol::RpcFailure failure_for(const grpc::Status& status, const CallOptions& options, const char* rpc);

/// Times one call: feeds the adaptive deadline with every answer that was not a timeout.
class CallTimer {
public:
  CallTimer(const CallOptions& options, const char* rpc)
      : m_options(options), m_rpc(rpc), m_start(std::chrono::steady_clock::now()) {}
  void finished(const grpc::Status& status) const;

private:
  const CallOptions& m_options;
  const char* m_rpc;
  std::chrono::steady_clock::time_point m_start;
};

/// A reply that does not convert: Malformed, naming the RPC.
protocol::RpcFailure malformed(const Error& error, const char* rpc);

/// True for the status gRPC's blocking unary call makes up when the server answered OK but no
/// reply message could be deserialised (UNIMPLEMENTED, "No message returned for unary request").
bool is_unparsable_reply(const grpc::Status& status);

/// Malformed: the reply is not a valid `message_type`; `why` is what libprotobuf logged.
protocol::RpcFailure unparsable(const char* rpc, const std::string& message_type, const std::string& why);

/// Unary call: `method` is the stub's blocking member, `from` converts the reply.
template <class Response, class Stub, class PbRequest, class PbResponse, class From>
protocol::RpcResult<Response> unary(Stub& stub,
                                    grpc::Status (Stub::*method)(grpc::ClientContext*, const PbRequest&, PbResponse*),
                                    const PbRequest& request, const CallOptions& options, const char* rpc,
                                    From&& from) {
  auto context = make_context(deadline_for(options, rpc));
  const LiveCall live(*context);
  const CallTimer timer(options, rpc);
  // The reply lives on an arena: a large answer (terraform-provider-aws's schema is some 190,000
  // messages) is then parsed without a malloc per message and freed in a few blocks.
  google::protobuf::Arena arena;
  PbResponse& reply = *google::protobuf::Arena::CreateMessage<PbResponse>(&arena);
  begin_protobuf_capture();
  const grpc::Status status = (stub.*method)(context.get(), request, &reply);
  timer.finished(status);
  if (is_unparsable_reply(status)) return unparsable(rpc, PbResponse::descriptor()->full_name(), protobuf_capture());
  if (!status.ok()) return failure_for(status, options, rpc);
  auto converted = from(reply);
  if (!converted) return malformed(converted.error(), rpc);
  return std::move(*converted);
}

}  // namespace tfc::runner::detail
