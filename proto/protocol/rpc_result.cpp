#include "proto/protocol/rpc_result.hpp"

#include <string_view>

namespace tfc::protocol {

RpcFailure failure_from_status(int grpc_code, std::string message) {
  FailureKind kind = FailureKind::Status;
  switch (grpc_code) {
    case kGrpcUnimplemented: kind = FailureKind::NotImplemented; break;
    case kGrpcDeadlineExceeded: kind = FailureKind::Timeout; break;
    case kGrpcUnavailable: kind = FailureKind::Transport; break;
    default: break;
  }
  return RpcFailure{kind, grpc_code, std::move(message)};
}

std::string to_string(FailureKind kind) {
  switch (kind) {
    case FailureKind::NotImplemented: return "not implemented";
    case FailureKind::Status: return "status";
    case FailureKind::Crashed: return "crashed";
    case FailureKind::Timeout: return "timeout";
    case FailureKind::Transport: return "transport";
    case FailureKind::Malformed: return "malformed";
    case FailureKind::TooLarge: return "too large";
    case FailureKind::OutOfMemory: return "out of memory";
    case FailureKind::Cancelled: return "cancelled";
  }
  return "unknown";
}

bool is_not_implemented(const RpcFailure& failure) noexcept {
  return failure.kind == FailureKind::NotImplemented || failure.grpc_code == kGrpcUnimplemented;
}

bool is_not_implemented(const Diagnostics& diagnostics) noexcept {
  // terraform-plugin-go answers unimplemented action/state-store RPCs with OK and exactly this
  // one diagnostic (README §1.2); the text is the only marker, so match its fixed suffix.
  constexpr std::string_view kSuffix = "Not Implemented";
  if (diagnostics.size() != 1) return false;
  const Diagnostic& d = diagnostics.front();
  if (d.severity != Severity::Error) return false;
  std::string_view summary = d.summary;
  return summary.size() >= kSuffix.size() && summary.substr(summary.size() - kSuffix.size()) == kSuffix;
}

}  // namespace tfc::protocol
