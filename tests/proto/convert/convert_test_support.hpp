#pragma once
// Helpers for the conversion tests: round trips through real wire bytes (serialize + parse),
// and small sample values in model terms.

#include <string>

#include <gtest/gtest.h>

#include "proto/convert/convert_v5.hpp"
#include "proto/convert/convert_v6.hpp"
#include "proto/cty/path.hpp"
#include "proto/protocol/diagnostics.hpp"
#include "proto/protocol/dynamic_value.hpp"

namespace tfc::wire::support {

/// The message after a trip through its wire encoding.
template <class Pb>
Pb reparse(const Pb& message) {
  Pb out;
  EXPECT_TRUE(out.ParseFromString(message.SerializeAsString()));
  return out;
}

/// model → tfplugin6 message → bytes → message → model.
template <class Model>
Expected<Model> round_trip_v6(const Model& model) {
  return v6::from_proto(reparse(v6::to_proto(model)));
}

/// model → tfplugin5 message → bytes → message → model.
template <class Model>
Expected<Model> round_trip_v5(const Model& model) {
  return v5::from_proto(reparse(v5::to_proto(model)));
}

/// Asserts that `model` survives both protocol versions unchanged.
template <class Model>
void expect_round_trips(const Model& model) {
  auto six = round_trip_v6(model);
  ASSERT_TRUE(six) << six.error().message;
  EXPECT_EQ(*six, model) << "tfplugin6";
  auto five = round_trip_v5(model);
  ASSERT_TRUE(five) << five.error().message;
  EXPECT_EQ(*five, model) << "tfplugin5";
}

/// A msgpack-encoded value (bytes are opaque to the conversion).
inline protocol::DynamicValue msgpack(std::string bytes) { return protocol::DynamicValue{std::move(bytes), {}}; }
/// A JSON-encoded value.
inline protocol::DynamicValue json(std::string text) { return protocol::DynamicValue{{}, std::move(text)}; }

/// One of each: an error pointing into a nested block, a warning at the object itself, and a
/// diagnostic without attribute.
inline protocol::Diagnostics sample_diagnostics() {
  using protocol::Severity;
  protocol::Diagnostics out;
  out.push_back({Severity::Error, "Invalid port", "port must be below 65536",
                 cty::Path().attribute("rule").index(1).attribute("port")});
  out.push_back({Severity::Warning, "Deprecated", "", cty::Path()});
  out.push_back({Severity::Error, "Boom", "no path", std::nullopt});
  return out;
}

}  // namespace tfc::wire::support
