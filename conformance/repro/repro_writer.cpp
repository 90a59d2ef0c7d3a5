#include "conformance/repro/repro_writer.hpp"

#include <fstream>

#include "conformance/repro/cli_setup_errors.hpp"
#include "conformance/repro/repro_release.hpp"

namespace tfc::conformance {
namespace {

Expected<void> write_file(const std::filesystem::path& path, const std::string& text, bool executable = false) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  if (!out) return Error{"cannot write " + path.string()};
  out << text;
  out.close();
  if (!out) return Error{"cannot write " + path.string()};
  if (executable) {
    std::error_code ec;
    std::filesystem::permissions(
        path,
        std::filesystem::perms::owner_exec | std::filesystem::perms::group_exec | std::filesystem::perms::others_exec,
        std::filesystem::perm_options::add, ec);
  }
  return {};
}

std::string hcl_string(const std::string& s) {
  std::string out = "\"";
  for (char c : s) {
    if (c == '"' || c == '\\') out += '\\';
    out += c;
  }
  return out + "\"";
}

std::string command_text(const report::ReproStep& s) {
  std::string out;
  for (const auto& a : s.args) out += " " + a;
  if (s.needs_import_id) out += " -var import_id=ID";
  return out;
}

// The script's first words on the CLI's setup failures (cli_setup_errors.hpp), for grep.
std::string setup_error_patterns() {
  std::string out;
  for (std::string_view summary : kCliSetupErrors) out += " -e " + report::shell_quoted(summary);
  return out;
}

/// run.sh's lines that write the CLI configuration `file` for the plugin folder `folder` where
/// the reproduction is now.
std::string cli_config_lines(const report::Reproduction& r, const std::string& folder, const std::string& file) {
  return "plugins=$(printf '%s' \"$here/" + folder +
         "\" | sed 's/[\\\\\"]/\\\\&/g')\n"
         "printf 'provider_installation {\\n  dev_overrides {\\n    %s = \"%s\"\\n  }\\n  direct {}\\n}\\n' " +
         report::shell_quoted(hcl_string(r.provider_source)) + " \"$plugins\" > " + file + " || exit 2\n";
}

std::string exports(const std::vector<std::string>& env, const std::string& indent = "") {
  std::string s;
  for (const auto& e : env) {
    const auto eq = e.find('=');
    if (eq == std::string::npos) continue;
    s += indent + "export " + e.substr(0, eq) + "=" + report::shell_quoted(e.substr(eq + 1)) + "\n";
  }
  return s;
}

/// The functions that switch run.sh to a release: its CLI configuration and its environment.
std::string release_functions(const report::Reproduction& r) {
  std::string s = "\n# The release a step runs with: its CLI configuration (dev_overrides) and its environment.\n";
  s += "previous_release() {\n"
       "  export TF_CLI_CONFIG_FILE=\"$here/work/cli-previous.tfrc\" "
       "TOFU_CLI_CONFIG_FILE=\"$here/work/cli-previous.tfrc\"\n" +
       exports(r.previous_environment, "  ") + "}\n";
  s += "new_release() {\n"
       "  export TF_CLI_CONFIG_FILE=\"$here/work/cli.tfrc\" TOFU_CLI_CONFIG_FILE=\"$here/work/cli.tfrc\"\n";
  s += exports(r.environment, "  ");
  for (const auto& name : previous_only_names(r)) s += "  unset " + name + "\n";
  return s + "}\n";
}

std::string run_script(const report::Finding& f, const report::Reproduction& r) {
  const bool two = plays_two_releases(r);
  std::string s =
      "#!/bin/sh\n"
      "# Plays the reproduction of " +
      f.rule_id + " (" + f.fingerprint +
      ") step by step in ./work.\n"
      "# Usage: ./run.sh [terraform|tofu|PATH] (default terraform). Exit status, as tfconform's verdicts:\n"
      "#   0  the checked step failed: confirmed when its error is Core rejecting the provider, could not\n"
      "#      run when it is about the configuration or another error of the provider's;\n"
      "#   1  not reproduced: Core accepted the checked step;\n"
      "#   2  could not run: an earlier step failed, or the CLI could not set the reproduction up.\n"
      "# It works wherever this folder is: the CLI configuration is written for plugins/ as it is now" +
      (two ? "\n# (and cli-previous.tfrc for plugins-previous/, which the previous release's steps use).\n" : ".\n") +
      "set -u\n"
      "here=$(cd \"$(dirname \"$0\")\" && pwd)\n"
      "cli=${1:-terraform}\n"
      "rm -rf \"$here/work\" && mkdir -p \"$here/work\" && cd \"$here/work\" || exit 2\n" +
      cli_config_lines(r, plugin_folder_name(false), "cli.tfrc") +
      (two ? cli_config_lines(r, plugin_folder_name(true), "cli-previous.tfrc") : "") +
      "export TF_CLI_CONFIG_FILE=\"$here/work/cli.tfrc\" TOFU_CLI_CONFIG_FILE=\"$here/work/cli.tfrc\"\n"
      "export TF_IN_AUTOMATION=1 CHECKPOINT_DISABLE=1\n";
  s += exports(r.environment);
  if (two) s += release_functions(r);
  s += "\n# play LOG ARGS...: runs the CLI, shows its output and keeps it in LOG; returns the CLI's status.\n"
       "play() {\n  log=$1; shift\n  { \"$cli\" \"$@\" 2>&1; echo $? > .status; } | tee \"$log\"\n"
       "  return \"$(cat .status)\"\n}\n"
       "cleanup() { echo '== cleanup: destroy'; \"$cli\" destroy -auto-approve -input=false -no-color >/dev/null "
       "2>&1; }\n"
       "could_not_run() { echo \"could not run: $1\"; cleanup; exit 2; }\n"
       "setup_failed() { grep -q" +
       setup_error_patterns() + " \"$1\"; }\n";
  for (const auto& step : r.steps) {
    s += "\necho '== " + step.folder + ": " + step.purpose + "'\n";
    // The cleanup after the last step played runs with that step's release too.
    if (two) s += step.previous_release ? "previous_release\n" : "new_release\n";
    s += "rm -f ./*.tf ./*.tf.json && cp \"$here/" + step.folder + "\"/* .\n";
    std::string args;
    for (const auto& a : step.args) args += " " + a;
    if (step.needs_import_id) {
      s += "id=$(\"$cli\" output -raw tfconform_import_id) || could_not_run 'the object'\\''s id is not in the "
           "state'\n";
      s += "\"$cli\" state rm " + f.resource_type +
           ".this >/dev/null || could_not_run 'the object could not be removed from the state'\n";
      args += " -var \"import_id=$id\"";
    }
    const std::string log = step.folder + ".log";
    s += "play " + log + args + "\n";
    s += "status=$?\n";
    s += "if [ $status -ne 0 ] && setup_failed " + log + "; then could_not_run '" + step.folder +
         ": the CLI could not set the step up (the error above)'; fi\n";
    if (step.checked) {
      if (step.expect_changes) {
        s += "if [ $status -eq 2 ]; then echo 'confirmed: the plan is not empty'; result=0\n"
             "elif [ $status -eq 0 ]; then echo 'not reproduced: the plan is empty'; result=1\n";
      } else {
        s += "if [ $status -eq 0 ]; then echo 'not reproduced: Core accepted this step'; result=1\n";
      }
      s += "else echo 'confirmed if the error above is Core rejecting the provider; could not run if it is about "
           "the configuration or another error of the provider'\\''s'; result=0; fi\n";
      break;
    }
    s += "[ $status -eq 0 ] || could_not_run '" + step.folder +
         " failed before the checked step (the error above: tfconform counts it as confirmed only when it is Core "
         "rejecting the same promise one step early)'\n";
  }
  s += "\ncleanup\nexit ${result:-2}\n";
  return s;
}

/// What the README says about the binaries and CLI configurations of a two-release reproduction.
std::string two_releases_text(const report::Reproduction& r) {
  const std::string file = plugin_file_name(r);
  std::string s =
      "Run `./run.sh` (Terraform on PATH) or `./run.sh tofu` (OpenTofu). It copies each step's configuration into "
      "`work/` in turn, so the state carries over, and runs the command below against one of two releases of the "
      "provider, as the table says: the previous release\n`" +
      r.previous_binary + "`, found as `" + plugin_folder_name(true) + "/" + file + "`, and the new release\n`" +
      r.provider_binary + "`, found as `" + plugin_folder_name(false) + "/" + file +
      "` (links to them, or copies: the name Terraform and OpenTofu look for, whatever the binaries are called), each "
      "through a CLI configuration of its own (`dev_overrides`: no `init` needed). `run.sh` writes those "
      "configurations for the folder it is in, so it works wherever this folder is moved (while the links' targets "
      "stay where they are); `terraform.tfrc` and `tofu.tfrc` (the new release) and `terraform-previous.tfrc` and "
      "`tofu-previous.tfrc` (the previous one), for `TF_CLI_CONFIG_FILE`, name the plugin folders by their absolute "
      "paths: they work where the folder was written.\n\n";
  s += "This is a provider upgrade: the state written by the previous release is planned by the new one, as after a "
       "provider upgrade. Neither CLI checks the version of a provider `dev_overrides` serves, and the state keeps "
       "the schema version the previous release wrote, so Core hands it to the new release's UpgradeResourceState "
       "(then ReadResource and PlanResourceChange), exactly as after a real upgrade.\n\n";
  return s;
}

std::string readme(const report::Finding& f, const report::Reproduction& r) {
  const bool two = plays_two_releases(r);
  std::string s = "# Reproduction of " + f.rule_id + " on " + f.resource_type + "\n\n";
  s += f.message + " (at " + (f.path.empty() ? "(root)" : f.path) + ", step \"" + f.step + "\", fingerprint " +
       f.fingerprint + ").\n\n";
  if (two) {
    s += two_releases_text(r);
  } else {
    s += "Run `./run.sh` (Terraform on PATH) or `./run.sh tofu` (OpenTofu). It copies each step's configuration "
         "into `work/` in turn, so the state carries over, and runs the command below against the provider binary\n"
         "`" +
         r.provider_binary + "`, found as `plugins/" + plugin_file_name(r) +
         "` (a link to it, or a copy: the name Terraform and OpenTofu look for, whatever the binary is called) "
         "through a CLI configuration (`dev_overrides`: no `init` needed). `run.sh` writes that configuration for "
         "the folder it is in, so it works wherever this folder is moved (while the link's target stays where it "
         "is); `terraform.tfrc` and `tofu.tfrc` (for `TF_CLI_CONFIG_FILE`) name `plugins/` by its absolute path: "
         "they work where the folder was written.\n\n";
  }
  s += "`run.sh` exits as tfconform's verdicts: 0 when the checked step failed (confirmed when its error is Core "
       "rejecting the provider, could not run when it is about the configuration or another error of the "
       "provider's), 1 when Core accepted it (not reproduced), 2 when the reproduction could not run (an earlier "
       "step failed, the CLI could not set it up).\n\n";
  if (!r.provider_args.empty()) {
    s += "The provider binary takes the arguments tfconform gave it (--provider-arg): `" + plugin_file_name(r) +
         "` is a script that starts it with them:";
    for (const auto& a : r.provider_args) s += " `" + a + "`";
    s += "\n\n";
  }
  if (!r.environment.empty()) {
    s += "The provider runs with:";
    for (const auto& e : r.environment) s += " `" + e + "`";
    s += "\n\n";
  }
  if (two && !r.previous_environment.empty()) {
    s += "The previous release runs with" +
         std::string(r.environment.empty() ? ":" : " these too (each replacing the variable of its name above):");
    for (const auto& e : r.previous_environment) s += " `" + e + "`";
    s += "\n\n";
  }
  s += "Values tfconform left unknown in a plan are outputs of `terraform_data` resources created in the same "
       "step (`input = { v = VALUE }`, used as `.output.v`): unknown while Core plans, known when it applies. "
       "Refinements tfconform put on an unknown (a prefix, bounds) are not written.\n\n";
  s += two ? "| step | release | what Core does | command |\n| --- | --- | --- | --- |\n"
           : "| step | what Core does | command |\n| --- | --- | --- |\n";
  for (const auto& step : r.steps) {
    s += "| " + step.folder + " | " + (two ? (step.previous_release ? "previous" : "new") + std::string(" | ") : "") +
         step.purpose + (step.checked ? " **(Core should reject this)**" : "") + " | `" + "terraform" +
         command_text(step) + "` |\n";
  }
  s += "\n";
  if (!f.counterexample || f.counterexample->configuration.empty()) return s;
  s += "The case as tfconform played it:\n\n```hcl\n" + f.counterexample->configuration + "```\n";
  return s;
}

/// A script that starts `binary` with `args` (--provider-arg) and whatever the CLI passes: the
/// CLIs start a plugin with no arguments of their own choosing.
std::string plugin_wrapper(const std::filesystem::path& binary, const std::vector<std::string>& args) {
  std::vector<std::string> words = {binary.string()};
  words.insert(words.end(), args.begin(), args.end());
  return "#!/bin/sh\n# The provider as tfconform started it (--provider-arg).\nexec " + report::shell_command(words) +
         " \"$@\"\n";
}

/// `binary` in `plugin_dir` under the name the CLIs look for (`file_name`): a link or a copy, or
/// with `args` a script that starts it with them.
Expected<void> place_plugin(const std::string& binary_path, const std::vector<std::string>& args,
                            const std::filesystem::path& plugin_dir, const std::string& file_name) {
  std::error_code ec;
  std::filesystem::create_directories(plugin_dir, ec);
  if (ec) return Error{"cannot create " + plugin_dir.string() + ": " + ec.message()};
  const auto placed = plugin_dir / file_name;
  std::filesystem::remove(placed, ec);  // a link or copy an earlier write made
  if (binary_path.empty()) return {};   // an attached provider: no binary to launch
  const auto binary = std::filesystem::absolute(binary_path, ec);
  if (ec) return Error{"cannot resolve " + binary_path + ": " + ec.message()};
  if (!args.empty()) return write_file(placed, plugin_wrapper(binary, args), true);
  std::filesystem::create_symlink(binary, placed, ec);
  if (!ec) return {};
  std::filesystem::copy_file(binary, placed, std::filesystem::copy_options::overwrite_existing, ec);
  if (ec) return Error{"cannot link or copy " + binary.string() + " to " + placed.string() + ": " + ec.message()};
  return {};
}

}  // namespace

std::string repro_folder_name(const report::Finding& finding) {
  return finding.resource_type + "." + finding.rule_id + "." + finding.fingerprint.substr(0, 8);
}

std::string plugin_file_name(const report::Reproduction& r) {
  const std::string& source = r.provider_source;
  const auto slash = source.rfind('/');
  const std::string type = source.empty()               ? r.provider_name
                           : slash == std::string::npos ? source
                                                        : source.substr(slash + 1);
  return "terraform-provider-" + type;
}

std::string cli_configuration(const report::Reproduction& r, const std::filesystem::path& plugin_dir) {
  return "# Terraform and OpenTofu read the same syntax: the provider comes from this folder, never a registry.\n"
         "provider_installation {\n  dev_overrides {\n    " +
         hcl_string(r.provider_source) + " = " + hcl_string(plugin_dir.string()) + "\n  }\n  direct {}\n}\n";
}

Expected<void> write_reproduction(const report::Finding& finding, const report::Reproduction& r,
                                  const std::filesystem::path& dir) {
  std::error_code ec;
  std::filesystem::create_directories(dir, ec);
  if (ec) return Error{"cannot create " + dir.string() + ": " + ec.message()};
  for (const auto& step : r.steps) {
    const auto folder = dir / step.folder;
    std::filesystem::remove_all(folder, ec);
    std::filesystem::create_directories(folder, ec);
    if (ec) return Error{"cannot create " + folder.string() + ": " + ec.message()};
    if (auto ok = write_file(folder / "main.tf", step.configuration); !ok) return ok.error();
    if (!r.provider_config.empty()) {
      const std::string body = "{\"provider\": {\"" + r.provider_name + "\": " + r.provider_config + "}}\n";
      if (auto ok = write_file(folder / "provider.tf.json", body); !ok) return ok.error();
    }
  }
  // The CLIs look for terraform-provider-<type> in a dev_overrides folder: a folder of the
  // reproduction's own holds the binary under that name, whatever the binary's file name.
  // A second release (an upgrade) has a folder and CLI configurations of its own.
  for (const bool previous : {false, true}) {
    if (previous && !plays_two_releases(r)) break;
    const auto plugin_dir = std::filesystem::absolute(dir / plugin_folder_name(previous), ec);
    if (ec) return Error{"cannot resolve " + dir.string() + ": " + ec.message()};
    const std::string& binary = previous ? r.previous_binary : r.provider_binary;
    const std::vector<std::string> no_args;
    if (auto ok = place_plugin(binary, previous ? no_args : r.provider_args, plugin_dir, plugin_file_name(r)); !ok)
      return ok.error();
    for (const bool tofu : {false, true}) {
      const auto rc = dir / cli_config_file_name(tofu, previous);
      if (auto ok = write_file(rc, cli_configuration(r, plugin_dir)); !ok) return ok.error();
    }
  }
  if (auto ok = write_file(dir / "run.sh", run_script(finding, r), true); !ok) return ok.error();
  if (auto ok = write_file(dir / "README.md", readme(finding, r)); !ok) return ok.error();
  return {};
}

Expected<std::size_t> write_reproductions(const report::RunReport& run, const std::filesystem::path& root) {
  std::size_t written = 0;
  for (const auto& ref : report::all_findings(run)) {
    const auto& f = *ref.finding;
    if (!f.reproduction || f.reproduction->steps.empty()) continue;
    if (auto ok = write_reproduction(f, *f.reproduction, root / repro_folder_name(f)); !ok) return ok.error();
    ++written;
  }
  return written;
}

}  // namespace tfc::conformance
