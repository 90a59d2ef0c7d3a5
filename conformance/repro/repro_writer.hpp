#pragma once
// Writes a finding's reproduction as folders a provider author runs by hand or in CI:
//
//   <dir>/step1/main.tf, step2/main.tf, ...   one configuration per step
//   <dir>/plugins/terraform-provider-<type>    the provider binary (a link to it, or a copy) under the
//                                              name the CLIs look for, whatever the binary's own name
//   <dir>/terraform.tfrc, <dir>/tofu.tfrc      CLI configuration: dev_overrides for plugins/ (absolute)
//   <dir>/run.sh [CLI]                         plays the steps in <dir>/work with terraform or tofu,
//                                              with a CLI configuration written for where <dir> is now
//   <dir>/README.md                            the finding, the steps, what Core should say
//
// A reproduction of an upgrade (previous_binary, repro_release.hpp) also has
//   <dir>/plugins-previous/terraform-provider-<type>         the previous release's binary
//   <dir>/terraform-previous.tfrc, <dir>/tofu-previous.tfrc  dev_overrides for plugins-previous/
// and run.sh switches each step to its release's CLI configuration and environment.

#include <filesystem>
#include <string>

#include "proto/util/expected.hpp"
#include "reports/run_report.hpp"

namespace tfc::conformance {

/// A folder name for the finding: `<resource type>.<rule>.<first 8 digits of the fingerprint>`.
std::string repro_folder_name(const report::Finding& finding);

/// Writes the reproduction's files into `dir` (created; existing step folders are replaced).
Expected<void> write_reproduction(const report::Finding& finding, const report::Reproduction& repro,
                                  const std::filesystem::path& dir);

/// The file Terraform and OpenTofu look for in a dev_overrides folder for the reproduction's
/// provider: `terraform-provider-<type>`, the type being the last part of its source address.
std::string plugin_file_name(const report::Reproduction& repro);

/// The CLI configuration that points the provider's source at `plugin_dir`.
std::string cli_configuration(const report::Reproduction& repro, const std::filesystem::path& plugin_dir);

/// Writes every reproduction of the run under `root` (one folder per finding with steps) and
/// returns how many it wrote.
Expected<std::size_t> write_reproductions(const report::RunReport& run, const std::filesystem::path& root);

}  // namespace tfc::conformance
