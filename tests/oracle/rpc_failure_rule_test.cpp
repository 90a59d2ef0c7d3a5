// rule_of_failure: each way a call can bring no answer names its rule, the same for a call in a
// case and a call while the provider starts; a call tfconform cancelled names none.
#include "oracle/rpc_failure_rule.hpp"

#include <gtest/gtest.h>

#include <string>
#include <utility>
#include <vector>

#include "oracle/rules.hpp"

namespace tfc::oracle {
namespace {

using protocol::FailureKind;

TEST(RpcFailureRule, EachFailureKindNamesItsRule) {
  const std::vector<std::pair<FailureKind, std::string>> table = {
      {FailureKind::Crashed, "rpc.crashed"},
      {FailureKind::Transport, "rpc.crashed"},  // a broken connection is a lost process to Core too
      {FailureKind::Timeout, "rpc.timeout"},
      {FailureKind::OutOfMemory, "rpc.out_of_memory"},
      {FailureKind::TooLarge, "rpc.message_too_large"},
      {FailureKind::Malformed, "value.undecodable"},
      {FailureKind::NotImplemented, "rpc.error_status"},
      {FailureKind::Status, "rpc.error_status"},
  };
  for (const auto& [kind, rule] : table) {
    SCOPED_TRACE(protocol::to_string(kind));
    const auto got = rule_of_failure(kind);
    ASSERT_TRUE(got.has_value());
    EXPECT_EQ(std::string(*got), rule);
    const RuleInfo* info = find_rule(got->str());
    ASSERT_NE(info, nullptr);
    EXPECT_EQ(info->severity, Severity::error) << "a provider that does not answer is always an error";
  }
}

TEST(RpcFailureRule, ACallTfconformCancelledBreaksNoRule) {
  EXPECT_FALSE(rule_of_failure(FailureKind::Cancelled).has_value());
}

}  // namespace
}  // namespace tfc::oracle
