// A reproduction of an upgrade played by a real Core: the previous release of tfcfault (honest)
// creates a tfcfault_thing whose items are not sorted, then the new release plans the same
// configuration on that state with `plan -detailed-exitcode`. As the new release the mode
// read_reorders_list returns the items sorted on refresh, so the plan is not empty (confirmed);
// honest as the new release too, the plan is empty (not reproduced). Each release is a wrapper
// script that logs its name and execs the built tfcfault, so the test sees which binary Core
// started for which step; the releases' modes come from the environment of each.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "conformance/repro/confirm.hpp"
#include "conformance/repro/process_run.hpp"
#include "tests/conformance/run_support.hpp"

namespace tfc::conformance {
namespace {

namespace fs = std::filesystem;
using report::ConfirmVerdict;
using testing::read_text;

fs::path tfcfault() { return fs::path(TFC_BUILD_DIR) / "providers" / "terraform-provider-tfcfault"; }

/// A release: a script that appends `name` to `log` and runs the built tfcfault in its place.
fs::path release(const fs::path& dir, const std::string& name, const fs::path& log) {
  fs::create_directories(dir);
  const auto script = dir / ("tfcfault-" + name);
  std::ofstream(script) << "#!/bin/sh\necho " << name << " >> '" << log.string() << "'\nexec '" << tfcfault().string()
                        << "' \"$@\"\n";
  fs::permissions(script, fs::perms::owner_all);
  return script;
}

const std::string kConfig =
    "terraform {\n  required_providers {\n    tfcfault = {\n      source = "
    "\"registry.terraform.io/tfconform/tfcfault\"\n"
    "    }\n  }\n}\n\nresource \"tfcfault_thing\" \"this\" {\n  name  = \"upgraded\"\n  items = [\"b\", \"a\"]\n}\n";

/// The finding of an upgrade whose new release runs in `new_mode`: step1 applies with the
/// previous release (honest), step2 plans with the new one and must be empty.
report::Finding upgrade_finding(const fs::path& scratch, const std::string& new_mode) {
  const auto log = scratch / "releases.log";
  report::Reproduction r;
  r.provider_source = "registry.terraform.io/tfconform/tfcfault";
  r.provider_name = "tfcfault";
  r.provider_binary = release(scratch / "new", "new", log).string();
  r.previous_binary = release(scratch / "previous", "previous", log).string();
  r.environment = {"TFCFAULT_STATE_DIR=" + (scratch / "objects").string(), "TFCFAULT_MODE=" + new_mode};
  r.previous_environment = {"TFCFAULT_MODE=honest"};
  report::ReproStep create;
  create.folder = "step1";
  create.purpose = "create tfcfault_thing with the previous release";
  create.args = {"apply", "-auto-approve", "-input=false", "-no-color"};
  create.configuration = kConfig;
  create.previous_release = true;
  report::ReproStep plan;
  plan.folder = "step2";
  plan.purpose = "plan the unchanged configuration with the new release: no changes expected";
  plan.args = {"plan", "-detailed-exitcode", "-input=false", "-no-color"};
  plan.configuration = kConfig;
  plan.checked = plan.expect_changes = true;
  r.steps = {create, plan};
  report::Finding f;
  f.rule_id = "lifecycle.plan_not_empty_after_refresh";
  f.resource_type = "tfcfault_thing";
  f.fingerprint = "0123456789abcdef";
  f.finding_class = report::FindingClass::contract;
  f.reproduction = r;
  return f;
}

/// The releases Core started, in order, each once however many times it started it in a row.
std::string releases_started(const fs::path& log) {
  std::istringstream lines(read_text(log));
  std::string line;
  std::string out;
  std::string last;
  while (std::getline(lines, line)) {
    if (line != last) out += line + "\n";
    last = line;
  }
  return out;
}

TEST(UpgradeConfirmation, CoreConfirmsAPlanThatIsNotEmptyAfterTheUpgradeAndNotAfterAClean) {
  if (!fs::exists(tfcfault())) GTEST_SKIP() << tfcfault() << " is not built (make providers)";
  const auto clis = testing::confirming_clis();
  ASSERT_FALSE(clis.empty()) << testing::no_confirming_cli_message();
  std::string played_with;
  for (const auto& path : clis) played_with += (played_with.empty() ? "" : " ") + path;
  ::testing::Test::RecordProperty("confirming_cli", played_with);
  for (const auto& path : clis) {
    const auto cli = identify_cli(path);
    ASSERT_TRUE(cli.has_value()) << cli.error().message;
    testing::Scratch scratch;
    const auto broken = upgrade_finding(scratch.path() / "broken", "read_reorders_list");
    const auto c = confirm_finding(broken, *cli, scratch.path() / "broken" / "repro", scratch.path() / "tmp");
    EXPECT_EQ(c.verdict, ConfirmVerdict::confirmed) << cli->name << ": " << c.quote;
    EXPECT_NE(c.quote.find("the plan is not empty"), std::string::npos) << c.quote;
    EXPECT_NE(c.quote.find("items"), std::string::npos) << c.quote;
    // The previous release created the object, the new one planned and destroyed it.
    EXPECT_EQ(releases_started(scratch.path() / "broken" / "releases.log"), "previous\nnew\n") << cli->name;

    const auto clean = upgrade_finding(scratch.path() / "clean", "honest");
    const auto none = confirm_finding(clean, *cli, scratch.path() / "clean" / "repro", scratch.path() / "tmp");
    EXPECT_EQ(none.verdict, ConfirmVerdict::not_reproduced) << cli->name << ": " << none.quote;
    EXPECT_EQ(releases_started(scratch.path() / "clean" / "releases.log"), "previous\nnew\n") << cli->name;

    // The folder's run.sh plays the same with the same CLI: exit 0 is confirmed.
    fs::remove(scratch.path() / "broken" / "releases.log");
    const auto ran = run_process({{(scratch.path() / "broken" / "repro" / "run.sh").string(), path},
                                  scratch.path(),
                                  {"TMPDIR=" + (scratch.path() / "tmp").string()},
                                  std::chrono::seconds(600)});
    EXPECT_EQ(ran.exit_code, 0) << ran.output;
    EXPECT_NE(ran.output.find("confirmed: the plan is not empty"), std::string::npos) << ran.output;
    EXPECT_EQ(releases_started(scratch.path() / "broken" / "releases.log"), "previous\nnew\n") << ran.output;
    for (const auto& e : fs::recursive_directory_iterator(scratch.path() / "broken" / "objects"))
      EXPECT_TRUE(e.is_directory()) << e.path() << " is left: run.sh destroys what it created";
  }
}

}  // namespace
}  // namespace tfc::conformance
