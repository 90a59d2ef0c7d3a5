#pragma once
// The protocol-neutral provider client (the OpenTofu `providers.Interface` shape): one method per
// row of proto/protocol/rpc_table.inc (v5 names differ: docs/rpcs.md). Implemented over gRPC by
// the runner for protocol 5 and 6, and in memory by test doubles. Every method returns the response
// or an RpcFailure; none throws for anything a provider does.

#include "proto/protocol/action.hpp"
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

  // One pure virtual per row of rpc_table.inc, e.g.
  //   virtual RpcResult<ReadResourceResponse> read_resource(const ReadResourceRequest& request) = 0;
  // The table says when Core sends each one (also docs/rpcs.md).
#define TFC_RPC(Method, Family, V6, V5, Request, Response, Shape, Summary) \
  virtual RpcResult<Response> Method(const Request& request) = 0;
#include "proto/protocol/rpc_table.inc"
};

}  // namespace tfc::protocol
