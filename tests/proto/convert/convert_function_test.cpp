// Tests of convert_function_v5/v6.cpp: GetFunctions and CallFunction.
#include "tests/proto/convert/convert_test_support.hpp"

namespace tfc::wire {
namespace {

using support::expect_round_trips;
using support::msgpack;

TEST(ConvertFunction, GetFunctionsRoundTripsSignatures) {
  protocol::GetFunctionsResponse r;
  r.functions["upper"] = nlohmann::json::parse(R"({"summary": "upper", "return_type": "string",
      "parameters": [{"name": "s", "type": "string", "description": "input"}]})");
  r.functions["sum"] = nlohmann::json::parse(R"({"return_type": "number", "deprecation_message": "use add",
      "variadic_parameter": {"name": "n", "type": "number", "is_nullable": true}})");
  r.diagnostics = support::sample_diagnostics();
  expect_round_trips(r);
  expect_round_trips(protocol::GetFunctionsRequest{});
}

TEST(ConvertFunction, CallFunctionKeepsArgumentPositionsEvenWhenEmpty) {
  protocol::CallFunctionRequest call{"sum", {msgpack("\x01"), protocol::DynamicValue{}, msgpack("\x03")}};
  EXPECT_EQ(v6::to_proto(call).arguments_size(), 3);
  expect_round_trips(call);
}

TEST(ConvertFunction, CallFunctionErrorRoundTripsWithAndWithoutArgument) {
  expect_round_trips(protocol::CallFunctionResponse{msgpack("\x06"), std::nullopt});
  expect_round_trips(protocol::CallFunctionResponse{{}, protocol::FunctionError{"bad argument", 1}});
  expect_round_trips(protocol::CallFunctionResponse{{}, protocol::FunctionError{"failed", std::nullopt}});
  // function_argument 0 is a real position, distinct from "no argument" (proto3 optional)
  auto r = support::round_trip_v6(protocol::CallFunctionResponse{{}, protocol::FunctionError{"first", 0}});
  ASSERT_TRUE(r);
  ASSERT_TRUE(r->error.has_value());
  EXPECT_EQ(r->error->function_argument, std::optional<std::int64_t>(0));
}

}  // namespace
}  // namespace tfc::wire
