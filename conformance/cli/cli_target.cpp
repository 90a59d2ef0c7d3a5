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

Expected<std::vector<runner::ReattachTarget>> reattach_instances(const std::vector<std::string>& values) {
  if (values.empty()) {
    TFC_TRY(only, single_reattach_target(""));
    return std::vector<runner::ReattachTarget>{std::move(only)};
  }
  std::vector<runner::ReattachTarget> out;
  for (std::size_t i = 0; i < values.size(); ++i) {
    const std::string which = "--reattach #" + std::to_string(i + 1);
    auto targets = runner::parse_reattach_providers(values[i]);
    if (!targets) return with_context(which, targets.error());
    if (targets->size() != 1)
      return Error{which + ": expected exactly one provider, found " + std::to_string(targets->size()) +
                   " (give --reattach once per running instance)"};
    if (!out.empty() && targets->front().provider != out.front().provider)
      return Error{which + " names " + targets->front().provider + ", --reattach #1 names " + out.front().provider +
                   ": every --reattach must name a running instance of the same provider"};
    for (std::size_t k = 0; k < out.size(); ++k) {
      if (out[k].address == targets->front().address)
        return Error{which + " names the running instance of --reattach #" + std::to_string(k + 1) + " (" +
                     out[k].address + ") again: each session needs a process of its own"};
    }
    out.push_back(std::move(targets->front()));
  }
  return out;
}

}  // namespace tfc::cli
