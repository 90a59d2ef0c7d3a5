#include "proto/cty/json_mirror.hpp"

#include <gtest/gtest.h>

#include "proto/cty/type_json.hpp"
#include "tests/proto/cty/parse_type.hpp"

namespace tfc::cty {
namespace {

using nlohmann::json;

TEST(JsonMirror, ReadsValueUnknownMirrorAndRefinements) {
  Type t = type_of(R"(["object",{"id":"string","n":"number","tags":["map","string"],"l":["list","string"]}])");
  MirroredJson in{json::parse(R"({"id":null,"n":0.1,"tags":{"a":"x","b":null},"l":["p",null]})"),
                  json::parse(R"({"id":true,"tags":{"b":true},"l":[false,true]})"),
                  json::parse(R"({".id":{"not_null":true,"string_prefix":"i-"},".l[1]":{"not_null":true}})")};
  auto v = value_from_mirrored_json(in, t);
  ASSERT_TRUE(v) << v.error().message;
  const Value* id = v->attribute("id");
  EXPECT_FALSE(id->is_known());
  EXPECT_EQ(id->refinements().string_prefix, "i-");
  EXPECT_EQ(v->attribute("n")->as_number(), *Number::parse("0.1")) << "JSON numbers are decimals";
  EXPECT_FALSE(v->attribute("tags")->map_find("b")->is_known());
  EXPECT_EQ(v->attribute("tags")->map_find("a")->as_string(), "x");
  EXPECT_TRUE(v->attribute("l")->elements()[1].refinements().not_null);
}

TEST(JsonMirror, WholeUnknownAndNull) {
  Type t = type_of(R"(["object",{"id":"string"}])");
  auto unknown = value_from_mirrored_json({nullptr, true, nullptr}, t);
  ASSERT_TRUE(unknown);
  EXPECT_FALSE(unknown->is_known());
  auto null = value_from_mirrored_json({nullptr, nullptr, nullptr}, t);
  ASSERT_TRUE(null);
  EXPECT_TRUE(null->is_null());
}

TEST(JsonMirror, DynamicPositionsMirrorTheInnerValue) {
  Type t = type_of(R"(["object",{"d":"dynamic","e":"dynamic"}])");
  MirroredJson in{json::parse(R"({"d":{"value":null,"type":"string"},"e":null})"),
                  json::parse(R"({"d":true,"e":true})"), nullptr};
  auto v = value_from_mirrored_json(in, t);
  ASSERT_TRUE(v) << v.error().message;
  EXPECT_EQ(v->attribute("d")->type(), Type::string());
  EXPECT_FALSE(v->attribute("d")->is_known());
  EXPECT_TRUE(v->attribute("e")->type().is_dynamic());
  EXPECT_FALSE(v->attribute("e")->is_known());
  MirroredJson out = value_to_mirrored_json(*v, t);
  EXPECT_EQ(out.value, in.value);
  EXPECT_EQ(out.unknown, in.unknown);
}

TEST(JsonMirror, WritesAndReadsBack) {
  Type t = type_of(R"(["object",{"a":["list","number"],"s":["set","string"],"k":"bool","big":"number"}])");
  Refinements r;
  r.number_lower = NumberBound{Number(1), false};
  r.not_null = true;
  Value v =
      Value::object(t, {Value::list(Type::number(), {Value::number(Number(1.5)), Value::unknown(Type::number(), r)}),
                        Value::number(*Number::parse("18446744073709551616.25")), Value::boolean(true),
                        Value::set(Type::string(), {Value::string("x")})});
  MirroredJson out = value_to_mirrored_json(v, t);
  EXPECT_EQ(out.unknown, json::parse(R"({"a":[false,true]})"));
  EXPECT_EQ(out.refinements, json::parse(R"({".a[1]":{"not_null":true,"number_lower":[1,false]}})"));
  EXPECT_EQ(out.value["big"], "18446744073709551616.25") << "numbers JSON cannot hold exactly are exact text";
  auto back = value_from_mirrored_json(out, t);
  ASSERT_TRUE(back) << back.error().message;
  EXPECT_TRUE(raw_equals(*back, v));
  EXPECT_TRUE(value_to_mirrored_json(Value::object(type_of(R"(["object",{"k":"bool"}])"), {Value::boolean(true)}),
                                     type_of(R"(["object",{"k":"bool"}])"))
                  .unknown.is_null());
}

TEST(JsonMirror, ErrorsNameThePath) {
  Type t = type_of(R"(["object",{"l":["list","number"]}])");
  auto bad = value_from_mirrored_json({json::parse(R"({"l":[1,"x"]})"), nullptr, nullptr}, t);
  ASSERT_FALSE(bad);
  EXPECT_NE(bad.error().message.find("at .l[1]"), std::string::npos) << bad.error().message;
  EXPECT_FALSE(value_from_mirrored_json({json::parse(R"({"zz":1})"), nullptr, nullptr}, t));
}

}  // namespace
}  // namespace tfc::cty
