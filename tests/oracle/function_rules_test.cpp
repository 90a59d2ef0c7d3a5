// Provider function checks (oracle/function_rules.hpp) and signatures (function_signature.hpp),
// as tables of intent.
#include "oracle/function_rules.hpp"
#include "oracle/function_signature.hpp"

#include "tests/oracle/oracle_test_support.hpp"

namespace tfc::oracle {
namespace {

using testing::summary;
using Want = std::vector<std::string>;
using nlohmann::json;

const json kConcat = json::parse(R"({"return_type": "string",
  "parameters": [{"name": "left", "type": "string"}, {"name": "right", "type": "string", "is_nullable": true, "allow_unknown_values": true}],
  "variadic_parameter": {"name": "more", "type": ["list", "number"]}})");

TEST(FunctionSignature, ReadsParametersVariadicAndReturn) {
  const auto sig = function_signature_from_json(kConcat);
  ASSERT_TRUE(sig) << sig.error().message;
  ASSERT_EQ(sig->parameters.size(), 2u);
  EXPECT_EQ(sig->parameters[1].name, "right");
  EXPECT_TRUE(sig->parameters[1].allow_null);
  EXPECT_TRUE(sig->parameters[1].allow_unknown);
  EXPECT_FALSE(sig->parameters[0].allow_null);
  ASSERT_TRUE(sig->variadic.has_value());
  EXPECT_EQ(sig->variadic->type, cty::Type::list(cty::Type::number()));
  EXPECT_EQ(sig->return_type, cty::Type::string());
  EXPECT_EQ(sig->parameter_for(0)->name, "left");
  EXPECT_EQ(sig->parameter_for(7)->name, "more");
  EXPECT_FALSE(function_signature_from_json(json::parse(R"({"parameters": []})")));
  const auto bad = function_signature_from_json(
      json::parse(R"({"return_type": "string", "parameters": [{"name": "a", "type": "strin"}]})"));
  ASSERT_FALSE(bad);
  EXPECT_NE(bad.error().message.find("parameters[0]"), std::string::npos) << bad.error().message;
}

TEST(FunctionSignatureCheck, NamesMustBeIdentifiersAndUnique) {
  EXPECT_TRUE(check_function_signature("concat", kConcat).empty());
  EXPECT_TRUE(check_function_signature("rfc3339-parse_2", kConcat).empty());
  const json dup = json::parse(R"({"return_type": "string",
    "parameters": [{"name": "a", "type": "string"}, {"name": "a", "type": "string"}, {"name": "9x", "type": "string"}, {"name": "b"}],
    "variadic_parameter": {"name": "a", "type": "string"}})");
  EXPECT_EQ(check_function_signature("2fast", dup).size(), 5u);
  EXPECT_EQ(summary(check_function_signature("f", json::parse(R"({"parameters": []})"))),
            Want{"function.invalid_signature "});
}

TEST(FunctionsAgree, SameFunctionsAndSignaturesBothWays) {
  std::map<std::string, json> schema{{"concat", kConcat}};
  EXPECT_TRUE(check_functions_agree(schema, schema).empty());
  auto other = kConcat;
  other["summary"] = "joins";
  EXPECT_EQ(summary(check_functions_agree(schema, {{"concat", other}})), Want{"function.schema_mismatch "});
  EXPECT_EQ(check_functions_agree(schema, {{"extra", kConcat}}).size(), 2u) << "one missing, one extra";
  EXPECT_EQ(summary(check_functions_agree({}, {})), Want{});
}

TEST(FunctionAnswer, ResultErrorAndArgumentPositions) {
  const auto s = cty::Value::string("x");
  EXPECT_TRUE(check_function_answer(2, true, {true, s, false, std::nullopt}).empty());
  EXPECT_EQ(summary(check_function_answer(2, true, {false, std::nullopt, false, std::nullopt})),
            Want{"function.no_result "});
  EXPECT_TRUE(check_function_answer(2, true, {false, std::nullopt, true, 1}).empty())
      << "an error may name argument 1 of 2";
  EXPECT_TRUE(check_function_answer(0, true, {false, std::nullopt, true, std::nullopt}).empty());
  EXPECT_EQ(summary(check_function_answer(2, true, {false, std::nullopt, true, 2})),
            Want{"function.argument_index_out_of_range "});
  EXPECT_EQ(summary(check_function_answer(2, true, {false, std::nullopt, true, -1})),
            Want{"function.argument_index_out_of_range "});
  // A null result is a result (the field was set).
  EXPECT_TRUE(
      check_function_answer(1, true, {true, cty::Value::null(cty::Type::string()), false, std::nullopt}).empty());
  const auto partly = cty::Value::list(cty::Type::string(), {s, cty::Value::unknown(cty::Type::string())});
  EXPECT_EQ(summary(check_function_answer(1, true, {true, partly, false, std::nullopt})),
            Want{"function.unknown_for_known_arguments [1]"});
  EXPECT_TRUE(check_function_answer(1, false, {true, partly, false, std::nullopt}).empty())
      << "unknown in, unknown out";
}

TEST(FunctionRepeat, ExactlyTheSameValue) {
  const auto a = cty::Value::number(cty::Number(1));
  EXPECT_TRUE(check_function_repeat(a, a).empty());
  EXPECT_EQ(summary(check_function_repeat(a, cty::Value::number(cty::Number(2)))),
            Want{"function.inconsistent_result "});
}

TEST(UnknownArgumentResult, KnownPartsMustHold) {
  const auto list = cty::Type::list(cty::Type::string());
  const auto known = cty::Value::list(cty::Type::string(), {cty::Value::string("a"), cty::Value::string("b")});
  EXPECT_TRUE(check_unknown_argument_result(list, cty::Value::unknown(list), known).empty());
  EXPECT_TRUE(check_unknown_argument_result(list, known, known).empty());
  const auto half =
      cty::Value::list(cty::Type::string(), {cty::Value::string("a"), cty::Value::unknown(cty::Type::string())});
  EXPECT_TRUE(check_unknown_argument_result(list, half, known).empty());
  const auto wrong =
      cty::Value::list(cty::Type::string(), {cty::Value::string("z"), cty::Value::unknown(cty::Type::string())});
  EXPECT_EQ(summary(check_unknown_argument_result(list, wrong, known)), Want{"function.unknown_result_mismatch [0]"});
  // A refined unknown must be kept too: a prefix the known result does not start with.
  cty::Refinements r;
  r.string_prefix = "no";
  EXPECT_EQ(summary(check_unknown_argument_result(cty::Type::string(), cty::Value::unknown(cty::Type::string(), r),
                                                  cty::Value::string("yes"))),
            Want{"function.unknown_result_mismatch "});
}

}  // namespace
}  // namespace tfc::oracle
