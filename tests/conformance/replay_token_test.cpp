// Replay tokens: every token round-trips; malformed ones are errors quoting the token.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include "conformance/replay_token.hpp"

namespace tfc::conformance {
namespace {

RC_GTEST_PROP(ReplayToken, FormatThenParseGivesTheSameToken,
              (std::uint64_t seed, unsigned index, unsigned cases, std::vector<unsigned> path, bool data)) {
  ReplayToken t;
  t.kind = data ? CaseKind::Data : CaseKind::Lifecycle;
  t.type_name = "tfc_widget_2";
  t.seed = seed;
  t.cases = 1 + cases % 100000;
  t.index = index % t.cases;
  for (unsigned p : path) t.shrink_path.push_back(p % 5000);
  const auto parsed = parse_token(format_token(t));
  RC_ASSERT(parsed.has_value());
  RC_ASSERT(*parsed == t);
}

TEST(ReplayToken, HasAReadableFixedForm) {
  ReplayToken t{CaseKind::PlanOnly, "random_string", 0xabcULL, 3, 25, {0, 2, 11}};
  EXPECT_EQ(format_token(t), "v2.p.random_string.0000000000000abc.3.25.0-2-11");
  t.shrink_path.clear();
  EXPECT_EQ(format_token(t), "v2.p.random_string.0000000000000abc.3.25.n");
}

TEST(ReplayToken, MalformedTokensSayWhichPartIsWrong) {
  const std::pair<const char*, const char*> cases[] = {
      {"v3.a.x.0000000000000001.3.10.n", "expected v2"},
      {"v1.a.x.0000000000000001.3.n", "earlier tfconform"},
      {"v2.z.x.0000000000000001.3.10.n", "kind must be a, p or d"},
      {"v2.a.X!.0000000000000001.3.10.n", "is not a type name"},
      {"v2.a.x.12.3.10.n", "16 hex digits"},
      {"v2.a.x.0000000000000001.10.10.n", "bad case index"},
      {"v2.a.x.0000000000000001.1.0.n", "bad case count"},
      {"v2.a.x.0000000000000001.3.10.1-q", "bad shrink step \"q\""},
  };
  for (const auto& [text, says] : cases) {
    const auto parsed = parse_token(text);
    ASSERT_FALSE(parsed.has_value()) << text;
    EXPECT_NE(parsed.error().message.find(says), std::string::npos) << parsed.error().message;
    EXPECT_NE(parsed.error().message.find(text), std::string::npos) << parsed.error().message;
  }
}

}  // namespace
}  // namespace tfc::conformance
