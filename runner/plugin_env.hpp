#pragma once
// The environment a provider is launched with (docs/protocol.md §2.1).

#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace tfc::runner {

/// go-plugin's handshake cookie for Terraform providers (§2.1).
inline constexpr std::string_view kMagicCookieKey = "TF_PLUGIN_MAGIC_COOKIE";
inline constexpr std::string_view kMagicCookieValue =
    "d602bf8f470bc67ca7faa0386276bbdd4330efaf76d1a219cb4d6991ca9872b2";

struct EnvVar {
  std::string name;
  std::string value;
};

/// "NAME=value" entries: every entry of `parent` (a NULL-terminated environ-style array, may be
/// null) whose name is neither in `unset` nor set by `overrides`, then `overrides` in order (a
/// later override of the same name wins). Entries without '=' in `parent` are dropped.
std::vector<std::string> build_environment(const char* const* parent, std::span<const EnvVar> overrides,
                                           std::span<const std::string_view> unset = {});

/// The variables the Go provider SDKs read for the level of their own loggers, each of which
/// OFF silences (docs/provider-logs.md): terraform-plugin-go's SDK root and protocol loggers, the
/// plugin framework's, SDKv2's helper/schema and helper/resource, terraform-plugin-mux's, and the
/// provider's own logger, TF_LOG_PROVIDER_<NAME> for the provider named `provider_name`
/// ("time"; "google-beta" is TF_LOG_PROVIDER_GOOGLE_BETA). Never TF_LOG: SDKv2's helper/logging
/// reads OFF there as an invalid level and logs at TRACE.
std::vector<std::string> quiet_log_names(std::string_view provider_name);

/// Those variables set to OFF, leaving out every one the user set: in `parent` (tfconform's own
/// environment, environ-style, may be null) or in `user` (--env). Put them before `user` in a
/// launch's variables.
std::vector<EnvVar> quiet_log_environment(const char* const* parent, std::string_view provider_name,
                                          std::span<const EnvVar> user);

/// PLUGIN_PROTOCOL_VERSIONS text for the offered majors in preference order ("6,5").
std::string protocol_versions_value(std::span<const int> offered);

}  // namespace tfc::runner
