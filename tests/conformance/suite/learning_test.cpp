// The suite's learning loop against the validating in-memory provider: each case is generated
// from the learner's current hints and played as the suite plays it, its refusals and
// acceptance fed back. The provider's rules are learned from its messages alone, later cases
// pass, the learned hints load back as a hints file, and the same answers give the same hints.
#include <gtest/gtest.h>

#include <algorithm>

#include "conformance/cases/resource_case.hpp"
#include "conformance/play/case_play.hpp"
#include "conformance/suite/suite_runner.hpp"
#include "generators/learning/refusal_learner.hpp"
#include "tests/conformance/memory_provider.hpp"

namespace tfc::conformance {
namespace {

struct LoopResult {
  std::vector<bool> planned;  // per case
  nlohmann::json hints;       // the learned hints at the end
  std::vector<gen::learning::LearnedFact> facts;
  std::vector<std::string> rejections;  // per case, for messages
};

LoopResult learn_against_memory_provider(std::size_t cases, std::uint64_t run_seed, gen::Hints user = {}) {
  testing::MemoryProvider provider(testing::MemoryFault::None, true);
  const schema::Schema schema = testing::MemoryProvider::thing_schema();
  gen::learning::RefusalLearner learner(schema.block, std::move(user));
  LoopResult out;
  for (std::size_t i = 0; i < cases; ++i) {
    learner.begin_case();
    const auto gen = plan_only_case_of(schema.block, learner.hints(), {});
    const PlanOnlyCase c =
        gen(rc::Random(case_seed(run_seed, CaseKind::PlanOnly, "mem_thing", i)), case_size(i, cases)).value();
    const CaseOutcome o = play_case(provider, "mem_thing", schema, c, {});
    if (o.planned) learner.accepted(c.config.known);
    for (const auto& r : o.refusals) learner.refused(r.config, r.diagnostics);
    out.planned.push_back(o.planned);
    out.rejections.push_back(o.rejection);
  }
  out.hints = gen::hints_to_json(learner.steady_hints());
  out.facts = learner.facts();
  return out;
}

const gen::learning::LearnedFact* fact_for(const LoopResult& r, const std::string& attribute) {
  for (const auto& f : r.facts) {
    if (f.attribute == attribute) return &f;
  }
  return nullptr;
}

TEST(Learning, TheProvidersRulesAreLearnedFromItsMessagesAndLaterCasesPass) {
  for (std::uint64_t seed : {1u, 2u, 3u}) {
    const LoopResult r = learn_against_memory_provider(15, seed);
    // Four rules, each refused about once before it is known: most cases plan.
    const auto refused = std::count(r.planned.begin(), r.planned.end(), false);
    EXPECT_LE(refused, 6) << "seed " << seed << "\n" << r.hints.dump(2);
    const auto* name = fact_for(r, "name");
    ASSERT_NE(name, nullptr) << r.hints.dump(2);
    EXPECT_EQ(name->source, "diagnostic");
    EXPECT_EQ(name->rule, "matches ^[a-z]{3,8}$");
    EXPECT_NE(name->evidence.find("regular expression"), std::string::npos);
    EXPECT_GT(name->case_number, 0u);
    // What was learned, given as hints, makes every case plan: a refusal in the second run
    // names a rule the first never met (a negative rule.port when none of its cases had one),
    // and only once, since it is learned then.
    auto parsed = gen::parse_hints({{"resources", {{"mem_thing", r.hints}}}}, "learned.json");
    ASSERT_TRUE(parsed.has_value()) << parsed.error().message;
    const LoopResult again = learn_against_memory_provider(10, seed + 100, parsed->for_resource("mem_thing"));
    std::size_t refused_again = 0;
    for (std::size_t i = 0; i < again.planned.size(); ++i) {
      if (again.planned[i]) continue;
      ++refused_again;
      // "rule[0].port" as a hint path: indexes dropped.
      std::string message;
      for (std::size_t k = 0; k < again.rejections[i].size(); ++k) {
        if (again.rejections[i][k] == '[')
          k = again.rejections[i].find(']', k);
        else
          message.push_back(again.rejections[i][k]);
      }
      for (const auto& [path, hint] : r.hints["attributes"].items())
        EXPECT_EQ(message.find("Attribute " + path + " "), std::string::npos)
            << "seed " << seed << " case " << i + 1 << ": " << again.rejections[i] << "\n"
            << r.hints.dump(2);
    }
    EXPECT_LE(refused_again, 1u) << "seed " << seed;
  }
}

TEST(Learning, RangesAndGroupsComeFromTheirMessages) {
  // Enough cases that size, tags and rule.port were each refused at least once.
  const LoopResult r = learn_against_memory_provider(20, 7);
  const auto* size = fact_for(r, "size");
  if (size != nullptr) {
    EXPECT_EQ(size->rule, "whole number in [1, 10]");
  }
  const auto* port = fact_for(r, "rule.port");
  if (port != nullptr) {
    EXPECT_EQ(port->rule, "whole number in [1, 65535]");
  }
  const auto* group = fact_for(r, "size, tags");
  if (group != nullptr) {
    EXPECT_EQ(group->rule, "at most one of them is set");
  }
  EXPECT_TRUE(size != nullptr || port != nullptr || group != nullptr) << r.hints.dump(2);
}

TEST(Learning, TheSameAnswersGiveTheSameHints) {
  const LoopResult a = learn_against_memory_provider(12, 5);
  const LoopResult b = learn_against_memory_provider(12, 5);
  EXPECT_EQ(a.hints, b.hints);
  EXPECT_EQ(a.planned, b.planned);
}

TEST(Learning, LearnedHintsLoadBackAndFitTheSchema) {
  const LoopResult r = learn_against_memory_provider(12, 9);
  const nlohmann::json doc = {{"resources", {{"mem_thing", r.hints}}}};
  auto parsed = gen::parse_hints(doc, "learned.json");
  ASSERT_TRUE(parsed.has_value()) << parsed.error().message << "\n" << doc.dump(2);
  const auto checked =
      gen::check_hints(parsed->for_resource("mem_thing"), testing::MemoryProvider::thing_schema().block);
  EXPECT_TRUE(checked.has_value()) << checked.error().message;
  // Given back as user hints, they steer the first case already.
  gen::Hints given = parsed->for_resource("mem_thing");
  const LoopResult again = learn_against_memory_provider(3, 11, given);
  EXPECT_TRUE(again.planned[0]) << doc.dump(2);
}

TEST(Learning, UserHintsWin) {
  gen::Hints user;
  user.attributes["name"].values = {"abcd"};
  const LoopResult r = learn_against_memory_provider(8, 4, user);
  EXPECT_EQ(fact_for(r, "name"), nullptr);
  EXPECT_EQ(r.hints["attributes"]["name"]["values"], nlohmann::json::array({"abcd"}));
}

}  // namespace
}  // namespace tfc::conformance
