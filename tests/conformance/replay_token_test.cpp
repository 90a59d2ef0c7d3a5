// Replay tokens: every token round-trips; malformed ones are errors quoting the token.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include "conformance/replay_token.hpp"

namespace tfc::conformance {
namespace {

RC_GTEST_PROP(ReplayToken, FormatThenParseGivesTheSameToken,
              (std::uint64_t seed, unsigned size, std::vector<unsigned> path, unsigned kind)) {
  static constexpr CaseKind kKinds[] = {CaseKind::Lifecycle, CaseKind::PlanOnly, CaseKind::Data,  CaseKind::Function,
                                        CaseKind::Ephemeral, CaseKind::List,     CaseKind::Action};
  ReplayToken t;
  t.kind = kKinds[kind % std::size(kKinds)];
  t.type_name = "tfc_widget_2";
  t.seed = seed;
  t.size = static_cast<int>(size % 1001);
  for (unsigned p : path) t.shrink_path.push_back(p % 5000);
  const auto parsed = parse_token(format_token(t));
  RC_ASSERT(parsed.has_value());
  RC_ASSERT(*parsed == t);
}

TEST(ReplayToken, HasAReadableFixedForm) {
  ReplayToken t{CaseKind::PlanOnly, "random_string", 0xabcULL, 37, {0, 2, 11}};
  EXPECT_EQ(format_token(t), "v1.p.random_string.0000000000000abc.37.0-2-11");
  t.shrink_path.clear();
  EXPECT_EQ(format_token(t), "v1.p.random_string.0000000000000abc.37.n");
  // Provider functions keep their names as declared, capitals included.
  const ReplayToken f{CaseKind::Function, "RFC3339_parse", 1, 0, {}};
  EXPECT_EQ(format_token(f), "v1.f.RFC3339_parse.0000000000000001.0.n");
  EXPECT_EQ(*parse_token(format_token(f)), f);
}

TEST(ReplayToken, OnlyManagedResourceCasesDependOnApply) {
  EXPECT_FALSE(kind_ignores_apply(CaseKind::Lifecycle));
  EXPECT_FALSE(kind_ignores_apply(CaseKind::PlanOnly));
  for (CaseKind k : {CaseKind::Data, CaseKind::Function, CaseKind::Ephemeral, CaseKind::List, CaseKind::Action})
    EXPECT_TRUE(kind_ignores_apply(k)) << static_cast<char>(k);
}

TEST(ReplayToken, MalformedTokensSayWhichPartIsWrong) {
  const std::pair<const char*, const char*> cases[] = {
      {"v2.a.x.0000000000000001.3.n", "expected v1"},
      {"v1.z.x.0000000000000001.3.n", "kind must be one of a, p, d, f, e, l, x"},
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
