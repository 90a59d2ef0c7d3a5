#include "tests/reports/fixture_run.hpp"

#include "reports/violation_kind.hpp"

namespace tfc::report::testing {

namespace {

using std::chrono::milliseconds;

std::chrono::system_clock::time_point at(std::int64_t unix_seconds) {
  return std::chrono::system_clock::time_point(std::chrono::seconds(unix_seconds));
}

Suite provider_suite() {
  Suite suite{SuiteKind::provider, "tfcfixture", {}, {}};
  suite.scenarios.push_back({"schema", Status::passed, "", milliseconds(12), {}, {}});
  suite.scenarios.push_back({"configure",
                             Status::passed,
                             "",
                             milliseconds(30),
                             {"[INFO] provider configured: endpoint=https://api.example.test"},
                             {}});
  return suite;
}

Finding port_finding() {
  Finding f;
  f.rule_id = "plan.config_value_changed";
  f.severity = Severity::error;
  f.rpc = "PlanResourceChange";
  f.step = "update: plan";
  f.resource_type = "tfc_widget";
  f.path = ".rule[0].port";
  f.message = "planned value 8080 does not match config value 80";
  f.cores = "both";
  f.request = {{"config", {{"name", "a&b"}, {"rule", nlohmann::json::array({{{"port", 80}}})}}}};
  f.response = {{"planned_state", {{"name", "a&b"}, {"rule", nlohmann::json::array({{{"port", 8080}}})}}}};
  // The provider echoes a hostile description back: it must show as text everywhere.
  f.values.expected = {{"description", "it's \"quoted\" & <b>bold</b>"},
                       {"name", "a&b"},
                       {"rule", nlohmann::json::array({{{"port", 80}}})}};
  f.values.actual = {{"description", std::string(kScriptValue) +
                                         " <img src=x onerror=\"document.body.setAttribute('data-pwned','img')\">"},
                     {"name", "a&b"},
                     {"rule", nlohmann::json::array({{{"port", 8080}}})}};
  f.values.differing_paths = {".description", ".rule[0].port"};
  f.counterexample =
      Counterexample{"resource \"tfc_widget\" \"test\" {\n  name = \"a&b\"\n  rule {\n    port = 80\n  }\n}", 2};
  f.seed = 20260101;
  f.replay_token = "v1.20260101.7.ab12";
  f.replay_command_line = std::string(kReplayPrefix) + "v1.20260101.7.ab12";
  f.finding_class = FindingClass::contract;
  f.fingerprint = "5e1c0a77d2f3b804";
  f.occurrences = 3;
  f.violations = {{".rule[0].port", "planned value 8080 does not match config value 80"},
                  {".rule[0].protocol", "planned value \"udp\" does not match config value \"tcp\""}};
  // A later case broke the same promise another way, with its own (hostile) example.
  f.distinct_violations = {{violation_kind("planned value null does not match config value 80"), ".rule[0].port",
                            "planned value null does not match config value 80", 5, "v1.20260101.4.cd34",
                            Counterexample{"resource \"tfc_widget\" \"test\" {\n  name = \"<b>x</b>\"\n  rule {\n"
                                           "    port = 80\n  }\n}",
                                           2}}};
  // A hostile provider log: a script tag, an ANSI colour escape, a bell, a NUL and invalid
  // UTF-8 bytes.
  f.log_excerpt = {"[WARN] rewriting port: <script>document.title='pwned'</script>",
                   "[ERROR] \x1b[31mport mismatch\x1b[0m\x07 & \"more\"",
                   std::string("[TRACE] raw bytes: \xff\xfe end ") + std::string(1, '\0') + "."};
  f.log_total_lines = 120;
  f.log_file = "tfconform-logs/resource.tfc_widget.5e1c0a77.case7.log";
  Reproduction r;
  r.provider_source = "registry.terraform.io/example/tfcfixture";
  r.provider_name = "tfcfixture";
  r.provider_binary = "/opt/providers/terraform-provider-tfcfixture_v1.2.3";
  r.steps.push_back({"step1",
                     "create tfc_widget",
                     {"apply", "-auto-approve"},
                     "resource \"tfc_widget\" \"this\" {}\n",
                     false,
                     false,
                     false});
  r.steps.push_back({"step2",
                     "update tfc_widget",
                     {"apply", "-auto-approve"},
                     "resource \"tfc_widget\" \"this\" {}\n",
                     true,
                     false,
                     false});
  f.reproduction = r;
  f.confirmations = {
      {"Terraform v1.11.4", ConfirmVerdict::confirmed, "Error: Provider produced invalid plan"},
      {"OpenTofu v1.12.6", ConfirmVerdict::not_reproduced, "step2 (update tfc_widget): Core accepted the step"}};
  return f;
}

Finding normalization_warning() {
  Finding f;
  f.rule_id = "read.normalization_not_preserved";
  f.severity = Severity::warning;
  f.rpc = "ReadResource";
  f.step = "refresh: read";
  f.resource_type = "tfc_widget";
  f.path = ".tags[\"env\"]";
  f.message = "read returned \"PROD\" where the prior state had \"prod\" (tolerated for the legacy SDK)";
  f.cores = "none";
  f.values.expected = "prod";
  f.values.actual = "PROD";
  f.values.differing_paths = {".tags[\"env\"]"};
  f.seed = 20260101;
  f.replay_token = "v1.20260101.12.0f3c";
  f.replay_command_line = std::string(kReplayPrefix) + "v1.20260101.12.0f3c";
  f.finding_class = FindingClass::hygiene;
  f.fingerprint = "9a4e7b10c3d25f68";
  f.violations = {{".tags[\"env\"]", f.message}};
  return f;
}

Suite widget_suite() {
  Suite suite{SuiteKind::resource, "tfc_widget", {50, 4, 46, 40}, {}};
  suite.coverage.steps = {{"validated", 46}, {"planned", 46},  {"applied", 40}, {"update planned", 21},
                          {"updated", 18},   {"replaced", 2},  {"read", 40},    {"imported", 9},
                          {"upgraded", 11},  {"destroyed", 40}};
  suite.coverage.top_refusal = "ValidateResourceConfig: Invalid Attribute Value (at .port)";
  suite.coverage.top_refusal_cases = 4;
  suite.scenarios.push_back({"create",
                             Status::passed,
                             "",
                             milliseconds(850),
                             {"[DEBUG] tfc_widget: create name=\"a&b\"", "[INFO] created id=w-1"},
                             {}});
  // The failing case's log travels with its finding (cut to the failing step).
  suite.scenarios.push_back({"update", Status::failed, "", milliseconds(1250), {}, {port_finding()}});
  suite.scenarios.push_back({"refresh", Status::passed, "", milliseconds(300), {}, {normalization_warning()}});
  suite.scenarios.push_back(
      {"import", Status::skipped, "resource does not support ImportResourceState", milliseconds(0), {}, {}});
  suite.scenarios.push_back({"lifecycle sequence",
                             Status::error,
                             "provider process exited unexpectedly (exit status 2)",
                             milliseconds(421),
                             {"panic: runtime error: index out of range [3] with length 3"},
                             {}});
  // What the suite learned from the provider's refusals (a hostile provider wrote the evidence).
  suite.learned.push_back({"port", "diagnostic", "whole number in [1, 65535]",
                           "expected port to be in the range (1 - 65535), got <b>70000</b> | x", 2});
  suite.learned.push_back({"name, name_prefix", "diagnostic", "at most one of them is set",
                           "Conflicting configuration arguments: \"name\": conflicts with name_prefix", 1});
  suite.learned.push_back({"tier", "description", "one of \"basic\", \"standard\"", "", 0});
  return suite;
}

Suite secret_suite() {
  Suite suite{SuiteKind::resource, "tfc_secret", {20, 0, 20, 20}, {}};
  Finding f;
  f.rule_id = "apply.known_value_changed";
  f.severity = Severity::error;
  f.rpc = "ApplyResourceChange";
  f.step = "create: apply";
  f.resource_type = "tfc_secret";
  f.path = ".password";
  f.message = "inconsistent values for sensitive attribute";
  f.cores = "both";
  f.request = {{"password", "hunter2"}};
  f.response = {{"password", "hunter3"}};
  f.values.expected = "hunter2";
  f.values.actual = "hunter3";
  f.values.differing_paths = {".password"};
  f.counterexample = Counterexample{"resource \"tfc_secret\" \"test\" {\n  password = (sensitive)\n}", 1};
  f.seed = 20260101;
  f.replay_token = "v1.20260101.3.9d0e";
  f.replay_command_line = std::string(kReplayPrefix) + "v1.20260101.3.9d0e";
  f.finding_class = FindingClass::contract;
  f.fingerprint = "03b7c9e1f4a6d285";
  f.violations = {{".password", f.message}};
  f.sensitive = true;
  // A verdict that says nothing about the provider: the CLI never got to the step.
  f.confirmations = {{"Terraform v1.11.4", ConfirmVerdict::could_not_run,
                      "step1 (create tfc_secret) failed before the checked step: the CLI could not play it: Error: "
                      "Inconsistent dependency lock file"}};
  suite.scenarios.push_back(
      {"create", Status::failed, "", milliseconds(640), {"[DEBUG] tfc_secret: stored secret"}, {f}});
  return suite;
}

Suite lookup_suite() {
  Suite suite{SuiteKind::data_source, "tfc_lookup", {10, 1, 9, 9}, {}};
  suite.coverage.steps = {{"validated", 9}, {"read", 9}};
  suite.scenarios.push_back({"read", Status::passed, "", milliseconds(95), {}, {}});
  return suite;
}

}  // namespace

std::chrono::system_clock::time_point pinned_now() { return at(1767323045); }

RunReport fixture_run() {
  RunReport run;
  run.tool_version = "0.0.0-fixture";  // fixture data, not tfconform's version (CMakeLists.txt)
  run.hostname = "ci-runner-7";
  run.provider = {"registry.terraform.io/example/tfcfixture",
                  "/opt/providers/terraform-provider-tfcfixture_v1.2.3",
                  6,
                  {"terraform-plugin-framework"}};
  run.seed = 20260101;
  run.started_at = at(1767322800);  // 2026-01-02T03:00:00Z
  run.duration = milliseconds(4321);
  run.options = {true, 50};
  run.suites = {provider_suite(), widget_suite(), secret_suite(), lookup_suite()};
  return run;
}

}  // namespace tfc::report::testing
