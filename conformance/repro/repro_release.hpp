#pragma once
// Which release of the provider a reproduction's step runs with. A reproduction of an upgrade
// plays two releases on one state: the steps marked previous_release with the previous binary
// (its own dev_overrides folder and CLI configuration, its environment), the others with the
// new one, as Core does after a provider upgrade. Neither CLI checks the version of a provider
// dev_overrides serves, and the state keeps the schema version the previous release wrote (a
// plan does not rewrite it), so Core hands that version to the new release's
// UpgradeResourceState, exactly as after a real upgrade (seen with Terraform 1.11.4).

#include <string>
#include <vector>

#include "reports/run_report.hpp"

namespace tfc::conformance {

/// Whether the reproduction plays two releases (it has a previous binary).
bool plays_two_releases(const report::Reproduction& repro);

/// The folder of the reproduction that holds a release's binary under the name the CLIs look
/// for: `plugins` (the new release, or the only one), `plugins-previous`.
std::string plugin_folder_name(bool previous);

/// A release's CLI configuration file in the reproduction's folder: `terraform.tfrc`,
/// `tofu.tfrc`, `terraform-previous.tfrc`, `tofu-previous.tfrc`.
std::string cli_config_file_name(bool tofu, bool previous);

/// NAME=VALUE a release runs with: `environment`; for the previous release with
/// `previous_environment` on top (a name in both takes its previous_environment value).
std::vector<std::string> release_environment(const report::Reproduction& repro, bool previous);

/// The names `previous_environment` sets that `environment` does not: gone again when the new
/// release plays after the previous one.
std::vector<std::string> previous_only_names(const report::Reproduction& repro);

}  // namespace tfc::conformance
