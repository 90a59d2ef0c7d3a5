#pragma once
// Every RPC's name as a constant made from the RPC table (rpc_table.inc), so code that names an
// RPC (a finding's rpc, a refusal's "RPC: summary") writes `Rpc::PlanResourceChange` and a
// misspelt name does not compile. The name is tfplugin6's: the one findings give whichever
// protocol version the provider speaks.

#include <array>
#include <cstddef>
#include <string_view>

namespace tfc::protocol {

enum class Rpc : unsigned char {
#define TFC_RPC(Method, Family, V6, V5, Request, Response, Shape, Summary) V6,
#include "proto/protocol/rpc_table.inc"
};

/// The names, in the table's order (Rpc's values index it).
inline constexpr std::array kRpcNames = {
#define TFC_RPC(Method, Family, V6, V5, Request, Response, Shape, Summary) std::string_view(#V6),
#include "proto/protocol/rpc_table.inc"
};

/// "PlanResourceChange" for Rpc::PlanResourceChange.
constexpr std::string_view rpc_name(Rpc rpc) noexcept { return kRpcNames[static_cast<std::size_t>(rpc)]; }

}  // namespace tfc::protocol
