// The suite's orchestration run in-process: run_conformance over sessions of the in-memory
// provider, opened by a ProviderFactory exactly as `run` opens plugin processes. Shrinking,
// replay, restart after a crash, --jobs and sharding are checked here in milliseconds; a few
// end-to-end twins against real binaries stay in run_command_test.cpp.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <set>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "conformance/suite/conformance_run.hpp"
#include "generators/hints.hpp"
#include "reports/violation_kind.hpp"
#include "tests/conformance/memory_session.hpp"

namespace tfc::conformance {
namespace {

using testing::MemoryFactory;
using testing::MemoryFault;
using testing::MemoryProviderOptions;

RunSettings settings_for(std::shared_ptr<const ProviderFactory> factory, bool apply, std::size_t cases,
                         std::uint64_t seed = 20261124) {
  RunSettings s;
  s.factory = std::move(factory);
  s.apply = apply;
  s.suite.cases = cases;
  s.suite.run_seed = seed;
  return s;
}

RunResult run_ok(const RunSettings& settings) {
  auto result = run_conformance(settings, nullptr);
  if (!result) ADD_FAILURE() << result.error().message;
  return result ? std::move(*result) : RunResult{};
}

const report::Finding* first_finding(const report::RunReport& run, const std::string& rule) {
  for (const auto& ref : report::all_findings(run)) {
    if (ref.finding->rule_id == rule) return ref.finding;
  }
  return nullptr;
}

/// Each finding as "suite rule path token": what must not depend on --jobs.
std::set<std::string> finding_keys(const report::RunReport& run) {
  std::set<std::string> out;
  for (const auto& ref : report::all_findings(run))
    out.insert(ref.suite->name + " " + ref.finding->rule_id + " " + ref.finding->path + " " +
               ref.finding->replay_token);
  return out;
}

std::vector<std::string> resource_suites(const report::RunReport& run) {
  std::vector<std::string> out;
  for (const auto& suite : run.suites) {
    if (suite.kind == report::SuiteKind::resource) out.push_back(suite.name);
  }
  return out;
}

/// How many times a run with spare sessions is played at most until one of them was lent.
constexpr std::size_t kSpreadAttempts = 20;
std::pair<Expected<RunResult>, Expected<RunResult>> run_with_one_and(std::size_t jobs,
                                                                     const MemoryProviderOptions& options, bool apply,
                                                                     std::size_t cases, std::uint64_t seed,
                                                                     const char* hints, bool until_lent = false);
bool found(const Expected<RunResult>& run, const std::string& rule);
void expect_same_suites(const report::RunReport& a, const report::RunReport& b);

/// Every session the run opened (restarts included) was closed again.
void expect_all_closed(const MemoryFactory& factory) {
  EXPECT_EQ(factory.counters().opened.load(), factory.counters().closed.load());
}

TEST(InProcessRun, AFaultOnOneAttributeShrinksToTheRequiredNameAndThatAttribute) {
  auto factory = std::make_shared<MemoryFactory>(MemoryProviderOptions{MemoryFault::ApplyAddsOneToSize});
  const auto result = run_ok(settings_for(factory, true, 25));
  const report::Finding* f = first_finding(result.report, "apply.known_value_changed");
  ASSERT_NE(f, nullptr);
  EXPECT_EQ(f->path, ".size");
  ASSERT_TRUE(f->counterexample.has_value());
  EXPECT_EQ(f->counterexample->attribute_count, 2u) << f->counterexample->configuration;  // name and size
  EXPECT_NE(f->counterexample->configuration.find("size = "), std::string::npos);
  EXPECT_GT(f->shrink_attempts, 0u);
  EXPECT_FALSE(f->log_excerpt.empty()) << "the provider's log of the failing case is kept";
  expect_all_closed(*factory);
}

TEST(InProcessRun, TheReplayTokenOfAFindingReproducesItExactly) {
  auto factory = std::make_shared<MemoryFactory>(MemoryProviderOptions{MemoryFault::ApplyAddsOneToSize});
  const auto first = run_ok(settings_for(factory, true, 25));
  const report::Finding* f = first_finding(first.report, "apply.known_value_changed");
  ASSERT_NE(f, nullptr);
  auto token = parse_token(f->replay_token);
  ASSERT_TRUE(token) << token.error().message;

  auto settings =
      settings_for(std::make_shared<MemoryFactory>(MemoryProviderOptions{MemoryFault::ApplyAddsOneToSize}), true, 25);
  settings.replay = *token;
  const auto again = run_ok(settings);
  const report::Finding* g = first_finding(again.report, "apply.known_value_changed");
  ASSERT_NE(g, nullptr);
  EXPECT_EQ(g->path, f->path);
  EXPECT_EQ(g->request, f->request);
  EXPECT_EQ(g->counterexample->configuration, f->counterexample->configuration);
  EXPECT_EQ(g->fingerprint, f->fingerprint);
}

TEST(InProcessRun, ReplayTokensReproduceFindingsOfLearningSuitesFromAnyRound) {
  // The replay re-learns what the earlier learning rounds taught: a finding of a later case,
  // generated from learned hints, comes back the same.
  const MemoryProviderOptions options{MemoryFault::ApplyAddsOneToSize, true, {"mem_thing"}};
  std::size_t replayed = 0;
  std::size_t later = 0;
  for (std::uint64_t seed = 1; seed <= 12; ++seed) {
    const auto run = run_ok(settings_for(std::make_shared<MemoryFactory>(options), true, 16, seed));
    for (const auto& ref : report::all_findings(run.report)) {
      const report::Finding& f = *ref.finding;
      if (f.severity != report::Severity::error) continue;
      auto token = parse_token(f.replay_token);
      ASSERT_TRUE(token) << token.error().message;
      auto settings = settings_for(std::make_shared<MemoryFactory>(options), true, 16, seed);
      settings.replay = *token;
      const auto again = run_ok(settings);
      const report::Finding* g = first_finding(again.report, f.rule_id);
      ASSERT_NE(g, nullptr) << "seed " << seed << " " << f.replay_token;
      EXPECT_EQ(g->fingerprint, f.fingerprint) << "seed " << seed;
      EXPECT_EQ(g->counterexample->configuration, f.counterexample->configuration) << "seed " << seed;
      ++replayed;
      later += token->index >= 4 ? 1 : 0;
    }
  }
  EXPECT_GT(replayed, 0u);
  EXPECT_GT(later, 0u) << "some finding came from a case after the first rounds";
}

// An import that writes tags as {} breaks the plan after import in two ways, depending on the
// configuration: tags null plans {} back to null, tags set plans new elements into {}. Both are
// one broken promise (one fingerprint), and the finding keeps an example of each.
TEST(InProcessRun, AFindingKeepsAnExampleOfEachDistinctKindOfViolation) {
  const MemoryProviderOptions options{MemoryFault::ImportEmptiesTags};
  const auto run = run_ok(settings_for(std::make_shared<MemoryFactory>(options), true, 60));
  std::vector<const report::Finding*> found;
  for (const auto& ref : report::all_findings(run.report)) {
    if (ref.finding->rule_id == "import.plan_not_empty") found.push_back(ref.finding);
  }
  ASSERT_EQ(found.size(), 1u) << "one broken promise, one finding";
  const report::Finding& f = *found.front();
  EXPECT_EQ(f.path, ".tags");
  EXPECT_GT(f.occurrences, 1u);
  std::set<std::string> kinds;
  for (const auto& v : f.violations) kinds.insert(report::violation_kind(v.message));
  for (const auto& d : f.distinct_violations) {
    EXPECT_TRUE(kinds.insert(d.kind).second) << "a kept example repeats a kind: " << d.kind;
    EXPECT_EQ(d.kind, report::violation_kind(d.message));
    EXPECT_EQ(d.path, ".tags");
    EXPECT_GT(d.found_at_case, 0u);
    EXPECT_FALSE(d.replay_token.empty());
    ASSERT_TRUE(d.counterexample.has_value());
    // Both kinds come from a configuration without tags too (the import makes them up), so the
    // kept case need not set any: it is the case as played, the provider's resource block.
    EXPECT_NE(d.counterexample->configuration.find("resource \"mem_thing\""), std::string::npos)
        << d.counterexample->configuration;
  }
  const std::string prefix = "the plan after import changes what the import set: ";
  EXPECT_TRUE(kinds.contains(prefix + "was {}, but now null")) << ::testing::PrintToString(kinds);
  EXPECT_TRUE(kinds.contains(prefix + "was {…}, but now null")) << ::testing::PrintToString(kinds);

  // Each kept example replays to the same finding (same fingerprint), broken its own way.
  for (const auto& d : f.distinct_violations) {
    auto token = parse_token(d.replay_token);
    ASSERT_TRUE(token) << token.error().message;
    auto settings = settings_for(std::make_shared<MemoryFactory>(options), true, 60);
    settings.replay = *token;
    const auto again = run_ok(settings);
    const report::Finding* g = first_finding(again.report, "import.plan_not_empty");
    ASSERT_NE(g, nullptr) << d.replay_token;
    EXPECT_EQ(g->fingerprint, f.fingerprint);
    std::set<std::string> replayed;
    for (const auto& v : g->violations) replayed.insert(report::violation_kind(v.message));
    EXPECT_TRUE(replayed.contains(d.kind)) << d.replay_token;
  }
}

TEST(InProcessRun, AnHonestImportPlansNothing) {
  const auto run = run_ok(settings_for(std::make_shared<MemoryFactory>(), true, 60));
  std::size_t imported = 0;
  for (const auto& suite : run.report.suites) {
    for (const auto& [step, cases] : suite.coverage.steps) {
      if (step == "imported") imported += cases;
    }
  }
  EXPECT_GT(imported, 0u) << "no case got as far as the plan after import";
  EXPECT_EQ(first_finding(run.report, "import.plan_not_empty"), nullptr);
  EXPECT_EQ(first_finding(run.report, "import.incomplete"), nullptr);
}

TEST(InProcessRun, ACrashedProviderIsRestartedAndEveryCaseStillRuns) {
  auto factory = std::make_shared<MemoryFactory>(MemoryProviderOptions{MemoryFault::UpgradeCrashes});
  const auto result = run_ok(settings_for(factory, true, 6));
  const report::Finding* crash = first_finding(result.report, "rpc.crashed");
  ASSERT_NE(crash, nullptr);
  EXPECT_EQ(crash->rpc, "UpgradeResourceState");
  EXPECT_GE(factory->counters().restarts.load(), 1u);
  ASSERT_EQ(resource_suites(result.report).size(), 1u);
  EXPECT_EQ(result.report.suites.back().coverage.cases_generated, 6u) << "the run goes on after a crash";
  expect_all_closed(*factory);
}

TEST(InProcessRun, JobsOpenOneSessionEachAndDoNotChangeTheResult) {
  const MemoryProviderOptions options{MemoryFault::ReadUppercasesName, false, {"mem_a", "mem_b", "mem_c"}};
  auto one = std::make_shared<MemoryFactory>(options);
  auto three = std::make_shared<MemoryFactory>(options);
  auto settings = settings_for(one, true, 8, 99);
  const auto a = run_ok(settings);
  settings.factory = three;
  settings.jobs = 3;
  const auto b = run_ok(settings);
  EXPECT_EQ(one->counters().opened.load(), 1u);
  EXPECT_EQ(three->counters().opened.load(), 3u);
  EXPECT_FALSE(finding_keys(a.report).empty());
  EXPECT_EQ(finding_keys(a.report), finding_keys(b.report));
  ASSERT_EQ(resource_suites(a.report), resource_suites(b.report));
  for (std::size_t i = 0; i < a.report.suites.size(); ++i) {
    EXPECT_EQ(a.report.suites[i].coverage.cases_generated, b.report.suites[i].coverage.cases_generated);
    EXPECT_EQ(a.report.suites[i].coverage.steps, b.report.suites[i].coverage.steps) << a.report.suites[i].name;
  }
  expect_all_closed(*one);
  expect_all_closed(*three);
}

/// What a suite shows that must not depend on --jobs: its coverage and what it learned.
void expect_same_suites(const report::RunReport& a, const report::RunReport& b) {
  ASSERT_EQ(a.suites.size(), b.suites.size());
  for (std::size_t i = 0; i < a.suites.size(); ++i) {
    const auto& x = a.suites[i];
    const auto& y = b.suites[i];
    EXPECT_EQ(x.name, y.name);
    EXPECT_EQ(x.coverage.cases_generated, y.coverage.cases_generated) << x.name;
    EXPECT_EQ(x.coverage.planned, y.coverage.planned) << x.name;
    EXPECT_EQ(x.coverage.rejected_by_validation, y.coverage.rejected_by_validation) << x.name;
    EXPECT_EQ(x.coverage.steps, y.coverage.steps) << x.name;
    ASSERT_EQ(x.learned.size(), y.learned.size()) << x.name;
    for (std::size_t k = 0; k < x.learned.size(); ++k) {
      EXPECT_EQ(x.learned[k].attribute, y.learned[k].attribute);
      EXPECT_EQ(x.learned[k].rule, y.learned[k].rule);
      EXPECT_EQ(x.learned[k].case_number, y.learned[k].case_number);
    }
  }
}

TEST(InProcessRun, TheCasesOfOneTypeSpreadOverTheJobsWithTheSameResult) {
  // Plan-only, and the memory provider refuses values its validators reject: the suite learns
  // as it goes, in rounds whose cases the spare sessions play at the same time.
  const MemoryProviderOptions options{MemoryFault::PlanDropsRuleBlocks, true, {"mem_thing"}};
  auto one = std::make_shared<MemoryFactory>(options);
  auto three = std::make_shared<MemoryFactory>(options);
  auto settings = settings_for(one, false, 40, 7);
  const auto a = run_ok(settings);
  settings.jobs = 3;
  RunResult b;
  for (std::size_t attempt = 1; attempt <= kSpreadAttempts; ++attempt) {  // see run_with_one_and
    three = std::make_shared<MemoryFactory>(options);
    settings.factory = three;
    b = run_ok(settings);
    if (b.stats.lent_cases > 0) break;
  }
  EXPECT_EQ(three->counters().opened.load(), 3u) << "more processes than types";
  EXPECT_EQ(one->counters().played_cases.load(), 1u);
  EXPECT_GE(three->counters().played_cases.load(), 2u) << "cases of the one type ran on other sessions";
  EXPECT_EQ(a.stats.lent_cases, 0u);
  EXPECT_GT(b.stats.lent_cases, 0u);
  EXPECT_FALSE(finding_keys(a.report).empty());
  EXPECT_EQ(finding_keys(a.report), finding_keys(b.report));
  ASSERT_FALSE(a.report.suites.back().learned.empty()) << "the suite learned from refusals";
  expect_same_suites(a.report, b.report);
  expect_all_closed(*one);
  expect_all_closed(*three);
}

/// Hints for mem_thing under --apply: names of letters that the case's tag in letters fits (a
/// name must match the whole pattern: one of 3 to 6 letters alone would keep no tag, and two
/// cases at once could then meet the same name), sizes the fault changes.
constexpr const char* kNamedThings = R"({"resources": {"mem_thing": {"attributes": {
    "name": {"pattern": "[a-z]{3,6}(tfc[a-z]{6})?"}, "size": {"range": [1, 10], "integer": true, "always": true},
    "tags": "omit"}}}})";

TEST(InProcessRun, CasesThatCreateObjectsSpreadWithNamesOfTheirOwn) {
  // The provider refuses a second live object of one name, as a cloud API does: the cases'
  // names are unique per case, so they are applied at the same time without meeting.
  MemoryProviderOptions options{MemoryFault::ApplyAddsOneToSize, false, {"mem_thing"}};
  options.collision = testing::MemoryCollision::UniqueNames;
  const auto [a, b] = run_with_one_and(3, options, true, 24, 7, kNamedThings, true);
  ASSERT_TRUE(a.has_value() && b.has_value());
  EXPECT_EQ(a->stats.lent_cases, 0u);
  EXPECT_GT(b->stats.lent_cases, 0u) << "cases of the one type were applied on the spare sessions";
  EXPECT_TRUE(found(a, "apply.known_value_changed"));
  EXPECT_EQ(finding_keys(a->report), finding_keys(b->report));
  expect_same_suites(a->report, b->report);
  EXPECT_EQ(b->report.suites.back().applied_one_at_a_time, "") << "no conflict, no note";
  for (const auto& sc : b->report.suites.back().scenarios) EXPECT_NE(sc.name, "harness") << sc.reason;
}

TEST(InProcessRun, ASingletonTypeFallsBackToOneCaseAtATimeAndSaysWhy) {
  // One live object per type: two cases applied at once conflict ("already exists"), the same
  // case alone does not. The case is played again alone, the suite goes on one case at a time,
  // and nothing of the conflict reaches the findings.
  MemoryProviderOptions options{MemoryFault::ApplyAddsOneToSize, false, {"mem_thing"}};
  options.collision = testing::MemoryCollision::Singleton;
  options.meet = true;
  const auto [a, b] = run_with_one_and(3, options, true, 24, 7, kNamedThings, true);
  ASSERT_TRUE(a.has_value() && b.has_value());
  EXPECT_GT(b->stats.lent_cases, 0u);
  EXPECT_EQ(a->report.suites.back().applied_one_at_a_time, "");
  const std::string& note = b->report.suites.back().applied_one_at_a_time;
  EXPECT_NE(note.find("concurrent create conflicted: "), std::string::npos) << note;
  EXPECT_NE(note.find("already exists"), std::string::npos) << note;
  EXPECT_TRUE(found(a, "apply.known_value_changed"));
  EXPECT_EQ(finding_keys(a->report), finding_keys(b->report));
  expect_same_suites(a->report, b->report);
  for (const auto& sc : a->report.suites.back().scenarios)
    EXPECT_EQ(sc.reason.find("already exists"), std::string::npos);
}

TEST(InProcessRun, TwoShardsSplitTheTypesWithoutOverlap) {
  const MemoryProviderOptions options{MemoryFault::None, false, {"mem_a", "mem_b", "mem_c", "mem_d", "mem_e"}};
  auto suites_of = [&](Shard shard) {
    auto settings = settings_for(std::make_shared<MemoryFactory>(options), false, 2);
    settings.shard = shard;
    return resource_suites(run_ok(settings).report);
  };
  const auto all = suites_of({1, 1});
  ASSERT_EQ(all.size(), 5u);
  auto first = suites_of({1, 2});
  const auto second = suites_of({2, 2});
  EXPECT_FALSE(first.empty());
  EXPECT_FALSE(second.empty());
  std::multiset<std::string> seen(first.begin(), first.end());
  seen.insert(second.begin(), second.end());
  EXPECT_EQ(seen, std::multiset<std::string>(all.begin(), all.end())) << "every type in exactly one shard";
}

TEST(InProcessRun, AProviderSuiteJudgesTheSchemaAndStopsTheProviderLast) {
  auto factory = std::make_shared<MemoryFactory>();
  const auto result = run_ok(settings_for(factory, false, 1));
  ASSERT_FALSE(result.report.suites.empty());
  const auto& provider = result.report.suites.front();
  EXPECT_EQ(provider.kind, report::SuiteKind::provider);
  ASSERT_FALSE(provider.scenarios.empty());
  EXPECT_EQ(provider.scenarios.front().name, "schema");
  EXPECT_EQ(provider.scenarios.back().name, "stop");
  EXPECT_EQ(result.report.provider.address, "local/mem");
  EXPECT_EQ(result.report.provider.protocol_version, 6);
  EXPECT_GT(result.stats.rpc_calls, 0);
}

/// The same run with one job and with `jobs`, each on fresh sessions (shrinking kept short),
/// steered by `hints` (hints-file JSON).
std::pair<Expected<RunResult>, Expected<RunResult>> run_with_one_and(std::size_t jobs,
                                                                     const MemoryProviderOptions& options, bool apply,
                                                                     std::size_t cases, std::uint64_t seed,
                                                                     const char* hints, bool until_lent) {
  auto settings = settings_for(std::make_shared<MemoryFactory>(options), apply, cases, seed);
  settings.suite.max_shrinks = 40;
  auto parsed = gen::parse_hints(nlohmann::json::parse(hints), "test hints");
  if (!parsed) return {parsed.error(), parsed.error()};
  settings.hints = std::move(*parsed);
  auto one = run_conformance(settings, nullptr);
  settings.jobs = jobs;
  // `until_lent`: the spare sessions open in threads of their own while the first one already
  // plays, and on a busy machine an in-memory suite can end before any was lent. Such a run
  // shows nothing of the spreading a test is about, so it is played again (its results are
  // those of any other run).
  for (std::size_t attempt = 1;; ++attempt) {
    settings.factory = std::make_shared<MemoryFactory>(options);
    auto more = run_conformance(settings, nullptr);
    if (!until_lent || !more || more->stats.lent_cases > 0 || attempt == kSpreadAttempts)
      return {std::move(one), std::move(more)};
  }
}

bool found(const Expected<RunResult>& run, const std::string& rule) {
  return run.has_value() && first_finding(run->report, rule) != nullptr;
}

// Whatever the seed, the number of jobs changes nothing a user sees in the findings or coverage.
// Both runs must have found the planted fault (every case sets size, which the provider's apply
// changes): two runs that find nothing compare equal too.
RC_GTEST_PROP(InProcessRun, AnySeedGivesTheSameFindingsWithOneOrTwoJobs, ()) {
  const auto seed = *rc::gen::arbitrary<std::uint64_t>();
  const MemoryProviderOptions options{MemoryFault::ApplyAddsOneToSize, true, {"mem_a", "mem_b"}};
  const auto [a, b] = run_with_one_and(2, options, true, 3, seed, R"({"resources": {
      "mem_a": {"attributes": {"size": {"range": [1, 10], "integer": true, "always": true}, "tags": "omit"}},
      "mem_b": {"attributes": {"size": {"range": [1, 10], "integer": true, "always": true}, "tags": "omit"}}}})");
  RC_ASSERT(a.has_value() && b.has_value());
  RC_ASSERT(found(a, "apply.known_value_changed"));
  RC_ASSERT(found(b, "apply.known_value_changed"));
  RC_ASSERT(finding_keys(a->report) == finding_keys(b->report));
}

// ... nor when the cases of one type are spread over several sessions; here too both runs must
// have found the planted fault.
RC_GTEST_PROP(InProcessRun, AnySeedGivesTheSameSuiteWithOneOrThreeJobsOnOneType, ()) {
  const auto seed = *rc::gen::arbitrary<std::uint64_t>();
  const MemoryProviderOptions options{MemoryFault::PlanDropsRuleBlocks, true, {"mem_thing"}};
  // Every case has a rule block, which the provider's plan drops; what else it sets is learned.
  const auto [a, b] = run_with_one_and(3, options, false, 8, seed,
                                       R"({"resources": {"mem_thing": {"attributes": {"rule": "always"}}}})");
  RC_ASSERT(a.has_value() && b.has_value());
  RC_ASSERT(found(a, "plan.block_count_changed"));
  RC_ASSERT(found(b, "plan.block_count_changed"));
  RC_ASSERT(finding_keys(a->report) == finding_keys(b->report));
  const auto& x = a->report.suites.back();
  const auto& y = b->report.suites.back();
  RC_ASSERT(x.coverage.steps == y.coverage.steps);
  RC_ASSERT(x.coverage.planned == y.coverage.planned);
  RC_ASSERT(x.learned.size() == y.learned.size());
}

// ... nor when the cases of one type create objects on several sessions at once: names unique
// per case, and a type whose objects still meet (a singleton) played one case at a time, its
// conflicting cases played again alone.
RC_GTEST_PROP(InProcessRun, AnySeedGivesTheSameFindingsWhenAppliesSpread, (bool singleton)) {
  const auto seed = *rc::gen::arbitrary<std::uint64_t>();
  MemoryProviderOptions options{MemoryFault::ApplyAddsOneToSize, false, {"mem_thing"}};
  options.collision = singleton ? testing::MemoryCollision::Singleton : testing::MemoryCollision::UniqueNames;
  const auto [a, b] = run_with_one_and(2, options, true, 12, seed, kNamedThings);
  RC_ASSERT(a.has_value() && b.has_value());
  RC_ASSERT(found(a, "apply.known_value_changed"));
  RC_ASSERT(found(b, "apply.known_value_changed"));
  RC_ASSERT(finding_keys(a->report) == finding_keys(b->report));
  const auto& x = a->report.suites.back();
  const auto& y = b->report.suites.back();
  RC_ASSERT(x.coverage.steps == y.coverage.steps);
  RC_ASSERT(x.coverage.applied == y.coverage.applied);
  RC_ASSERT(x.learned.size() == y.learned.size());
}

}  // namespace
}  // namespace tfc::conformance
