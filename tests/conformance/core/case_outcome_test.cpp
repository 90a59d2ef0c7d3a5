// Findings as the suite records them: the step a report shows may be a corrected name (a step
// that only repeats its scenario is left out), while the fingerprint comes from the step's
// stable key and the paths as data, and so keeps the values users' baselines hold
// (tests/reports/pinned_fingerprints.json).
#include "conformance/core/case_outcome.hpp"

#include <gtest/gtest.h>

#include <cstdlib>
#include <fstream>
#include <map>
#include <string>

#include <nlohmann/json.hpp>

namespace tfc::conformance {
namespace {

using protocol::Rpc;

/// The pinned fingerprints by (rule, type, step key, path).
std::map<std::string, std::string> pinned() {
  const char* source = std::getenv("TFC_SOURCE_DIR");
  std::ifstream in(std::string(source != nullptr ? source : ".") + "/tests/reports/pinned_fingerprints.json");
  std::map<std::string, std::string> out;
  if (!in) return out;
  const auto doc = nlohmann::json::parse(in);
  for (const auto& pin : doc["pins"]) {
    out[pin["rule"].get<std::string>() + "|" + pin["type"].get<std::string>() + "|" + pin["step"].get<std::string>() +
        "|" + pin["path"].get<std::string>()] = pin["fingerprint"];
  }
  return out;
}

/// The one finding of a violation of `rule` at `path`, recorded at `scenario`'s `step`.
report::Finding recorded(const std::string& type, ScenarioName scenario, StepName step, Rpc rpc,
                         const std::string& rule, const cty::Path& path) {
  static const schema::Block kNoBlock;
  CaseOutcome outcome;
  CaseRecorder rec(type, kNoBlock, outcome);
  rec.scenario(scenario);
  oracle::Violation v;
  v.rule = rule;
  v.path = path;
  v.message = "seen against expected";
  rec.judge(step, rpc, {v}, {});
  EXPECT_EQ(outcome.findings.size(), 1u);
  return outcome.findings.empty() ? report::Finding{} : outcome.findings.front().finding;
}

struct PinnedStep {
  report::Finding finding;
  const char* key;    // the step key the pin holds
  const char* shown;  // the step reports show
  const char* path;   // the rendered path the pin holds
};

TEST(CaseRecorder, ShowsCorrectedStepsButKeepsThePinnedFingerprints) {
  const auto pins = pinned();
  ASSERT_FALSE(pins.empty()) << "tests/reports/pinned_fingerprints.json not found (TFC_SOURCE_DIR)";
  const cty::Path root;
  const std::vector<PinnedStep> cases{
      {recorded("tfcfault_thing", "upgrade", "upgrade", Rpc::UpgradeResourceState, "upgrade.unknown_in_state",
                root.attribute("generated")),
       "upgrade: upgrade", "upgrade", ".generated"},
      {recorded("tfcfault_thing", "import", "import", Rpc::ImportResourceState, "import.multiple", root),
       "import: import", "import", ""},
      {recorded("tfcfault_lookup", "read", "read", Rpc::ReadDataSource, "data.null_result", root), "read: read", "read",
       ""},
      {recorded("time_offset", "import", "read after import", Rpc::ReadResource, "import.nonexistent_after_read", root),
       "import: read after import", "import: read after import", ""},
      {recorded("tfc_server", "update", "plan", Rpc::PlanResourceChange, "plan.config_value_changed",
                root.attribute("disk").index(0).attribute("labels").key("env")),
       "update: plan", "update: plan", ".disk[0].labels[\"env\"]"},
      {recorded("tfcfault_thing", "create", "apply", Rpc::ApplyResourceChange, "apply.collection_element_changed",
                root.attribute("members").set_element(cty::Value::string("x"))),
       "create: apply", "create: apply", ".members[...]"},
  };
  for (const auto& c : cases) {
    const report::Finding& f = c.finding;
    EXPECT_EQ(f.step, c.shown);
    EXPECT_EQ(f.step_key, c.key);
    EXPECT_EQ(f.path, c.path);
    const auto pin = pins.find(f.rule_id + "|" + f.resource_type + "|" + c.key + "|" + c.path);
    ASSERT_NE(pin, pins.end()) << f.rule_id << " at " << c.key << " is not pinned";
    EXPECT_EQ(f.fingerprint, pin->second) << f.rule_id << " at " << c.key;
  }
}

TEST(StepNames, ShownNamesLeaveOutOnlyARepeatedScenario) {
  EXPECT_EQ(step_label_of("upgrade", "upgrade"), "upgrade");
  EXPECT_EQ(step_key_of("upgrade", "upgrade"), "upgrade: upgrade");
  EXPECT_EQ(step_label_of("create", "plan"), "create: plan");
  EXPECT_EQ(step_label_of("replace", "plan (replace: create)"), "replace: plan of the new object");
  EXPECT_EQ(step_key_of("replace", "plan (replace: create)"), "replace: plan (replace: create)");
  // Every key is spelt once, and so is every shown name.
  for (std::size_t i = 0; i < kStepTable.size(); ++i) {
    for (std::size_t j = i + 1; j < kStepTable.size(); ++j) {
      EXPECT_NE(kStepTable[i].key, kStepTable[j].key);
      EXPECT_NE(kStepTable[i].display, kStepTable[j].display);
    }
  }
}

/// The severity of the rpc.* finding a failure of `kind` gives, on an invented prior or not.
std::pair<report::Severity, std::string> failure_finding(protocol::FailureKind kind, bool invented) {
  static const schema::Block kNoBlock;
  CaseOutcome outcome;
  CaseRecorder rec("x_thing", kNoBlock, outcome);
  rec.scenario("plan update");
  rec.prior_invented(invented);
  rec.rpc_failed("plan update", Rpc::PlanResourceChange, protocol::RpcFailure{kind, 4, "deadline"},
                 nlohmann::json::object());
  rec.finish();
  EXPECT_EQ(outcome.findings.size(), 1u);
  if (outcome.findings.empty()) return {report::Severity::error, ""};
  return {outcome.findings.front().finding.severity, outcome.findings.front().finding.rule_id};
}

TEST(CaseRecorder, ATimeoutOrCrashOnAnInventedPriorIsAWarning) {
  // An invented prior of a deeply nested schema can be far larger than any state the provider
  // writes: what it does with it is no contract error, however long it takes.
  for (const auto kind : {protocol::FailureKind::Timeout, protocol::FailureKind::Crashed}) {
    const auto [invented, rule] = failure_finding(kind, true);
    EXPECT_EQ(invented, report::Severity::warning) << rule;
    EXPECT_EQ(failure_finding(kind, false).first, report::Severity::error) << rule;
  }
  EXPECT_EQ(failure_finding(protocol::FailureKind::Timeout, true).second, "rpc.timeout");
}

}  // namespace
}  // namespace tfc::conformance
