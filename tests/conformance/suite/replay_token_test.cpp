// Replay tokens: every token round-trips; malformed ones are errors quoting the token.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include "conformance/suite/replay_token.hpp"

namespace tfc::conformance {
namespace {

RC_GTEST_PROP(ReplayToken, FormatThenParseGivesTheSameToken,
              (std::uint64_t seed, unsigned index, unsigned cases, std::vector<unsigned> path, unsigned kind,
               unsigned type_index, bool extreme)) {
  ReplayToken t;
  t.kind = kCaseKinds[kind % std::size(kCaseKinds)];
  t.extreme = extreme;
  t.type_index = type_index % 5000;
  t.seed = seed;
  t.cases = 1 + cases % 100000;
  t.index = index % t.cases;
  for (unsigned p : path) t.shrink_path.push_back(p % 5000);
  const auto parsed = parse_token(format_token(t));
  RC_ASSERT(parsed.has_value());
  RC_ASSERT(*parsed == t);
}

TEST(ReplayToken, OrdinaryTokensAreShort) {
  // A case shrunk through 30 steps, mostly taking the first or second candidate.
  ReplayToken t{CaseKind::Lifecycle, "", 12, 0xfedcba9876543210ULL, 24, 25, {}};
  for (std::size_t i = 0; i < 30; ++i) t.shrink_path.push_back(i % 3 == 0 ? 1 : 0);
  const std::string token = format_token(t);
  EXPECT_LE(token.size(), 40u) << token;
  EXPECT_EQ(token.rfind("v3.", 0), 0u);
  EXPECT_EQ(token.find_first_not_of("v3.ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"),
            std::string::npos);
}

TEST(ReplayToken, TheExtremePhaseCostsNoLength) {
  ReplayToken t{CaseKind::PlanOnly, "", 3, 0xabcULL, 20, 25, {0, 2, 11}};
  const std::string realistic = format_token(t);
  t.extreme = true;
  const std::string extreme = format_token(t);
  EXPECT_NE(extreme, realistic);
  EXPECT_EQ(extreme.size(), realistic.size());
  EXPECT_TRUE(parse_token(extreme)->extreme);
  EXPECT_FALSE(parse_token(realistic)->extreme);
  EXPECT_EQ(parse_token(extreme)->kind, CaseKind::PlanOnly);
  EXPECT_EQ(parse_token(extreme)->index, 20u);
  EXPECT_EQ(parse_token(extreme)->cases, 25u);
}

TEST(ReplayToken, EveryFamilyHasItsKind) {
  for (CaseKind k : kCaseKinds) {
    for (bool extreme : {false, true}) {
      ReplayToken t{k, "", 3, 7, 1, 4, {0, 2}, extreme};
      const auto back = parse_token(format_token(t));
      ASSERT_TRUE(back.has_value()) << back.error().message;
      EXPECT_EQ(back->kind, k);
      EXPECT_EQ(back->extreme, extreme);
    }
  }
  EXPECT_FALSE(kind_ignores_apply(CaseKind::Lifecycle));
  EXPECT_FALSE(kind_ignores_apply(CaseKind::PlanOnly));
  for (CaseKind k : {CaseKind::Data, CaseKind::Function, CaseKind::Ephemeral, CaseKind::List, CaseKind::Action})
    EXPECT_TRUE(kind_ignores_apply(k)) << static_cast<char>(k);
}

TEST(ReplayToken, MalformedTokensSayWhichPartIsWrong) {
  const std::pair<const char*, const char*> cases[] = {
      {"v4.a.x.0000000000000001.3.n", "expected v3"},
      {"v1.a.x.0000000000000001.3.n", "earlier tfconform"},
      {"v2.AAAAAAAAAAAAAAAA", "earlier tfconform"},
      {"v3.!!", "base64"},
      {"v3.AAA", "seed"},
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
