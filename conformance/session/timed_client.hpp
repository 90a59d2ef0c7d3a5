#pragma once
// A ProviderClient that forwards every call and adds up the wall time spent inside them, so a
// run can say how much of its time was the provider's own (the harness-overhead benchmark).

#include <atomic>
#include <chrono>
#include <cstdint>

#include "proto/protocol/provider_client.hpp"

namespace tfc::conformance {

/// Time and count of RPCs, shared by every client of one run (thread-safe).
struct RpcClock {
  std::atomic<std::int64_t> nanoseconds{0};
  std::atomic<std::int64_t> calls{0};

  std::chrono::nanoseconds total() const { return std::chrono::nanoseconds(nanoseconds.load()); }
};

/// Wraps `inner` (not owned; must outlive this) and records into `clock`.
class TimedClient final : public protocol::ProviderClient {
public:
  TimedClient(protocol::ProviderClient& inner, RpcClock& clock) : m_inner(inner), m_clock(clock) {}

  int protocol_version() const override { return m_inner.protocol_version(); }

#define TFC_RPC(Method, Family, V6, V5, Request, Response, Shape, Summary) \
  protocol::RpcResult<protocol::Response> Method(const protocol::Request& request) override;
#include "proto/protocol/rpc_table.inc"

private:
  protocol::ProviderClient& m_inner;
  RpcClock& m_clock;
};

}  // namespace tfc::conformance
