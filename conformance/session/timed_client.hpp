#pragma once
// A ProviderClient that forwards every call and adds up the wall time spent inside them, so a
// run can say how much of its time was the provider's own (the harness-overhead benchmark).

#include <array>
#include <atomic>
#include <chrono>
#include <cstdint>

#include "proto/protocol/provider_client.hpp"
#include "proto/protocol/rpc_catalogue.hpp"

namespace tfc::conformance {

/// Time and count of one RPC method, or of provider launches.
struct TimeTally {
  std::atomic<std::int64_t> nanoseconds{0};
  std::atomic<std::int64_t> calls{0};

  void add(std::chrono::steady_clock::duration took) {
    nanoseconds += std::chrono::duration_cast<std::chrono::nanoseconds>(took).count();
    ++calls;
  }
};

/// Time and count of RPCs, shared by every client of one run (thread-safe): in all, per method
/// (in the order of protocol::kRpcs), and of the provider launches (process start and
/// handshake, before any RPC), so a benchmark can say where a run's time goes.
struct RpcClock {
  std::atomic<std::int64_t> nanoseconds{0};
  std::atomic<std::int64_t> calls{0};
  std::array<TimeTally, protocol::kRpcs.size()> by_method;
  TimeTally launches;

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
