#pragma once
// The RPC table (rpc_table.inc) as data, for what lists the RPCs at run time: `tfconform rpcs`
// prints it, and docs/rpcs.md is that output.

#include <array>
#include <string_view>

namespace tfc::protocol {

/// How an RPC answers: one response, or a stream of events the client collects.
enum class RpcShape { unary, server_stream };

struct RpcInfo {
  std::string_view method;    // the ProviderClient member function
  std::string_view family;    // provider, identity, resource, data_source, ephemeral, function, list, action
  std::string_view v6_name;   // the gRPC method in tfplugin6
  std::string_view v5_name;   // the gRPC method in tfplugin5
  std::string_view request;   // tfc::protocol request struct
  std::string_view response;  // tfc::protocol response struct
  RpcShape shape;
  std::string_view summary;  // when Core calls it
};

/// Every RPC, in the table's order.
inline constexpr std::array kRpcs = {
#define TFC_RPC(Method, Family, V6, V5, Request, Response, Shape, Summary) \
  RpcInfo{#Method, #Family, #V6, #V5, #Request, #Response, RpcShape::Shape, Summary},
#include "proto/protocol/rpc_table.inc"
};

constexpr std::string_view to_string(RpcShape shape) { return shape == RpcShape::unary ? "unary" : "server stream"; }

}  // namespace tfc::protocol
