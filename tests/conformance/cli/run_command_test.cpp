// `tfconform run` end to end, as a user runs it: the real binary against real provider plugins
// (launched with the go-plugin handshake and AutoMTLS), reading back the JSON report. Honest
// providers give no error finding; every planted fault of tfcfault is found under its rule and
// no other; failures shrink and replay; nothing is left running. Hostile providers:
// hostile_provider_test.cpp.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <map>
#include <sstream>

#include <sys/wait.h>

#include "tests/conformance/run_support.hpp"

namespace tfc::conformance::testing {
namespace {

using nlohmann::json;

std::string join(const std::set<std::string>& s) {
  std::string out;
  for (const auto& x : s) out += (out.empty() ? "" : ", ") + x;
  return out;
}

// --- Honest providers -------------------------------------------------------------------------

struct HonestCase {
  const char* provider;
  const char* state_env;  // where the provider keeps its objects, or nullptr
  const char* hints;      // hints file name, or nullptr
  // Error rules that are genuine contract breaks of that provider version, shown with their
  // requests in docs/honest-runs.md: time v0.14.2 keeps computed values known in a plan whose
  // inputs are unknown (time_offset, time_rotating), so the final plan changes them; and its
  // imports write triggers as {} (or drop offsets to 0) where the configuration has null, so the
  // plan right after an import replaces the object (Terraform: "this will destroy the imported
  // resource").
  std::set<std::string> known_genuine;
};

class HonestProviderRun : public ::testing::TestWithParam<HonestCase> {};

TEST_P(HonestProviderRun, NoErrorFindingAndNothingLeftBehind) {
  const auto& c = GetParam();
  REQUIRE_PROVIDER(c.provider);
  Scratch scratch;
  const auto objects = scratch.path() / "objects";
  std::vector<std::string> args = {
      "--provider", provider_binary(c.provider).string(), "--apply", "--cases", "15", "--seed", "20261123", "--timeout",
      "30"};
  if (c.state_env) args.insert(args.end(), {"--env", std::string(c.state_env) + "=" + objects.string()});
  if (c.hints) args.insert(args.end(), {"--hints", hints(c.hints)});
  const auto run = run_tfconform(scratch.path(), args);
  ASSERT_TRUE(run.report.is_object()) << run.output;
  const auto errors = rules_of(run.report, "error");
  for (const auto& rule : errors)
    EXPECT_TRUE(c.known_genuine.contains(rule)) << "unexpected " << rule << "\n" << run.output;
  EXPECT_EQ(run.exit_code, errors.empty() ? 0 : 1) << run.output;
  // Every suite played real cases and no scenario hit a harness error.
  for (const auto& suite : run.report["suites"]) {
    if (suite["kind"] == "provider") continue;
    EXPECT_GT(suite["coverage"]["cases_generated"].get<int>(), 0) << suite["name"];
    for (const auto& sc : suite["scenarios"]) EXPECT_NE(sc["status"], "error") << suite["name"] << " " << sc.dump();
  }
  // Every object the run created was destroyed.
  if (std::filesystem::exists(objects)) {
    for (const auto& e : std::filesystem::recursive_directory_iterator(objects))
      EXPECT_FALSE(e.is_regular_file()) << "left behind: " << e.path();
  }
  EXPECT_TRUE(processes_matching(scratch.path().string()).empty());
}

INSTANTIATE_TEST_SUITE_P(
    Providers, HonestProviderRun,
    ::testing::Values(HonestCase{"tfcfixture", "TFCFIXTURE_STATE_DIR", nullptr, {}},
                      HonestCase{"tfcsdk", "TFCSDK_STATE_DIR", "tfcsdk", {}},
                      HonestCase{"tfcfault", "TFCFAULT_STATE_DIR", "tfcfault", {}},
                      HonestCase{"time", nullptr, "time", {"plan_final.known_value_changed", "import.plan_not_empty"}},
                      HonestCase{"local", nullptr, "local", {}}, HonestCase{"http", nullptr, "http", {}}),
    [](const auto& p) { return std::string(p.param.provider); });

// --- The detection matrix: one planted fault per mode ------------------------------------------

struct Fault {
  std::string mode;
  std::string rule;
};

std::vector<Fault> faults_from_tsv() {
  std::vector<Fault> out;
  std::ifstream in(std::string(TFC_SOURCE_DIR_DEFAULT) + "/tests/providers/faulty/faults.tsv");
  std::string line;
  std::getline(in, line);  // header
  while (std::getline(in, line)) {
    std::istringstream cols(line);
    Fault f;
    if (std::getline(cols, f.mode, '\t') && std::getline(cols, f.rule, '\t')) out.push_back(f);
  }
  return out;
}

std::vector<std::string> fault_args(const Scratch& scratch, const std::string& mode, bool legacy) {
  std::vector<std::string> args = {"--provider",
                                   provider_binary("tfcfault").string(),
                                   "--apply",
                                   "--env",
                                   "TFCFAULT_STATE_DIR=" + (scratch.path() / "objects").string(),
                                   "--env",
                                   "TFCFAULT_MODE=" + mode,
                                   "--hints",
                                   hints("tfcfault"),
                                   "--seed",
                                   "7"};
  if (legacy) args.insert(args.end(), {"--env", "TFCFAULT_LEGACY=1"});
  // A hanging provider costs the whole deadline per case: keep those runs short.
  if (mode == "hang_in_plan")
    args.insert(args.end(), {"--timeout", "2", "--cases", "3", "--shrink-time", "6"});
  else
    args.insert(args.end(), {"--timeout", "20", "--cases", "30", "--shrink-time", "20"});
  return args;
}

void PrintTo(const Fault& f, std::ostream* os) { *os << f.mode << " → " << f.rule; }
void PrintTo(const HonestCase& c, std::ostream* os) { *os << c.provider; }

class FaultMatrix : public ::testing::TestWithParam<Fault> {};

// The faults of the protocol families beyond the resource lifecycle: functions, ephemeral,
// list and action types and the provider's own answers (schema, GetMetadata) are outside a
// resource's case, so their findings have no reproduction; identities, moves, imports by
// identity, write-only results, deferrals and GenerateResourceConfig need steps reproductions
// do not write yet, or a Terraform newer than the one the tests may find (identities 1.12).
bool family_fault(const std::string& mode) {
  static const char* const prefixes[] = {"function_",         "ephemeral_",         "list_",
                                         "action_",           "identity_",          "move_",
                                         "metadata_",         "generate_",          "import_identity_",
                                         "import_write_only", "upgrade_write_only", "plan_deferred"};
  for (const char* p : prefixes) {
    if (mode.rfind(p, 0) == 0) return true;
  }
  return false;
}

// The confirming CLI (Terraform, else the OpenTofu the build makes) replays every planted fault
// of the resource lifecycle from its reproduction and rejects the provider with Core's own
// error, except a hang (Core waits as long as it takes) and a rule only the other Core
// enforces. A family fault's finding gets a verdict too: "not expressible" when it has no
// reproduction.
void expect_confirmed(const json& report, const Fault& f, const std::string& cli) {
  const bool family = family_fault(f.mode);
  bool seen = false;
  for (const auto& finding : findings_of(report)) {
    if (finding["rule"] != f.rule || finding.value("shrink_attempts", 0) == 0) continue;
    seen = true;
    ASSERT_FALSE(finding["confirmations"].empty()) << f.mode << ": no verdict from " << cli;
    const auto& c = finding["confirmations"][0];
    EXPECT_EQ(c["cli"].get<std::string>().rfind(cli_product(cli), 0), 0u) << f.mode << ": " << c.dump(2);
    if (family) {
      if (finding.value("reproduction", json()).is_null()) {
        EXPECT_EQ(c["verdict"], "not expressible") << f.mode << ": " << c.dump(2);
      }
      continue;
    }
    // A rule only the other Core enforces (read.unknown_in_state: Terraform's) is one this CLI's
    // Core accepts: OpenTofu 1.12.6 takes an unknown value in a refreshed state.
    const std::string cores = finding.value("cores", "");
    const bool other_core_only = (cores == "terraform" && cli_product(cli) == "OpenTofu") ||
                                 (cores == "opentofu" && cli_product(cli) == "Terraform");
    const std::string want = f.mode == "hang_in_plan" ? "not expressible"
                             : other_core_only        ? "not reproduced"
                                                      : "confirmed";
    EXPECT_EQ(c["verdict"], want) << f.mode << " with " << cli << " (rule enforced by " << cores << "): " << c.dump(2);
  }
  // Findings of the provider's own answers are not shrunk (no generated case).
  if (!family) {
    EXPECT_TRUE(seen) << f.mode << ": no shrunk finding of " << f.rule;
  }
}

TEST_P(FaultMatrix, FindsTheRuleAndNoOtherError) {
  REQUIRE_PROVIDER("tfcfault");
  const auto& f = GetParam();
  Scratch scratch;
  auto args = fault_args(scratch, f.mode, false);
  const std::string cli = confirming_cli();
  if (!cli.empty()) {
    args.insert(args.end(), {"--confirm-with", cli});
    RecordProperty("confirming_cli", cli);
  }
  const auto run = run_tfconform(scratch.path(), args);
  ASSERT_TRUE(run.report.is_object()) << run.output;
  const auto errors = rules_of(run.report, "error");
  EXPECT_EQ(errors, std::set<std::string>{f.rule}) << "mode " << f.mode << ": found " << join(errors);
  EXPECT_EQ(run.exit_code, 1);
  EXPECT_TRUE(processes_matching(scratch.path().string()).empty());
  // The detection half ran; without a CLI the confirmation half cannot, and the test says so.
  ASSERT_FALSE(cli.empty()) << no_confirming_cli_message() << ": the findings of " << f.mode << " went unconfirmed";
  expect_confirmed(run.report, f, cli);
}

TEST_P(FaultMatrix, UnderTheLegacyFlagTheRuleIsStillReported) {
  REQUIRE_PROVIDER("tfcfault");
  const auto& f = GetParam();
  Scratch scratch;
  const auto run = run_tfconform(scratch.path(), fault_args(scratch, f.mode, true));
  ASSERT_TRUE(run.report.is_object()) << run.output;
  const auto errors = rules_of(run.report, "error");
  const auto warnings = rules_of(run.report, "warning");
  // Rules Core only logs for the legacy SDK become warnings; the others stay errors. A tolerated
  // break goes on to what users then meet: the final plan or the next plan disagreeing
  // (plan_final.*, lifecycle.*, which Core and acceptance tests enforce for the legacy SDK too).
  EXPECT_TRUE(errors.contains(f.rule) || warnings.contains(f.rule)) << "mode " << f.mode << "\n" << run.output;
  for (const auto& e : errors) {
    const bool consequence = e.rfind("plan_final.", 0) == 0 || e.rfind("lifecycle.", 0) == 0;
    EXPECT_TRUE(e == f.rule || (consequence && !errors.contains(f.rule))) << "mode " << f.mode << ": " << e;
  }
}

INSTANTIATE_TEST_SUITE_P(Modes, FaultMatrix, ::testing::ValuesIn(faults_from_tsv()),
                         [](const auto& p) { return p.param.mode; });

TEST(FaultMatrix, HonestModeWithTheLegacyFlagReportsNoError) {
  REQUIRE_PROVIDER("tfcfault");
  Scratch scratch;
  const auto run = run_tfconform(scratch.path(), fault_args(scratch, "honest", true));
  EXPECT_EQ(rules_of(run.report, "error"), std::set<std::string>{}) << run.output;
  EXPECT_EQ(run.exit_code, 0);
}

// --- Shrinking and replay ----------------------------------------------------------------------

json first_finding(const json& report, const std::string& rule) {
  for (const auto& f : findings_of(report)) {
    if (f["rule"] == rule) return f;
  }
  return nullptr;
}

TEST(Shrinking, AFaultOnOneAttributeShrinksToTheRequiredNameAndThatAttribute) {
  REQUIRE_PROVIDER("tfcfault");
  Scratch scratch;
  const auto run = run_tfconform(scratch.path(), fault_args(scratch, "apply_changes_known", false));
  const auto f = first_finding(run.report, "apply.known_value_changed");
  ASSERT_TRUE(f.is_object()) << run.output;
  EXPECT_EQ(f["path"], ".size");
  const std::string config = f["counterexample"]["configuration"];
  EXPECT_LE(f["counterexample"]["attribute_count"].get<int>(), 2) << config;  // name (required) and size
  EXPECT_NE(config.find("size = "), std::string::npos) << config;
  EXPECT_EQ(config.find("# then update"), std::string::npos) << "steps that do not matter are gone:\n" << config;
}

TEST(Shrinking, AFaultNeedingThreeListElementsKeepsExactlyThree) {
  REQUIRE_PROVIDER("tfcfault");
  Scratch scratch;
  const auto run = run_tfconform(scratch.path(), fault_args(scratch, "apply_long_list", false));
  const auto f = first_finding(run.report, "apply.collection_element_changed");
  ASSERT_TRUE(f.is_object()) << run.output;
  const std::string config = f["counterexample"]["configuration"];
  EXPECT_NE(config.find("items = [\"\", \"\", \"\"]"), std::string::npos) << config;
}

TEST(Replay, TheTokenOfAFindingReproducesItExactly) {
  REQUIRE_PROVIDER("tfcfault");
  Scratch scratch;
  const auto run = run_tfconform(scratch.path(), fault_args(scratch, "apply_changes_known", false));
  const auto f = first_finding(run.report, "apply.known_value_changed");
  ASSERT_TRUE(f.is_object()) << run.output;
  // A real finding carries its values as JSON values (format_version 2), not text holding JSON.
  EXPECT_TRUE(f["request"]["planned_state"].is_object()) << f.dump();
  EXPECT_TRUE(f["response"]["new_state"].is_object()) << f.dump();
  ASSERT_TRUE(f["expected"].is_object() && f["actual"].is_object()) << f.dump();
  EXPECT_NE(f["expected"], f["actual"]);
  const std::string token = f["replay"]["token"];
  Scratch again;
  const auto replay = run_tfconform(
      again.path(), {"--provider", provider_binary("tfcfault").string(), "--apply", "--env",
                     "TFCFAULT_STATE_DIR=" + (again.path() / "objects").string(), "--env",
                     "TFCFAULT_MODE=apply_changes_known", "--hints", hints("tfcfault"), "--replay", token});
  EXPECT_EQ(replay.exit_code, 1) << replay.output;
  const auto g = first_finding(replay.report, "apply.known_value_changed");
  ASSERT_TRUE(g.is_object()) << replay.output;
  EXPECT_EQ(g["path"], f["path"]);
  EXPECT_EQ(g["request"], f["request"]);
  EXPECT_EQ(g["counterexample"]["configuration"], f["counterexample"]["configuration"]);
}

// The replay command a report prints is the whole command: run through /bin/sh as printed,
// from another directory, it plays the same case against the same provider with the same
// options (here a relative hints path with a space, an environment and a deadline) and finds
// the same promise broken. Only a JSON report is added, to read the replay's finding back.
TEST(Replay, ThePrintedCommandRunAsPrintedReproducesTheFinding) {
  REQUIRE_PROVIDER("tfcfault");
  Scratch scratch;
  std::filesystem::copy_file(hints("tfcfault"), scratch.path() / "my hints.json");
  const auto run =
      run_tfconform(scratch.path(), {"--provider", provider_binary("tfcfault").string(), "--apply", "--env",
                                     "TFCFAULT_STATE_DIR=" + (scratch.path() / "objects").string(), "--env",
                                     "TFCFAULT_MODE=apply_changes_known", "--hints", "my hints.json", "--seed", "7",
                                     "--cases", "30", "--timeout", "20", "--shrink-time", "20"});
  const auto f = first_finding(run.report, "apply.known_value_changed");
  ASSERT_TRUE(f.is_object()) << run.output;
  const std::string command = f["replay"]["command"];
  EXPECT_NE(command.find(" --apply "), std::string::npos) << command;
  EXPECT_NE(command.find("--hints '" + (scratch.path() / "my hints.json").string() + "'"), std::string::npos)
      << command;
  Scratch elsewhere;
  const auto report = elsewhere.path() / "replay.json";
  const std::string shell = "cd '" + elsewhere.path().string() + "' && " + command + " --json '" + report.string() +
                            "' > '" + (elsewhere.path() / "output.txt").string() + "' 2>&1";
  const int status = std::system(shell.c_str());
  std::ifstream output(elsewhere.path() / "output.txt");
  const std::string said((std::istreambuf_iterator<char>(output)), std::istreambuf_iterator<char>());
  EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 1) << command << "\n" << said;
  std::ifstream in(report);
  ASSERT_TRUE(in.good()) << "no report from: " << command << "\n" << said;
  const auto replayed = first_finding(json::parse(in), "apply.known_value_changed");
  ASSERT_TRUE(replayed.is_object()) << said;
  EXPECT_EQ(replayed["fingerprint"], f["fingerprint"]);
  EXPECT_EQ(replayed["counterexample"]["configuration"], f["counterexample"]["configuration"]);
  EXPECT_EQ(replayed["replay"]["command"], command) << "the replay prints the same command again";
  EXPECT_TRUE(processes_matching(scratch.path().string()).empty());
}

// The suites of the other families replay their findings too: one fault per family, whose
// token (kinds f, e, l, x, and a for identity and move) plays the very same failing case again.
class FamilyReplay : public ::testing::TestWithParam<Fault> {};

TEST_P(FamilyReplay, TheTokenReproducesTheShrunkFinding) {
  REQUIRE_PROVIDER("tfcfault");
  const auto& fault = GetParam();
  Scratch scratch;
  const auto run = run_tfconform(scratch.path(), fault_args(scratch, fault.mode, false));
  const auto f = first_finding(run.report, fault.rule);
  ASSERT_TRUE(f.is_object()) << run.output;
  const std::string token = f["replay"]["token"];
  Scratch again;
  const auto replay =
      run_tfconform(again.path(), {"--provider", provider_binary("tfcfault").string(), "--apply", "--env",
                                   "TFCFAULT_STATE_DIR=" + (again.path() / "objects").string(), "--env",
                                   "TFCFAULT_MODE=" + fault.mode, "--hints", hints("tfcfault"), "--replay", token});
  EXPECT_EQ(replay.exit_code, 1) << replay.output;
  const auto g = first_finding(replay.report, fault.rule);
  ASSERT_TRUE(g.is_object()) << replay.output;
  EXPECT_EQ(g["suite"], f["suite"]);
  EXPECT_EQ(g["counterexample"]["configuration"], f["counterexample"]["configuration"]);
  EXPECT_TRUE(processes_matching(again.path().string()).empty());
}

INSTANTIATE_TEST_SUITE_P(Families, FamilyReplay,
                         ::testing::Values(Fault{"function_unknown_mismatch", "function.unknown_result_mismatch"},
                                           Fault{"ephemeral_renew_past", "ephemeral.renew_at_past"},
                                           Fault{"list_duplicate", "list.duplicate_identity"},
                                           Fault{"action_no_completed", "action.completed_count"},
                                           Fault{"identity_changes_on_read", "identity.changed"},
                                           Fault{"move_plan_differs", "lifecycle.plan_not_empty_after_move"}),
                         [](const auto& p) { return p.param.mode; });

// --- Crashes ------------------------------------------------------------------------------------

// A provider that panics says why on stderr; the finding opens with those words, as Terraform
// prints them, not with the trace lines before them.
TEST(Crash, APanicOpensTheFindingWithItsMessageAndStack) {
  REQUIRE_PROVIDER("tfcfault");
  Scratch scratch;
  const auto run = run_tfconform(scratch.path(), fault_args(scratch, "panic_in_apply", false));
  const auto f = first_finding(run.report, "rpc.crashed");
  ASSERT_TRUE(f.is_object()) << run.output;
  const std::string message = f["message"];
  EXPECT_EQ(message.rfind("panic: runtime error: makeslice: len out of range", 0), 0u) << message;
  ASSERT_TRUE(f.contains("crash_output")) << f.dump(2);
  const auto& crash = f["crash_output"];
  ASSERT_GE(crash.size(), 4u) << crash.dump(2);
  EXPECT_EQ(crash[0], "Stack trace from the terraform-provider-tfcfault plugin:");
  EXPECT_EQ(crash[2], "panic: runtime error: makeslice: len out of range");
  bool frame = false;
  for (const auto& line : crash)
    frame = frame || line.get<std::string>().find("faulty/faults.go:") != std::string::npos;
  EXPECT_TRUE(frame) << "a stack frame in the fixture's source:\n" << crash.dump(2);
  EXPECT_TRUE(processes_matching(scratch.path().string()).empty());
}

// --- Value profiles and invented priors --------------------------------------------------------

TEST(Values, ExtremeCasesAreMarkedAndTheirTokensReplayThem) {
  REQUIRE_PROVIDER("tfcfault");
  Scratch scratch;
  auto args = fault_args(scratch, "apply_changes_known", false);
  args.insert(args.end(), {"--values", "extreme"});
  const auto run = run_tfconform(scratch.path(), args);
  const auto f = first_finding(run.report, "apply.known_value_changed");
  ASSERT_TRUE(f.is_object()) << run.output;
  EXPECT_EQ(f["extreme_values"], true);
  const std::string token = f["replay"]["token"];
  Scratch again;
  const auto replay = run_tfconform(
      again.path(), {"--provider", provider_binary("tfcfault").string(), "--apply", "--env",
                     "TFCFAULT_STATE_DIR=" + (again.path() / "objects").string(), "--env",
                     "TFCFAULT_MODE=apply_changes_known", "--hints", hints("tfcfault"), "--replay", token});
  const auto g = first_finding(replay.report, "apply.known_value_changed");
  ASSERT_TRUE(g.is_object()) << replay.output;
  EXPECT_EQ(g["extreme_values"], true) << "the token, not --values, says which values the case had";
  EXPECT_EQ(g["request"], f["request"]);
  const auto realistic = run_tfconform(scratch.path(), fault_args(scratch, "apply_changes_known", false));
  const auto h = first_finding(realistic.report, "apply.known_value_changed");
  ASSERT_TRUE(h.is_object()) << realistic.output;
  EXPECT_FALSE(h.contains("extreme_values"));
}

TEST(Values, PlanOnlyFindingsOnAnInventedPriorSaySo) {
  REQUIRE_PROVIDER("tfcfault");
  Scratch scratch;
  auto args = fault_args(scratch, "upgrade_unknown", false);
  args.erase(std::find(args.begin(), args.end(), "--apply"));
  const auto run = run_tfconform(scratch.path(), args);
  const auto f = first_finding(run.report, "upgrade.unknown_in_state");
  ASSERT_TRUE(f.is_object()) << run.output;
  EXPECT_EQ(f["invented_prior"], true);  // `generated` is computed: unknown in the plan, invented
  EXPECT_NE(f["counterexample"]["configuration"].get<std::string>().find("unknown values invented"), std::string::npos);
}

// --- Jobs and shards ---------------------------------------------------------------------------

std::set<std::string> finding_keys(const json& report) {
  std::set<std::string> out;
  for (const auto& f : findings_of(report))
    out.insert(f["suite"].get<std::string>() + " " + f["rule"].get<std::string>() + " " + f["path"].get<std::string>() +
               " " + f["replay"]["token"].get<std::string>());
  return out;
}

TEST(Parallel, JobsDoNotChangeTheResult) {
  REQUIRE_PROVIDER("tfcfault");
  // A planted fault: two runs that find nothing would compare equal whatever --jobs did.
  // Shrinking is bounded by a count, not by time, so both runs shrink alike.
  Scratch one, two;
  auto args = [](const Scratch& s, const char* jobs) {
    return std::vector<std::string>{"--provider",
                                    provider_binary("tfcfault").string(),
                                    "--apply",
                                    "--cases",
                                    "8",
                                    "--seed",
                                    "99",
                                    "--jobs",
                                    jobs,
                                    "--max-shrinks",
                                    "60",
                                    "--hints",
                                    hints("tfcfault"),
                                    "--env",
                                    "TFCFAULT_MODE=apply_changes_known",
                                    "--env",
                                    "TFCFAULT_STATE_DIR=" + (s.path() / "objects").string()};
  };
  const auto a = run_tfconform(one.path(), args(one, "1"));
  const auto b = run_tfconform(two.path(), args(two, "3"));
  ASSERT_TRUE(a.report.is_object() && b.report.is_object()) << a.output << b.output;
  EXPECT_EQ(rules_of(a.report, "error"), std::set<std::string>{"apply.known_value_changed"}) << a.output;
  EXPECT_EQ(finding_keys(a.report), finding_keys(b.report));
  std::vector<std::string> names_a, names_b;
  for (const auto& s : a.report["suites"]) names_a.push_back(s["name"]);
  for (const auto& s : b.report["suites"]) names_b.push_back(s["name"]);
  EXPECT_GT(names_a.size(), 3u) << "more types than jobs";
  EXPECT_EQ(names_a, names_b);
  for (std::size_t i = 0; i < a.report["suites"].size(); ++i)
    EXPECT_EQ(a.report["suites"][i]["coverage"], b.report["suites"][i]["coverage"]) << names_a[i];
}

TEST(Parallel, TheCasesOfOneTypeSpreadOverTheJobsWithTheSameResult) {
  REQUIRE_PROVIDER("tfcfixture");
  // One type whose validators the suite learns from, plan-only: with --jobs 3 the two spare
  // processes play cases of its learning rounds, and the report stays the same, what was learned
  // included.
  Scratch one, three;
  auto args = [](const Scratch& s, const char* jobs) {
    return std::vector<std::string>{"--provider",  provider_binary("tfcfixture").string(),
                                    "--resources", "tfcfixture_validated",
                                    "--cases",     "30",
                                    "--seed",      "99",
                                    "--jobs",      jobs,
                                    "--env",       "TFCFIXTURE_STATE_DIR=" + (s.path() / "objects").string()};
  };
  const auto a = run_tfconform(one.path(), args(one, "1"));
  const auto b = run_tfconform(three.path(), args(three, "3"));
  ASSERT_TRUE(a.report.is_object() && b.report.is_object()) << a.output << b.output;
  EXPECT_EQ(finding_keys(a.report), finding_keys(b.report));
  ASSERT_EQ(a.report["suites"].size(), b.report["suites"].size());
  for (std::size_t i = 0; i < a.report["suites"].size(); ++i) {
    const auto& x = a.report["suites"][i];
    const auto& y = b.report["suites"][i];
    EXPECT_EQ(x["coverage"], y["coverage"]) << x["name"];
    EXPECT_EQ(x.value("learned", nlohmann::json()), y.value("learned", nlohmann::json())) << x["name"];
  }
  // What both runs must have found: the honest fixture breaks no rule, so the learned hints
  // (two runs that learned nothing would compare equal too).
  const auto& suite = a.report["suites"].back();
  EXPECT_EQ(suite["name"], "tfcfixture_validated");
  EXPECT_FALSE(suite.value("learned", nlohmann::json::array()).empty()) << "the suite learned from refusals";
  EXPECT_GT(suite["coverage"]["planned"].get<int>(), 0);
}

TEST(Parallel, ThePlantedFaultOfOneTypeIsFoundAlikeWhenItsCasesSpreadOverTheJobs) {
  REQUIRE_PROVIDER("tfcfault");
  // The twin of the test above with findings to compare (tfcfixture has none): one type,
  // plan-only, whose plans break a promise; with --jobs 3 its cases spread over three processes.
  Scratch one, three;
  auto args = [](const Scratch& s, const char* jobs) {
    return std::vector<std::string>{"--provider",
                                    provider_binary("tfcfault").string(),
                                    "--resources",
                                    "tfcfault_thing",
                                    "--no-data-sources",
                                    "--cases",
                                    "30",
                                    "--seed",
                                    "99",
                                    "--jobs",
                                    jobs,
                                    "--max-shrinks",
                                    "60",
                                    "--hints",
                                    hints("tfcfault"),
                                    "--env",
                                    "TFCFAULT_MODE=plan_replaces_config",
                                    "--env",
                                    "TFCFAULT_STATE_DIR=" + (s.path() / "objects").string()};
  };
  const auto a = run_tfconform(one.path(), args(one, "1"));
  const auto b = run_tfconform(three.path(), args(three, "3"));
  ASSERT_TRUE(a.report.is_object() && b.report.is_object()) << a.output << b.output;
  EXPECT_EQ(rules_of(a.report, "error"), std::set<std::string>{"plan.config_value_changed"}) << a.output;
  EXPECT_EQ(finding_keys(a.report), finding_keys(b.report));
  ASSERT_EQ(a.report["suites"].size(), b.report["suites"].size());
  for (std::size_t i = 0; i < a.report["suites"].size(); ++i)
    EXPECT_EQ(a.report["suites"][i]["coverage"], b.report["suites"][i]["coverage"]) << a.report["suites"][i]["name"];
}

// --- Moves ------------------------------------------------------------------------------------

/// The scenario `name` of the suite of `type` in `report`.
json scenario_of(const json& report, const std::string& type, const std::string& name) {
  for (const auto& suite : report["suites"]) {
    if (suite["name"] != type) continue;
    for (const auto& sc : suite["scenarios"])
      if (sc["name"] == name) return sc;
  }
  return json();
}

TEST(Move, ATypeThatRefusesEveryMoveAlikeIsNoLongerAskedAndTheReportSaysWhy) {
  REQUIRE_PROVIDER("tfcfixture");
  // The fixture advertises move_resource_state; tfcfixture_record has no MoveState, so the
  // framework refuses every move in the same words; tfcfixture_entry moves.
  Scratch scratch;
  const auto run =
      run_tfconform(scratch.path(), {"--provider", provider_binary("tfcfixture").string(), "--apply", "--resources",
                                     "tfcfixture_record,tfcfixture_entry", "--cases", "12", "--seed", "5", "--env",
                                     "TFCFIXTURE_STATE_DIR=" + (scratch.path() / "objects").string()});
  ASSERT_TRUE(run.report.is_object()) << run.output;
  const json refused = scenario_of(run.report, "tfcfixture_record", "move");
  ASSERT_TRUE(refused.is_object()) << run.output;
  EXPECT_EQ(refused["status"], "skipped");
  EXPECT_EQ(refused["reason"].get<std::string>().rfind(
                "move refused alike in 3 cases in a row, then not asked again: move: MoveResourceState: error:", 0),
            0u)
      << refused.dump();
  EXPECT_EQ(scenario_of(run.report, "tfcfixture_entry", "move")["status"], "passed") << run.output;
}

TEST(Sharding, TwoShardsSplitTheTypesWithoutOverlap) {
  REQUIRE_PROVIDER("tfcfixture");
  // The suites of each shard, as kind.name (a list resource shares its managed resource's name).
  auto suites_of = [](const std::vector<std::string>& extra) {
    Scratch s;
    std::vector<std::string> args = {"--provider", provider_binary("tfcfixture").string(),
                                     "--cases",    "2",
                                     "--env",      "TFCFIXTURE_STATE_DIR=" + (s.path() / "objects").string()};
    args.insert(args.end(), extra.begin(), extra.end());
    const auto run = run_tfconform(s.path(), args);
    EXPECT_TRUE(run.report.is_object()) << run.output;
    std::multiset<std::string> out;
    if (!run.report.is_object()) return out;
    for (const auto& suite : run.report["suites"]) {
      if (suite["kind"] != "provider")
        out.insert(suite["kind"].get<std::string>() + "." + suite["name"].get<std::string>());
    }
    return out;
  };
  const auto all = suites_of({});
  EXPECT_TRUE(all.contains("resource.tfcfixture_server") && all.contains("data_source.tfcfixture_lookup") &&
              all.contains("function.join") && all.contains("list_resource.tfcfixture_entry"));
  std::multiset<std::string> seen = suites_of({"--shard", "1/2"});
  const auto second = suites_of({"--shard", "2/2"});
  seen.insert(second.begin(), second.end());
  EXPECT_EQ(seen, all) << "every suite in exactly one shard";
}

// --- Reports and errors ------------------------------------------------------------------------

TEST(Reports, TheJUnitFileOfARealRunWithAFindingValidatesAgainstTheXsd) {
  REQUIRE_PROVIDER("tfcfault");
  Scratch scratch;
  auto args = fault_args(scratch, "markup", false);
  const auto xml = scratch.path() / "junit.xml";
  args.insert(args.end(), {"--junit", xml.string(), "--html", (scratch.path() / "report.html").string(), "--summary",
                           (scratch.path() / "summary.md").string()});
  const auto run = run_tfconform(scratch.path(), args);
  ASSERT_EQ(run.exit_code, 1) << run.output;
  EXPECT_TRUE(validates_as_junit(xml)) << "xmllint rejected " << xml;
  std::ifstream html(scratch.path() / "report.html");
  const std::string page((std::istreambuf_iterator<char>(html)), std::istreambuf_iterator<char>());
  EXPECT_EQ(page.find("<script>alert("), std::string::npos) << "provider markup must be escaped";
  EXPECT_NE(page.find("apply.known_value_changed"), std::string::npos);
  EXPECT_TRUE(std::filesystem::exists(scratch.path() / "summary.md"));
  // The provider's markup must arrive as text (escaped again in the dump), never as an element.
  const auto text = dump_dom(scratch, scratch.path() / "report.html");
  if (!text) GTEST_SKIP() << "chromium is not installed";
  ASSERT_FALSE(text->empty()) << "chromium failed";
  EXPECT_NE(text->find("&lt;script&gt;alert("), std::string::npos) << "markup not shown as text";
  EXPECT_EQ(text->find("<script>alert("), std::string::npos) << "provider markup became an element";
  EXPECT_EQ(text->find("<b>bold</b>"), std::string::npos);
}

TEST(Errors, UsageErrorsExitTwoAndSayWhat) {
  REQUIRE_PROVIDER("tfcfault");
  Scratch scratch;
  const auto bad_shard =
      run_tfconform(scratch.path(), {"--provider", provider_binary("tfcfault").string(), "--shard", "3/2"});
  EXPECT_EQ(bad_shard.exit_code, 2);
  EXPECT_NE(bad_shard.output.find("--shard \"3/2\""), std::string::npos) << bad_shard.output;
  const auto missing = run_tfconform(scratch.path(), {"--provider", "/nonexistent/terraform-provider-x"});
  EXPECT_EQ(missing.exit_code, 2);
  EXPECT_NE(missing.output.find("/nonexistent/terraform-provider-x"), std::string::npos) << missing.output;
  const auto token =
      run_tfconform(scratch.path(), {"--provider", provider_binary("tfcfault").string(), "--replay", "v9.x"});
  EXPECT_EQ(token.exit_code, 2);
  EXPECT_NE(token.output.find("replay token"), std::string::npos) << token.output;
  const auto hints_file = scratch.path() / "bad-hints.json";
  std::ofstream(hints_file) << R"({"resources": {"no_such_type": {"attributes": {}}}})";
  const auto hinted = run_tfconform(
      scratch.path(), {"--provider", provider_binary("tfcfault").string(), "--hints", hints_file.string()});
  EXPECT_EQ(hinted.exit_code, 2);
  EXPECT_NE(hinted.output.find("no_such_type"), std::string::npos) << hinted.output;
}

}  // namespace
}  // namespace tfc::conformance::testing
