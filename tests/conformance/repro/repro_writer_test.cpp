// A reproduction's own plugins/ folder holds the provider under the name Terraform and OpenTofu
// look for, whatever the binary is called; run.sh writes its CLI configuration for wherever
// the folder is, and exits with the verdicts' meaning (a stand-in CLI, a shell script, plays
// the CLI here; the real ones play it in renamed_binary_test.cpp).
#include <gtest/gtest.h>

#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "conformance/repro/process_run.hpp"
#include "conformance/repro/repro_provider.hpp"
#include "conformance/repro/repro_writer.hpp"

namespace tfc::conformance {
namespace {

namespace fs = std::filesystem;

class TempDir {
public:
  TempDir() {
    std::string pattern = (fs::temp_directory_path() / "tfc-repro-writer-XXXXXX").string();
    if (::mkdtemp(pattern.data()) != nullptr) m_path = pattern;
  }
  ~TempDir() {
    std::error_code ec;
    fs::remove_all(m_path, ec);
  }
  const fs::path& path() const { return m_path; }

private:
  fs::path m_path;
};

void write_executable(const fs::path& path, const std::string& text) {
  std::ofstream(path) << text;
  fs::permissions(path, fs::perms::owner_all);
}

std::string read(const fs::path& path) {
  std::ifstream in(path);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

report::Finding one_step_finding(const fs::path& binary) {
  report::Finding f;
  f.rule_id = "apply.known_value_changed";
  f.resource_type = "time_offset";
  f.fingerprint = "0123456789abcdef";
  report::Reproduction r;
  r.provider_source = "registry.terraform.io/tfconform/time";
  r.provider_name = "time";
  r.provider_binary = binary.string();
  report::ReproStep step;
  step.folder = "step1";
  step.purpose = "create time_offset";
  step.args = {"apply", "-auto-approve"};
  step.configuration = "resource \"time_offset\" \"this\" {}\n";
  step.checked = true;
  r.steps.push_back(step);
  f.reproduction = r;
  return f;
}

TEST(ReproductionFolder, HoldsTheProviderUnderTheNameTheClisLookFor) {
  TempDir tmp;
  const auto binary = tmp.path() / "provider.bin";
  write_executable(binary, "#!/bin/sh\nexit 0\n");
  const auto f = one_step_finding(binary);
  const auto dir = tmp.path() / "repro";
  ASSERT_TRUE(write_reproduction(f, *f.reproduction, dir).has_value());
  const auto placed = dir / "plugins" / "terraform-provider-time";
  EXPECT_EQ(plugin_file_name(*f.reproduction), "terraform-provider-time");
  ASSERT_TRUE(fs::exists(placed));
  if (fs::is_symlink(placed)) {
    EXPECT_EQ(fs::read_symlink(placed), binary);
  }
  EXPECT_TRUE(fs::equivalent(placed, binary));
  // The CLI configuration points at that folder, never at the binary's own.
  const std::string rc = read(dir / "terraform.tfrc");
  EXPECT_NE(rc.find("\"registry.terraform.io/tfconform/time\" = \"" + (dir / "plugins").string() + "\""),
            std::string::npos)
      << rc;
  EXPECT_EQ(read(dir / "tofu.tfrc"), rc);
  // Written again (tfconform confirm after --repro-dir): the link is replaced, not an error.
  EXPECT_TRUE(write_reproduction(f, *f.reproduction, dir).has_value());
}

// A binary that takes arguments (--provider-arg): the CLIs start a plugin without any, so the
// plugin folder holds a script that starts the binary with them.
TEST(ReproductionFolder, StartsAProviderThatTakesArgumentsThroughAScript) {
  TempDir tmp;
  const auto binary = tmp.path() / "provider.bin";
  write_executable(binary, "#!/bin/sh\nprintf '%s\\n' \"$@\"\n");
  auto f = one_step_finding(binary);
  f.reproduction->provider_args = {"-test.run=^TestServe$", "two words"};
  const auto dir = tmp.path() / "repro";
  ASSERT_TRUE(write_reproduction(f, *f.reproduction, dir).has_value());
  const auto placed = dir / "plugins" / "terraform-provider-time";
  ASSERT_FALSE(fs::is_symlink(placed));
  const auto ran = run_process({{placed.string()}, tmp.path(), {}});
  EXPECT_EQ(ran.exit_code, 0) << ran.output;
  EXPECT_EQ(ran.output, "-test.run=^TestServe$\ntwo words\n");
  EXPECT_NE(read(dir / "README.md").find("`-test.run=^TestServe$` `two words`"), std::string::npos);
  // Written again: the script is replaced, not an error.
  EXPECT_TRUE(write_reproduction(f, *f.reproduction, dir).has_value());
}

// A stand-in CLI: records the CLI configuration it was given and whether the provider is where
// that configuration says, then answers like a CLI would (OUTPUT, exit STATUS).
std::string fake_cli(const fs::path& log, const std::string& output, int status) {
  return "#!/bin/sh\n"
         "case \"$1\" in destroy) exit 0 ;; esac\n"
         "cat \"$TF_CLI_CONFIG_FILE\" >> '" +
         log.string() +
         "'\n"
         "dir=$(sed -n 's/.* = \"\\(.*\\)\"$/\\1/p' \"$TF_CLI_CONFIG_FILE\")\n"
         "if [ -x \"$dir/terraform-provider-time\" ]; then echo 'provider found' >> '" +
         log.string() + "'; fi\nprintf '%s' '" + output + "'\nexit " + std::to_string(status) + "\n";
}

TEST(ReproductionFolder, RunShWorksWhereverTheFolderIsMoved) {
  TempDir tmp;
  const auto binary = tmp.path() / "provider.bin";
  write_executable(binary, "#!/bin/sh\nexit 0\n");
  const auto f = one_step_finding(binary);
  ASSERT_TRUE(write_reproduction(f, *f.reproduction, tmp.path() / "written").has_value());
  fs::rename(tmp.path() / "written", tmp.path() / "moved");
  const auto log = tmp.path() / "cli.log";
  write_executable(tmp.path() / "cli", fake_cli(log, "Apply complete!\n", 0));
  const auto ran =
      run_process({{(tmp.path() / "moved" / "run.sh").string(), (tmp.path() / "cli").string()}, tmp.path(), {}});
  EXPECT_EQ(ran.exit_code, 1) << "Core accepted the checked step: not reproduced\n" << ran.output;
  EXPECT_NE(ran.output.find("not reproduced"), std::string::npos) << ran.output;
  const std::string seen = read(log);
  EXPECT_NE(seen.find((tmp.path() / "moved" / "plugins").string()), std::string::npos) << seen;
  EXPECT_NE(seen.find("provider found"), std::string::npos) << seen;
}

TEST(ReproductionFolder, RunShSaysCouldNotRunWhenTheCliCannotSetTheStepUp) {
  TempDir tmp;
  const auto binary = tmp.path() / "provider.bin";
  write_executable(binary, "#!/bin/sh\nexit 0\n");
  const auto f = one_step_finding(binary);
  ASSERT_TRUE(write_reproduction(f, *f.reproduction, tmp.path() / "repro").has_value());
  write_executable(tmp.path() / "cli", fake_cli(tmp.path() / "cli.log",
                                                "Error: Inconsistent dependency lock file\n\nThe following dependency "
                                                "selections recorded in the lock file are inconsistent\n",
                                                1));
  const auto ran =
      run_process({{(tmp.path() / "repro" / "run.sh").string(), (tmp.path() / "cli").string()}, tmp.path(), {}});
  EXPECT_EQ(ran.exit_code, 2) << ran.output;
  EXPECT_NE(ran.output.find("could not run"), std::string::npos) << ran.output;
}

/// An upgrade: the previous release creates (step1), the new one plans (step2, checked).
report::Finding upgrade_finding(const fs::path& previous, const fs::path& current) {
  report::Finding f = one_step_finding(current);
  f.rule_id = "lifecycle.plan_not_empty_after_refresh";
  report::Reproduction& r = *f.reproduction;
  r.previous_binary = previous.string();
  r.environment = {"MODE=broken", "SHARED=both"};
  r.previous_environment = {"MODE=honest", "ONLY_OLD=x"};
  r.steps[0].configuration = "# step1\n" + r.steps[0].configuration;
  r.steps[0].checked = false;
  r.steps[0].previous_release = true;
  report::ReproStep plan;
  plan.folder = "step2";
  plan.purpose = "plan with the new release: no changes expected";
  plan.args = {"plan", "-detailed-exitcode", "-input=false", "-no-color"};
  plan.configuration = "# step2\nresource \"time_offset\" \"this\" {}\n";
  plan.checked = plan.expect_changes = true;
  r.steps.push_back(plan);
  return f;
}

TEST(ReproductionFolder, AnUpgradeHasAPluginFolderAndCliConfigurationsPerRelease) {
  TempDir tmp;
  write_executable(tmp.path() / "old.bin", "#!/bin/sh\n# old\n");
  write_executable(tmp.path() / "new.bin", "#!/bin/sh\n# new\n");
  const auto f = upgrade_finding(tmp.path() / "old.bin", tmp.path() / "new.bin");
  const auto dir = tmp.path() / "repro";
  ASSERT_TRUE(write_reproduction(f, *f.reproduction, dir).has_value());
  EXPECT_TRUE(fs::equivalent(dir / "plugins" / "terraform-provider-time", tmp.path() / "new.bin"));
  EXPECT_TRUE(fs::equivalent(dir / "plugins-previous" / "terraform-provider-time", tmp.path() / "old.bin"));
  const std::string rc = read(dir / "terraform.tfrc");
  const std::string previous_rc = read(dir / "terraform-previous.tfrc");
  EXPECT_NE(rc.find("= \"" + (dir / "plugins").string() + "\""), std::string::npos) << rc;
  EXPECT_NE(previous_rc.find("= \"" + (dir / "plugins-previous").string() + "\""), std::string::npos) << previous_rc;
  EXPECT_EQ(read(dir / "tofu.tfrc"), rc);
  EXPECT_EQ(read(dir / "tofu-previous.tfrc"), previous_rc);
  const std::string readme = read(dir / "README.md");
  EXPECT_NE(readme.find("| step | release | what Core does | command |"), std::string::npos) << readme;
  EXPECT_NE(readme.find("| step1 | previous | create time_offset | `terraform apply -auto-approve` |"),
            std::string::npos)
      << readme;
  EXPECT_NE(readme.find("| step2 | new | plan with the new release"), std::string::npos) << readme;
  EXPECT_NE(readme.find("the state written by the previous release is planned by the new one, as after a provider "
                        "upgrade"),
            std::string::npos)
      << readme;
  EXPECT_NE(
      readme.find("`" + (tmp.path() / "old.bin").string() + "`, found as `plugins-previous/terraform-provider-time`"),
      std::string::npos)
      << readme;
  // Written again as one release: the previous release's files are not written.
  TempDir single;
  ASSERT_TRUE(write_reproduction(one_step_finding(tmp.path() / "new.bin"),
                                 *one_step_finding(tmp.path() / "new.bin").reproduction, single.path())
                  .has_value());
  EXPECT_FALSE(fs::exists(single.path() / "plugins-previous"));
  EXPECT_FALSE(fs::exists(single.path() / "terraform-previous.tfrc"));
  EXPECT_EQ(read(single.path() / "run.sh").find("release"), std::string::npos);
  EXPECT_EQ(read(single.path() / "README.md").find("release"), std::string::npos);
}

// A stand-in CLI that logs, per call, the step (main.tf's first line), the command, the CLI
// configuration's file, the binary that configuration's folder holds and two variables.
std::string release_logging_cli(const fs::path& log, int plan_status) {
  return "#!/bin/sh\n"
         "dir=$(sed -n 's/.* = \"\\(.*\\)\"$/\\1/p' \"$TF_CLI_CONFIG_FILE\")\n"
         "echo \"$(sed -n '1s/^# //p' main.tf) $1 $(basename \"$TF_CLI_CONFIG_FILE\") "
         "$(sed -n '2s/^# //p' \"$dir/terraform-provider-time\") MODE=${MODE-} SHARED=${SHARED-} "
         "ONLY_OLD=${ONLY_OLD-unset}\" >> '" +
         log.string() +
         "'\n"
         "case \"$1\" in plan) exit " +
         std::to_string(plan_status) + " ;; esac\nexit 0\n";
}

TEST(ReproductionFolder, RunShPlaysEachStepWithItsRelease) {
  TempDir tmp;
  write_executable(tmp.path() / "old.bin", "#!/bin/sh\n# old\n");
  write_executable(tmp.path() / "new.bin", "#!/bin/sh\n# new\n");
  const auto f = upgrade_finding(tmp.path() / "old.bin", tmp.path() / "new.bin");
  ASSERT_TRUE(write_reproduction(f, *f.reproduction, tmp.path() / "written").has_value());
  fs::rename(tmp.path() / "written", tmp.path() / "moved");
  const auto log = tmp.path() / "cli.log";
  write_executable(tmp.path() / "cli", release_logging_cli(log, 2));
  const auto ran =
      run_process({{(tmp.path() / "moved" / "run.sh").string(), (tmp.path() / "cli").string()}, tmp.path(), {}});
  EXPECT_EQ(ran.exit_code, 0) << "the new release's plan is not empty: confirmed\n" << ran.output;
  EXPECT_NE(ran.output.find("confirmed: the plan is not empty"), std::string::npos) << ran.output;
  // The cleanup runs with the release of the last step played.
  EXPECT_EQ(read(log),
            "step1 apply cli-previous.tfrc old MODE=honest SHARED=both ONLY_OLD=x\n"
            "step2 plan cli.tfrc new MODE=broken SHARED=both ONLY_OLD=unset\n"
            "step2 destroy cli.tfrc new MODE=broken SHARED=both ONLY_OLD=unset\n");
}

TEST(ReproductionProvider, IsNamedAfterTheTypesNotTheBinary) {
  EXPECT_EQ(implied_local_name("framework_thing"), "framework");
  EXPECT_EQ(implied_local_name("tfcfault_item_v2"), "tfcfault");
  EXPECT_EQ(implied_local_name("single"), "single");
  ReproContext ctx;
  ctx.provider_name = "corner-framework6";  // from terraform-provider-corner-framework6
  ctx.provider_binary = "/opt/terraform-provider-corner-framework6";
  const auto named = repro_context_for(ctx, "framework_thing");
  EXPECT_EQ(named.provider_name, "framework");
  EXPECT_EQ(named.provider_source, "registry.terraform.io/tfconform/framework");
  EXPECT_EQ(named.provider_binary, ctx.provider_binary);
  // A full --address the user gave stays the source; the local name still follows the type.
  ctx.provider_source = "registry.terraform.io/acme/corner";
  const auto given = repro_context_for(ctx, "framework_thing");
  EXPECT_EQ(given.provider_source, "registry.terraform.io/acme/corner");
  EXPECT_EQ(given.provider_name, "framework");
}

}  // namespace
}  // namespace tfc::conformance
