#include "proto/cty/json.hpp"

#include <gtest/gtest.h>

#include <limits>

#include "proto/cty/type_json.hpp"
#include "tests/proto/cty/parse_type.hpp"

namespace tfc::cty {
namespace {

Value decode_ok(std::string_view text, const Type& t) {
  auto v = json_decode(text, t);
  if (!v) throw std::runtime_error(v.error().message);
  return *v;
}

const char* kWhole =
    R"(["object",{"id":"string","opt":["object",{"on":"bool"}],"rule":["list",["object",{"port":"number"}]],"tags":["map","string"]}])";

TEST(Json, WholeObjectExampleRoundTrips) {
  Type t = type_of(kWhole);
  const char* text = R"({"id":"i-1","opt":null,"rule":[],"tags":null})";
  Value v = decode_ok(text, t);
  EXPECT_EQ(v.attribute("id")->as_string(), "i-1");
  EXPECT_EQ(v.attribute("rule")->length(), 0u);
  EXPECT_TRUE(v.attribute("tags")->is_null());
  EXPECT_EQ(*json_encode(v, t), text);
}

TEST(Json, EncodesLikeGoCty) {
  Type t = type_of(R"(["object",{"b":"number","a":["set","string"],"m":["map","bool"],"d":"dynamic","e":"dynamic"}])");
  Value v = Value::object(
      t, {Value::set(Type::string(), {Value::string("y"), Value::string("<x>")}),
          Value::number(*Number::parse("18446744073709551616.5")), Value::list(Type::number(), {Value::number(1)}),
          Value(), Value::map(Type::boolean(), {{"z", Value::boolean(true)}, {"a", Value::boolean(false)}})});
  EXPECT_EQ(*json_encode(v, t),
            R"({"a":["\u003cx\u003e","y"],"b":18446744073709551616.5,"d":{"value":[1],"type":["list","number"]},)"
            R"("e":null,"m":{"a":false,"z":true}})");
  EXPECT_EQ(*json_encode(Value::null(Type::string()), Type::dynamic()), R"({"value":null,"type":"string"})");
  EXPECT_EQ(*json_encode(Value::number(Number(0.5)), Type::number()), "0.5");
  EXPECT_EQ(*json_encode(Value::number(*Number::parse("1e21")), Type::number()), "1000000000000000000000");
}

TEST(Json, EncodeFailsOnUnknownsAndInfinity) {
  Type t = type_of(R"(["object",{"a":["list","string"]}])");
  Value v = Value::object(t, {Value::list(Type::string(), {Value::unknown(Type::string())})});
  auto e = json_encode(v, t);
  ASSERT_FALSE(e);
  EXPECT_NE(e.error().message.find("at .a[0]: value is not known"), std::string::npos) << e.error().message;
  EXPECT_FALSE(json_encode(Value::number(Number(std::numeric_limits<double>::infinity())), Type::number()));
}

TEST(Json, DecodingLeniencies) {
  Type t = type_of(R"(["object",{"n":"number","b":"bool","s":"string","t":"string","u":"string","missing":"string"}])");
  Value v = decode_ok(R"( { "n" : "12.50", "b" : "true", "s" : 1.50, "t": false, "u": "\u00e9\ud83d\ude00" } )", t);
  EXPECT_EQ(v.attribute("n")->as_number(), *Number::parse("12.5"));
  EXPECT_TRUE(v.attribute("b")->as_bool());
  EXPECT_EQ(v.attribute("s")->as_string(), "1.50") << "numbers keep their literal text as strings";
  EXPECT_EQ(v.attribute("t")->as_string(), "false");
  EXPECT_EQ(v.attribute("u")->as_string(), "\xc3\xa9\xf0\x9f\x98\x80");
  EXPECT_TRUE(v.attribute("missing")->is_null()) << "a missing attribute is null";
}

TEST(Json, NumbersAreExactDecimals) {
  Value v = decode_ok("0.1", Type::number());
  EXPECT_EQ(v.as_number(), *Number::parse("0.1"));
  EXPECT_EQ(*json_encode(v, Type::number()), "0.1");
  Value big = decode_ok("123456789012345678901234567890.000000000000000000001", Type::number());
  EXPECT_EQ(*json_encode(big, Type::number()), "123456789012345678901234567890.000000000000000000001");
  EXPECT_EQ(*json_encode(decode_ok("-1.5e3", Type::number()), Type::number()), "-1500");
}

TEST(Json, DynamicValuesInEitherKeyOrder) {
  Value a = decode_ok(R"({"value":["x"],"type":["list","string"]})", Type::dynamic());
  Value b = decode_ok(R"({"type":["list","string"],"value":["x"]})", Type::dynamic());
  EXPECT_TRUE(raw_equals(a, b));
  EXPECT_TRUE(raw_equals(a, Value::list(Type::string(), {Value::string("x")})));
  EXPECT_TRUE(decode_ok("null", Type::dynamic()).type().is_dynamic());
  EXPECT_TRUE(raw_equals(decode_ok(R"({"type":"bool"})", Type::dynamic()), Value::null(Type::boolean())));
  EXPECT_FALSE(json_decode(R"({"value":1})", Type::dynamic()));
  EXPECT_FALSE(json_decode(R"({"value":1,"type":"number","x":2})", Type::dynamic()));
}

TEST(Json, ErrorsNameThePath) {
  Type t = type_of(kWhole);
  auto bad = json_decode(R"({"rule":[{"port":"http"}]})", t);
  ASSERT_FALSE(bad);
  EXPECT_NE(bad.error().message.find("at .rule[0].port: expected number"), std::string::npos) << bad.error().message;
  auto extra = json_decode(R"({"nope":1})", t);
  ASSERT_FALSE(extra);
  EXPECT_NE(extra.error().message.find("unsupported attribute \"nope\""), std::string::npos);
  auto tags = json_decode(R"({"tags":{"env":[1]}})", t);
  ASSERT_FALSE(tags);
  EXPECT_NE(tags.error().message.find(R"(at .tags["env"]: expected string, found array)"), std::string::npos)
      << tags.error().message;
}

TEST(Json, MalformedInputFailsCleanly) {
  Type t = type_of(kWhole);
  for (const char* bad : {"", "{", "{\"id\":", "{\"id\":\"x\"", "{\"id\":\"x\",}", "[", "nul", "{\"id\":\"\\q\"}",
                          "{\"id\":\"a\nb\"}", "{\"rule\":[{\"port\":01}]}", "{\"rule\":[{\"port\":1.}]}",
                          "{\"id\":\"x\"} x", "{\"rule\":[1,]}", "{\"id\":\"\\ud800"}) {
    EXPECT_FALSE(json_decode(bad, t)) << bad;
  }
  Type deep = Type::string();
  for (int i = 0; i < 300; ++i) deep = Type::list(deep);
  EXPECT_FALSE(json_decode(std::string(300, '[') + std::string(300, ']'), deep));
  EXPECT_FALSE(json_decode(std::string(100000, '['), Type::dynamic()));
  EXPECT_FALSE(json_decode(R"({"value":)" + std::string(100000, '[') + "", Type::dynamic()));
  EXPECT_FALSE(json_decode("[1,2]", type_of(R"(["tuple",["number"]])")));
  EXPECT_FALSE(json_decode("[1]", type_of(R"(["tuple",["number","number"]])")));
}

}  // namespace
}  // namespace tfc::cty
