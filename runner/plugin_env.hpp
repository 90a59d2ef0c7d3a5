#pragma once
// The environment a provider is launched with (docs/protocol.md §2.1).

#include <cstdint>
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

/// How often a Go provider collects garbage when it runs under a memory limit: GOGC=400 lets
/// its heap grow to five times what is live before a collection (the Go default, 100, twice).
/// Measured on terraform-provider-time v0.14.2, time_static, 100 cases at --jobs 2: the provider
/// spent a quarter of its CPU collecting garbage; at 400 the run took 14 % less wall time.
inline constexpr std::string_view kGoGcPercent = "400";

/// What the Go runtime of a launched provider is told.
struct GoRuntime {
  std::uint64_t memory_limit = 0;  // bytes, the provider's hard limit (0: none)
  unsigned procs = 0;              // GOMAXPROCS (0: the runtime's own choice)
};

/// The Go runtime's variables for a provider launched with `go`: under a memory limit,
/// GOMEMLIMIT at three quarters of it, so the runtime collects harder before the hard limit stops
/// it (whatever GOGC lets the heap grow to), and GOGC kGoGcPercent; GOMAXPROCS `go.procs`. GOGC
/// and GOMAXPROCS are left out when the user set them (`parent`, tfconform's environment, or
/// `user`, --env). Put them before `user` in a launch's variables: a GOMEMLIMIT of --env wins.
std::vector<EnvVar> go_runtime_environment(const char* const* parent, const GoRuntime& go,
                                           std::span<const EnvVar> user);

/// The cores this process may run on (its CPU affinity), at least 1.
unsigned usable_cores();

/// GOMAXPROCS for each of `processes` providers playing at once on `cores` cores: their share of
/// the cores, at least 1; 0 (the runtime's own choice, every core) for a single process. A
/// provider answers one call at a time here, and spare Go threads on a shared core cost CPU in
/// wake-ups and scheduling (docs/hardening.md).
unsigned go_procs_for(std::size_t processes, unsigned cores);

/// PLUGIN_PROTOCOL_VERSIONS text for the offered majors in preference order ("6,5").
std::string protocol_versions_value(std::span<const int> offered);

}  // namespace tfc::runner
