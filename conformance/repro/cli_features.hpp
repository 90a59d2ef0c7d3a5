#pragma once
// Which Core releases make which calls: a finding about an RPC (or a part of an answer) the
// confirming CLI never asks for cannot be replayed with it, whatever the configuration. The
// table, with the first Terraform and OpenTofu release of each, is in cli_features.cpp;
// docs/confirmation.md explains it.

#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "reports/run_report.hpp"

namespace tfc::conformance {

struct CliRelease {
  int major = 0;
  int minor = 0;
  auto operator<=>(const CliRelease&) const = default;
};

/// "Terraform v1.11.4" / "OpenTofu v1.12.6" (the first line of `CLI version`), or nothing.
struct CliIdentity {
  bool opentofu = false;
  CliRelease release;
};
std::optional<CliIdentity> parse_cli_name(std::string_view name);

struct CliFeature {
  std::string_view name;  // as quoted: "GetResourceIdentitySchemas", "write-only attributes"
  std::string_view verb;  // what the release does with it: "is called", "are known"
  /// The findings it concerns, space-separated: rule families ("identity."), rule id suffixes
  /// (".write_only_not_null"), rule ids, or RPC names ("rpc:ListResource").
  std::string_view concerns;
  CliRelease terraform;  // the first Terraform release that makes the call
  /// The first OpenTofu release that does; {0, 0}: none up to kOpenTofuChecked.
  CliRelease opentofu;
};

/// The newest OpenTofu release whose source the table was checked against.
inline constexpr CliRelease kOpenTofuChecked{1, 12};

/// Every row, in the table's order.
std::span<const CliFeature> cli_features();

/// Why `cli_name` (Terraform or OpenTofu, as `version` prints it) cannot replay `finding`:
/// "not expressible with Terraform v1.11.4: GetResourceIdentitySchemas is called from Terraform
/// v1.12 on". Empty when it can, or when the CLI is not recognised.
std::string not_expressible_with(const report::Finding& finding, std::string_view cli_name);

}  // namespace tfc::conformance
