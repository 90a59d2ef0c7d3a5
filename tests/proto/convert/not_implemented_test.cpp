// Recognising "not implemented" in both of its forms (README §1.2) on converted answers, and the
// status classification the transport uses.
#include "proto/protocol/rpc_result.hpp"
#include "tests/proto/convert/convert_test_support.hpp"

namespace tfc::wire {
namespace {

using protocol::FailureKind;
using protocol::RpcFailure;
using protocol::RpcResult;

TEST(NotImplemented, UnimplementedStatusIsRecognised) {
  const RpcFailure failure =
      protocol::failure_from_status(12, "unknown method PlanAction for service tfplugin6.Provider");
  EXPECT_EQ(failure.kind, FailureKind::NotImplemented);
  EXPECT_TRUE(protocol::is_not_implemented(failure));
  EXPECT_TRUE(protocol::is_not_implemented(RpcResult<protocol::ValidateListResourceConfigResponse>(failure)));
  // even when a transport labelled it differently, code 12 still means absent
  EXPECT_TRUE(protocol::is_not_implemented(RpcFailure{FailureKind::Status, 12, "method X not implemented"}));
}

TEST(NotImplemented, StatusCodesAreClassified) {
  EXPECT_EQ(protocol::failure_from_status(4, "deadline").kind, FailureKind::Timeout);
  EXPECT_EQ(protocol::failure_from_status(14, "Socket closed").kind, FailureKind::Transport);
  EXPECT_EQ(protocol::failure_from_status(2, "panic").kind, FailureKind::Status);
  EXPECT_EQ(protocol::failure_from_status(2, "panic").grpc_code, 2);
  EXPECT_FALSE(protocol::is_not_implemented(protocol::failure_from_status(2, "Not Implemented")));
  EXPECT_EQ(protocol::to_string(FailureKind::NotImplemented), "not implemented");
}

TEST(NotImplemented, OkWithOneErrorDiagnosticIsRecognisedAfterConversion) {
  tfplugin6::ValidateListResourceConfig::Response pb;
  auto* d = pb.add_diagnostics();
  d->set_severity(tfplugin6::Diagnostic::ERROR);
  d->set_summary("Provider ValidateListResourceConfig Not Implemented");
  auto converted = v6::from_proto(support::reparse(pb));
  ASSERT_TRUE(converted);
  const RpcResult<protocol::ValidateListResourceConfigResponse> result(*converted);
  EXPECT_TRUE(protocol::is_not_implemented(result));
}

TEST(NotImplemented, OtherDiagnosticShapesAreNotRecognised) {
  using protocol::Diagnostic;
  using protocol::Severity;
  const Diagnostic marker{Severity::Error, "Provider PlanAction Not Implemented", "", std::nullopt};
  EXPECT_TRUE(protocol::is_not_implemented(protocol::Diagnostics{marker}));
  EXPECT_FALSE(protocol::is_not_implemented(protocol::Diagnostics{}));
  EXPECT_FALSE(protocol::is_not_implemented(protocol::Diagnostics{marker, marker}));
  EXPECT_FALSE(protocol::is_not_implemented(
      protocol::Diagnostics{{Severity::Warning, "Provider PlanAction Not Implemented", "", std::nullopt}}));
  EXPECT_FALSE(
      protocol::is_not_implemented(protocol::Diagnostics{{Severity::Error, "Not Implemented yet", "", std::nullopt}}));
  EXPECT_FALSE(
      protocol::is_not_implemented(RpcResult<protocol::ReadResourceResponse>(protocol::ReadResourceResponse{})));
}

TEST(NotImplemented, ResponsesWithoutDiagnosticsOnlyHaveTheStatusForm) {
  EXPECT_FALSE(
      protocol::is_not_implemented(RpcResult<protocol::StopProviderResponse>(protocol::StopProviderResponse{})));
  EXPECT_TRUE(protocol::is_not_implemented(
      RpcResult<protocol::CallFunctionResponse>(protocol::failure_from_status(12, "unknown method"))));
}

}  // namespace
}  // namespace tfc::wire
