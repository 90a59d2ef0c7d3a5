#include "runner/plugin_env.hpp"

#include <algorithm>
#include <cctype>
#include <thread>

#include <sched.h>

namespace tfc::runner {

namespace {

/// Whether the user set `name`: in `parent` (environ-style, may be null) or in `user` (--env).
bool set_by_user(std::string_view name, const char* const* parent, std::span<const EnvVar> user) {
  if (std::any_of(user.begin(), user.end(), [&](const EnvVar& v) { return v.name == name; })) return true;
  for (const char* const* entry = parent; entry != nullptr && *entry != nullptr; ++entry) {
    const std::string_view text(*entry);
    if (text.size() > name.size() && text.substr(0, name.size()) == name && text[name.size()] == '=') return true;
  }
  return false;
}

}  // namespace

std::vector<std::string> build_environment(const char* const* parent, std::span<const EnvVar> overrides,
                                           std::span<const std::string_view> unset) {
  const auto replaced = [&](std::string_view name) {
    return std::find(unset.begin(), unset.end(), name) != unset.end() ||
           std::any_of(overrides.begin(), overrides.end(), [&](const EnvVar& v) { return v.name == name; });
  };
  std::vector<std::string> env;
  for (const char* const* entry = parent; entry != nullptr && *entry != nullptr; ++entry) {
    const std::string_view text(*entry);
    const auto eq = text.find('=');
    if (eq == std::string_view::npos || replaced(text.substr(0, eq))) continue;
    env.emplace_back(text);
  }
  for (std::size_t i = 0; i < overrides.size(); ++i) {
    const bool overridden_later = std::any_of(overrides.begin() + static_cast<std::ptrdiff_t>(i) + 1, overrides.end(),
                                              [&](const EnvVar& v) { return v.name == overrides[i].name; });
    if (!overridden_later) env.push_back(overrides[i].name + "=" + overrides[i].value);
  }
  return env;
}

std::vector<std::string> quiet_log_names(std::string_view provider_name) {
  std::vector<std::string> names = {"TF_LOG_SDK",
                                    "TF_LOG_SDK_PROTO",
                                    "TF_LOG_SDK_FRAMEWORK",
                                    "TF_LOG_SDK_HELPER_SCHEMA",
                                    "TF_LOG_SDK_HELPER_RESOURCE",
                                    "TF_LOG_SDK_MUX"};
  // terraform-plugin-go: the provider address's type, '-' as '_', upper case.
  std::string suffix;
  for (const char c : provider_name) {
    if (std::isalnum(static_cast<unsigned char>(c)) != 0)
      suffix += static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    else if (c == '-' || c == '_')
      suffix += '_';
  }
  if (!suffix.empty()) names.push_back("TF_LOG_PROVIDER_" + suffix);
  return names;
}

std::vector<EnvVar> quiet_log_environment(const char* const* parent, std::string_view provider_name,
                                          std::span<const EnvVar> user) {
  std::vector<EnvVar> out;
  for (auto& name : quiet_log_names(provider_name)) {
    if (!set_by_user(name, parent, user)) out.push_back({std::move(name), "OFF"});
  }
  return out;
}

std::vector<EnvVar> go_runtime_environment(const char* const* parent, const GoRuntime& go,
                                           std::span<const EnvVar> user) {
  std::vector<EnvVar> out;
  // Without a limit nothing would bound a heap that GOGC lets grow.
  if (go.memory_limit > 0) {
    out.push_back({"GOMEMLIMIT", std::to_string(go.memory_limit / 4 * 3)});
    if (!set_by_user("GOGC", parent, user)) out.push_back({"GOGC", std::string(kGoGcPercent)});
  }
  if (go.procs > 0 && !set_by_user("GOMAXPROCS", parent, user)) out.push_back({"GOMAXPROCS", std::to_string(go.procs)});
  return out;
}

unsigned usable_cores() {
  cpu_set_t set;
  CPU_ZERO(&set);
  if (sched_getaffinity(0, sizeof set, &set) == 0) return std::max(1, CPU_COUNT(&set));
  return std::max(1u, std::thread::hardware_concurrency());
}

unsigned go_procs_for(std::size_t processes, unsigned cores) {
  if (processes <= 1) return 0;
  return std::max(1u, static_cast<unsigned>(cores / processes));
}

std::string protocol_versions_value(std::span<const int> offered) {
  std::string out;
  for (const int v : offered) {
    if (!out.empty()) out += ',';
    out += std::to_string(v);
  }
  return out;
}

}  // namespace tfc::runner
