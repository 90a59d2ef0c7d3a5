#include "conformance/cli/cli_target.hpp"

namespace tfc::cli {

Expected<std::vector<runner::EnvVar>> parse_env_options(const std::vector<std::string>& assignments) {
  std::vector<runner::EnvVar> out;
  for (const auto& kv : assignments) {
    const auto eq = kv.find('=');
    if (eq == std::string::npos || eq == 0) return Error{"--env " + kv + ": expected NAME=VALUE"};
    out.push_back({kv.substr(0, eq), kv.substr(eq + 1)});
  }
  return out;
}

Expected<runner::ReattachTarget> single_reattach_target(const std::string& reattach) {
  auto targets = reattach.empty() ? runner::reattach_providers_from_env() : runner::parse_reattach_providers(reattach);
  if (!targets) return targets.error();
  if (targets->size() != 1)
    return Error{"reattach: expected exactly one provider, found " + std::to_string(targets->size())};
  return targets->front();
}

}  // namespace tfc::cli
