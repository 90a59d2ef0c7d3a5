// confirm_finding, identify_cli and confirm_run (conformance/repro/confirm.hpp) with a stand-in
// CLI: a shell script the test writes, which prints what the test tells it (Terraform's words)
// and exits with the code it is told, per reproduction step and command. So "confirmed", "not
// reproduced" and "could not run" are decided here without Terraform or a provider.
#include "conformance/repro/confirm.hpp"

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "tests/conformance/run_support.hpp"

namespace tfc::conformance {
namespace {

namespace fs = std::filesystem;
using report::ConfirmVerdict;
using testing::read_text;

// Answers from answers/<step>.<command>.out and .code (no file: no output, exit 0); `version`
// from version.txt and version.code. Each call but `version` is logged as "<step> <args>", the
// step being the first line of the main.tf it runs on ("# step1"), and in releases.log as
// "<step> <command> <CLI configuration file> MODE=<$MODE>" (which release played it).
constexpr const char* kFakeCli = R"sh(#!/bin/sh
here=$(dirname "$0")
if [ "$1" = version ]; then
  cat "$here/version.txt"
  exit "$(cat "$here/version.code" 2>/dev/null || echo 0)"
fi
step=$(sed -n '1s/^# //p' main.tf 2>/dev/null)
echo "$step $*" >> "$here/calls.log"
echo "$step $1 $(basename "$TF_CLI_CONFIG_FILE") MODE=${MODE-}" >> "$here/releases.log"
key="$here/answers/$step.$1"
[ -f "$key.out" ] && cat "$key.out"
[ -f "$key.code" ] && exit "$(cat "$key.code")"
exit 0
)sh";

// Core's error about an apply result, boxed as Terraform prints it.
constexpr const char* kApplyInconsistent =
    "\u2577\n\u2502 Error: Provider produced inconsistent result after apply\n\u2502 \n"
    "\u2502 When applying changes to mem_thing.this, provider \"registry.terraform.io/tfconform/mem\" produced an\n"
    "\u2502 unexpected new value: .size: was cty.NumberIntVal(3), but now cty.NumberIntVal(4).\n\u2502 \n"
    "\u2502 This is a bug in the provider, which should be reported in the provider's own issue tracker.\n\u2575\n";

void write_text(const fs::path& file, const std::string& text) {
  fs::create_directories(file.parent_path());
  std::ofstream(file) << text;
}

report::ReproStep step(const std::string& folder, const std::string& purpose, std::vector<std::string> args,
                       bool checked = false) {
  report::ReproStep s;
  s.folder = folder;
  s.purpose = purpose;
  s.args = std::move(args);
  s.configuration = "# " + folder + "\nresource \"mem_thing\" \"this\" {}\n";
  s.checked = checked;
  return s;
}

const std::vector<std::string> kApply{"apply", "-auto-approve", "-input=false", "-no-color"};

/// A contract finding of `rule` on mem_thing: create (step1), then the checked update (step2).
report::Finding finding(const std::string& rule, std::vector<report::ReproStep> steps = {}) {
  report::Finding f;
  f.rule_id = rule;
  f.resource_type = "mem_thing";
  f.fingerprint = "0123456789abcdef";
  f.finding_class = report::FindingClass::contract;
  report::Reproduction r;
  r.provider_source = "registry.terraform.io/tfconform/mem";
  r.provider_name = "mem";
  r.steps = steps.empty() ? std::vector{step("step1", "create", kApply), step("step2", "update", kApply, true)}
                          : std::move(steps);
  f.reproduction = r;
  return f;
}

class ConfirmTest : public ::testing::Test {
protected:
  void SetUp() override {
    ASSERT_FALSE(m_scratch.path().empty()) << "no scratch directory";
    m_dir = m_scratch.path();
    write_text(m_dir / "cli" / "terraform", kFakeCli);
    fs::permissions(m_dir / "cli" / "terraform", fs::perms::owner_all);
    write_text(m_dir / "cli" / "version.txt", "Terraform v1.11.4\non linux_amd64\n");
  }

  /// What `<step> <command>` prints and exits with.
  void answer(const std::string& step_command, const std::string& output, int code) {
    write_text(m_dir / "cli" / "answers" / (step_command + ".out"), output);
    write_text(m_dir / "cli" / "answers" / (step_command + ".code"), std::to_string(code));
  }
  CliUnderTest cli() const { return {(m_dir / "cli" / "terraform").string(), "Terraform v1.11.4"}; }
  report::Confirmation confirm(const report::Finding& f) { return confirm_finding(f, cli(), m_dir / "scratch"); }
  /// Every call the CLI got, one per line.
  std::string calls() const { return read_text(m_dir / "cli" / "calls.log"); }

  testing::Scratch m_scratch;  // removed with the fixture
  fs::path m_dir;
};

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

TEST_F(ConfirmTest, CoreRejectingTheProviderAtTheCheckedStepConfirms) {
  answer("step2.apply", kApplyInconsistent, 1);
  const auto c = confirm(finding("apply.known_value_changed"));
  EXPECT_EQ(c.verdict, ConfirmVerdict::confirmed) << c.quote;
  EXPECT_EQ(c.cli, "Terraform v1.11.4");
  EXPECT_EQ(c.quote.rfind("Error: Provider produced inconsistent result after apply", 0), 0u) << c.quote;
  // Both steps in order on one state, then the clean-up.
  EXPECT_EQ(calls(),
            "step1 apply -auto-approve -input=false -no-color\n"
            "step2 apply -auto-approve -input=false -no-color\n"
            "step2 destroy -auto-approve -input=false -no-color\n");
  EXPECT_TRUE(fs::exists(m_dir / "scratch" / "step2" / "main.tf")) << "the reproduction stays for inspection";
}

TEST_F(ConfirmTest, CoreAcceptingTheCheckedStepIsNotReproduced) {
  answer("step2.apply", "Apply complete! Resources: 0 added, 1 changed, 0 destroyed.\n", 0);
  const auto c = confirm(finding("apply.known_value_changed"));
  EXPECT_EQ(c.verdict, ConfirmVerdict::not_reproduced) << c.quote;
  EXPECT_EQ(c.quote.rfind("step2 (update): Core accepted the step", 0), 0u) << c.quote;
  EXPECT_TRUE(contains(c.quote, "Apply complete!")) << c.quote;
}

TEST_F(ConfirmTest, AnotherErrorAtTheCheckedStepCouldNotRun) {
  answer("step2.apply",
         "\u2577\n\u2502 Error: Reference to undeclared resource\n\u2502 \n\u2502   on main.tf line 3\n\u2575\n", 1);
  const auto c = confirm(finding("apply.known_value_changed"));
  EXPECT_EQ(c.verdict, ConfirmVerdict::could_not_run) << c.quote;
  EXPECT_TRUE(contains(c.quote, "not with Core rejecting the provider for this finding")) << c.quote;
  EXPECT_TRUE(contains(c.quote, "Reference to undeclared resource")) << c.quote;
}

TEST_F(ConfirmTest, CoreRejectingAnotherPromiseAtTheCheckedStepCouldNotRun) {
  answer("step2.apply", kApplyInconsistent, 1);
  const auto c = confirm(finding("plan.config_value_changed"));
  EXPECT_EQ(c.verdict, ConfirmVerdict::could_not_run) << c.quote;
  EXPECT_TRUE(contains(c.quote, "another promise")) << c.quote;
}

TEST_F(ConfirmTest, TheCliFailingToSetUpAnEarlierStepCouldNotRunAndStopsThere) {
  answer("step1.apply",
         "\u2577\n\u2502 Error: Failed to load plugin schemas\n\u2502 \n\u2502 Could not load the schema for "
         "provider registry.terraform.io/tfconform/mem.\n\u2575\n",
         1);
  const auto c = confirm(finding("apply.known_value_changed"));
  EXPECT_EQ(c.verdict, ConfirmVerdict::could_not_run) << c.quote;
  EXPECT_EQ(c.quote.rfind("step1 (create) failed before the checked step: the CLI could not play it", 0), 0u)
      << c.quote;
  EXPECT_FALSE(contains(calls(), "step2 apply")) << calls();
  EXPECT_TRUE(contains(calls(), "destroy")) << "cleaned up all the same";
}

TEST_F(ConfirmTest, AnEarlierStepFailingWithTheRulesOwnCoreErrorConfirms) {
  answer("step1.apply", kApplyInconsistent, 1);
  const auto c = confirm(finding("apply.known_value_changed"));
  EXPECT_EQ(c.verdict, ConfirmVerdict::confirmed) << c.quote;
  EXPECT_EQ(c.quote.rfind("step1 (create), before the checked step: Error: Provider produced inconsistent", 0), 0u)
      << c.quote;
  // The same error is no confirmation of a plan rule: the provider failed before its step.
  const auto other = confirm(finding("plan.config_value_changed"));
  EXPECT_EQ(other.verdict, ConfirmVerdict::could_not_run) << other.quote;
  EXPECT_TRUE(contains(other.quote, "failed before the checked step")) << other.quote;
}

TEST_F(ConfirmTest, ANoChangesCheckConfirmsOnAPlanWithChangesOnly) {
  const std::vector<std::string> plan{"plan", "-refresh=false", "-detailed-exitcode", "-input=false", "-no-color"};
  auto checked = step("step2", "plan after apply", plan, true);
  checked.expect_changes = true;
  const auto f = finding("lifecycle.plan_not_empty_after_apply", {step("step1", "create", kApply), checked});
  answer("step2.plan", "  # mem_thing.this will be updated in-place\nPlan: 0 to add, 1 to change, 0 to destroy.\n", 2);
  const auto changes = confirm(f);
  EXPECT_EQ(changes.verdict, ConfirmVerdict::confirmed) << changes.quote;
  EXPECT_TRUE(contains(changes.quote, "the plan is not empty")) << changes.quote;
  EXPECT_TRUE(contains(changes.quote, "Plan: 0 to add, 1 to change")) << changes.quote;
  answer("step2.plan", "No changes. Your infrastructure matches the configuration.\n", 0);
  const auto none = confirm(f);
  EXPECT_EQ(none.verdict, ConfirmVerdict::not_reproduced) << none.quote;
  EXPECT_TRUE(contains(none.quote, "No changes")) << none.quote;
}

TEST_F(ConfirmTest, AnImportStepIsFedTheIdTheStateHolds) {
  auto imported = step("step2", "import", kApply, true);
  imported.needs_import_id = true;
  const auto f = finding("import.null_object", {step("step1", "create", kApply), imported});
  answer("step2.output", "m-7", 0);
  const auto c = confirm(f);
  EXPECT_EQ(c.verdict, ConfirmVerdict::not_reproduced) << c.quote;
  EXPECT_TRUE(contains(calls(), "step2 output -raw tfconform_import_id\n")) << calls();
  EXPECT_TRUE(contains(calls(), "step2 state rm mem_thing.this\n")) << calls();
  EXPECT_TRUE(contains(calls(), "step2 apply -auto-approve -input=false -no-color -var import_id=m-7\n")) << calls();
  answer("step2.output", "Error: Output \"tfconform_import_id\" not found\n", 1);
  const auto missing = confirm(f);
  EXPECT_EQ(missing.verdict, ConfirmVerdict::could_not_run) << missing.quote;
  EXPECT_TRUE(contains(missing.quote, "step2: the object's id is not in the state")) << missing.quote;
}

// An upgrade: the previous release creates with its own CLI configuration and environment, the
// new one plans; the clean-up runs with the release of the last step played.
TEST_F(ConfirmTest, AnUpgradesStepsRunWithTheirReleasesCliConfigurationAndEnvironment) {
  const std::vector<std::string> plan{"plan", "-detailed-exitcode", "-input=false", "-no-color"};
  auto created = step("step1", "create", kApply);
  created.previous_release = true;
  auto checked = step("step2", "plan with the new release", plan, true);
  checked.expect_changes = true;
  auto f = finding("lifecycle.plan_not_empty_after_refresh", {created, checked});
  write_text(m_dir / "old.bin", "#!/bin/sh\n");
  f.reproduction->previous_binary = (m_dir / "old.bin").string();
  f.reproduction->environment = {"MODE=broken"};
  f.reproduction->previous_environment = {"MODE=honest"};
  answer("step2.plan",
         "  # mem_thing.this must be replaced\n-/+ resource \"mem_thing\" \"this\" {\n"
         "      + max_depth = -1 # forces replacement\n        name      = \"x\"\n    }\n\n"
         "Plan: 1 to add, 0 to change, 1 to destroy.\n",
         2);
  const auto c = confirm(f);
  EXPECT_EQ(c.verdict, ConfirmVerdict::confirmed) << c.quote;
  EXPECT_TRUE(contains(c.quote, "must be replaced")) << c.quote;
  EXPECT_TRUE(contains(c.quote, "+ max_depth = -1 # forces replacement")) << "the attribute that replaces it\n"
                                                                          << c.quote;
  EXPECT_FALSE(contains(c.quote, "name      = ")) << c.quote;
  EXPECT_EQ(read_text(m_dir / "cli" / "releases.log"),
            "step1 apply terraform-previous.tfrc MODE=honest\n"
            "step2 plan terraform.tfrc MODE=broken\n"
            "step2 destroy terraform.tfrc MODE=broken\n");
  EXPECT_TRUE(contains(read_text(m_dir / "scratch" / "terraform-previous.tfrc"),
                       (m_dir / "scratch" / "plugins-previous").string()));
  // OpenTofu reads its own files; a reproduction of one release plays every step with them.
  fs::remove(m_dir / "cli" / "releases.log");
  confirm_finding(f, CliUnderTest{cli().path, "OpenTofu v1.12.6"}, m_dir / "tofu");
  f.reproduction->previous_binary.clear();
  confirm_finding(f, CliUnderTest{cli().path, "OpenTofu v1.12.6"}, m_dir / "single");
  EXPECT_EQ(read_text(m_dir / "cli" / "releases.log"),
            "step1 apply tofu-previous.tfrc MODE=honest\n"
            "step2 plan tofu.tfrc MODE=broken\n"
            "step2 destroy tofu.tfrc MODE=broken\n"
            "step1 apply tofu.tfrc MODE=broken\n"
            "step2 plan tofu.tfrc MODE=broken\n"
            "step2 destroy tofu.tfrc MODE=broken\n");
}

TEST_F(ConfirmTest, ACliThatDoesNotStartCouldNotRun) {
  const auto c =
      confirm_finding(finding("apply.known_value_changed"),
                      CliUnderTest{(m_dir / "nowhere" / "terraform").string(), "Terraform v1.11.4"}, m_dir / "scratch");
  EXPECT_EQ(c.verdict, ConfirmVerdict::could_not_run) << c.quote;
}

TEST_F(ConfirmTest, IdentifyingTheCliReadsItsVersionLine) {
  const std::string path = cli().path;
  write_text(m_dir / "cli" / "version.txt", "Warning: the CLI configuration has a problem\nOpenTofu v1.12.6\n");
  auto found = identify_cli(path);
  ASSERT_TRUE(found.has_value()) << found.error().message;
  EXPECT_EQ(found->name, "OpenTofu v1.12.6");
  EXPECT_EQ(found->path, path);
  write_text(m_dir / "cli" / "version.txt", "Hello from another tool\n");
  auto other = identify_cli(path);
  ASSERT_FALSE(other.has_value());
  EXPECT_TRUE(contains(other.error().message, "not Terraform or OpenTofu")) << other.error().message;
  write_text(m_dir / "cli" / "version.txt", "Terraform v1.11.4\n");
  write_text(m_dir / "cli" / "version.code", "3");
  EXPECT_FALSE(identify_cli(path).has_value()) << "a version that fails is no CLI";
}

TEST_F(ConfirmTest, ARunConfirmsContractFindingsOnlyAndReplacesTheCliEarlierVerdict) {
  answer("step2.apply", kApplyInconsistent, 1);
  report::RunReport run;
  report::Suite suite;
  suite.name = "mem_thing";
  report::Scenario scenario;
  scenario.name = "update";
  scenario.findings.push_back(finding("apply.known_value_changed"));
  scenario.findings.push_back(finding("apply.known_value_changed"));
  scenario.findings.back().finding_class = report::FindingClass::hygiene;
  scenario.findings.back().fingerprint = "fedcba9876543210";
  scenario.findings.front().confirmations.push_back({"Terraform v1.11.4", ConfirmVerdict::not_reproduced, "old"});
  scenario.findings.front().confirmations.push_back({"OpenTofu v1.12.6", ConfirmVerdict::not_reproduced, "kept"});
  suite.scenarios.push_back(scenario);
  run.suites.push_back(suite);
  std::ostringstream log;
  EXPECT_EQ(confirm_run(run, {cli()}, m_dir / "repros", &log), 1u);
  const auto& confirmed = run.suites[0].scenarios[0].findings[0].confirmations;
  ASSERT_EQ(confirmed.size(), 2u);
  EXPECT_EQ(confirmed[0].cli, "OpenTofu v1.12.6");
  EXPECT_EQ(confirmed[1].cli, "Terraform v1.11.4");
  EXPECT_EQ(confirmed[1].verdict, ConfirmVerdict::confirmed) << confirmed[1].quote;
  EXPECT_TRUE(run.suites[0].scenarios[0].findings[1].confirmations.empty()) << "hygiene findings are not confirmed";
  EXPECT_EQ(log.str(),
            "confirm: apply.known_value_changed on mem_thing [0123456789abcdef] with Terraform v1.11.4: confirmed\n");
  EXPECT_TRUE(fs::exists(m_dir / "repros" / "mem_thing.apply.known_value_changed.01234567" / "with-terraform"));
}

}  // namespace
}  // namespace tfc::conformance
