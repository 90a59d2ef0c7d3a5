// Long lives in a whole run: the suite learns from its update plans which members replace the
// object, then updates one object in place several times, so a break that shows only on the
// second in-place update is found, shrunk to create and two updates, and replayed exactly.
#include <gtest/gtest.h>

#include <string>

#include "conformance/suite/conformance_run.hpp"
#include "tests/conformance/memory_session.hpp"

namespace tfc::conformance {
namespace {

using testing::MemoryFactory;
using testing::MemoryFault;
using testing::MemoryProviderOptions;

RunSettings stale_run(std::uint64_t seed, std::size_t jobs = 1) {
  RunSettings s;
  s.factory = std::make_shared<MemoryFactory>(MemoryProviderOptions{MemoryFault::SecondUpdateStale});
  s.apply = true;
  s.suite.cases = 25;
  s.suite.run_seed = seed;
  s.jobs = jobs;
  return s;
}

RunResult run_ok(const RunSettings& settings) {
  auto result = run_conformance(settings, nullptr);
  if (!result) ADD_FAILURE() << result.error().message;
  return result ? std::move(*result) : RunResult{};
}

const report::Finding* finding_of(const report::RunReport& run, const std::string& rule) {
  for (const auto& ref : report::all_findings(run)) {
    if (ref.finding->rule_id == rule) return ref.finding;
  }
  return nullptr;
}

std::size_t count_of(const std::string& text, const std::string& what) {
  std::size_t n = 0;
  for (auto at = text.find(what); at != std::string::npos; at = text.find(what, at + what.size())) ++n;
  return n;
}

TEST(LongLives, TheLearnedHintsSayWhichMembersForceReplacement) {
  const auto result = run_ok(stale_run(1));
  const gen::Hints& learned = result.hints.for_resource("mem_thing");
  for (const char* name : {"name", "tags"}) {
    const gen::AttributeHint* h = learned.find(name);
    ASSERT_NE(h, nullptr) << name;
    EXPECT_TRUE(h->forces_replacement) << name;
  }
  for (const char* name : {"size", "rule"}) {
    const gen::AttributeHint* h = learned.find(name);
    EXPECT_TRUE(h == nullptr || !h->forces_replacement) << name;
  }
}

TEST(LongLives, ABreakOfTheSecondInPlaceUpdateIsFoundShrunkAndReplayed) {
  std::size_t found = 0;
  for (std::uint64_t seed = 1; seed <= 4; ++seed) {
    const auto result = run_ok(stale_run(seed));
    const report::Finding* f = finding_of(result.report, "apply.known_value_changed");
    if (f == nullptr) continue;
    ++found;
    EXPECT_EQ(f->path, ".size");
    ASSERT_TRUE(f->counterexample.has_value());
    const std::string& shown = f->counterexample->configuration;
    // create, two in-place updates, destroy: nothing else is needed.
    EXPECT_EQ(count_of(shown, "# then "), 3u) << shown;
    EXPECT_EQ(count_of(shown, "# then update in place to"), 2u) << shown;

    // The replay learns again what the earlier cases' updates taught, and meets the same case.
    auto token = parse_token(f->replay_token);
    ASSERT_TRUE(token) << token.error().message;
    auto settings = stale_run(seed);
    settings.replay = *token;
    const auto again = run_ok(settings);
    const report::Finding* g = finding_of(again.report, "apply.known_value_changed");
    ASSERT_NE(g, nullptr) << f->replay_token;
    EXPECT_EQ(g->counterexample->configuration, shown);
    EXPECT_EQ(g->fingerprint, f->fingerprint);
  }
  EXPECT_GE(found, 3u);
}

TEST(LongLives, JobsDoNotChangeWhatIsLearnedOrFound) {
  const auto one = run_ok(stale_run(2, 1));
  const auto three = run_ok(stale_run(2, 3));
  EXPECT_EQ(gen::hints_file_to_json(one.hints), gen::hints_file_to_json(three.hints));
  const report::Finding* a = finding_of(one.report, "apply.known_value_changed");
  const report::Finding* b = finding_of(three.report, "apply.known_value_changed");
  ASSERT_EQ(a == nullptr, b == nullptr);
  if (a != nullptr) {
    EXPECT_EQ(a->replay_token, b->replay_token);
  }
}

}  // namespace
}  // namespace tfc::conformance
