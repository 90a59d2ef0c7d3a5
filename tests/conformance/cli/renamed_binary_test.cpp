// A provider binary is confirmed the same whatever its file name: the fixture provider with a
// planted fault, run as terraform-provider-tfcfault, as a copy named
// terraform-provider-x-build7 and as a link named provider.bin, gets the same verdict per
// finding from the same CLI. (A reproduction used to name its provider after the binary and
// point dev_overrides at the binary's folder: every step failed on Terraform's "Inconsistent
// dependency lock file", and each finding was called not reproduced.)
#include <gtest/gtest.h>

#include <sys/wait.h>

#include <cstdlib>
#include <map>

#include "tests/conformance/confirming_cli.hpp"
#include "tests/conformance/run_support.hpp"

namespace tfc::conformance::testing {
namespace {

namespace fs = std::filesystem;
using json = nlohmann::json;

// fingerprint → verdict, for every finding a CLI gave a verdict on.
std::map<std::string, std::string> verdicts_of(const json& report) {
  std::map<std::string, std::string> out;
  for (const auto& f : findings_of(report)) {
    if (!f["confirmations"].is_array() || f["confirmations"].empty()) continue;
    out[f["rule"].get<std::string>() + " " + f["fingerprint"].get<std::string>()] =
        f["confirmations"][0]["verdict"].get<std::string>();
  }
  return out;
}

CliRun run_as(const Scratch& scratch, const fs::path& binary, const std::string& cli) {
  const auto dir = scratch.path() / ("run-" + binary.filename().string());
  fs::create_directories(dir);
  auto args = tfcfault_thing_run(dir, "apply_changes_known", binary);
  args.insert(args.end(), {"--repro-dir", (dir / "repro").string(), "--confirm-with", cli});
  return run_tfconform(dir, args);
}

TEST(RenamedProviderBinary, GetsTheSameConfirmationsAsUnderItsConventionalName) {
  REQUIRE_PROVIDER("tfcfault");
  ASSERT_CONFIRMING_CLI(cli);
  Scratch scratch;
  const auto conventional = run_as(scratch, provider_binary("tfcfault"), cli);
  ASSERT_TRUE(conventional.report.is_object()) << conventional.output;
  const auto expected = verdicts_of(conventional.report);
  std::size_t confirmed = 0;
  for (const auto& [finding, verdict] : expected) confirmed += verdict == "confirmed" ? 1 : 0;
  ASSERT_GE(confirmed, 1u) << "the planted fault is confirmed under the conventional name\n" << conventional.output;

  fs::create_directories(scratch.path() / "bin");
  const auto copy = scratch.path() / "bin" / "terraform-provider-x-build7";
  fs::copy_file(provider_binary("tfcfault"), copy);
  const auto link = scratch.path() / "bin" / "provider.bin";
  fs::create_symlink(provider_binary("tfcfault"), link);
  for (const auto& renamed : {copy, link}) {
    const auto run = run_as(scratch, renamed, cli);
    ASSERT_TRUE(run.report.is_object()) << run.output;
    EXPECT_EQ(verdicts_of(run.report), expected) << renamed.filename() << "\n" << run.output;
  }

  // The written reproduction plays on its own too: run.sh exits 0 (the checked step failed,
  // with Core's error above it) for a finding the CLI confirmed.
  const auto renamed_run = scratch.path() / ("run-" + copy.filename().string());
  std::size_t played = 0;
  for (const auto& entry : fs::directory_iterator(renamed_run / "repro")) {
    if (!fs::exists(entry.path() / "run.sh") || entry.path().filename().string().find(".apply.") == std::string::npos)
      continue;
    const std::string cmd = "cd '" + entry.path().string() + "' && ./run.sh '" + cli + "' > run.out 2>&1";
    EXPECT_EQ(WEXITSTATUS(std::system(cmd.c_str())), 0) << entry.path();
    ++played;
    break;
  }
  EXPECT_EQ(played, 1u) << "a reproduction of the apply finding under " << renamed_run / "repro";
}

}  // namespace
}  // namespace tfc::conformance::testing
