#pragma once
// A ProviderClient that answers every RPC of proto/protocol/rpc_table.inc with gRPC
// UNIMPLEMENTED, as a provider built before the RPC existed would. Test doubles derive from it
// and override only the RPCs they serve, so a new RPC needs no line in them.

#include "proto/protocol/provider_client.hpp"

namespace tfc::conformance::testing {

class UnimplementedProvider : public protocol::ProviderClient {
public:
#define TFC_RPC(Method, Family, V6, V5, Request, Response, Shape, Summary) \
  protocol::RpcResult<protocol::Response> Method(const protocol::Request&) override { return unimplemented(); }
#include "proto/protocol/rpc_table.inc"

protected:
  static protocol::RpcFailure unimplemented() { return {protocol::FailureKind::NotImplemented, 12, "not implemented"}; }
};

}  // namespace tfc::conformance::testing
