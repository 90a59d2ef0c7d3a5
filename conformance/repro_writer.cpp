#include "conformance/repro_writer.hpp"

#include <fstream>

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

std::string shell_quote(const std::string& s) {
  std::string out = "'";
  for (char c : s) {
    if (c == '\'')
      out += "'\\''";
    else
      out += c;
  }
  return out + "'";
}

std::string command_text(const report::ReproStep& s) {
  std::string out;
  for (const auto& a : s.args) out += " " + a;
  if (s.needs_import_id) out += " -var import_id=ID";
  return out;
}

std::string run_script(const report::Finding& f, const report::Reproduction& r) {
  std::string s =
      "#!/bin/sh\n"
      "# Plays the reproduction of " +
      f.rule_id + " (" + f.fingerprint +
      ") step by step in ./work.\n"
      "# Usage: ./run.sh [terraform|tofu|PATH] (default terraform). Exit 0 when Core rejected the\n"
      "# provider at the checked step as expected, 1 when it did not, 2 when an earlier step failed.\n"
      "set -u\n"
      "here=$(cd \"$(dirname \"$0\")\" && pwd)\n"
      "cli=${1:-terraform}\n"
      "case \"$(basename \"$cli\")\" in tofu*) rc=tofu.tfrc ;; *) rc=terraform.tfrc ;; esac\n"
      "export TF_CLI_CONFIG_FILE=\"$here/$rc\" TF_IN_AUTOMATION=1 CHECKPOINT_DISABLE=1\n";
  for (const auto& e : r.environment) {
    const auto eq = e.find('=');
    if (eq == std::string::npos) continue;
    s += "export " + e.substr(0, eq) + "=" + shell_quote(e.substr(eq + 1)) + "\n";
  }
  s += "rm -rf \"$here/work\" && mkdir -p \"$here/work\" && cd \"$here/work\" || exit 2\n";
  for (const auto& step : r.steps) {
    s += "\necho '== " + step.folder + ": " + step.purpose + "'\n";
    s += "rm -f ./*.tf ./*.tf.json && cp \"$here/" + step.folder + "\"/* .\n";
    std::string args;
    for (const auto& a : step.args) args += " " + a;
    if (step.needs_import_id) {
      s += "id=$(\"$cli\" output -raw tfconform_import_id) || exit 2\n";
      s += "\"$cli\" state rm " + f.resource_type + ".this >/dev/null || exit 2\n";
      args += " -var \"import_id=$id\"";
    }
    s += "\"$cli\"" + args + "\n";
    s += "status=$?\n";
    if (step.checked) {
      if (step.expect_changes) {
        s += "if [ $status -eq 2 ]; then echo 'confirmed: the plan is not empty'; result=0; else echo 'not "
             "reproduced'; result=1; fi\n";
      } else {
        s += "if [ $status -ne 0 ]; then echo 'confirmed if the error above is Core rejecting the provider'; result=0; "
             "else echo 'not reproduced: Core accepted this step'; result=1; fi\n";
      }
      break;
    }
    s += "[ $status -eq 0 ] || { echo '" + step.folder + " failed before the checked step'; exit 2; }\n";
  }
  s += "\necho '== cleanup: destroy'\n\"$cli\" destroy -auto-approve -input=false -no-color >/dev/null 2>&1\nexit "
       "${result:-1}\n";
  return s;
}

std::string readme(const report::Finding& f, const report::Reproduction& r) {
  std::string s = "# Reproduction of " + f.rule_id + " on " + f.resource_type + "\n\n";
  s += f.message + " (at " + (f.path.empty() ? "(root)" : f.path) + ", step \"" + f.step + "\", fingerprint " +
       f.fingerprint + ").\n\n";
  s += "Run `./run.sh` (Terraform on PATH) or `./run.sh tofu` (OpenTofu). It copies each step's configuration "
       "into `work/` in turn, so the state carries over, and runs the command below against the provider binary\n"
       "`" +
       r.provider_binary +
       "` through the CLI configuration file (`terraform.tfrc` / `tofu.tfrc`, "
       "`dev_overrides`: no `init` needed).\n\n";
  if (!r.environment.empty()) {
    s += "The provider runs with:";
    for (const auto& e : r.environment) s += " `" + e + "`";
    s += "\n\n";
  }
  s += "Values tfconform left unknown in a plan are outputs of `terraform_data` resources created in the same "
       "step (`input = { v = VALUE }`, used as `.output.v`): unknown while Core plans, known when it applies. "
       "Refinements tfconform put on an unknown (a prefix, bounds) are not written.\n\n";
  s += "| step | what Core does | command |\n| --- | --- | --- |\n";
  for (const auto& step : r.steps) {
    s += "| " + step.folder + " | " + step.purpose + (step.checked ? " **(Core should reject this)**" : "") + " | `" +
         "terraform" + command_text(step) + "` |\n";
  }
  s += "\n";
  if (!f.counterexample || f.counterexample->configuration.empty()) return s;
  s += "The case as tfconform played it:\n\n```hcl\n" + f.counterexample->configuration + "```\n";
  return s;
}

}  // namespace

std::string repro_folder_name(const report::Finding& finding) {
  return finding.resource_type + "." + finding.rule_id + "." + finding.fingerprint.substr(0, 8);
}

std::string cli_configuration(const report::Reproduction& r) {
  const std::string folder = std::filesystem::path(r.provider_binary).parent_path().string();
  return "# Terraform and OpenTofu read the same syntax: the provider comes from this folder, never a registry.\n"
         "provider_installation {\n  dev_overrides {\n    " +
         hcl_string(r.provider_source) + " = " + hcl_string(folder) + "\n  }\n  direct {}\n}\n";
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
  if (auto ok = write_file(dir / "terraform.tfrc", cli_configuration(r)); !ok) return ok.error();
  if (auto ok = write_file(dir / "tofu.tfrc", cli_configuration(r)); !ok) return ok.error();
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
