#include "conformance/timed_client.hpp"

namespace tfc::conformance {

#define TFC_TIMED_RPC(Method, Request, Response)                                                   \
  protocol::RpcResult<protocol::Response> TimedClient::Method(const protocol::Request& request) { \
    const auto start = std::chrono::steady_clock::now();                                          \
    auto result = m_inner.Method(request);                                                         \
    const auto took = std::chrono::steady_clock::now() - start;                                    \
    m_clock.nanoseconds += std::chrono::duration_cast<std::chrono::nanoseconds>(took).count();     \
    ++m_clock.calls;                                                                               \
    return result;                                                                                 \
  }
#include "conformance/timed_client_rpcs.inc"
#undef TFC_TIMED_RPC

}  // namespace tfc::conformance
