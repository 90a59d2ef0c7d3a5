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
