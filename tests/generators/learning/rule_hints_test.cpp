// Rules into hints: what a stated rule makes the generator produce.
#include <gtest/gtest.h>

#include "generators/learning/rule_hints.hpp"

namespace tfc::gen::learning {
namespace {

using nlohmann::json;

schema::Attribute string_attribute(const char* name) {
  schema::Attribute a;
  a.name = name;
  a.type = cty::Type::string();
  a.optional = true;
  return a;
}

TEST(RuleHints, DurationExamplesKeepOnlyWhatCanBeWaitedOut) {
  // A sleep resource waits its duration out inside the apply: "5m" would outlast the RPC
  // deadline, so only short examples are kept, and the short format candidates replace a
  // list with none.
  const schema::Attribute a = string_attribute("create_duration");
  Member m;
  m.attribute = &a;
  ValueRule r;
  r.format = Format::Duration;
  r.one_of = {"30s", "5m", "2s", "1h30m", "500ms"};
  auto c = hint_for_rule(r, m, "create_duration");
  ASSERT_TRUE(c);
  EXPECT_EQ(c->hint.values, (std::vector<json>{"2s", "500ms"}));
  r.one_of = {"30s", "5m"};
  c = hint_for_rule(r, m, "create_duration");
  ASSERT_TRUE(c);
  ASSERT_FALSE(c->hint.values.empty());
  for (const auto& v : c->hint.values) EXPECT_TRUE(v == "0s" || v == "100ms" || v == "250ms" || v == "500ms") << v;
}

TEST(RuleHints, AnEnumerationWithoutAFormatIsKeptWhole) {
  const schema::Attribute a = string_attribute("mode");
  Member m;
  m.attribute = &a;
  ValueRule r;
  r.one_of = {"5m", "fast"};
  const auto c = hint_for_rule(r, m, "mode");
  ASSERT_TRUE(c);
  EXPECT_EQ(c->hint.values, (std::vector<json>{"5m", "fast"}));
}

}  // namespace
}  // namespace tfc::gen::learning
