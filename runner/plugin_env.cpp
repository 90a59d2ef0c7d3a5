#include "runner/plugin_env.hpp"

#include <algorithm>

namespace tfc::runner {

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

std::string protocol_versions_value(std::span<const int> offered) {
  std::string out;
  for (const int v : offered) {
    if (!out.empty()) out += ',';
    out += std::to_string(v);
  }
  return out;
}

}  // namespace tfc::runner
