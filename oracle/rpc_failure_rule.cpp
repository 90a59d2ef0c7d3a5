#include "oracle/rpc_failure_rule.hpp"

namespace tfc::oracle {

std::optional<RuleId> rule_of_failure(protocol::FailureKind kind) noexcept {
  switch (kind) {
    case protocol::FailureKind::Crashed:
    case protocol::FailureKind::Transport: return RuleId("rpc.crashed");
    case protocol::FailureKind::Timeout: return RuleId("rpc.timeout");
    case protocol::FailureKind::OutOfMemory: return RuleId("rpc.out_of_memory");
    case protocol::FailureKind::TooLarge: return RuleId("rpc.message_too_large");
    case protocol::FailureKind::Malformed: return RuleId("value.undecodable");
    case protocol::FailureKind::NotImplemented:
    case protocol::FailureKind::Status: return RuleId("rpc.error_status");
    case protocol::FailureKind::Cancelled: return std::nullopt;
  }
  return RuleId("rpc.error_status");
}

}  // namespace tfc::oracle
