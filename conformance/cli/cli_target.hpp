#pragma once
// What `run` and `schema` share from their command lines: the `--env NAME=VALUE` list and the
// one running provider named by `--reattach` JSON or TF_REATTACH_PROVIDERS.

#include <string>
#include <vector>

#include "proto/util/expected.hpp"
#include "runner/plugin_env.hpp"
#include "runner/reattach.hpp"

namespace tfc::cli {

/// Each `--env` value split at its first `=`; errors quote the one without a name.
Expected<std::vector<runner::EnvVar>> parse_env_options(const std::vector<std::string>& assignments);

/// The single provider of `reattach` (TF_REATTACH_PROVIDERS when empty); errors when it names
/// none or several.
Expected<runner::ReattachTarget> single_reattach_target(const std::string& reattach);

}  // namespace tfc::cli
