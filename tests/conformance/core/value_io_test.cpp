// Values between suite and wire: round trips, and the finding for a response that does not
// decode (undecodable bytes versus a well-formed value of another shape).
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include "conformance/core/value_io.hpp"
#include "generators/prior_state_gen.hpp"
#include "tests/conformance/memory_provider.hpp"

namespace tfc::conformance {
namespace {

const schema::Block& thing() {
  static const auto s = testing::MemoryProvider::thing_schema();
  return s.block;
}

RC_GTEST_PROP(ValueIo, EncodedStatesDecodeToTheSameValue, ()) {
  const auto state = *gen::prior_state_of(thing());
  const auto encoded = encode_value(thing(), state);
  RC_ASSERT(encoded.has_value());
  const auto decoded = decode_value(thing(), *encoded, "state");
  RC_ASSERT(decoded.value.has_value());
  RC_ASSERT(raw_equals(*decoded.value, state));
  RC_ASSERT(decoded.violations.empty());
}

TEST(ValueIo, GarbageBytesAreUndecodableAndAWrongShapeIsATypeMismatch) {
  protocol::DynamicValue garbage{std::string("\xc1", 1), ""};
  auto d = decode_value(thing(), garbage, "planned state");
  ASSERT_FALSE(d.value);
  ASSERT_EQ(d.violations.size(), 1u);
  EXPECT_EQ(d.violations[0].rule, "value.undecodable");
  EXPECT_NE(d.violations[0].message.find("planned state"), std::string::npos);

  protocol::DynamicValue wrong{std::string("\x81\xa4name\x01", 7), ""};  // {"name": 1}: msgpack, but not the object
  d = decode_value(thing(), wrong, "new state");
  ASSERT_FALSE(d.value);
  EXPECT_EQ(d.violations.at(0).rule, "value.type_mismatch");

  protocol::DynamicValue truncated{std::string("\x92\x01", 2), ""};  // an array of 2 with one item
  EXPECT_EQ(decode_value(thing(), truncated, "x").violations.at(0).rule, "value.undecodable");
  EXPECT_EQ(decode_value(thing(), protocol::DynamicValue{"", "{\"name\": "}, "x").violations.at(0).rule,
            "value.undecodable");
  EXPECT_TRUE(decode_value(thing(), {}, "x").value->is_null());  // not set: null
}

TEST(ValueIo, DisplayRedactsSensitiveAttributesAndShowsUnknowns) {
  schema::Block block;
  schema::Attribute secret;
  secret.name = "secret";
  secret.type = cty::Type::string();
  secret.optional = true;
  secret.sensitive = true;
  schema::Attribute id;
  id.name = "id";
  id.type = cty::Type::string();
  id.computed = true;
  block.attributes = {id, secret};
  const auto v =
      cty::Value::object({{"id", cty::Value::unknown(cty::Type::string())}, {"secret", cty::Value::string("hunter2")}});
  EXPECT_EQ(display_json(block, v).dump(), R"j({"id":"(known after apply)","secret":"(sensitive value)"})j");
  EXPECT_TRUE(path_is_sensitive(block, cty::Path().attribute("secret")));
  EXPECT_FALSE(path_is_sensitive(block, cty::Path().attribute("id")));
}

}  // namespace
}  // namespace tfc::conformance
