#include "proto/cty/type_json.hpp"

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

namespace tfc::cty {
namespace {

TEST(TypeJson, RoundTripsEveryKind) {
  for (const char* text : {R"("string")", R"("number")", R"("bool")", R"("dynamic")", R"(["list","string"])",
                           R"(["set",["map","number"]])", R"(["tuple",["string",["list","bool"]]])", R"(["tuple",[]])",
                           R"(["object",{}])", R"(["object",{"a":["set","bool"],"b":"number"}])",
                           R"(["object",{"a":"string","b":"number","c":"bool"},["a","c"]])"}) {
    auto t = type_from_json(text);
    ASSERT_TRUE(t) << text << ": " << t.error().message;
    EXPECT_EQ(type_to_json(*t), text);
    EXPECT_EQ(type_to_json_value(*t), nlohmann::json::parse(text));
  }
}

TEST(TypeJson, AcceptsWhitespaceAndAnyKeyOrder) {
  auto t = type_from_json(R"( [ "object" , { "z" : "string" , "a" : [ "list" , "number" ] } ] )");
  ASSERT_TRUE(t);
  EXPECT_EQ(type_to_json(*t), R"(["object",{"a":["list","number"],"z":"string"}])");
}

TEST(TypeJson, ErrorsNameTheProblem) {
  auto bad = type_from_json(R"(["object",{"a":["list","strin"]}])");
  ASSERT_FALSE(bad);
  EXPECT_NE(bad.error().message.find("strin"), std::string::npos);
  EXPECT_NE(bad.error().message.find("[1].a"), std::string::npos) << bad.error().message;
  EXPECT_FALSE(type_from_json("[\"list\"]"));
  EXPECT_FALSE(type_from_json("[\"object\",{\"a\":\"bool\"},[\"b\"]]"));
  EXPECT_FALSE(type_from_json("{"));
  EXPECT_FALSE(type_from_json("42"));
  EXPECT_FALSE(type_from_json(std::string(100000, '[') + std::string(100000, ']')));
}

TEST(TypeJson, EscapesNamesLikeGo) {
  Type t = Type::object({{"a<b", Type::string()}});
  EXPECT_EQ(type_to_json(t), R"(["object",{"a\u003cb":"string"}])");
  auto back = type_from_json(type_to_json(t));
  ASSERT_TRUE(back);
  EXPECT_EQ(*back, t);
}

// Texts already parsed are remembered per thread (a schema repeats "string" thousands of times):
// the answer must not depend on what was parsed before, failures included.
TEST(TypeJson, RepeatedTextsGiveTheSameAnswerWhateverCameBefore) {
  const std::string text = R"(["map",["set","bool"]])";
  for (int i = 0; i < 3; ++i) {
    auto t = type_from_json(text);
    ASSERT_TRUE(t);
    EXPECT_EQ(*t, Type::map(Type::set(Type::boolean())));
    EXPECT_FALSE(type_from_json(R"(["map",["set","boo"]])")) << "a failure is never remembered as a type";
  }
  // More distinct texts than are kept: every one still parses to its own type.
  for (int i = 0; i < 5000; ++i) {
    const std::string name = "a" + std::to_string(i);
    auto t = type_from_json(R"(["object",{")" + name + R"(":"number"}])");
    ASSERT_TRUE(t) << name;
    ASSERT_NE(t->attribute_type(name), nullptr) << name;
  }
  auto again = type_from_json(text);
  ASSERT_TRUE(again);
  EXPECT_EQ(*again, Type::map(Type::set(Type::boolean())));
}

}  // namespace
}  // namespace tfc::cty
