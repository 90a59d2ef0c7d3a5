#include "conformance/session/timed_client.hpp"

namespace tfc::conformance {

namespace {

/// Each method's place in protocol::kRpcs (the table's order).
enum class RpcIndex : std::size_t {
#define TFC_RPC(Method, Family, V6, V5, Request, Response, Shape, Summary) Method,
#include "proto/protocol/rpc_table.inc"
};

}  // namespace

#define TFC_RPC(Method, Family, V6, V5, Request, Response, Shape, Summary)                        \
  protocol::RpcResult<protocol::Response> TimedClient::Method(const protocol::Request& request) { \
    const auto start = std::chrono::steady_clock::now();                                          \
    auto result = m_inner.Method(request);                                                        \
    const auto took = std::chrono::steady_clock::now() - start;                                   \
    m_clock.nanoseconds += std::chrono::duration_cast<std::chrono::nanoseconds>(took).count();    \
    ++m_clock.calls;                                                                              \
    m_clock.by_method[static_cast<std::size_t>(RpcIndex::Method)].add(took);                      \
    return result;                                                                                \
  }
#include "proto/protocol/rpc_table.inc"

}  // namespace tfc::conformance
