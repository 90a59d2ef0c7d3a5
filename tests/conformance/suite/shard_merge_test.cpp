// `tfconform merge` over a sharded run (reports/run_merge.hpp with the selection's order): for any
// seed and any number of shards, the merged run's findings, coverage, scenarios and verdict are
// those of the unsharded run. In-process, on the in-memory provider with a planted fault.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <set>
#include <string>

#include "conformance/suite/conformance_run.hpp"
#include "conformance/suite/selection.hpp"
#include "generators/hints.hpp"
#include "reports/run_merge.hpp"
#include "tests/conformance/memory_session.hpp"

namespace tfc::conformance {
namespace {

using testing::MemoryFactory;
using testing::MemoryFault;
using testing::MemoryProviderOptions;

const MemoryProviderOptions kOptions{MemoryFault::ApplyAddsOneToSize, true, {"mem_a", "mem_b", "mem_c", "mem_d"}};

Expected<report::RunReport> run_shard(std::uint64_t seed, Shard shard) {
  RunSettings s;
  s.factory = std::make_shared<MemoryFactory>(kOptions);
  s.apply = true;
  s.suite.cases = 3;
  s.suite.max_shrinks = 20;
  s.suite.run_seed = seed;
  s.shard = shard;
  // Every case sets size, which the provider's apply changes: every suite finds the fault.
  std::string hints = R"({"resources": {)";
  for (const auto& type : kOptions.types)
    hints += std::string(type == kOptions.types.front() ? "" : ", ") + "\"" + type +
             R"(": {"attributes": {"size": {"range": [1, 10], "integer": true, "always": true}, "tags": "omit"}})";
  auto parsed = gen::parse_hints(nlohmann::json::parse(hints + "}}"), "test hints");
  if (!parsed) return parsed.error();
  s.hints = std::move(*parsed);
  auto result = run_conformance(s, nullptr);
  if (!result) return result.error();
  return std::move(result->report);
}

/// What a user sees of a run, in order: each suite, its coverage, its scenarios' verdicts and
/// its findings (with their occurrences and replay tokens), then the verdict and the totals.
std::vector<std::string> seen(const report::RunReport& run) {
  std::vector<std::string> out;
  for (const auto& suite : run.suites) {
    std::string line = report::suite_label(suite) + " cases=" + std::to_string(suite.coverage.cases_generated) +
                       " planned=" + std::to_string(suite.coverage.planned) +
                       " applied=" + std::to_string(suite.coverage.applied);
    for (const auto& [step, n] : suite.coverage.steps) line += " " + step + "=" + std::to_string(n);
    out.push_back(line);
    for (const auto& sc : suite.scenarios) {
      out.push_back("  " + sc.name + " " + std::string(report::to_string(sc.status)));
      for (const auto& f : sc.findings)
        out.push_back("    " + f.rule_id + " " + f.path + " " + f.fingerprint + " x" + std::to_string(f.occurrences) +
                      " " + f.replay_token);
    }
  }
  const auto t = report::totals_of(run);
  out.push_back(std::string(report::to_string(report::verdict_of(run))) +
                " errors=" + std::to_string(t.error_findings) + " warnings=" + std::to_string(t.warning_findings));
  return out;
}

RC_GTEST_PROP(ShardMerge, MergingEveryShardGivesTheUnshardedRun, ()) {
  const auto seed = *rc::gen::arbitrary<std::uint64_t>();
  const auto count = *rc::gen::inRange<std::size_t>(1, 5);
  auto whole = run_shard(seed, {1, 1});
  RC_ASSERT(whole.has_value());
  std::vector<report::NamedRun> shards;
  for (std::size_t k = 1; k <= count; ++k) {
    auto shard = run_shard(seed, {k, count});
    RC_ASSERT(shard.has_value());
    // Given in any order: the merge puts the suites where the unsharded run has them.
    shards.insert(*rc::gen::inRange<std::size_t>(0, shards.size() + 1) + shards.begin(),
                  report::NamedRun{"shard" + std::to_string(k), std::move(*shard)});
  }
  auto merged = report::merge_runs(std::move(shards), suite_order_key);
  RC_ASSERT(merged.has_value());
  RC_ASSERT(merged->warnings.empty());
  RC_ASSERT(!merged->shards_missing);
  RC_ASSERT(seen(merged->run) == seen(*whole));
  RC_ASSERT(report::totals_of(merged->run).error_findings > 0u);  // the planted fault was found
}

TEST(ShardMerge, AMissingShardIsSaidAndAnotherSeedRefused) {
  auto one = run_shard(7, {1, 2});
  auto other_seed = run_shard(8, {2, 2});
  ASSERT_TRUE(one.has_value() && other_seed.has_value());
  auto refused = report::merge_runs({{"a.json", *one}, {"b.json", *other_seed}}, suite_order_key);
  ASSERT_FALSE(refused.has_value());
  EXPECT_NE(refused.error().message.find("b.json is another run than a.json: seed 8 against 7"), std::string::npos)
      << refused.error().message;
  auto part = report::merge_runs({{"a.json", *one}}, suite_order_key);
  ASSERT_TRUE(part.has_value());
  EXPECT_TRUE(part->shards_missing);
  ASSERT_EQ(part->warnings.size(), 1u);
  EXPECT_NE(part->warnings.front().find("shard 2/2 missing"), std::string::npos) << part->warnings.front();
  ASSERT_TRUE(part->run.interruption.has_value());
  EXPECT_EQ(part->run.interruption->reason, "merged without shard 2/2");
}

TEST(ShardMerge, TheSameShardTwiceCountsItsFindingsTwice) {
  auto one = run_shard(7, {1, 1});
  ASSERT_TRUE(one.has_value());
  auto twice = report::merge_runs({{"a.json", *one}, {"b.json", *one}}, suite_order_key);
  ASSERT_TRUE(twice.has_value());
  EXPECT_EQ(twice->run.suites.size(), one->suites.size());
  const auto findings = report::all_findings(*one);
  const auto doubled = report::all_findings(twice->run);
  ASSERT_EQ(doubled.size(), findings.size());
  for (std::size_t i = 0; i < findings.size(); ++i)
    EXPECT_EQ(doubled[i].finding->occurrences, 2 * findings[i].finding->occurrences);
}

}  // namespace
}  // namespace tfc::conformance
