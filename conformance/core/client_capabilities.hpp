#pragma once
// The Core versions tfconform can stand in for (`--core`, docs/cores.md): per version, the
// ClientCapabilities it sends (README.md §5.7), the terraform_version it gives ConfigureProvider
// and whose rules it enforces. Each fact names the public source it was read from; the table is
// in client_capabilities.cpp. tfplugin5 has no field for the two 6.11 ones (the conversion
// drops them).

#include <span>
#include <string>
#include <string_view>

#include "oracle/violation.hpp"
#include "proto/protocol/capabilities.hpp"
#include "proto/util/expected.hpp"

namespace tfc::conformance {

/// One capability of a Core version and where that fact comes from.
struct CapabilityFact {
  bool sent = false;
  std::string_view source;
};

/// One row of the table: a Core version as a provider sees it.
struct CoreVersion {
  std::string_view name;               // the `--core` spelling: terraform@1.14, opentofu@1.11
  std::string_view terraform_version;  // ConfigureProvider.terraform_version
  oracle::CoreProfile profile = oracle::CoreProfile::Terraform;
  /// deferral_allowed on every request that has the field (not only where a run allows
  /// deferral, as Terraform does with its experiment or stacks).
  CapabilityFact deferral_always;
  CapabilityFact write_only_attributes_allowed;
  CapabilityFact store_planned_private;
  CapabilityFact computed_blocks_allowed;
};

/// Every Core version of the table, oldest first within each Core.
std::span<const CoreVersion> core_versions();

/// The newest Terraform: what a run without `--core` stands in for.
const CoreVersion& default_core();

/// The row `name` names; an error listing the accepted spellings otherwise.
Expected<CoreVersion> find_core(std::string_view name);

/// The accepted spellings, comma-separated.
std::string core_names();

/// The ClientCapabilities `core` sends; `deferral_allowed`: the run allows deferral here.
protocol::ClientCapabilities core_capabilities(const CoreVersion& core, bool deferral_allowed = false);

/// The newest Terraform's.
inline protocol::ClientCapabilities core_capabilities(bool deferral_allowed = false) {
  return core_capabilities(default_core(), deferral_allowed);
}

}  // namespace tfc::conformance
