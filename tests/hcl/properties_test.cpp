// Properties of the reader: any known value written as an HCL literal reads back as the same
// value (after Terraform's conversion to its type), and no byte string crashes it or hangs it.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include "generators/arbitrary_type.hpp"
#include "generators/arbitrary_value.hpp"
#include "hcl/convert.hpp"
#include "hcl/evaluator.hpp"
#include "hcl/parser.hpp"
#include "tests/hcl/hcl_test_support.hpp"

namespace tfc::hcl {
namespace {

RC_GTEST_PROP(HclProperties, LiteralsReadBackAsTheSameValue, ()) {
  gen::TypeOptions type_options;
  type_options.max_depth = 3;
  type_options.allow_dynamic = false;
  const cty::Type type = *gen::type(type_options);
  gen::ValueOptions options;
  options.allow_unknown = false;
  options.profile = *rc::gen::element(gen::ValueProfile::realistic, gen::ValueProfile::extreme);
  const cty::Value value = *gen::value_of(type, options);
  const std::string text = "v = " + testing::hcl_literal(value) + "\n";
  const File f = parse(text, SourceName{"p.tf", 1});
  RC_ASSERT(f.warnings.empty());
  RC_ASSERT(f.body.attributes.size() == 1u);
  Evaluator ev;
  auto read = convert(ev.evaluate(*f.body.attributes[0].expr), type);
  RC_ASSERT(read.has_value());
  RC_ASSERT(raw_equals(*read, value));
}

RC_GTEST_PROP(HclProperties, ArbitraryBytesNeverCrash, (const std::string& bytes)) {
  const File f = parse(bytes, SourceName{"fuzz.tf", 1});
  Evaluator ev;
  for (const Attribute& a : f.body.attributes) ev.evaluate(*a.expr);
  RC_SUCCEED();
}

// Bytes drawn from HCL's own punctuation reach far more of the grammar than random bytes.
RC_GTEST_PROP(HclProperties, ArbitraryHclLikeTextNeverCrashes, ()) {
  const auto pieces = *rc::gen::container<std::vector<std::string>>(rc::gen::element<std::string>(
      "a", "=", "\"", "${", "%{", "}", "{", "[", "]", "(", ")", "<<EOT\n", "EOT", "\n", "1", ".", "*", "for", "in", ":",
      "=>", "if", "endif", "else", "endfor", "?", "-", "!", "&&", "...", ",", "~", "\\", "#", "/*", "*/", "x y {", "f(",
      "::", "$${", "<<-X\n", "X", "\t", "1e", "0.5", "null", "true"));
  std::string text;
  for (const std::string& p : pieces) text += p;
  const File f = parse(text, SourceName{"fuzz.tf", 1});
  Evaluator ev;
  for (const Attribute& a : f.body.attributes) ev.evaluate(*a.expr);
  for (const Block& b : f.body.blocks) {
    for (const Attribute& a : b.body.attributes) ev.evaluate(*a.expr);
  }
  RC_SUCCEED();
}

}  // namespace
}  // namespace tfc::hcl
