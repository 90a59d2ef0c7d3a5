// Evaluation: what is known is computed, everything else is unknown (never an error), and
// references to other blocks are reported to the caller.
#include <gtest/gtest.h>

#include "hcl/convert.hpp"
#include "tests/hcl/hcl_test_support.hpp"

namespace tfc::hcl {
namespace {

using testing::eval;

TEST(HclEvaluator, VariablesLocalsAndIteration) {
  Warnings w(SourceName{"l.tf", 1});
  ExprPtr a = parse_expression("local.b + 1", w);
  ExprPtr b = parse_expression("var.n * 2", w);
  ExprPtr cyc1 = parse_expression("local.cyc2", w);
  ExprPtr cyc2 = parse_expression("local.cyc1", w);
  Evaluator ev;
  ev.set_variable("n", cty::Value::number(cty::Number(5)));
  ev.add_local("a", a.get());
  ev.add_local("b", b.get());
  ev.add_local("cyc1", cyc1.get());
  ev.add_local("cyc2", cyc2.get());
  EXPECT_EQ(eval("local.a", ev).as_number(), cty::Number(11));
  EXPECT_FALSE(eval("local.cyc1", ev).is_known());
  EXPECT_FALSE(eval("local.missing", ev).is_known());
  EXPECT_FALSE(eval("var.missing", ev).is_known());
  ev.set_count_index(0);
  EXPECT_EQ(eval("\"n-${count.index}\"", ev).as_string(), "n-0");
  ev.set_each(cty::Value::string("k"), cty::Value::number(cty::Number(3)));
  EXPECT_EQ(eval("\"${each.key}=${each.value}\"", ev).as_string(), "k=3");
  EXPECT_FALSE(eval("count.index", ev).is_known());
  const cty::Value p = eval("path.module", ev);
  EXPECT_FALSE(p.is_known());
  EXPECT_EQ(p.type(), cty::Type::string());
}

TEST(HclEvaluator, ReferencesAreUnknownAndReported) {
  std::vector<std::string> seen;
  Evaluator ev;
  ev.set_reference_listener([&](const Expr& t) {
    std::string s = t.name;
    for (const Step& step : t.steps) s += step.kind == Step::Kind::attribute ? "." + step.name : "[]";
    seen.push_back(s);
  });
  const cty::Value v = eval("tls_private_key.k.private_key_pem", ev);
  EXPECT_FALSE(v.is_known());
  EXPECT_TRUE(v.type().is_dynamic());
  eval("data.http.x.body", ev);
  eval("jsonencode({ a = ephemeral.random_password.p.result })", ev);
  eval("local_file.f[0].id", ev);
  eval("[for x in null_resource.n[*].id : x]", ev);
  EXPECT_EQ(seen,
            (std::vector<std::string>{"tls_private_key.k.private_key_pem", "data.http.x.body",
                                      "ephemeral.random_password.p.result", "local_file.f[].id", "null_resource.n"}));
}

TEST(HclEvaluator, OperatorsOnUnknowns) {
  EXPECT_FALSE(eval("a.b.c + 1").is_known());
  EXPECT_EQ(eval("a.b.c + 1").type(), cty::Type::number());
  EXPECT_EQ(eval("a.b.c == 1").type(), cty::Type::boolean());
  EXPECT_FALSE(eval("a.b.c == 1").is_known());
  EXPECT_FALSE(eval("false && a.b.c").as_bool());  // the known side decides
  EXPECT_TRUE(eval("true || a.b.c").as_bool());
  EXPECT_FALSE(eval("true && a.b.c").is_known());
  const cty::Value c = eval("a.b.c ? \"x\" : \"y\"");
  EXPECT_FALSE(c.is_known());
  EXPECT_EQ(c.type(), cty::Type::string());
  EXPECT_FALSE(eval("1 / 0").is_known());
  EXPECT_FALSE(eval("\"a\" + 1").is_known());  // not a number: unknown, not an error
  EXPECT_FALSE(eval("[for x in a.b : x]").is_known());
  EXPECT_EQ(eval("\"3\" + 4").as_number(), cty::Number(7));  // strings convert to numbers
}

TEST(HclEvaluator, Functions) {
  EXPECT_EQ(eval(R"(jsonencode({ b = [1, "x<"], a = true, c = null }))").as_string(),
            R"({"a":true,"b":[1,"x\u003c"],"c":null})");
  EXPECT_EQ(eval(R"(base64encode("hello"))").as_string(), "aGVsbG8=");
  EXPECT_EQ(eval(R"(base64decode("aGVsbG8="))").as_string(), "hello");
  EXPECT_EQ(eval("tostring(12)").as_string(), "12");
  EXPECT_EQ(eval("tonumber(\"1.5\")").as_number(), *cty::Number::parse("1.5"));
  const cty::Value l = eval(R"(tolist(["a", 1]))");
  EXPECT_EQ(l.type(), cty::Type::list(cty::Type::string()));
  const cty::Value s = eval(R"(toset(["a", "b", "a"]))");
  EXPECT_EQ(s.type(), cty::Type::set(cty::Type::string()));
  EXPECT_EQ(s.length(), 2u);
  EXPECT_EQ(eval(R"(format("%s-%d-%q-%v-%05.1f-%%", "a", 7, "q", true, 2.25))").as_string(), "a-7-\"q\"-true-002.2-%");
  EXPECT_EQ(eval(R"(format("%-4s|", "ab"))").as_string(), "ab  |");
  EXPECT_FALSE(eval(R"(format("%d", "x"))").is_known());  // refused: unknown, not an error
  EXPECT_EQ(eval(R"(length("héllo"))").as_number(), cty::Number(5));
  EXPECT_EQ(eval(R"(merge({ a = 1 }, { b = 2 }).b)").as_number(), cty::Number(2));
  EXPECT_EQ(eval(R"(lookup({ a = 1 }, "z", 9))").as_number(), cty::Number(9));
  const cty::Value f = eval("file(\"x.pem\")");
  EXPECT_FALSE(f.is_known());
  EXPECT_EQ(f.type(), cty::Type::string());
  EXPECT_FALSE(eval("nosuchfunction(1)").is_known());
  EXPECT_FALSE(eval("upper(a.b.c)").is_known());
}

TEST(HclConvert, TerraformConversions) {
  EXPECT_EQ(convert(cty::Value::string("12"), cty::Type::number())->as_number(), cty::Number(12));
  EXPECT_EQ(convert(cty::Value::number(cty::Number(3)), cty::Type::string())->as_string(), "3");
  EXPECT_TRUE(convert(cty::Value::string("true"), cty::Type::boolean())->as_bool());
  EXPECT_FALSE(convert(cty::Value::string("x"), cty::Type::number()));
  const cty::Value tuple = cty::Value::tuple({cty::Value::string("a"), cty::Value::number(cty::Number(1))});
  EXPECT_EQ(convert(tuple, cty::Type::set(cty::Type::string()))->length(), 2u);
  const cty::Value obj = cty::Value::object({{"a", cty::Value::number(cty::Number(1))}});
  EXPECT_EQ(convert(obj, cty::Type::map(cty::Type::string()))->map_find("a")->as_string(), "1");
  const cty::Type target = cty::Type::object({{"a", cty::Type::string()}, {"b", cty::Type::number()}});
  const cty::Value converted = *convert(obj, target);
  EXPECT_TRUE(converted.attribute("b")->is_null());  // absent attributes are null
  EXPECT_FALSE(convert(cty::Value::object({{"z", cty::Value::boolean(true)}}), target));
  const cty::Value u = *convert(cty::Value::unknown(cty::Type::dynamic()), cty::Type::list(cty::Type::string()));
  EXPECT_FALSE(u.is_known());
  EXPECT_EQ(u.type(), cty::Type::list(cty::Type::string()));
}

}  // namespace
}  // namespace tfc::hcl
