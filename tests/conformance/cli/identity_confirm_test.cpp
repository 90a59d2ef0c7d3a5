// Identity findings need a Core that asks for identities (Terraform v1.12 on): the Terraform
// v1.13.3 that `make providers` builds confirms one with Core's own words, and Terraform v1.11
// (on PATH in CI) says it cannot express it instead of "not reproduced".

#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <string>
#include <vector>

#include "tests/conformance/run_support.hpp"

namespace tfc::conformance::testing {
namespace {

using nlohmann::json;

TEST(IdentityConfirmation, Terraform113ConfirmsAnIdentityFindingOlderTerraformCannotExpress) {
  REQUIRE_PROVIDER("tfcfault");
  const auto terraform_113 = cli_binary("terraform-1.13.3");
  if (!std::filesystem::exists(terraform_113)) GTEST_SKIP() << terraform_113 << " is not built (make providers)";
  const bool terraform_on_path = std::system("terraform version > /dev/null 2>&1") == 0;
  Scratch scratch;
  std::vector<std::string> args = {"--provider",
                                   provider_binary("tfcfault").string(),
                                   "--apply",
                                   "--env",
                                   "TFCFAULT_STATE_DIR=" + (scratch.path() / "objects").string(),
                                   "--env",
                                   "TFCFAULT_MODE=identity_unknown_after_apply",
                                   "--hints",
                                   hints("tfcfault"),
                                   "--seed",
                                   "7",
                                   "--timeout",
                                   "20",
                                   "--cases",
                                   "10",
                                   "--shrink-time",
                                   "10",
                                   "--resources",
                                   "tfcfault_item",
                                   "--confirm-with",
                                   terraform_113.string()};
  if (terraform_on_path) args.insert(args.end(), {"--confirm-with", "terraform"});
  const auto run = run_tfconform(scratch.path(), args);
  ASSERT_TRUE(run.report.is_object()) << run.output;
  std::size_t confirmed = 0;
  for (const auto& f : findings_of(run.report)) {
    if (f["rule"] != "identity.unknown" || !f["reproduction"].is_object()) continue;
    for (const auto& c : f["confirmations"]) {
      const std::string cli = c["cli"].get<std::string>();
      const std::string quote = c["quote"].get<std::string>();
      if (cli == "Terraform v1.13.3") {
        EXPECT_EQ(c["verdict"], "confirmed") << c.dump(2);
        EXPECT_NE(quote.find("Provider produced invalid identity"), std::string::npos) << quote;
        ++confirmed;
      } else if (cli.starts_with("Terraform v1.") && cli < "Terraform v1.12") {
        EXPECT_EQ(c["verdict"], "not expressible") << c.dump(2);
        EXPECT_EQ(quote,
                  "not expressible with " + cli + ": GetResourceIdentitySchemas is called from Terraform v1.12 on");
      }
    }
  }
  EXPECT_GE(confirmed, 1u) << run.output;
  EXPECT_TRUE(processes_matching(scratch.path().string()).empty());
}

}  // namespace
}  // namespace tfc::conformance::testing
