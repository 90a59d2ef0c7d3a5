// The path pattern two ways: the suite computes it from the path as data (cty::Path::pattern);
// a report read back from JSON has only rendered paths, which report::path_pattern parses. Both
// must give the same text, or a finding read back would lose its fingerprint's promise.
#include "proto/cty/path.hpp"
#include "reports/fingerprint.hpp"

#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <string>

namespace tfc::report {
namespace {

/// An attribute name as schemas have them (Core's identifier rule: letters, digits, `_`, `-`).
rc::Gen<std::string> attribute_name() {
  const std::string first = "abcdefghijklmnopqrstuvwxyz_";
  const std::string rest = first + "0123456789-ABCDEFGHIJKLMNOPQRSTUVWXYZ";
  return rc::gen::apply([](char c, std::string tail) { return std::string(1, c) + tail; }, rc::gen::elementOf(first),
                        rc::gen::container<std::string>(rc::gen::elementOf(rest)));
}

/// One step of any kind: attributes, list indexes (any int64), map keys (any bytes, quotes and
/// brackets included), set elements.
rc::Gen<cty::Path> extended(const cty::Path& p) {
  return rc::gen::oneOf(
      rc::gen::map(attribute_name(), [p](std::string name) { return p.attribute(std::move(name)); }),
      rc::gen::map(rc::gen::arbitrary<std::int64_t>(), [p](std::int64_t i) { return p.index(i); }),
      rc::gen::map(rc::gen::arbitrary<std::string>(), [p](std::string k) { return p.key(std::move(k)); }),
      rc::gen::map(rc::gen::arbitrary<std::string>(),
                   [p](std::string s) { return p.set_element(cty::Value::string(std::move(s))); }));
}

cty::Path generated_path() {
  cty::Path p;
  const auto length = *rc::gen::inRange(0, 8);
  for (int i = 0; i < length; ++i) p = *extended(p);
  return p;
}

TEST(PathPattern, FromThePathAsData) {
  EXPECT_EQ(cty::Path().pattern(), "");
  EXPECT_EQ(cty::Path().attribute("rule").index(0).attribute("port").pattern(), ".rule[*].port");
  EXPECT_EQ(cty::Path().attribute("tags").key("a]\"b").attribute("x").index(12).pattern(), ".tags[*].x[*]");
  EXPECT_EQ(cty::Path().attribute("members").set_element(cty::Value::number(1)).pattern(), ".members[*]");
}

RC_GTEST_PROP(PathPattern, OfThePathIsThePatternParsedFromItsRenderedText, ()) {
  const cty::Path p = generated_path();
  RC_ASSERT(p.pattern() == path_pattern(p.render()));
}

}  // namespace
}  // namespace tfc::report
