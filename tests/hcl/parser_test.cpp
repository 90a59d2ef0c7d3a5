// The reader of HCL native syntax: bodies, blocks, comments, every expression form, and the
// warnings a malformed file gives instead of failing.
#include <gtest/gtest.h>

#include "hcl/parser.hpp"
#include "tests/hcl/hcl_test_support.hpp"

namespace tfc::hcl {
namespace {

using testing::eval;

File parse_text(const std::string& text) { return parse(text, SourceName{"main.tf", 1}); }

TEST(HclParser, BodyOfAttributesAndBlocksWithLabels) {
  const File f = parse_text(R"(
# a comment
// another
/* a block
   comment */
resource "tls_private_key" "k" {
  algorithm = "RSA" # trailing comment
  rsa_bits  = 4096

  subject {
    common_name = "example.com"
  }
}
locals { a = 1 }
provider tls {}
)");
  EXPECT_TRUE(f.warnings.empty()) << f.warnings.front();
  ASSERT_EQ(f.body.blocks.size(), 3u);
  const Block& r = f.body.blocks[0];
  EXPECT_EQ(r.type, "resource");
  EXPECT_EQ(r.labels, (std::vector<std::string>{"tls_private_key", "k"}));
  EXPECT_EQ(r.pos.line, 6);
  ASSERT_EQ(r.body.attributes.size(), 2u);
  EXPECT_EQ(r.body.attributes[0].name, "algorithm");
  EXPECT_EQ(r.body.attributes[1].name, "rsa_bits");
  ASSERT_EQ(r.body.blocks.size(), 1u);
  EXPECT_EQ(r.body.blocks[0].type, "subject");
  EXPECT_TRUE(r.body.blocks[0].labels.empty());
  EXPECT_EQ(f.body.blocks[1].body.attributes.size(), 1u);                 // a one-line block
  EXPECT_EQ(f.body.blocks[2].labels, (std::vector<std::string>{"tls"}));  // an identifier label
}

TEST(HclParser, Literals) {
  EXPECT_EQ(eval("42").as_number(), cty::Number(42));
  EXPECT_EQ(eval("-1.5").as_number(), *cty::Number::parse("-1.5"));
  EXPECT_EQ(eval("1e3").as_number(), cty::Number(1000));
  EXPECT_EQ(eval("18446744073709551616").as_number().canonical(), "18446744073709551616");
  EXPECT_TRUE(eval("true").as_bool());
  EXPECT_FALSE(eval("false").as_bool());
  EXPECT_TRUE(eval("null").is_null());
}

TEST(HclParser, StringEscapes) {
  EXPECT_EQ(eval(R"("a\nb\tc\"d\\e")").as_string(), "a\nb\tc\"d\\e");
  EXPECT_EQ(eval(R"("\u00e9\U0001F600")").as_string(), "\xC3\xA9\xF0\x9F\x98\x80");
  EXPECT_EQ(eval(R"("$${not} %%{not}")").as_string(), "${not} %{not}");
  EXPECT_EQ(eval(R"("a$b%c")").as_string(), "a$b%c");
}

TEST(HclParser, TuplesAndObjects) {
  const cty::Value t = eval("[1, \"a\",\n true,\n]");
  ASSERT_EQ(t.type().kind(), cty::Kind::Tuple);
  EXPECT_EQ(t.elements().size(), 3u);
  const cty::Value o = eval("{\n  a = 1\n  \"b c\" : \"x\", (\"d\") = [] \n}");
  ASSERT_EQ(o.type().kind(), cty::Kind::Object);
  EXPECT_EQ(o.attribute("a")->as_number(), cty::Number(1));
  EXPECT_EQ(o.attribute("b c")->as_string(), "x");
  EXPECT_EQ(o.attribute("d")->length(), 0u);
  EXPECT_EQ(eval("{}").type().attributes().size(), 0u);
}

TEST(HclParser, TraversalsIndexesAndSplats) {
  Evaluator ev;
  ev.set_variable("o", eval(R"({ list = [{ n = 1 }, { n = 2 }], m = { k = "v" } })"));
  EXPECT_EQ(eval("var.o.list[1].n", ev).as_number(), cty::Number(2));
  EXPECT_EQ(eval("var.o.list.0.n", ev).as_number(), cty::Number(1));  // legacy index
  EXPECT_EQ(eval("var.o.m[\"k\"]", ev).as_string(), "v");
  EXPECT_EQ(eval("var.o.m[\"${\"k\"}\"]", ev).as_string(), "v");  // computed key
  const cty::Value splat = eval("var.o.list[*].n", ev);
  ASSERT_EQ(splat.elements().size(), 2u);
  EXPECT_EQ(splat.elements()[1].as_number(), cty::Number(2));
  EXPECT_EQ(eval("var.o.list.*.n", ev).elements().size(), 2u);
  EXPECT_EQ(eval("[10, 20][1]").as_number(), cty::Number(20));
  EXPECT_EQ(eval("({ a = { b = 3 } }).a.b").as_number(), cty::Number(3));
}

TEST(HclParser, FunctionCallsExpansionAndNamespaces) {
  EXPECT_EQ(eval("upper(\"ab\")").as_string(), "AB");
  EXPECT_EQ(eval("join(\"-\", [\"a\", \"b\"])").as_string(), "a-b");
  EXPECT_EQ(eval("max([1, 5, 3]...)").as_number(), cty::Number(5));
  const cty::Value p = eval("provider::time::rfc3339_parse(\"2023-01-01T00:00:00Z\")");
  EXPECT_FALSE(p.is_known());
  std::vector<std::string> warnings;
  eval("provider::time::rfc3339_parse(\"x\")", &warnings);
  EXPECT_TRUE(warnings.empty());
  EXPECT_EQ(eval("concat(\n  [1],\n  [2],\n)").elements().size(), 2u);
}

TEST(HclParser, OperatorsFollowPrecedence) {
  EXPECT_EQ(eval("1 + 2 * 3").as_number(), cty::Number(7));
  EXPECT_EQ(eval("(1 + 2) * 3").as_number(), cty::Number(9));
  EXPECT_EQ(eval("10 - 4 - 3").as_number(), cty::Number(3));  // left associative
  EXPECT_EQ(eval("7 % 4").as_number(), cty::Number(3));
  EXPECT_EQ(eval("7 / 2").as_number(), *cty::Number::parse("3.5"));
  EXPECT_TRUE(eval("1 < 2 && 2 <= 2 && 3 > 2 && 3 >= 3").as_bool());
  EXPECT_TRUE(eval("false || !false").as_bool());
  EXPECT_TRUE(eval("1 + 1 == 2").as_bool());
  EXPECT_TRUE(eval("\"a\" != \"b\"").as_bool());
  EXPECT_TRUE(eval("true || false && false").as_bool());  // && binds tighter than ||
  EXPECT_EQ(eval("-(2 + 3)").as_number(), cty::Number(-5));
}

TEST(HclParser, ConditionalAndForExpressions) {
  EXPECT_EQ(eval("1 > 2 ? \"a\" : \"b\"").as_string(), "b");
  EXPECT_EQ(eval("true ? 1 : 2 + 3").as_number(), cty::Number(1));
  const cty::Value t = eval("[for i, v in [\"a\", \"b\", \"c\"] : upper(v) if i != 1]");
  ASSERT_EQ(t.elements().size(), 2u);
  EXPECT_EQ(t.elements()[1].as_string(), "C");
  const cty::Value o = eval("{for k, v in { a = 1, b = 2 } : \"${k}x\" => v * 10}");
  EXPECT_EQ(o.attribute("bx")->as_number(), cty::Number(20));
  const cty::Value g = eval("{for v in [\"a\", \"b\", \"a\"] : v => v...}");
  EXPECT_EQ(g.attribute("a")->elements().size(), 2u);
  EXPECT_EQ(eval("{ for = 1 }").attribute("for")->as_number(), cty::Number(1));  // not a for expression
}

TEST(HclParser, MultiLineExpressionsInsideBrackets) {
  const File f = parse_text("a = [\n  1,\n  2\n]\nb = (\n 1 +\n 2)\nc = 1 +\n  2\n");
  EXPECT_TRUE(f.warnings.empty()) << f.warnings.front();
  ASSERT_EQ(f.body.attributes.size(), 3u);
  Evaluator ev;
  EXPECT_EQ(ev.evaluate(*f.body.attributes[1].expr).as_number(), cty::Number(3));
  EXPECT_EQ(ev.evaluate(*f.body.attributes[2].expr).as_number(), cty::Number(3));
}

TEST(HclParser, MalformedFileGivesWarningsWithFileLineAndColumn) {
  const File f = parse(R"(resource "a" "b" {
  ok = 1
  bad = = 2
  also_ok = "x"
  s = "unterminated
}
)",
                       SourceName{"docs/x.md", 10});
  ASSERT_FALSE(f.warnings.empty());
  EXPECT_EQ(f.warnings[0].rfind("docs/x.md:12:9: ", 0), 0u) << f.warnings[0];
  ASSERT_EQ(f.body.blocks.size(), 1u);
  const Body& b = f.body.blocks[0].body;
  EXPECT_TRUE(b.find_attribute("ok"));
  EXPECT_TRUE(b.find_attribute("also_ok"));  // reading goes on after a bad line
  bool unterminated = false;
  for (const auto& w : f.warnings)
    unterminated |= w.find("docs/x.md:14:") == 0 && w.find("unterminated") != std::string::npos;
  EXPECT_TRUE(unterminated);
}

TEST(HclParser, AValueThatDidNotReadCleanlyIsLeftOut) {
  const File f = parse_text("a = 1 @ 2\nb = [1,\nc = 3\nd = 4\n");
  EXPECT_FALSE(f.warnings.empty());
  EXPECT_FALSE(f.body.find_attribute("a"));
  EXPECT_TRUE(f.body.find_attribute("d"));
}

TEST(HclParser, UnclosedBlockAndStrayBytesAreWarnings) {
  EXPECT_FALSE(parse_text("resource \"a\" \"b\" {\n  x = 1\n").warnings.empty());
  EXPECT_FALSE(parse_text("x = 1 @ 2\n").warnings.empty());
  EXPECT_FALSE(parse_text("}\n").warnings.empty());
  EXPECT_FALSE(parse_text("x = [1, 2\n").warnings.empty());
}

TEST(HclParser, DeepNestingStopsWithAWarning) {
  const std::string deep = "x = " + std::string(100000, '[') + std::string(100000, ']') + "\n";
  const File f = parse_text(deep);
  ASSERT_FALSE(f.warnings.empty());
  EXPECT_NE(f.warnings[0].find("nesting deeper"), std::string::npos) << f.warnings[0];
  const std::string parens = "x = " + std::string(100000, '(') + "1" + std::string(100000, ')') + "\n";
  EXPECT_FALSE(parse_text(parens).warnings.empty());
  const std::string minus = "x = " + std::string(100000, '-') + "1\n";
  EXPECT_FALSE(parse_text(minus).warnings.empty());
}

}  // namespace
}  // namespace tfc::hcl
