// Findings a provider author acts on, end to end with the real binaries: the time provider's
// known break is one finding per case with its paths, confirmed by every CLI at hand (Terraform
// on PATH, the OpenTofu the build makes; none is a failure) through `tfconform confirm`; a reproduction Core accepts is
// "not reproduced"; a run judged against its own baseline passes, and a new fault fails naming only the new
// fingerprint.
#include <gtest/gtest.h>

#include <fstream>
#include <map>
#include <set>

#include "tests/conformance/run_support.hpp"

namespace tfc::conformance::testing {
namespace {

using json = nlohmann::json;

json read_json(const std::filesystem::path& path) {
  std::ifstream in(path);
  return json::parse(in, nullptr, false);
}

std::vector<std::string> time_args() {
  return {"--provider",
          provider_binary("time").string(),
          "--apply",
          "--cases",
          "15",
          "--seed",
          "20261123",
          "--timeout",
          "30",
          "--hints",
          hints("time"),
          "--resources",
          "time_offset,time_rotating"};
}

/// The time provider's break: each finding of plan_final.known_value_changed, checked for what
/// needs no CLI (one finding per fingerprint and per case, every path listed, a reproduction).
void expect_one_finding_per_case(const json& report) {
  std::set<std::string> fingerprints;
  std::size_t multi_path = 0, breaks = 0;
  std::map<std::string, int> per_case;
  for (const auto& f : findings_of(report)) {
    EXPECT_TRUE(fingerprints.insert(f["fingerprint"].get<std::string>()).second) << "one finding per fingerprint";
    if (f["rule"] != "plan_final.known_value_changed") continue;
    ++breaks;
    EXPECT_EQ(f["class"], "contract");
    EXPECT_GE(f["violations"].size(), 1u);
    if (f["violations"].size() > 1) ++multi_path;
    ++per_case[f["suite"].get<std::string>() + "/" + f["replay"]["token"].get<std::string>() + "/" +
               f["step"].get<std::string>()];
    // Short enough to paste from a terminal line; a long life's in-place steps make the shrink
    // path part longer than a replacement's did (57 characters seen on this break).
    EXPECT_LE(f["replay"]["token"].get<std::string>().size(), 64u) << f["replay"]["token"];
    ASSERT_TRUE(f["reproduction"].is_object());
    EXPECT_TRUE(f["reproduction"]["not_expressible"].get<std::string>().empty()) << f["reproduction"].dump();
  }
  EXPECT_GE(breaks, 1u);
  EXPECT_GE(multi_path, 1u) << "the break changes several attributes at once: one finding lists them all";
  for (const auto& [key, n] : per_case) EXPECT_EQ(n, 1) << key;
}

TEST(TimeProviderBreak, IsOneFindingPerCaseListingEveryPath) {
  REQUIRE_PROVIDER("time");
  Scratch scratch;
  const auto run = run_tfconform(scratch.path(), time_args());
  ASSERT_TRUE(run.report.is_object()) << run.output;
  EXPECT_EQ(run.exit_code, 1) << run.output;
  expect_one_finding_per_case(run.report);
}

// `tfconform confirm` with every CLI at hand (Terraform on PATH, the OpenTofu the build makes):
// each plays the reproductions and Core rejects the provider with its own error. Without any
// CLI the test fails: its claim is the confirmation.
TEST(TimeProviderBreak, IsConfirmedByEveryCliAtHand) {
  REQUIRE_PROVIDER("time");
  const auto clis = confirming_clis();
  ASSERT_FALSE(clis.empty()) << no_confirming_cli_message();
  Scratch scratch;
  const auto run = run_tfconform(scratch.path(), time_args());
  ASSERT_TRUE(run.report.is_object()) << run.output;
  std::size_t breaks = 0;
  for (const auto& f : findings_of(run.report)) breaks += f["rule"] == "plan_final.known_value_changed" ? 1 : 0;
  ASSERT_GE(breaks, 1u) << run.output;

  std::vector<std::string> confirm = {"confirm", (scratch.path() / "report.json").string()};
  std::string ran;
  for (const auto& cli : clis) {
    confirm.insert(confirm.end(), {"--cli", cli});
    ran += (ran.empty() ? "" : " ") + cli;
  }
  RecordProperty("confirming_clis", ran);
  const auto confirmed = run_tfconform_command(scratch.path(), confirm);
  EXPECT_EQ(confirmed.exit_code, 1) << confirmed.output;
  const json after = read_json(scratch.path() / "report.json");
  std::size_t verdicts = 0;
  for (const auto& f : findings_of(after)) {
    if (f["rule"] != "plan_final.known_value_changed") continue;
    std::set<std::string> products;
    for (const auto& c : f["confirmations"]) {
      ++verdicts;
      products.insert(c["cli"].get<std::string>().substr(0, c["cli"].get<std::string>().find(' ')));
      EXPECT_EQ(c["verdict"], "confirmed") << c.dump(2);
      EXPECT_NE(c["quote"].get<std::string>().find("Provider produced inconsistent final plan"), std::string::npos)
          << c.dump(2);
    }
    for (const auto& cli : clis) EXPECT_TRUE(products.contains(cli_product(cli))) << cli << "\n" << f.dump(2);
  }
  EXPECT_GE(verdicts, breaks * clis.size());
}

// time_sleep imports by "CREATEDURATION,DESTROYDURATION", not by its id: the case imports by
// the ID the refusal asks for, and so does its reproduction, which Core then plays to the end.
TEST(TimeProviderBreak, AnImportByTheIdTheProviderAsksForIsReproducedByTheSameId) {
  REQUIRE_PROVIDER("time");
  ASSERT_CONFIRMING_CLI(cli);
  Scratch scratch;
  const auto run =
      run_tfconform(scratch.path(), {"--provider", provider_binary("time").string(), "--apply", "--cases", "15",
                                     "--seed", "20261123", "--resources", "time_sleep", "--confirm-with", cli});
  ASSERT_TRUE(run.report.is_object()) << run.output;
  std::size_t imports = 0;
  for (const auto& f : findings_of(run.report)) {
    if (f["rule"] != "import.plan_not_empty") continue;
    ++imports;
    const auto& steps = f["reproduction"]["steps"];
    ASSERT_FALSE(steps.empty()) << f.dump(2);
    EXPECT_NE(steps[0]["configuration"].get<std::string>().find(
                  "join(\",\", [for v in [time_sleep.this.create_duration, time_sleep.this.destroy_duration]"),
              std::string::npos)
        << steps[0]["configuration"];
    ASSERT_EQ(f["confirmations"].size(), 1u) << f.dump(2);
    EXPECT_EQ(f["confirmations"][0]["verdict"], "confirmed") << f["confirmations"][0].dump(2);
  }
  EXPECT_GE(imports, 1u) << run.output;
}

TEST(ConfirmCommand, AReproductionCoreAcceptsIsNotReproduced) {
  REQUIRE_PROVIDER("tfcfault");
  ASSERT_CONFIRMING_CLI(cli);
  Scratch scratch;
  const auto objects = (scratch.path() / "objects").string();
  const auto run =
      run_tfconform(scratch.path(), {"--provider", provider_binary("tfcfault").string(), "--apply", "--env",
                                     "TFCFAULT_STATE_DIR=" + objects, "--env", "TFCFAULT_MODE=apply_changes_known",
                                     "--hints", hints("tfcfault"), "--seed", "7", "--cases", "10", "--shrink-time",
                                     "10", "--timeout", "20", "--resources", "tfcfault_thing"});
  ASSERT_TRUE(run.report.is_object()) << run.output;
  // The same reproduction against the honest provider: Core accepts every step.
  json report = run.report;
  std::size_t tampered = 0;
  for (auto& suite : report["suites"]) {
    for (auto& sc : suite["scenarios"]) {
      for (auto& f : sc["findings"]) {
        if (!f["reproduction"].is_object() || f.value("shrink_attempts", 0) == 0) continue;
        for (auto& e : f["reproduction"]["environment"]) {
          if (e.get<std::string>().rfind("TFCFAULT_MODE=", 0) == 0) e = "TFCFAULT_MODE=honest";
        }
        ++tampered;
      }
    }
  }
  ASSERT_GE(tampered, 1u) << run.output;
  {
    std::ofstream out(scratch.path() / "honest.json");
    out << report.dump(2);
  }
  const auto confirmed =
      run_tfconform_command(scratch.path(), {"confirm", (scratch.path() / "honest.json").string(), "--cli", cli});
  const json after = read_json(scratch.path() / "honest.json");
  std::size_t seen = 0;
  for (const auto& f : findings_of(after)) {
    if (!f["reproduction"].is_object() || !f["reproduction"]["not_expressible"].get<std::string>().empty()) continue;
    if (f.value("shrink_attempts", 0) == 0) continue;  // not tampered with
    ASSERT_EQ(f["confirmations"].size(), 1u) << confirmed.output;
    EXPECT_EQ(f["confirmations"][0]["verdict"], "not reproduced") << f["confirmations"].dump(2);
    EXPECT_FALSE(f["confirmations"][0]["quote"].get<std::string>().empty());
    ++seen;
  }
  EXPECT_GE(seen, 1u) << confirmed.output;
}

// A shrunk case whose create already breaks the promise: Core stops the reproduction's first
// step with the rule's own error ("inconsistent final plan"), which confirms the finding.
TEST(ConfirmCommand, CoreRejectingTheSamePromiseOneStepEarlyConfirms) {
  REQUIRE_PROVIDER("tfcfault");
  ASSERT_CONFIRMING_CLI(cli);
  Scratch scratch;
  const auto run = run_tfconform(scratch.path(), {"--provider",
                                                  provider_binary("tfcfault").string(),
                                                  "--apply",
                                                  "--env",
                                                  "TFCFAULT_STATE_DIR=" + (scratch.path() / "objects").string(),
                                                  "--env",
                                                  "TFCFAULT_MODE=plan_final_changes_known",
                                                  "--hints",
                                                  hints("tfcfault"),
                                                  "--seed",
                                                  "20240601",
                                                  "--cases",
                                                  "30",
                                                  "--shrink-time",
                                                  "20",
                                                  "--timeout",
                                                  "20",
                                                  "--resources",
                                                  "tfcfault_thing",
                                                  "--no-data-sources",
                                                  "--confirm-with",
                                                  cli});
  ASSERT_TRUE(run.report.is_object()) << run.output;
  std::size_t seen = 0;
  for (const auto& f : findings_of(run.report)) {
    if (f["rule"] != "plan_final.known_value_changed") continue;
    ASSERT_EQ(f["confirmations"].size(), 1u) << f.dump(2);
    const auto& c = f["confirmations"][0];
    EXPECT_EQ(c["verdict"], "confirmed") << c.dump(2);
    EXPECT_NE(c["quote"].get<std::string>().find("inconsistent final plan"), std::string::npos) << c.dump(2);
    ++seen;
  }
  EXPECT_GE(seen, 1u) << run.output;
}

TEST(BaselineRun, ARunPassesAgainstItsOwnBaselineAndANewFaultNamesOnlyItsFingerprint) {
  REQUIRE_PROVIDER("tfcfault");
  Scratch scratch;
  const auto baseline = (scratch.path() / "baseline.json").string();
  auto args = tfcfault_thing_run(scratch.path(), "apply_changes_known");
  args.insert(args.end(), {"--write-baseline", baseline});
  const auto first = run_tfconform(scratch.path(), args);
  EXPECT_EQ(first.exit_code, 1) << first.output;
  const json written = read_json(baseline);
  ASSERT_TRUE(written.is_object()) << first.output;
  ASSERT_GE(written["findings"].size(), 1u);

  auto again = tfcfault_thing_run(scratch.path(), "apply_changes_known");
  again.insert(again.end(), {"--baseline", baseline});
  const auto known = run_tfconform(scratch.path(), again);
  EXPECT_EQ(known.exit_code, 0) << known.output;
  for (const auto& f : findings_of(known.report)) EXPECT_EQ(f["baseline"], "known") << f.dump(2);

  auto other = tfcfault_thing_run(scratch.path(), "plan_replaces_config");
  other.insert(other.end(), {"--baseline", baseline});
  const auto fresh = run_tfconform(scratch.path(), other);
  EXPECT_EQ(fresh.exit_code, 1) << fresh.output;
  std::set<std::string> new_rules;
  for (const auto& f : findings_of(fresh.report)) {
    if (f["baseline"] == "new" && f["severity"] == "error") new_rules.insert(f["rule"].get<std::string>());
  }
  EXPECT_EQ(new_rules, std::set<std::string>{"plan.config_value_changed"}) << fresh.output;
  // The old fault is gone: its entries are possibly fixed.
  ASSERT_TRUE(fresh.report["baseline"].is_object());
  EXPECT_GE(fresh.report["baseline"]["possibly_fixed"].size(), 1u);
}

}  // namespace
}  // namespace tfc::conformance::testing
