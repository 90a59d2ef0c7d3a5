#include "conformance/suite/replay_command.hpp"

#include <gtest/gtest.h>

#include <filesystem>

namespace tfc::conformance {
namespace {

using Words = std::vector<std::string>;

std::string cwd_path(const std::string& relative) {
  return (std::filesystem::current_path() / relative).lexically_normal().string();
}

TEST(ReplayCommand, DefaultsAddNothingButTheProvider) {
  ReplayOptions o;
  o.tfconform = "/opt/tfconform";
  o.provider = "/bin/terraform-provider-x";
  EXPECT_EQ(replay_words(o), (Words{"/opt/tfconform", "run", "--provider", "/bin/terraform-provider-x"}));
  o.tfconform.clear();
  EXPECT_EQ(replay_words(o)->front(), "tfconform");
}

TEST(ReplayCommand, CarriesEveryOptionThatChangesTheCaseWithPathsMadeAbsolute) {
  ReplayOptions o;
  o.tfconform = "/opt/tfconform";
  o.provider = "providers/terraform-provider-x";
  o.env = {"A=1", "B=two words"};
  o.plaintext = true;
  o.provider_config = "config.json";
  o.apply = true;
  o.hints = "../hints.json";
  o.values = "all";
  o.address = "registry.terraform.io/acme/x";
  o.timeout_seconds = 2.5;
  o.provider_memory = "512MiB";
  o.strict = true;
  o.profile = "opentofu";
  o.core = "opentofu@1.11";
  const Words want = {"/opt/tfconform",
                      "run",
                      "--provider",
                      cwd_path("providers/terraform-provider-x"),
                      "--apply",
                      "--env",
                      "A=1",
                      "--env",
                      "B=two words",
                      "--plaintext",
                      "--provider-config",
                      cwd_path("config.json"),
                      "--hints",
                      cwd_path("../hints.json"),
                      "--values",
                      "all",
                      "--address",
                      "registry.terraform.io/acme/x",
                      "--timeout",
                      "2.5",
                      "--provider-memory",
                      "512MiB",
                      "--strict",
                      "--core",
                      "opentofu@1.11",
                      "--profile",
                      "opentofu"};
  EXPECT_EQ(replay_words(o), want);
}

// A test binary re-run as the provider (--provider-arg): the replay starts the same process,
// its arguments in order, each in the = form (one that starts with - would read as an option).
TEST(ReplayCommand, CarriesTheProvidersArgumentsInOrder) {
  ReplayOptions o;
  o.tfconform = "/opt/tfconform";
  o.provider = "/p/x.test";
  o.provider_args = {"-test.run=^TestProviderServe$", "two words"};
  o.apply = true;
  EXPECT_EQ(replay_words(o),
            (Words{"/opt/tfconform", "run", "--provider", "/p/x.test", "--provider-arg=-test.run=^TestProviderServe$",
                   "--provider-arg=two words", "--apply"}));
}

report::RunReport run_with_findings() {
  report::RunReport run;
  report::Suite suite;
  report::Scenario scenario;
  scenario.findings.resize(2);
  scenario.findings[0].replay_token = "v3.AAA";
  suite.scenarios.push_back(scenario);
  run.suites.push_back(suite);
  return run;
}

TEST(ReplayCommand, EveryFindingWithATokenGetsItsWholeCommand) {
  ReplayOptions o;
  o.tfconform = "/opt/tfconform";
  o.provider = "/p/terraform-provider-x";
  o.apply = true;
  o.env = {"STATE=/tmp/a b"};
  auto run = run_with_findings();
  attach_replay_commands(run, o);
  const auto& findings = run.suites[0].scenarios[0].findings;
  EXPECT_EQ(findings[0].replay_command_line,
            "/opt/tfconform run --provider /p/terraform-provider-x --apply --env 'STATE=/tmp/a b' --replay v3.AAA");
  EXPECT_EQ(findings[0].replay_not_runnable, "");
  EXPECT_EQ(findings[1].replay_command_line, "") << "no token, no command";
}

TEST(ReplayCommand, AnAttachedRunSaysWhyThereIsNoCommandAndWhatToRun) {
  ReplayOptions o;
  o.tfconform = "/opt/tfconform";
  o.hints = "/h.json";
  EXPECT_EQ(replay_words(o), std::nullopt);
  auto run = run_with_findings();
  attach_replay_commands(run, o);
  const auto& f = run.suites[0].scenarios[0].findings[0];
  EXPECT_EQ(f.replay_command_line, "");
  EXPECT_NE(f.replay_not_runnable.find("--reattach"), std::string::npos) << f.replay_not_runnable;
  EXPECT_NE(f.replay_not_runnable.find("/opt/tfconform run --reattach JSON --hints /h.json --replay v3.AAA"),
            std::string::npos)
      << f.replay_not_runnable;
}

}  // namespace
}  // namespace tfc::conformance
