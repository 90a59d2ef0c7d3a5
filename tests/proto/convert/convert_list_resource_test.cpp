// Tests of convert_list_resource_v5/v6.cpp: ListResource (request and stream events) and
// ValidateListResourceConfig.
#include "tests/proto/convert/convert_test_support.hpp"

namespace tfc::wire {
namespace {

using support::expect_round_trips;
using support::msgpack;

TEST(ConvertListResource, RequestAndEventsRoundTrip) {
  expect_round_trips(protocol::ListResourceRequest{"example_thing", msgpack("\x80"), true, 100});
  expect_round_trips(protocol::ListResourceEvent{msgpack("\x81\xa2id\xa1x"), "thing x", msgpack("\x81\xa2id\xa1x"),
                                                 support::sample_diagnostics()});
  expect_round_trips(protocol::ListResourceEvent{std::nullopt, "", std::nullopt, {}});
}

TEST(ConvertListResource, EventDiagnosticErrorsNameTheDiagnosticField) {
  tfplugin6::ListResource::Event pb;
  pb.add_diagnostic()->mutable_attribute()->add_steps();
  auto r = v6::from_proto(pb);
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().message, "diagnostic[0].attribute.steps[0]: no selector set");
}

TEST(ConvertListResource, ValidateListResourceConfigRoundTrips) {
  expect_round_trips(
      protocol::ValidateListResourceConfigRequest{"example_thing", msgpack("\x80"), msgpack("\xc3"), msgpack("\x0a")});
  expect_round_trips(protocol::ValidateListResourceConfigResponse{support::sample_diagnostics()});
}

}  // namespace
}  // namespace tfc::wire
