#pragma once
// What `run` and `schema` share from their command lines: the `--env NAME=VALUE` list and the
// running providers named by `--reattach` JSON (one per flag) or TF_REATTACH_PROVIDERS.

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

/// The running instances of one provider, one per `--reattach` value in order (each naming
/// exactly one provider, all the same one: their sessions form one pool for --jobs), or the one
/// of TF_REATTACH_PROVIDERS when no value is given. A JSON object cannot name one provider
/// twice, so each instance comes in a value of its own.
Expected<std::vector<runner::ReattachTarget>> reattach_instances(const std::vector<std::string>& values);

}  // namespace tfc::cli
