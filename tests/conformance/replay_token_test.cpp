// Replay tokens: every token round-trips; malformed ones are errors quoting the token.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include "conformance/replay_token.hpp"

namespace tfc::conformance {
namespace {

RC_GTEST_PROP(ReplayToken, FormatThenParseGivesTheSameToken,
              (std::uint64_t seed, unsigned size, std::vector<unsigned> path, unsigned kind, unsigned index, bool extreme)) {
  ReplayToken t;
  t.kind = kind % 3 == 0 ? CaseKind::Data : kind % 3 == 1 ? CaseKind::Lifecycle : CaseKind::PlanOnly;
  t.extreme = extreme;
  t.type_index = index % 5000;
  t.seed = seed;
  t.size = static_cast<int>(size % 1001);
  for (unsigned p : path) t.shrink_path.push_back(p % 5000);
  const auto parsed = parse_token(format_token(t));
  RC_ASSERT(parsed.has_value());
  RC_ASSERT(*parsed == t);
}

TEST(ReplayToken, OrdinaryTokensAreShort) {
  // A case shrunk through 30 steps, mostly taking the first or second candidate.
  ReplayToken t{CaseKind::Lifecycle, "", 12, 0xfedcba9876543210ULL, 100, {}};
  for (std::size_t i = 0; i < 30; ++i) t.shrink_path.push_back(i % 3 == 0 ? 1 : 0);
  const std::string token = format_token(t);
  EXPECT_LE(token.size(), 40u) << token;
  EXPECT_EQ(token.rfind("v2.", 0), 0u);
  EXPECT_EQ(token.find_first_not_of("v2.ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"),
            std::string::npos);
}

TEST(ReplayToken, TheExtremePhaseCostsNoLength) {
  ReplayToken t{CaseKind::PlanOnly, "", 3, 0xabcULL, 37, {0, 2, 11}};
  const std::string realistic = format_token(t);
  t.extreme = true;
  const std::string extreme = format_token(t);
  EXPECT_NE(extreme, realistic);
  EXPECT_EQ(extreme.size(), realistic.size());
  EXPECT_TRUE(parse_token(extreme)->extreme);
  EXPECT_FALSE(parse_token(realistic)->extreme);
  EXPECT_EQ(parse_token(extreme)->kind, CaseKind::PlanOnly);
}

TEST(ReplayToken, ReadsTheEarlierReadableForm) {
  const auto parsed = parse_token("v1.p.random_string.0000000000000abc.37.0-2-11");
  ASSERT_TRUE(parsed.has_value());
  EXPECT_EQ(parsed->type_name, "random_string");
  EXPECT_EQ(parsed->seed, 0xabcULL);
  EXPECT_EQ(parsed->shrink_path, (std::vector<std::size_t>{0, 2, 11}));
  EXPECT_FALSE(parsed->needs_type_name());
  const auto v2 = parse_token(format_token(*parsed));
  ASSERT_TRUE(v2.has_value());
  EXPECT_TRUE(v2->needs_type_name());
}

TEST(ReplayToken, MalformedTokensSayWhichPartIsWrong) {
  const std::pair<const char*, const char*> cases[] = {
      {"v3.a.x.0000000000000001.3.n", "expected v2"},
      {"v2.!!", "base64"},
      {"v2.AAA", "seed"},
      {"v1.z.x.0000000000000001.3.n", "kind must be a, p or d"},
      {"v1.a.X!.0000000000000001.3.n", "is not a type name"},
      {"v1.a.x.12.3.n", "16 hex digits"},
      {"v1.a.x.0000000000000001.-3.n", "bad size"},
      {"v1.a.x.0000000000000001.3.1-q", "bad shrink step \"q\""},
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
