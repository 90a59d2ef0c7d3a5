// Reproductions: a shrunk case becomes one Terraform configuration per step, unknowns become
// outputs of terraform_data resources created in the same step, and Core itself accepts the
// configuration (`validate` of Terraform or the built OpenTofu against the real time provider).
#include <gtest/gtest.h>

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "conformance/repro/confirm.hpp"
#include "conformance/repro/process_run.hpp"
#include "conformance/repro/repro_plan.hpp"
#include "conformance/repro/repro_writer.hpp"
#include "proto/schema/implied_type.hpp"
#include "proto/schema/schema_json.hpp"
#include "proto/schema/tf_json.hpp"
#include "tests/conformance/confirming_cli.hpp"

namespace tfc::conformance {
namespace {

schema::Block offset_block() {
  auto b = schema::block_from_json(nlohmann::json::parse(R"({"attributes": {
      "base_rfc3339": {"type": "string", "optional": true, "computed": true},
      "day": {"type": "number", "computed": true},
      "id": {"type": "string", "computed": true},
      "offset_days": {"type": "number", "optional": true},
      "triggers": {"type": ["map", "string"], "optional": true}}})"));
  EXPECT_TRUE(b.has_value());
  return *b;
}

cty::Value config(const schema::Block& block, std::optional<double> days, bool unknown_days) {
  const auto type = schema::implied_type(block);
  std::vector<cty::Value> values;
  for (const auto& a : block.attributes) {
    if (a.name == "base_rfc3339")
      values.push_back(cty::Value::string("2024-01-02T03:04:05Z"));
    else if (a.name == "offset_days" && unknown_days)
      values.push_back(cty::Value::unknown(cty::Type::number()));
    else if (a.name == "offset_days" && days)
      values.push_back(cty::Value::number(cty::Number(*days)));
    else if (a.name == "triggers")
      values.push_back(cty::Value::map(cty::Type::string(), {{"k", cty::Value::string("v")}}));
    else
      values.push_back(cty::Value::null(*a.type));
  }
  return cty::Value::object(type, std::move(values));
}

ConfigPair pair(const schema::Block& block, double days, bool unknown) {
  ConfigPair p;
  p.known = config(block, days, false);
  p.with_unknowns.value = config(block, days, unknown);
  if (unknown) p.with_unknowns.injected.push_back(cty::Path().attribute("offset_days"));
  return p;
}

/// The real time provider the build makes (the reproductions' own context names it).
std::filesystem::path time_binary() {
  return std::filesystem::path(TFC_BUILD_DIR) / "providers" / "terraform-provider-time";
}

/// The CLI configuration a written reproduction holds for `cli`.
std::string cli_config_of(const std::string& cli) {
  return testing::cli_product(cli) == "OpenTofu" ? "tofu.tfrc" : "terraform.tfrc";
}

ReproContext context() {
  ReproContext c;
  c.provider_name = "time";
  c.provider_source = "registry.terraform.io/hashicorp/time";
  c.provider_binary = time_binary().string();
  return c;
}

report::Finding finding(std::string rule, std::string step) {
  report::Finding f;
  f.rule_id = std::move(rule);
  f.step_key = step;  // what the reproduction reads; the shown step may differ
  f.step = "(shown) " + step;
  f.resource_type = "time_offset";
  f.fingerprint = "0123456789abcdef";
  return f;
}

TEST(Reproduction, AnUpdateWithAnUnknownIsTwoAppliesTheSecondChecked) {
  const auto block = offset_block();
  LifecycleCase c{pair(block, 1, false), {Step{StepKind::Update, pair(block, 5, true)}}};
  const auto r = make_reproduction("time_offset", block, c, "update", 1,
                                   finding("plan_final.known_value_changed", "update: final plan"), context());
  ASSERT_TRUE(r.not_expressible.empty()) << r.not_expressible;
  ASSERT_EQ(r.steps.size(), 2u);
  EXPECT_EQ(r.steps[0].folder, "step1");
  EXPECT_FALSE(r.steps[0].checked);
  EXPECT_EQ(r.steps[0].args.front(), "apply");
  EXPECT_EQ(r.steps[0].configuration.find("terraform_data"), std::string::npos);
  EXPECT_TRUE(r.steps[1].checked);
  EXPECT_NE(r.steps[1].configuration.find("resource \"terraform_data\" \"step2_unknown_1\" {\n  input = { v = 5 }\n}"),
            std::string::npos)
      << r.steps[1].configuration;
  EXPECT_NE(r.steps[1].configuration.find("offset_days = terraform_data.step2_unknown_1.output.v"), std::string::npos);
  EXPECT_NE(r.steps[1].configuration.find("source = \"registry.terraform.io/hashicorp/time\""), std::string::npos);
}

TEST(Reproduction, ChecksAfterApplyAreAPlanThatMustBeEmpty) {
  const auto block = offset_block();
  LifecycleCase c{pair(block, 1, false), {}};
  const auto r =
      make_reproduction("time_offset", block, c, "create", 0,
                        finding("lifecycle.plan_not_empty_after_apply", "create: plan after apply"), context());
  ASSERT_EQ(r.steps.size(), 2u);
  EXPECT_TRUE(r.steps[1].checked);
  EXPECT_TRUE(r.steps[1].expect_changes);
  EXPECT_EQ(r.steps[1].args,
            (std::vector<std::string>{"plan", "-refresh=false", "-detailed-exitcode", "-input=false", "-no-color"}));
}

TEST(Reproduction, StepsCoreNeverTakesSaySo) {
  const auto block = offset_block();
  PlanOnlyCase c{pair(block, 1, false), pair(block, 2, false), 0};
  const auto r = make_reproduction("time_offset", block, c, "plan update", 0,
                                   finding("plan.config_value_changed", "plan update: plan update"), context());
  EXPECT_TRUE(r.steps.empty());
  EXPECT_NE(r.not_expressible.find("unknown values tfconform invented"), std::string::npos);
  LifecycleCase l{pair(block, 1, false), {}};
  EXPECT_FALSE(
      make_reproduction("time_offset", block, l, "create", 0, finding("schema.unstable", "schema: x"), context())
          .not_expressible.empty());
}

TEST(Reproduction, ImportIsAnImportBlockFedTheStoredId) {
  const auto block = offset_block();
  LifecycleCase c{pair(block, 1, false), {Step{StepKind::Import, {}}}};
  const auto r = make_reproduction("time_offset", block, c, "import", 1,
                                   finding("import.nonexistent_after_read", "import: read after import"), context());
  ASSERT_EQ(r.steps.size(), 2u);
  EXPECT_NE(r.steps[0].configuration.find("output \"tfconform_import_id\""), std::string::npos);
  EXPECT_TRUE(r.steps[1].needs_import_id);
  EXPECT_NE(r.steps[1].configuration.find("import {\n  to = time_offset.this\n  id = var.import_id\n}"),
            std::string::npos);
}

TEST(Reproduction, ThePlanAfterImportImportsAloneThenPlansExpectingNoChanges) {
  const auto block = offset_block();
  LifecycleCase c{pair(block, 1, false), {Step{StepKind::Import, {}}}};
  const auto r = make_reproduction("time_offset", block, c, "import", 1,
                                   finding("import.plan_not_empty", "import: plan after import"), context());
  ASSERT_EQ(r.steps.size(), 3u);
  EXPECT_FALSE(r.steps[0].checked);
  const auto& import = r.steps[1];
  EXPECT_TRUE(import.needs_import_id);
  EXPECT_FALSE(import.checked);
  EXPECT_EQ(import.args.front(), "apply");
  EXPECT_NE(import.configuration.find("resource \"time_offset\" \"this\" {\n  lifecycle {\n    ignore_changes = all\n"),
            std::string::npos)
      << import.configuration;
  EXPECT_NE(import.configuration.find("import {\n  to = time_offset.this\n  id = var.import_id\n}"), std::string::npos);
  const auto& plan = r.steps[2];
  EXPECT_TRUE(plan.checked);
  EXPECT_TRUE(plan.expect_changes);
  EXPECT_EQ(plan.args,
            (std::vector<std::string>{"plan", "-refresh=false", "-detailed-exitcode", "-input=false", "-no-color"}));
  EXPECT_EQ(plan.configuration.find("ignore_changes"), std::string::npos);
  EXPECT_EQ(plan.configuration.find("import {"), std::string::npos);
}

// An update the provider refused in the case left the object as it was: applying it would stop
// Core at the same error before the checked step, so the reproduction goes on without it.
TEST(Reproduction, AnUpdateTheProviderRefusedIsLeftOut) {
  const auto block = offset_block();
  LifecycleCase c{pair(block, 1, false),
                  {Step{StepKind::Update, pair(block, 2.5, false)}, Step{StepKind::Update, pair(block, 3, false)},
                   Step{StepKind::Update, pair(block, 7, true)}}};
  ReproContext ctx = context();
  ctx.refused_updates = {0};
  const auto r = make_reproduction("time_offset", block, c, "update", 3,
                                   finding("plan_final.known_value_changed", "update: final plan"), ctx);
  ASSERT_TRUE(r.not_expressible.empty()) << r.not_expressible;
  ASSERT_EQ(r.steps.size(), 3u);
  for (const auto& step : r.steps) EXPECT_EQ(step.configuration.find("offset_days = 2.5"), std::string::npos);
  EXPECT_NE(r.steps[1].configuration.find("offset_days = 3\n"), std::string::npos) << r.steps[1].configuration;
  EXPECT_FALSE(r.steps[1].checked);
  EXPECT_TRUE(r.steps[2].checked);
  EXPECT_EQ(r.steps[2].folder, "step3");

  ctx.refused_updates.clear();  // the same case with every update taken: all three apply
  EXPECT_EQ(make_reproduction("time_offset", block, c, "update", 3,
                              finding("plan_final.known_value_changed", "update: final plan"), ctx)
                .steps.size(),
            4u);
}

TEST(Reproduction, ImportByTheIdTheProviderAskedForBuildsItFromTheSameAttributes) {
  const auto block = offset_block();
  LifecycleCase c{pair(block, 1, false), {Step{StepKind::Import, {}}}};
  ReproContext ctx = context();
  ctx.import_id_attributes = {"base_rfc3339", "offset_days"};
  ctx.import_id_separator = ':';
  const auto r = make_reproduction("time_offset", block, c, "import", 1,
                                   finding("import.plan_not_empty", "import: plan after import"), ctx);
  ASSERT_FALSE(r.steps.empty());
  EXPECT_NE(r.steps[0].configuration.find(
                "output \"tfconform_import_id\" {\n  value = join(\":\", [for v in [time_offset.this.base_rfc3339, "
                "time_offset.this.offset_days] : v == null ? \"\" : tostring(v)])\n}"),
            std::string::npos)
      << r.steps[0].configuration;
}

// The CLI computes that ID as the case built it: a number as its decimal text, a null as an
// empty field (time_offset created with a base and offset_days only, on the real provider).
TEST(Reproduction, TheCliBuildsTheRequestedImportIdAsTheCaseDid) {
  const auto binary = time_binary();
  if (!std::filesystem::exists(binary)) GTEST_SKIP() << "make providers first (no " << binary << ")";
  ASSERT_CONFIRMING_CLI(cli);
  const std::string rc = cli_config_of(cli);
  const auto block = offset_block();
  LifecycleCase c{pair(block, 1, false), {Step{StepKind::Import, {}}}};
  ReproContext ctx = context();
  ctx.import_id_attributes = {"base_rfc3339", "offset_years", "offset_days", "day"};
  auto f = finding("import.plan_not_empty", "import: plan after import");
  const auto r = make_reproduction("time_offset", block, c, "import", 1, f, ctx);
  const auto dir = std::filesystem::temp_directory_path() / ("tfc-repro-id-" + std::to_string(::getpid()));
  ASSERT_TRUE(write_reproduction(f, r, dir).has_value());
  const std::vector<std::string> env{"TF_CLI_CONFIG_FILE=" + (dir / rc).string(), "CHECKPOINT_DISABLE=1"};
  const auto step1 = dir / r.steps[0].folder;
  const auto applied = run_process(
      {{cli, "apply", "-auto-approve", "-input=false", "-no-color"}, step1, env, std::chrono::seconds(120)});
  ASSERT_EQ(applied.exit_code, 0) << applied.output;
  const auto id = run_process({{cli, "output", "-raw", "tfconform_import_id"}, step1, env, std::chrono::seconds(60)});
  EXPECT_EQ(id.exit_code, 0) << id.output;
  // offset_years is null; the base plus a day is the 3rd.
  EXPECT_EQ(id.output, "2024-01-02T03:04:05Z,,1,3");
  run_process({{cli, "destroy", "-auto-approve", "-input=false", "-no-color"}, step1, env, std::chrono::seconds(120)});
  std::filesystem::remove_all(dir);
}

// The confirming CLI (Terraform on PATH, else the OpenTofu the build makes; neither fails the
// test) accepts every step's configuration.
TEST(Reproduction, TheConfirmingCliValidatesTheWrittenConfiguration) {
  const auto binary = time_binary();
  if (!std::filesystem::exists(binary)) GTEST_SKIP() << "make providers first (no " << binary << ")";
  ASSERT_CONFIRMING_CLI(cli);
  const std::string rc = cli_config_of(cli);
  const auto block = offset_block();
  LifecycleCase c{pair(block, 1, false), {Step{StepKind::Update, pair(block, 5, true)}, Step{StepKind::Import, {}}}};
  auto f = finding("import.nonexistent_after_read", "import: read after import");
  const auto r = make_reproduction("time_offset", block, c, "import", 2, f, context());
  const auto dir = std::filesystem::temp_directory_path() / ("tfc-repro-" + std::to_string(::getpid()));
  ASSERT_TRUE(write_reproduction(f, r, dir).has_value());
  EXPECT_TRUE(std::filesystem::exists(dir / "run.sh"));
  EXPECT_TRUE(std::filesystem::exists(dir / "README.md"));
  for (const auto& step : r.steps) {
    const auto result = run_process({{cli, "validate", "-no-color"},
                                     dir / step.folder,
                                     {"TF_CLI_CONFIG_FILE=" + (dir / rc).string(), "CHECKPOINT_DISABLE=1"},
                                     std::chrono::seconds(120)});
    EXPECT_EQ(result.exit_code, 0) << step.folder << "\n" << step.configuration << "\n" << result.output;
  }
  std::filesystem::remove_all(dir);
}

// A case whose nested block collections are wholly unknown at plan time (tfcfixture_server's
// disk list, whose elements hold a single encryption block, and its network_interface set) is
// written with dynamic blocks over a terraform_data output: Terraform plans them unknown and
// applies the very blocks of the case.
TEST(Reproduction, TerraformAppliesDynamicBlocksOverAnUnknownList) {
  const auto binary = std::filesystem::path(TFC_BUILD_DIR) / "providers" / "terraform-provider-tfcfixture";
  if (!std::filesystem::exists(binary)) GTEST_SKIP() << "make providers first (no " << binary << ")";
  if (run_process({{"terraform", "version"}, {}, {}, std::chrono::seconds(60)}).exit_code != 0)
    GTEST_SKIP() << "terraform is not on PATH";
  auto block = schema::block_from_json(nlohmann::json::parse(R"({
      "attributes": {"name": {"type": "string", "required": true}},
      "block_types": {
        "disk": {"nesting_mode": "list", "block": {
          "attributes": {"size_gb": {"type": "number", "required": true}, "label": {"type": "string", "optional": true}},
          "block_types": {"encryption": {"nesting_mode": "single", "block": {
            "attributes": {"algorithm": {"type": "string", "optional": true},
                           "key": {"type": "string", "optional": true, "sensitive": true}}}}}}},
        "network_interface": {"nesting_mode": "set", "block": {
          "attributes": {"network": {"type": "string", "required": true},
                         "address": {"type": "string", "optional": true}}}}}})"));
  ASSERT_TRUE(block) << block.error().message;
  auto known = schema::config_from_tf_json(nlohmann::json::parse(R"({"name": "srv",
      "disk": [{"size_gb": 10, "encryption": {"algorithm": "aes"}}, {"size_gb": 20, "label": "b"}],
      "network_interface": [{"network": "n1"}]})"),
                                           *block, "this");
  ASSERT_TRUE(known) << known.error().message;
  ConfigPair create;
  create.known = *known;
  std::vector<cty::Value> values = known->attribute_values();
  for (std::size_t i = 0; i < values.size(); ++i) {
    if (known->type().attributes()[i].name != "name") values[i] = cty::Value::unknown(values[i].type());
  }
  create.with_unknowns.value = cty::Value::object(known->type(), std::move(values));
  create.with_unknowns.injected = {cty::Path().attribute("disk"), cty::Path().attribute("network_interface")};
  const auto scratch = std::filesystem::temp_directory_path() / ("tfc-dynamic-" + std::to_string(::getpid()));
  ReproContext ctx;
  ctx.provider_name = "tfcfixture";
  ctx.provider_source = "registry.terraform.io/tfconform/tfcfixture";
  ctx.provider_binary = binary.string();
  auto f = finding("apply.known_value_changed", "create: apply");
  f.resource_type = "tfcfixture_server";
  const auto r = make_reproduction("tfcfixture_server", *block, LifecycleCase{create, {}}, "create", 0, f, ctx);
  ASSERT_TRUE(r.not_expressible.empty()) << r.not_expressible;
  ASSERT_FALSE(r.steps.empty());
  const std::string& config = r.steps[0].configuration;
  EXPECT_NE(config.find("dynamic \"disk\""), std::string::npos) << config;
  EXPECT_NE(r.steps[0].purpose.find("2 values unknown at plan time"), std::string::npos) << r.steps[0].purpose;
  ASSERT_TRUE(write_reproduction(f, r, scratch).has_value());
  const std::vector<std::string> env = {"TF_CLI_CONFIG_FILE=" + (scratch / "terraform.tfrc").string(),
                                        "CHECKPOINT_DISABLE=1",
                                        "TFCFIXTURE_STATE_DIR=" + (scratch / "objects").string()};
  const auto step = scratch / r.steps[0].folder;
  auto terraform = [&](std::vector<std::string> args) {
    args.insert(args.begin(), "terraform");
    return run_process({args, step, env, std::chrono::seconds(300)});
  };
  const auto plan = terraform({"plan", "-input=false", "-no-color"});
  ASSERT_EQ(plan.exit_code, 0) << config << "\n" << plan.output;
  const auto applied = terraform({"apply", "-auto-approve", "-input=false", "-no-color"});
  ASSERT_EQ(applied.exit_code, 0) << config << "\n" << applied.output;
  const auto shown = terraform({"show", "-json", "-no-color"});
  ASSERT_EQ(shown.exit_code, 0) << shown.output;
  // The document, without the warning about development overrides the CLI may print beside it.
  const auto start = shown.output.find("{\"format_version\"");
  ASSERT_NE(start, std::string::npos) << shown.output;
  nlohmann::json state;
  std::istringstream(shown.output.substr(start)) >> state;
  nlohmann::json server;
  for (const auto& res : state["values"]["root_module"]["resources"]) {
    if (res["type"] == "tfcfixture_server") server = res["values"];
  }
  ASSERT_TRUE(server.is_object()) << shown.output;
  ASSERT_EQ(server["disk"].size(), 2u) << server.dump(2);
  EXPECT_EQ(server["disk"][0]["size_gb"], 10);
  EXPECT_EQ(server["disk"][0]["encryption"]["algorithm"], "aes");
  EXPECT_EQ(server["disk"][1]["label"], "b");
  ASSERT_EQ(server["network_interface"].size(), 1u) << server.dump(2);
  EXPECT_EQ(server["network_interface"][0]["network"], "n1");
  EXPECT_EQ(terraform({"destroy", "-auto-approve", "-input=false", "-no-color"}).exit_code, 0);
  std::filesystem::remove_all(scratch);
}

TEST(Confirmation, VerdictsFromTheCheckedStep) {
  report::ReproStep apply;
  apply.checked = true;
  const std::string core_error =
      "time_offset.this: Modifying...\n\u2577\n\u2502 Error: Provider produced inconsistent final plan\n\u2502 \n"
      "\u2502 When expanding the plan for time_offset.this to include new values learned so far during apply,\n"
      "\u2502 provider \"registry.terraform.io/hashicorp/time\" produced an invalid new value for .day: was\n"
      "\u2502 cty.NumberIntVal(3), but now cty.NumberIntVal(7).\n\u2575\n";
  const auto confirmed =
      judge_checked_step(apply, "plan_final.known_value_changed", "Terraform v1.11.4", 1, core_error);
  EXPECT_EQ(confirmed.verdict, report::ConfirmVerdict::confirmed);
  EXPECT_EQ(confirmed.quote.rfind("Error: Provider produced inconsistent final plan", 0), 0u) << confirmed.quote;
  EXPECT_NE(confirmed.quote.find("invalid new value for .day"), std::string::npos);
  // Core accepted the step: not reproduced, quoting the CLI.
  const auto accepted = judge_checked_step(apply, "apply.known_value_changed", "Terraform v1.11.4", 0,
                                           "Apply complete! Resources: 1 added, 0 changed.\n");
  EXPECT_EQ(accepted.verdict, report::ConfirmVerdict::not_reproduced);
  EXPECT_NE(accepted.quote.find("Apply complete!"), std::string::npos);
  // A failure that is not Core rejecting the provider is not a confirmation, and not a verdict
  // on the provider either: Core never judged the step.
  const std::string config_error =
      "\u2502 Error: Invalid reference\n\u2502 \n\u2502   on main.tf line 9, in resource \"x\" \"this\":\n";
  const auto other = judge_checked_step(apply, "apply.known_value_changed", "Terraform v1.11.4", 1, config_error);
  EXPECT_EQ(other.verdict, report::ConfirmVerdict::could_not_run);
  EXPECT_NE(other.quote.find("Error: Invalid reference"), std::string::npos) << other.quote;
  // A decoding error is Core rejecting an answer of the wrong type, but not a configuration error.
  EXPECT_EQ(judge_checked_step(apply, "value.type_mismatch", "Terraform v1.11.4", 1,
                               "Error: [\"size\"]: number is required\n")
                .verdict,
            report::ConfirmVerdict::confirmed);
  EXPECT_EQ(judge_checked_step(apply, "value.type_mismatch", "Terraform v1.11.4", 1, config_error).verdict,
            report::ConfirmVerdict::could_not_run);
  report::ReproStep plan;
  plan.checked = plan.expect_changes = true;
  EXPECT_EQ(judge_checked_step(plan, "lifecycle.plan_not_empty_after_apply", "OpenTofu v1.12.6", 2,
                               "  # x will be updated in-place\nPlan: 0 to add, 1 to change, 0 to destroy.\n")
                .verdict,
            report::ConfirmVerdict::confirmed);
  EXPECT_EQ(
      judge_checked_step(plan, "lifecycle.plan_not_empty_after_apply", "OpenTofu v1.12.6", 0, "No changes.").verdict,
      report::ConfirmVerdict::not_reproduced);
}

// What Terraform 1.11 prints when the configuration's provider is not the one dev_overrides
// serves (a binary whose name is not terraform-provider-<local name of its types>).
const std::string kLockFileError =
    "\u2577\n\u2502 Error: Inconsistent dependency lock file\n\u2502 \n"
    "\u2502 The following dependency selections recorded in the lock file are\n"
    "\u2502 inconsistent with the current configuration:\n"
    "\u2502   - provider registry.terraform.io/hashicorp/framework: required by this configuration but no version is "
    "selected\n\u2502 \n\u2502 To make the initial dependency selections that will initialize the\n"
    "\u2502 dependency lock file, run:\n\u2502   terraform init\n\u2575\n";

// Only Core accepting the checked step is "not reproduced"; a step the CLI could not set up or
// read is "could not run", with the CLI's words, whatever the rule.
TEST(Confirmation, AStepTheCliCouldNotPlayCouldNotRun) {
  report::ReproStep apply;
  apply.checked = true;
  for (const std::string rule :
       {"apply.known_value_changed", "plan_final.known_value_changed", "value.type_mismatch"}) {
    const auto lock = judge_checked_step(apply, rule, "Terraform v1.11.4", 1, kLockFileError);
    EXPECT_EQ(lock.verdict, report::ConfirmVerdict::could_not_run) << rule << ": " << lock.quote;
    EXPECT_NE(lock.quote.find("Error: Inconsistent dependency lock file"), std::string::npos) << lock.quote;
    EXPECT_NE(lock.quote.find("no version is selected"), std::string::npos) << lock.quote;
  }
  const std::string parse_error =
      "\u2577\n\u2502 Error: Argument or block definition required\n\u2502 \n"
      "\u2502   on main.tf line 12, in resource \"time_offset\" \"this\":\n\u2502   12:   offset_days = = 1\n"
      "\u2502 \n\u2502 An argument or block definition is required here.\n\u2575\n";
  const auto parse = judge_checked_step(apply, "apply.known_value_changed", "OpenTofu v1.12.6", 1, parse_error);
  EXPECT_EQ(parse.verdict, report::ConfirmVerdict::could_not_run);
  EXPECT_NE(parse.quote.find("Argument or block definition required"), std::string::npos) << parse.quote;
  EXPECT_EQ(judge_checked_step(apply, "apply.known_value_changed", "OpenTofu v1.12.6", 0,
                               "Apply complete! Resources: 0 added, 1 changed, 0 destroyed.\n")
                .verdict,
            report::ConfirmVerdict::not_reproduced);
  // A "no changes" check: an empty plan is Core's answer, a failing one is not.
  report::ReproStep plan;
  plan.checked = plan.expect_changes = true;
  EXPECT_EQ(
      judge_checked_step(plan, "lifecycle.plan_not_empty_after_apply", "Terraform v1.11.4", 1, kLockFileError).verdict,
      report::ConfirmVerdict::could_not_run);
  EXPECT_EQ(
      judge_checked_step(plan, "lifecycle.plan_not_empty_after_apply", "Terraform v1.11.4", 1, "killed\n").verdict,
      report::ConfirmVerdict::could_not_run);
}

// A move finding rests on a same-type move, which Core never asks the provider for: its
// reproduction must not play the create and call the accepted create "not reproduced".
TEST(Reproduction, ASameTypeMoveIsNotExpressible) {
  EXPECT_NE(not_expressible_reason("lifecycle.plan_not_empty_after_move", "plan after move").find("MoveResourceState"),
            std::string::npos);
  EXPECT_NE(not_expressible_reason("move.state_invalid", "move").find("MoveResourceState"), std::string::npos);
  EXPECT_TRUE(not_expressible_reason("lifecycle.plan_not_empty_after_apply", "plan after apply").empty());
}

}  // namespace
}  // namespace tfc::conformance

namespace tfc::conformance {
namespace {

TEST(Reproduction, AWiredCaseWritesItsUpstreamResourcesAndReferencesInEveryStep) {
  const auto block = offset_block();
  // base_rfc3339 of the case, and a key's `seed` of the certificate, come from upstream resources.
  auto key_block = std::make_shared<const schema::Block>(*schema::block_from_json(nlohmann::json::parse(
      R"({"attributes": {"bits": {"type": "number", "optional": true}, "pem": {"type": "string", "computed": true}}})")));
  auto cert_block = std::make_shared<const schema::Block>(*schema::block_from_json(nlohmann::json::parse(
      R"({"attributes": {"seed": {"type": "string", "required": true}, "stamp": {"type": "string", "computed": true}}})")));
  Wiring w;
  w.upstream.push_back({"x_key",
                        cty::Value::object({{"bits", cty::Value::number(cty::Number(2048))},
                                            {"pem", cty::Value::null(cty::Type::string())}}),
                        true, key_block});
  w.upstream.push_back({"x_cert",
                        cty::Value::object({{"seed", cty::Value::string("generated")},
                                            {"stamp", cty::Value::null(cty::Type::string())}}),
                        true, cert_block});
  w.wires.push_back({1, "seed", 0, "pem"});
  w.wires.push_back({kCaseItself, "base_rfc3339", 1, "stamp"});
  LifecycleCase c{pair(block, 1, false), {Step{StepKind::Update, pair(block, 5, true)}}, w};
  const auto r = make_reproduction("time_offset", block, c, "update", 1,
                                   finding("plan_final.known_value_changed", "update: final plan"), context());
  ASSERT_EQ(r.steps.size(), 2u);
  for (const auto& s : r.steps) {
    const std::string& text = s.configuration;
    EXPECT_NE(text.find("resource \"x_key\" \"upstream_1\" {\n  bits = 2048\n}"), std::string::npos) << text;
    EXPECT_NE(text.find("resource \"x_cert\" \"upstream_2\" {\n  seed = x_key.upstream_1.pem\n}"), std::string::npos)
        << text;
    EXPECT_NE(text.find("base_rfc3339 = x_cert.upstream_2.stamp"), std::string::npos) << text;
    EXPECT_EQ(text.find("generated"), std::string::npos) << text;
    EXPECT_EQ(text.find("tfconform-reference"), std::string::npos) << text;
  }
  // The second step's unknown is still a terraform_data output; the reference made none.
  EXPECT_NE(r.steps[1].configuration.find("offset_days = terraform_data.step2_unknown_1.output.v"), std::string::npos);
  EXPECT_EQ(r.steps[1].configuration.find("step2_unknown_2"), std::string::npos);
  EXPECT_EQ(r.steps[0].configuration.find("terraform_data"), std::string::npos) << r.steps[0].configuration;
  // Shrinking dropped the certificate: the case's attribute keeps its value, nothing else is written.
  c.wiring.upstream[1].kept = false;
  const auto alone = make_reproduction("time_offset", block, c, "update", 1,
                                       finding("plan_final.known_value_changed", "update: final plan"), context());
  EXPECT_EQ(alone.steps[0].configuration.find("upstream_"), std::string::npos) << alone.steps[0].configuration;
  EXPECT_NE(alone.steps[0].configuration.find("base_rfc3339 = \"2024-01-02T03:04:05Z\""), std::string::npos);
}

}  // namespace
}  // namespace tfc::conformance
