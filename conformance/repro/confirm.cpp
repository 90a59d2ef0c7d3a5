#include "conformance/repro/confirm.hpp"

#include <unistd.h>

#include <algorithm>
#include <optional>
#include <sstream>

#include "conformance/repro/cli_features.hpp"
#include "conformance/repro/cli_setup_errors.hpp"
#include "conformance/repro/core_diagnostics.hpp"
#include "conformance/repro/process_run.hpp"
#include "conformance/repro/repro_release.hpp"
#include "conformance/repro/repro_writer.hpp"
#include "runner/scratch_dir.hpp"

namespace tfc::conformance {
namespace {

// Whether an error block is Core rejecting the provider's answer for a finding of `rule`: the
// table of core_diagnostics.cpp decides.
bool core_rejection(const std::string& block, std::string_view rule) {
  return blame_of(block, rule) == Blame::this_rule;
}

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  std::string line;
  while (std::getline(in, line)) out.push_back(line);
  return out;
}

// Without the box the CLIs draw around diagnostics ("│ ", "╷", "╵").
std::string unboxed(const std::string& line) {
  static const std::string bar = "\u2502";
  if (line.rfind(bar, 0) == 0) {
    std::string rest = line.substr(bar.size());
    if (!rest.empty() && rest[0] == ' ') rest.erase(0, 1);
    return rest;
  }
  if (line == "\u256e" || line == "\u2577" || line == "\u2575" || line == "\u256d") return "";
  return line;
}

/// The words of Core's error for a rule's family, when the family has one error of its own:
/// an earlier step of a reproduction that fails with it shows Core rejecting the same promise.
std::string_view core_error_of(std::string_view rule) {
  if (rule.starts_with("plan_final.")) return "inconsistent final plan";
  if (rule.starts_with("apply.")) return "inconsistent result after apply";
  if (rule.starts_with("plan.")) return "Provider produced invalid plan";
  return {};
}

/// The first diagnostic block that starts with "Error:" (at most 12 lines) and, with
/// `core_only`, is Core rejecting the provider's answer for `rule`; or empty.
std::string error_block(const std::string& output, bool core_only, std::string_view rule = {}) {
  const auto lines = lines_of(output);
  for (std::size_t i = 0; i < lines.size(); ++i) {
    const std::string line = unboxed(lines[i]);
    if (line.rfind("Error: ", 0) != 0) continue;
    std::string block;
    std::size_t taken = 0;
    for (std::size_t j = i; j < lines.size() && taken < 12; ++j) {
      const std::string l = unboxed(lines[j]);
      if (j > i && (lines[j] == "\u2575" || l.rfind("Error: ", 0) == 0)) break;
      if (l.empty() && block.empty()) continue;
      block += (block.empty() ? "" : "\n") + l;
      ++taken;
    }
    while (!block.empty() && block.back() == '\n') block.pop_back();
    if (!core_only || core_rejection(block, rule)) return block;
  }
  return {};
}

std::string tail(const std::string& output, std::size_t n) {
  auto lines = lines_of(output);
  std::string out;
  const std::size_t from = lines.size() > n ? lines.size() - n : 0;
  for (std::size_t i = from; i < lines.size(); ++i) {
    const std::string l = unboxed(lines[i]);
    if (l.empty()) continue;
    out += (out.empty() ? "" : "\n") + l;
  }
  return out;
}

std::string plan_summary(const std::string& output) {
  std::string out;
  for (const auto& raw : lines_of(output)) {
    const std::string l = unboxed(raw);
    // "# forces replacement" names the attribute that replaces the object (the worst plan after an upgrade).
    if (l.find(" will be ") != std::string::npos || l.find(" must be ") != std::string::npos ||
        l.rfind("Plan: ", 0) == 0 || l.find(" ~ ") != std::string::npos || l.find("-/+") != std::string::npos ||
        l.find("# forces replacement") != std::string::npos) {
      out += (out.empty() ? "" : "\n") + l;
    }
  }
  return out.empty() ? tail(output, 8) : out;
}

report::Confirmation verdict(const std::string& cli, report::ConfirmVerdict v, std::string quote) {
  return report::Confirmation{cli, v, std::move(quote)};
}

ProcessSpec cli_spec(const CliUnderTest& cli, std::vector<std::string> args, const std::filesystem::path& cwd,
                     const std::vector<std::string>& env) {
  ProcessSpec spec;
  spec.argv.push_back(cli.path);
  spec.argv.insert(spec.argv.end(), args.begin(), args.end());
  spec.cwd = cwd;
  spec.environment = env;
  spec.timeout = std::chrono::seconds(300);
  return spec;
}

/// The first error block that is one of the CLI's own setup failures, or empty.
std::string cli_setup_error(const std::string& output) {
  const auto lines = lines_of(output);
  for (std::size_t i = 0; i < lines.size(); ++i) {
    if (!is_cli_setup_error(unboxed(lines[i]))) continue;
    std::string rest;
    for (std::size_t j = i; j < lines.size(); ++j) rest += lines[j] + "\n";
    return error_block(rest, false);
  }
  return {};
}

}  // namespace

Expected<CliUnderTest> identify_cli(const std::string& path) {
  ProcessSpec spec;
  spec.argv = {path, "version"};
  spec.environment = {"CHECKPOINT_DISABLE=1"};
  spec.timeout = std::chrono::seconds(60);
  const auto r = run_process(spec);
  const auto lines = lines_of(r.output);
  if (r.exit_code != 0 || lines.empty())
    return Error{"--cli " + path + ": `" + path + " version` did not run: " + tail(r.output, 3)};
  // Warnings about the CLI configuration may come first.
  for (const auto& line : lines) {
    if (line.rfind("Terraform v", 0) == 0 || line.rfind("OpenTofu v", 0) == 0) return CliUnderTest{path, line};
  }
  return Error{"--cli " + path + ": not Terraform or OpenTofu (it says \"" + lines.front() + "\")"};
}

report::Confirmation judge_checked_step(const report::ReproStep& step, const std::string& rule, const std::string& cli,
                                        int exit_code, const std::string& output) {
  using report::ConfirmVerdict;
  if (step.expect_changes) {
    if (exit_code == 2)
      return verdict(cli, ConfirmVerdict::confirmed, "the plan is not empty:\n" + plan_summary(output));
    if (exit_code == 0) return verdict(cli, ConfirmVerdict::not_reproduced, "No changes: " + tail(output, 3));
  }
  if (exit_code != 0) {
    // Checked first: a lock-file error has no configuration location, which a value.* rule
    // would otherwise take for Core failing to decode the provider's answer.
    if (auto setup = cli_setup_error(output); !setup.empty())
      return verdict(cli, ConfirmVerdict::could_not_run, "the CLI could not play the step: " + setup);
    if (auto core = error_block(output, true, rule); !core.empty())
      return verdict(cli, ConfirmVerdict::confirmed, core);
    auto other = error_block(output, false);
    // Core did not accept the step, so it is no "not reproduced"; nor does it show this promise
    // broken. Say whether Core blamed the provider for another promise or something else failed.
    const bool other_promise = !other.empty() && blame_of(other, rule) == Blame::other_promise;
    return verdict(cli, ConfirmVerdict::could_not_run,
                   (other_promise ? "Core rejected the provider for another promise than this finding's: "
                                  : "the step failed, but not with Core rejecting the provider for this finding: ") +
                       (other.empty() ? tail(output, 8) : other));
  }
  return verdict(cli, ConfirmVerdict::not_reproduced, "Core accepted the step: " + tail(output, 6));
}

namespace {

/// What the CLI runs with for one release of the provider (the previous one of an upgrade, or
/// the new or only one): the release's environment, its own CLI configuration file (the
/// provider's dev override), no prompts, no telemetry, and tfconform's temporary directory.
std::vector<std::string> cli_environment(const report::Reproduction& r, bool previous, const CliUnderTest& cli,
                                         const std::filesystem::path& scratch,
                                         const std::filesystem::path& cli_tmpdir) {
  const bool tofu = cli.name.rfind("OpenTofu", 0) == 0;
  std::vector<std::string> env = release_environment(r, previous);
  const std::string rc = (scratch / cli_config_file_name(tofu, previous)).string();
  env.insert(env.end(), {"TF_CLI_CONFIG_FILE=" + rc, "TOFU_CLI_CONFIG_FILE=" + rc, "TF_IN_AUTOMATION=1",
                         "CHECKPOINT_DISABLE=1", "TF_LOG=", "TF_INPUT=0"});
  if (!cli_tmpdir.empty()) {
    std::error_code ec;
    std::filesystem::create_directories(cli_tmpdir, ec);
    env.push_back("TMPDIR=" + cli_tmpdir.string());
  }
  return env;
}

/// The configuration files go, the state stays: each step plays on what the last one left.
void stage_step(const std::filesystem::path& work, const std::filesystem::path& step_folder) {
  std::error_code ec;
  for (const auto& e : std::filesystem::directory_iterator(work, ec)) {
    const std::string name = e.path().filename().string();
    const bool config = name.ends_with(".tf") || name.ends_with(".tf.json");
    if (e.is_regular_file() && config) std::filesystem::remove(e.path(), ec);
  }
  for (const auto& e : std::filesystem::directory_iterator(step_folder, ec)) {
    std::filesystem::copy_file(e.path(), work / e.path().filename(), std::filesystem::copy_options::overwrite_existing,
                               ec);
  }
}

/// One step as the CLI plays it, with the environment of the step's release. The finding's
/// verdict when the step decides it (the checked step, or a failure before it); nothing when
/// the reproduction goes on.
struct StepPlay {
  const report::Finding& finding;
  const CliUnderTest& cli;
  const std::filesystem::path& work;
  const std::vector<std::string>& env;

  /// An import step gets the object's id from the state, which then forgets the object.
  Expected<std::vector<std::string>> args_of(const report::ReproStep& step) const {
    std::vector<std::string> args = step.args;
    if (!step.needs_import_id) return args;
    const auto id = run_process(cli_spec(cli, {"output", "-raw", "tfconform_import_id"}, work, env));
    if (id.exit_code != 0) return Error{step.folder + ": the object's id is not in the state: " + tail(id.output, 4)};
    const auto forgot = run_process(cli_spec(cli, {"state", "rm", finding.resource_type + ".this"}, work, env));
    if (forgot.exit_code != 0)
      return Error{step.folder + ": the object could not be removed from the state: " + tail(forgot.output, 4)};
    args.push_back("-var");
    args.push_back("import_id=" + id.output);
    return args;
  }

  /// A step before the checked one failed: confirmed when Core rejected the provider with the
  /// rule's own error already (a shrunk create whose final plan changes too), else nothing was
  /// judged (the CLI's setup, a configuration it cannot read, another error of the provider's).
  report::Confirmation early_failure(const report::ReproStep& step, const std::string& output) const {
    using report::ConfirmVerdict;
    const auto err = error_block(output, false);
    if (const auto own = core_error_of(finding.rule_id);
        !own.empty() && !err.empty() && err.find(own) != std::string::npos && core_rejection(err, finding.rule_id)) {
      return verdict(cli.name, ConfirmVerdict::confirmed,
                     step.folder + " (" + step.purpose + "), before the checked step: " + err);
    }
    const auto setup = cli_setup_error(output);
    const std::string words = !setup.empty() ? "the CLI could not play it: " + setup
                              : err.empty()  ? tail(output, 8)
                                             : err;
    return verdict(cli.name, ConfirmVerdict::could_not_run,
                   step.folder + " (" + step.purpose + ") failed before the checked step: " + words);
  }

  std::optional<report::Confirmation> operator()(const report::ReproStep& step) const {
    using report::ConfirmVerdict;
    auto args = args_of(step);
    if (!args) return verdict(cli.name, ConfirmVerdict::could_not_run, args.error().message);
    const auto ran = run_process(cli_spec(cli, *args, work, env));
    if (ran.timed_out)
      return verdict(cli.name, ConfirmVerdict::could_not_run, step.folder + ": the CLI did not finish within 300 s");
    if (step.checked) {
      auto result = judge_checked_step(step, finding.rule_id, cli.name, ran.exit_code, ran.output);
      if (result.verdict != ConfirmVerdict::confirmed)
        result.quote = step.folder + " (" + step.purpose + "): " + result.quote;
      return result;
    }
    if (ran.exit_code != 0) return early_failure(step, ran.output);
    return std::nullopt;
  }
};

}  // namespace

report::Confirmation confirm_finding(const report::Finding& f, const CliUnderTest& cli,
                                     const std::filesystem::path& scratch_dir,
                                     const std::filesystem::path& cli_tmpdir) {
  using report::ConfirmVerdict;
  // The CLI runs in scratch/work: every path it is given must not depend on that.
  const std::filesystem::path scratch = std::filesystem::absolute(scratch_dir);
  // Before anything is written: a CLI that never makes the finding's call cannot replay it.
  if (auto why = not_expressible_with(f, cli.name); !why.empty())
    return verdict(cli.name, ConfirmVerdict::not_expressible, why);
  if (!f.reproduction)
    return verdict(cli.name, ConfirmVerdict::not_expressible,
                   "no reproduction: the finding is not about a resource's case");
  const report::Reproduction& r = *f.reproduction;
  if (!r.not_expressible.empty()) return verdict(cli.name, ConfirmVerdict::not_expressible, r.not_expressible);
  if (r.steps.empty()) return verdict(cli.name, ConfirmVerdict::not_expressible, "no steps to play");
  if (auto written = write_reproduction(f, r, scratch); !written)
    return verdict(cli.name, ConfirmVerdict::could_not_run,
                   "could not write the reproduction: " + written.error().message);
  const auto work = scratch / "work";
  std::error_code ec;
  std::filesystem::remove_all(work, ec);
  std::filesystem::create_directories(work, ec);
  // An upgrade's steps run with the previous release first, then with the new one (repro_release.hpp).
  const auto env = cli_environment(r, false, cli, scratch, cli_tmpdir);
  const auto previous_env =
      plays_two_releases(r) ? cli_environment(r, true, cli, scratch, cli_tmpdir) : std::vector<std::string>{};
  const std::vector<std::string>* last_env = &env;
  report::Confirmation result = verdict(cli.name, ConfirmVerdict::could_not_run, "no step was checked");
  for (const auto& step : r.steps) {
    last_env = step.previous_release && plays_two_releases(r) ? &previous_env : &env;
    stage_step(work, scratch / step.folder);
    if (auto decided = StepPlay{f, cli, work, *last_env}(step)) {
      result = std::move(*decided);
      break;
    }
  }
  // Clean up whatever the steps created (the provider's objects), with the release of the last
  // step played, as run.sh does; the verdict stands either way.
  run_process(cli_spec(cli, {"destroy", "-auto-approve", "-input=false", "-no-color"}, work, *last_env));
  return result;
}

std::size_t confirm_run(report::RunReport& run, const std::vector<CliUnderTest>& clis,
                        const std::filesystem::path& scratch_root, std::ostream* log) {
  std::filesystem::path root = scratch_root;
  // Without --repro-dir the reproductions are played in a scratch directory of tfconform's own
  // (marked and locked), which the next run removes if this one is killed.
  runner::ScratchDir temporary;
  if (root.empty()) {
    auto made = runner::ScratchDir::create("confirm-");
    if (!made) return 0;
    temporary = std::move(*made);
    root = temporary.path();
  }
  std::size_t recorded = 0;
  for (auto& suite : run.suites) {
    for (auto& scenario : suite.scenarios) {
      for (auto& f : scenario.findings) {
        if (f.finding_class != report::FindingClass::contract && f.finding_class != report::FindingClass::robustness)
          continue;
        for (const auto& cli : clis) {
          const std::string tag = std::filesystem::path(cli.path).filename().string();
          auto c = confirm_finding(f, cli, root / repro_folder_name(f) / ("with-" + tag),
                                   temporary.path().empty() ? std::filesystem::path() : root / "tmp");
          if (log)
            *log << "confirm: " << f.rule_id << " on " << f.resource_type << " [" << f.fingerprint << "] with "
                 << cli.name << ": " << report::to_string(c.verdict) << "\n";
          std::erase_if(f.confirmations, [&](const report::Confirmation& old) { return old.cli == c.cli; });
          f.confirmations.push_back(std::move(c));
          ++recorded;
        }
      }
    }
  }
  return recorded;
}

}  // namespace tfc::conformance
