// Tests of convert_ephemeral_v5/v6.cpp: Validate/Open/Renew/CloseEphemeralResource.
#include "tests/proto/convert/convert_test_support.hpp"

namespace tfc::wire {
namespace {

using support::expect_round_trips;
using support::msgpack;

TEST(ConvertEphemeral, ValidateAndOpenRoundTrip) {
  expect_round_trips(protocol::ValidateEphemeralResourceConfigRequest{"example_token", msgpack("\x80")});
  expect_round_trips(protocol::ValidateEphemeralResourceConfigResponse{support::sample_diagnostics()});
  expect_round_trips(
      protocol::OpenEphemeralResourceRequest{"example_token", msgpack("\x80"), {true, true, false, false}});
  protocol::OpenEphemeralResourceResponse open{support::sample_diagnostics(), protocol::Timestamp{1767225600, 500},
                                               msgpack("\x81\xa5token\xa3"
                                                       "abc"),
                                               std::string("k\x00y", 3),
                                               protocol::Deferred{protocol::DeferredReason::ResourceConfigUnknown}};
  expect_round_trips(open);
}

TEST(ConvertEphemeral, PrivateAndRenewAtKeepTheirPresence) {
  protocol::OpenEphemeralResourceResponse open;
  open.private_data = std::string();  // present but empty
  auto six = support::round_trip_v6(open);
  ASSERT_TRUE(six);
  ASSERT_TRUE(six->private_data.has_value());
  EXPECT_TRUE(six->private_data->empty());
  EXPECT_FALSE(six->renew_at.has_value());
  EXPECT_FALSE(six->deferred.has_value());
  expect_round_trips(protocol::OpenEphemeralResourceResponse{});
}

TEST(ConvertEphemeral, RenewAndCloseRoundTrip) {
  expect_round_trips(protocol::RenewEphemeralResourceRequest{"example_token", "state"});
  expect_round_trips(protocol::RenewEphemeralResourceRequest{"example_token", std::nullopt});
  expect_round_trips(
      protocol::RenewEphemeralResourceResponse{support::sample_diagnostics(), protocol::Timestamp{5, 0}, "next"});
  expect_round_trips(protocol::CloseEphemeralResourceRequest{"example_token", "state"});
  expect_round_trips(protocol::CloseEphemeralResourceResponse{support::sample_diagnostics()});
}

}  // namespace
}  // namespace tfc::wire
