// Tests of convert_data_source_v5/v6.cpp: ValidateDataResourceConfig and ReadDataSource.
#include "tests/proto/convert/convert_test_support.hpp"

namespace tfc::wire {
namespace {

using support::expect_round_trips;
using support::msgpack;

TEST(ConvertDataSource, ValidateRoundTrips) {
  expect_round_trips(protocol::ValidateDataResourceConfigRequest{"example_lookup", msgpack("\x81\xa1q\xa1x")});
  expect_round_trips(protocol::ValidateDataResourceConfigResponse{support::sample_diagnostics()});
}

TEST(ConvertDataSource, ReadRoundTripsWithAndWithoutDeferral) {
  expect_round_trips(protocol::ReadDataSourceRequest{
      "example_lookup", msgpack("\x81\xa1q\xa1x"), msgpack("\xc0"), {true, false, false, false}});
  protocol::ReadDataSourceResponse r{msgpack("\x81\xa1q\xa1x"), support::sample_diagnostics(),
                                     protocol::Deferred{protocol::DeferredReason::ProviderConfigUnknown}};
  expect_round_trips(r);
  r.deferred.reset();
  expect_round_trips(r);
}

TEST(ConvertDataSource, V5UsesValidateDataSourceConfigMessages) {
  const tfplugin5::ValidateDataSourceConfig::Request pb =
      v5::to_proto(protocol::ValidateDataResourceConfigRequest{"example_lookup", msgpack("\xc0")});
  EXPECT_EQ(pb.type_name(), "example_lookup");
  EXPECT_EQ(pb.config().msgpack(), "\xc0");
}

}  // namespace
}  // namespace tfc::wire
