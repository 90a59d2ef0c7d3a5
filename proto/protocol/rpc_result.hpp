#pragma once
// The outcome of one RPC: the provider's response, or why there is none
// (docs/protocol.md §1.2). A failure is data for the suite to judge, never an
// exception.

#include <string>
#include <utility>
#include <variant>

#include "proto/protocol/diagnostics.hpp"

namespace tfc::protocol {

/// gRPC status codes this layer names (grpc::StatusCode values; no gRPC include here).
inline constexpr int kGrpcOk = 0;
inline constexpr int kGrpcDeadlineExceeded = 4;
inline constexpr int kGrpcUnimplemented = 12;
inline constexpr int kGrpcUnavailable = 14;

enum class FailureKind {
  NotImplemented,  // UNIMPLEMENTED: the provider's build lacks the RPC
  Status,          // any other non-OK gRPC status the provider returned
  Crashed,         // the plugin process died during the call
  Timeout,         // the harness deadline passed
  Transport,       // the connection failed (UNAVAILABLE, TLS, socket)
  Malformed,       // an OK answer that does not fit the protocol (bad schema type JSON, empty path step)
  TooLarge,        // an answer over the harness's receive limit (runner/channel.hpp)
  OutOfMemory,     // the plugin process died at the harness's memory limit (--provider-memory)
  Cancelled,       // the harness itself stopped the call (SIGINT/SIGTERM): not the provider's doing
};

struct RpcFailure {
  FailureKind kind = FailureKind::Status;
  int grpc_code = 0;
  std::string message;

  friend bool operator==(const RpcFailure&, const RpcFailure&) = default;
};

/// Classifies a non-OK status: 12 → NotImplemented, 4 → Timeout, 14 → Transport, else Status.
/// The transport layer overrides the kind with Crashed when it saw the process exit.
RpcFailure failure_from_status(int grpc_code, std::string message);

/// "not implemented", "status", "crashed", "timeout", "transport", "malformed", "too large",
/// "out of memory", "cancelled".
std::string to_string(FailureKind kind);

template <class T>
class [[nodiscard]] RpcResult {
public:
  RpcResult(T response) : m_v(std::in_place_index<0>, std::move(response)) {}         // NOLINT
  RpcResult(RpcFailure failure) : m_v(std::in_place_index<1>, std::move(failure)) {}  // NOLINT

  bool ok() const noexcept { return m_v.index() == 0; }
  explicit operator bool() const noexcept { return ok(); }
  /// Preconditions: ok() for value(), !ok() for failure().
  T& value() & { return std::get<0>(m_v); }
  const T& value() const& { return std::get<0>(m_v); }
  T&& value() && { return std::get<0>(std::move(m_v)); }
  const T* operator->() const { return &value(); }
  T* operator->() { return &value(); }
  const RpcFailure& failure() const { return std::get<1>(m_v); }

private:
  std::variant<T, RpcFailure> m_v;
};

/// The status form of "not implemented": kind NotImplemented or gRPC code 12 (README §1.2).
bool is_not_implemented(const RpcFailure& failure) noexcept;

/// terraform-plugin-go's OK form of "not implemented": exactly one diagnostic, severity ERROR,
/// summary ending in "Not Implemented" (e.g. "Provider PlanAction Not Implemented").
bool is_not_implemented(const Diagnostics& diagnostics) noexcept;

/// Either form, for any RPC result (responses without `diagnostics` only have the status form).
template <class T>
bool is_not_implemented(const RpcResult<T>& result) noexcept {
  if (!result.ok()) return is_not_implemented(result.failure());
  if constexpr (requires(const T& r) { r.diagnostics; }) {
    return is_not_implemented(result.value().diagnostics);
  } else {
    return false;
  }
}

}  // namespace tfc::protocol
