// Fingerprints: the same broken promise has the same fingerprint whatever list index or map key
// the case happened to use; a different rule, type, step key or attribute gives another; every
// value stays what it was when it was pinned (users' baselines hold them); and a step's shown
// name is not part of it.
#include "reports/fingerprint.hpp"

#include "reports/run_report.hpp"

#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <filesystem>
#include <fstream>
#include <set>

#include <nlohmann/json.hpp>

namespace tfc::report {
namespace {

TEST(PathPattern, GeneralisesIndicesKeysAndSetElements) {
  EXPECT_EQ(path_pattern(".rule[0].port"), ".rule[*].port");
  EXPECT_EQ(path_pattern(".tags[\"env\"]"), ".tags[*]");
  EXPECT_EQ(path_pattern(".tags[\"a]\\\"b\"].x[12]"), ".tags[*].x[*]");
  EXPECT_EQ(path_pattern(".members[...]"), ".members[*]");
  EXPECT_EQ(path_pattern(".day"), ".day");
  EXPECT_EQ(path_pattern(""), "");
}

TEST(Fingerprint, IsSixteenHexDigits) {
  const auto fp = finding_fingerprint("plan_final.known_value_changed", "time_offset", "update: final plan", ".day");
  EXPECT_EQ(fp.size(), 16u);
  EXPECT_EQ(fp.find_first_not_of("0123456789abcdef"), std::string::npos);
}

// A baseline written by one version must match the next version's runs: the values in
// pinned_fingerprints.json were computed once, by the code of the day, and every one is
// recomputed here. A change of any of them breaks users' baselines; change the file only
// deliberately, saying so (the file's "note" says how). A pin's step is the step's stable key
// (conformance/core/step_names.hpp; tests/conformance/core/case_outcome_test.cpp records
// findings at some of these steps through the suite's recorder and meets the same values).
TEST(Fingerprint, MatchesThePinnedValuesUsersBaselinesHold) {
  std::ifstream in(std::filesystem::path(TFC_REPORTS_TEST_DIR) / "pinned_fingerprints.json");
  ASSERT_TRUE(in) << "tests/reports/pinned_fingerprints.json is missing";
  const auto pinned = nlohmann::json::parse(in);
  ASSERT_GE(pinned["pins"].size(), 20u);
  std::set<std::string> rules, paths;
  for (const auto& pin : pinned["pins"]) {
    const std::string rule = pin["rule"], type = pin["type"], step = pin["step"], path = pin["path"];
    EXPECT_EQ(finding_fingerprint(rule, type, step, path_pattern(path)), pin["fingerprint"].get<std::string>())
        << pin.dump();
    rules.insert(rule);
    paths.insert(path_pattern(path));
  }
  // The pins cover many rules and path shapes (none, attributes, nested, indices, keys, sets).
  EXPECT_GE(rules.size(), 20u);
  EXPECT_GE(paths.size(), 15u);
}

TEST(Fingerprint, EveryFieldCounts) {
  const auto base = finding_fingerprint("r.x", "t", "create: apply", ".a");
  EXPECT_NE(base, finding_fingerprint("r.y", "t", "create: apply", ".a"));
  EXPECT_NE(base, finding_fingerprint("r.x", "u", "create: apply", ".a"));
  EXPECT_NE(base, finding_fingerprint("r.x", "t", "update: apply", ".a"));
  EXPECT_NE(base, finding_fingerprint("r.x", "t", "create: apply", ".b"));
  // Field boundaries are not ambiguous.
  EXPECT_NE(finding_fingerprint("ab", "c", "s", ""), finding_fingerprint("a", "bc", "s", ""));
}

RC_GTEST_PROP(Fingerprint, InvariantUnderListIndicesAndMapKeys, (unsigned i, unsigned j, std::string key)) {
  std::string quoted;
  for (char c : key) {
    if (c == '"' || c == '\\') quoted += '\\';
    quoted += c;
  }
  const auto a = finding_fingerprint("plan.config_value_changed", "tfc_server", "update: plan",
                                     path_pattern(".disk[" + std::to_string(i) + "].labels[\"" + quoted + "\"]"));
  const auto b = finding_fingerprint("plan.config_value_changed", "tfc_server", "update: plan",
                                     path_pattern(".disk[" + std::to_string(j) + "].labels[\"other\"]"));
  RC_ASSERT(a == b);
}

Finding at(std::string step, std::vector<std::string> paths) {
  Finding f;
  f.rule_id = "plan_final.known_value_changed";
  f.resource_type = "time_rotating";
  f.step = std::move(step);
  f.path = paths.front();
  for (auto& p : paths) f.violations.push_back({p, ""});
  f.fingerprint = finding_fingerprint(f);
  return f;
}

TEST(SamePromise, SharesARuleTypeStepAndAPathPattern) {
  const auto a = at("update: final plan", {".month", ".unix", ".year"});
  const auto b = at("update: final plan", {".minute", ".unix"});
  EXPECT_NE(a.fingerprint, b.fingerprint);
  EXPECT_TRUE(same_promise(a, b));
  EXPECT_FALSE(same_promise(a, at("update: final plan", {".day"})));
  EXPECT_FALSE(same_promise(a, at("create: final plan", {".unix"})));
  EXPECT_TRUE(same_promise(at("update: plan", {".rule[0].port"}), at("update: plan", {".rule[3].port"})));
  EXPECT_EQ(path_patterns_of(at("s", {".b[1]", ".a", ".b[2]"})), (std::vector<std::string>{".a", ".b[*]"}));
}

// The step key, not the shown step, is hashed and compared: a step shown under a corrected name
// keeps its fingerprint and stays the same promise.
TEST(Fingerprint, ComesFromTheStepKeyNotTheShownStep) {
  Finding f = at("upgrade: upgrade", {".generated"});
  f.rule_id = "upgrade.unknown_in_state";
  f.resource_type = "tfcfault_thing";
  const std::string pinned = "c96cca8f9dd4e8f0";  // pinned_fingerprints.json
  EXPECT_EQ(finding_fingerprint(f), pinned);
  f.step_key = f.step;
  f.step = "upgrade";
  EXPECT_EQ(finding_fingerprint(f), pinned);
  Finding old = f;
  old.step = old.step_key;
  old.step_key.clear();  // as read back from a report written before step keys
  old.fingerprint.clear();
  f.fingerprint.clear();
  EXPECT_TRUE(same_promise(f, old));
  EXPECT_EQ(step_key_of(old), "upgrade: upgrade");
}

// The patterns a finding carries (computed by the suite from its paths as data) are the ones
// used; only a finding without them has its rendered paths parsed.
TEST(PathPatternsOf, PrefersThePatternsTheFindingCarries) {
  Finding f = at("create: apply", {".b[1]", ".a"});
  EXPECT_EQ(path_patterns_of(f), (std::vector<std::string>{".a", ".b[*]"}));
  f.path_patterns = {".x[*]"};
  EXPECT_EQ(path_patterns_of(f), std::vector<std::string>{".x[*]"});
  EXPECT_EQ(finding_fingerprint(f), finding_fingerprint(f.rule_id, f.resource_type, "create: apply", ".x[*]"));
}

}  // namespace
}  // namespace tfc::report
