// Tests of convert_resource_v5/v6.cpp: every managed-resource RPC, both directions, both versions.
#include "tests/proto/convert/convert_test_support.hpp"

namespace tfc::wire {
namespace {

using support::expect_round_trips;
using support::json;
using support::msgpack;

const protocol::DynamicValue kState = msgpack("\x82\xa2id\xa1x\xa4size\x03");
const protocol::DynamicValue kConfig = msgpack("\x82\xa2id\xd4\x00\x00\xa4size\x03");
const protocol::DynamicValue kIdentity = msgpack("\x81\xa2id\xa1x");
const protocol::ClientCapabilities kCaps{true, true, false, false};

TEST(ConvertResource, ValidateResourceConfigRoundTrips) {
  expect_round_trips(protocol::ValidateResourceConfigRequest{"example_thing", kConfig, kCaps});
  expect_round_trips(protocol::ValidateResourceConfigResponse{support::sample_diagnostics()});
}

TEST(ConvertResource, UpgradeResourceStateKeepsJsonAndFlatmap) {
  expect_round_trips(protocol::UpgradeResourceStateRequest{"example_thing", 2, {R"({"id":"x"})", {}}});
  expect_round_trips(protocol::UpgradeResourceStateRequest{"example_thing", 0, {"", {{"id", "x"}, {"tags.%", "0"}}}});
  expect_round_trips(protocol::UpgradeResourceStateResponse{kState, support::sample_diagnostics()});
  expect_round_trips(protocol::UpgradeResourceStateResponse{json(R"({"id":"x"})"), {}});
}

TEST(ConvertResource, UpgradeResourceIdentityRoundTrips) {
  expect_round_trips(protocol::UpgradeResourceIdentityRequest{"example_thing", 1, {R"({"id":"x"})", {}}});
  expect_round_trips(protocol::UpgradeResourceIdentityResponse{kIdentity, support::sample_diagnostics()});
  expect_round_trips(protocol::UpgradeResourceIdentityResponse{std::nullopt, {}});
}

TEST(ConvertResource, ReadResourceRoundTripsPrivateDeferredAndIdentity) {
  expect_round_trips(protocol::ReadResourceRequest{"example_thing", kState, std::string("\x00priv", 5), msgpack("\xc0"),
                                                   kCaps, kIdentity});
  expect_round_trips(protocol::ReadResourceRequest{"example_thing", kState, "", {}, {}, std::nullopt});
  protocol::ReadResourceResponse r{kState, support::sample_diagnostics(), "p",
                                   protocol::Deferred{protocol::DeferredReason::AbsentPrereq}, kIdentity};
  expect_round_trips(r);
  r.deferred.reset();
  r.new_identity.reset();
  expect_round_trips(r);
}

TEST(ConvertResource, PresentButEmptyIdentityStaysPresent) {
  protocol::ReadResourceResponse r;
  r.new_identity = protocol::DynamicValue{};
  EXPECT_TRUE(v6::to_proto(r).has_new_identity());
  expect_round_trips(r);
}

TEST(ConvertResource, PlanResourceChangeRoundTripsRequiresReplaceAndLegacyFlag) {
  protocol::PlanResourceChangeRequest request{"example_thing", kState, kConfig,   kConfig, "prior",
                                              msgpack("\xc0"), kCaps,  kIdentity, ""};
  expect_round_trips(request);
  protocol::PlanResourceChangeResponse response;
  response.planned_state = kConfig;
  response.requires_replace = {cty::Path().attribute("size"), cty::Path().attribute("rule").index(0).attribute("port"),
                               cty::Path().attribute("tags").key("env")};
  response.planned_private = "planned";
  response.diagnostics = support::sample_diagnostics();
  response.legacy_type_system = true;
  response.deferred = protocol::Deferred{protocol::DeferredReason::ResourceConfigUnknown};
  response.planned_identity = kIdentity;
  expect_round_trips(response);
}

TEST(ConvertResource, PlannedPrivateInPlanRequestIsV6Only) {
  protocol::PlanResourceChangeRequest request;
  request.type_name = "example_thing";
  request.planned_private = "from the plan walk";
  // field 9 (tag 0x4a), tfplugin6.proto 6.11
  EXPECT_NE(v6::to_proto(request).SerializeAsString().find("\x4a\x12"
                                                           "from the plan walk"),
            std::string::npos);
  auto five = support::round_trip_v5(request);
  ASSERT_TRUE(five);
  EXPECT_TRUE(five->planned_private.empty());
}

TEST(ConvertResource, RequiresReplaceWithEmptyStepIsAnErrorNamingIt) {
  tfplugin6::PlanResourceChange::Response pb;
  pb.add_requires_replace()->add_steps()->set_attribute_name("ok");
  pb.add_requires_replace()->add_steps();
  auto r = v6::from_proto(pb);
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().message, "requires_replace[1].steps[0]: no selector set");
}

TEST(ConvertResource, ApplyResourceChangeRoundTrips) {
  expect_round_trips(protocol::ApplyResourceChangeRequest{"example_thing", kState, kConfig, kConfig, "planned",
                                                          msgpack("\xc0"), kIdentity});
  // delete: planned_state and config null (empty here), no identity
  expect_round_trips(protocol::ApplyResourceChangeRequest{"example_thing", kState, {}, {}, "", {}, std::nullopt});
  expect_round_trips(
      protocol::ApplyResourceChangeResponse{kState, "private", support::sample_diagnostics(), true, kIdentity});
}

TEST(ConvertResource, ImportResourceStateRoundTripsEveryImportedResource) {
  expect_round_trips(protocol::ImportResourceStateRequest{"example_thing", "x-123", kCaps, std::nullopt});
  expect_round_trips(protocol::ImportResourceStateRequest{"example_thing", "", kCaps, kIdentity});
  protocol::ImportResourceStateResponse r;
  r.imported_resources = {{"example_thing", kState, "p1", kIdentity}, {"example_other", json("{}"), "", std::nullopt}};
  r.diagnostics = support::sample_diagnostics();
  r.deferred = protocol::Deferred{protocol::DeferredReason::ProviderConfigUnknown};
  expect_round_trips(r);
}

TEST(ConvertResource, MoveResourceStateRoundTrips) {
  protocol::MoveResourceStateRequest r{"registry.terraform.io/hashicorp/old",
                                       "old_thing",
                                       3,
                                       {R"({"id":"x"})", {}},
                                       "example_thing",
                                       "src-private",
                                       protocol::RawState{R"({"id":"x"})", {}},
                                       1};
  expect_round_trips(r);
  r.source_identity.reset();
  expect_round_trips(r);
  expect_round_trips(protocol::MoveResourceStateResponse{kState, support::sample_diagnostics(), "target", kIdentity});
}

TEST(ConvertResource, GenerateResourceConfigRoundTrips) {
  expect_round_trips(protocol::GenerateResourceConfigRequest{"example_thing", kState});
  expect_round_trips(protocol::GenerateResourceConfigResponse{kConfig, support::sample_diagnostics()});
}

TEST(ConvertResource, OutOfRangeDeferredReasonIsKept) {
  tfplugin5::ReadResource::Response pb;
  pb.mutable_deferred()->set_reason(static_cast<tfplugin5::Deferred::Reason>(9));
  auto r = v5::from_proto(support::reparse(pb));
  ASSERT_TRUE(r);
  ASSERT_TRUE(r->deferred.has_value());
  EXPECT_EQ(static_cast<int>(r->deferred->reason), 9);
}

}  // namespace
}  // namespace tfc::wire
