// Templates: interpolation, strip markers, %{ if } / %{ for } directives and heredocs.
#include <gtest/gtest.h>

#include "tests/hcl/hcl_test_support.hpp"

namespace tfc::hcl {
namespace {

using testing::eval;

TEST(HclTemplate, InterpolationJoinsStrings) {
  Evaluator ev;
  ev.set_variable("name", cty::Value::string("web"));
  EXPECT_EQ(eval(R"("host-${var.name}-${1 + 1}")", ev).as_string(), "host-web-2");
  EXPECT_EQ(eval(R"("${ "nested ${var.name}" }!")", ev).as_string(), "nested web!");
  EXPECT_EQ(eval(R"("${true}")", ev).as_bool(), true);  // "${x}" alone is x itself
}

TEST(HclTemplate, UnknownPartMakesAnUnknownNonNullString) {
  const cty::Value v = eval(R"("pre-${aws_instance.x.id}")");
  EXPECT_FALSE(v.is_known());
  EXPECT_EQ(v.type(), cty::Type::string());
  EXPECT_TRUE(v.refinements().not_null);
}

TEST(HclTemplate, StripMarkersTrimWhitespace) {
  EXPECT_EQ(eval(R"("a   ${~ "b" ~}   c")").as_string(), "abc");
  EXPECT_EQ(eval(R"("a   ${ "b" ~}   c")").as_string(), "a   bc");
}

TEST(HclTemplate, IfAndForDirectives) {
  EXPECT_EQ(eval(R"("%{ if 1 < 2 }yes%{ else }no%{ endif }")").as_string(), "yes");
  EXPECT_EQ(eval(R"("%{ if false }yes%{ endif }!")").as_string(), "!");
  EXPECT_EQ(eval(R"("%{ for i, x in ["a", "b"] }${i}${x},%{ endfor }")").as_string(), "0a,1b,");
  EXPECT_FALSE(eval(R"("%{ if var.unset }y%{ endif }")").is_known());
  std::vector<std::string> warnings;
  eval(R"("%{ if true }never closed")", &warnings);
  EXPECT_FALSE(warnings.empty());
}

TEST(HclTemplate, Heredocs) {
  const File f =
      parse("a = <<EOT\nline one\n  line ${1 + 1}\nEOT\nb = <<-EOT\n    indented\n      more\n    EOT\nc = 1\n",
            SourceName{"h.tf", 1});
  ASSERT_TRUE(f.warnings.empty()) << f.warnings.front();
  ASSERT_EQ(f.body.attributes.size(), 3u);
  Evaluator ev;
  EXPECT_EQ(ev.evaluate(*f.body.attributes[0].expr).as_string(), "line one\n  line 2\n");
  EXPECT_EQ(ev.evaluate(*f.body.attributes[1].expr).as_string(), "indented\n  more\n");
  EXPECT_EQ(ev.evaluate(*f.body.attributes[2].expr).as_number(), cty::Number(1));
}

TEST(HclTemplate, HeredocKeepsBackslashesAndEscapesTemplateSequences) {
  const File f = parse("a = <<JSON\n{\"k\": \"a\\nb $${x}\"}\nJSON\n", SourceName{"h.tf", 1});
  ASSERT_TRUE(f.warnings.empty());
  Evaluator ev;
  EXPECT_EQ(ev.evaluate(*f.body.attributes[0].expr).as_string(), "{\"k\": \"a\\nb ${x}\"}\n");
}

TEST(HclTemplate, UnterminatedHeredocIsAWarning) {
  const File f = parse("a = <<EOT\nno end\n", SourceName{"h.tf", 1});
  ASSERT_FALSE(f.warnings.empty());
  EXPECT_NE(f.warnings[0].find("EOT"), std::string::npos);
}

}  // namespace
}  // namespace tfc::hcl
