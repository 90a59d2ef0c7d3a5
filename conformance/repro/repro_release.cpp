#include "conformance/repro/repro_release.hpp"

#include <algorithm>

namespace tfc::conformance {
namespace {

std::string name_of(const std::string& assignment) { return assignment.substr(0, assignment.find('=')); }

bool sets(const std::vector<std::string>& env, const std::string& name) {
  return std::any_of(env.begin(), env.end(), [&](const std::string& e) { return name_of(e) == name; });
}

}  // namespace

bool plays_two_releases(const report::Reproduction& repro) { return !repro.previous_binary.empty(); }

std::string plugin_folder_name(bool previous) { return previous ? "plugins-previous" : "plugins"; }

std::string cli_config_file_name(bool tofu, bool previous) {
  return std::string(tofu ? "tofu" : "terraform") + (previous ? "-previous" : "") + ".tfrc";
}

std::vector<std::string> release_environment(const report::Reproduction& repro, bool previous) {
  if (!previous) return repro.environment;
  std::vector<std::string> env;
  for (const auto& e : repro.environment) {
    if (!sets(repro.previous_environment, name_of(e))) env.push_back(e);
  }
  env.insert(env.end(), repro.previous_environment.begin(), repro.previous_environment.end());
  return env;
}

std::vector<std::string> previous_only_names(const report::Reproduction& repro) {
  std::vector<std::string> names;
  for (const auto& e : repro.previous_environment) {
    const std::string name = name_of(e);
    if (!sets(repro.environment, name) && std::find(names.begin(), names.end(), name) == names.end())
      names.push_back(name);
  }
  return names;
}

}  // namespace tfc::conformance
