#pragma once
// The rule an RPC that brought no answer breaks (000 §Provider Protocol API Functions: every call
// answers, and a provider reports its errors as diagnostics, not as a gRPC status). One table for
// every place a failed call becomes a finding: a call in a case and a call while starting.

#include <optional>

#include "oracle/rule_id.hpp"
#include "proto/protocol/rpc_result.hpp"

namespace tfc::oracle {

/// `rpc.crashed` (the process died or the connection broke), `rpc.timeout`, `rpc.out_of_memory`,
/// `rpc.message_too_large`, `value.undecodable` (an answer that does not fit the protocol) or
/// `rpc.error_status` (any gRPC status, UNIMPLEMENTED included); none for a call tfconform itself
/// cancelled, which says nothing about the provider.
std::optional<RuleId> rule_of_failure(protocol::FailureKind kind) noexcept;

}  // namespace tfc::oracle
