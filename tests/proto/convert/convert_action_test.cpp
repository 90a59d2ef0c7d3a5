// Tests of convert_action_v5/v6.cpp: ValidateActionConfig, PlanAction and InvokeAction (request
// and stream events).
#include "tests/proto/convert/convert_test_support.hpp"

namespace tfc::wire {
namespace {

using support::expect_round_trips;
using support::msgpack;

protocol::ClientCapabilities deferral_allowed() {
  protocol::ClientCapabilities c;
  c.deferral_allowed = true;
  c.write_only_attributes_allowed = true;
  return c;
}

TEST(ConvertAction, ValidateActionConfigRoundTrips) {
  expect_round_trips(protocol::ValidateActionConfigRequest{"example_notify", msgpack("\x81\xa2to\xa1x")});
  expect_round_trips(protocol::ValidateActionConfigResponse{support::sample_diagnostics()});
}

TEST(ConvertAction, PlanActionRoundTripsWithAndWithoutDeferral) {
  expect_round_trips(protocol::PlanActionRequest{"example_notify", msgpack("\x80"), deferral_allowed()});
  expect_round_trips(protocol::PlanActionResponse{support::sample_diagnostics(),
                                                  protocol::Deferred{protocol::DeferredReason::ProviderConfigUnknown}});
  expect_round_trips(protocol::PlanActionResponse{{}, std::nullopt});
}

TEST(ConvertAction, InvokeActionEventsKeepTheirKind) {
  expect_round_trips(protocol::InvokeActionRequest{"example_notify", msgpack("\x80"), deferral_allowed()});
  expect_round_trips(protocol::InvokeActionEvent{protocol::InvokeEventKind::Progress, "halfway", {}});
  expect_round_trips(
      protocol::InvokeActionEvent{protocol::InvokeEventKind::Completed, "", support::sample_diagnostics()});
  // Completed with no diagnostics is still a completed event (the oneof member is set).
  expect_round_trips(protocol::InvokeActionEvent{protocol::InvokeEventKind::Completed, "", {}});
  // An event with neither member set arrives as None.
  expect_round_trips(protocol::InvokeActionEvent{protocol::InvokeEventKind::None, "", {}});
}

TEST(ConvertAction, CompletedDiagnosticErrorsNameTheField) {
  tfplugin6::InvokeAction::Event pb;
  pb.mutable_completed()->add_diagnostics()->mutable_attribute()->add_steps();
  auto r = v6::from_proto(pb);
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().message, "completed.diagnostics[0].attribute.steps[0]: no selector set");
}

}  // namespace
}  // namespace tfc::wire
