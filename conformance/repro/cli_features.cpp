#include "conformance/repro/cli_features.hpp"

#include <array>
#include <charconv>

#include "conformance/repro/core_diagnostics.hpp"

namespace tfc::conformance {
namespace {

// Read in each release's internal/plugin/grpc_provider.go (the calls its GRPCProvider makes)
// as the Go module proxy serves them: Terraform v1.7.5, v1.8.5, v1.9.8, v1.10.5, v1.11.4,
// v1.12.2, v1.13.3 and OpenTofu v1.6.3, v1.8.0, v1.9.1, v1.10.6, v1.12.6; the proxy serves no
// Terraform v1.14 and no OpenTofu v1.7 or v1.11, whose rows come from the changelogs:
// Terraform v1.14.0 releases list resources (`terraform query`), actions and configuration
// generation from GenerateResourceConfig (v1.13.3 has ListResource behind an experiment only:
// `query` is registered only when experiments are allowed, see its commands.go); OpenTofu
// v1.7.0 brought provider-defined functions, v1.11.0 ephemeral resources and write-only
// attributes, v1.12.0 resource identity. OpenTofu v1.12.6 makes none of the list, action or
// configuration-generation calls.
// clang-format off
constexpr std::array kFeatures{
    CliFeature{"UpgradeResourceIdentity", "is called", "identity.upgrade_changed rpc:UpgradeResourceIdentity", {1, 12}, {1, 12}},
    CliFeature{"GetResourceIdentitySchemas", "is called", "identity. schema.identity_attribute_type rpc:GetResourceIdentitySchemas",
               {1, 12}, {1, 12}},
    CliFeature{"an import block's identity argument", "is read", "import.identity_missing import.identity_mismatch", {1, 12}, {1, 12}},
    CliFeature{"ListResource", "is called", "list. rpc:ListResource rpc:ValidateListResourceConfig", {1, 14}, {}},
    CliFeature{"PlanAction and InvokeAction", "are called", "action. rpc:PlanAction rpc:InvokeAction rpc:ValidateActionConfig",
               {1, 14}, {}},
    CliFeature{"GenerateResourceConfig", "is called", "generate. rpc:GenerateResourceConfig", {1, 14}, {}},
    CliFeature{"write-only attributes", "are known", ".write_only_not_null", {1, 11}, {1, 11}},
    CliFeature{"OpenEphemeralResource", "is called",
               "ephemeral. rpc:ValidateEphemeralResourceConfig rpc:OpenEphemeralResource rpc:RenewEphemeralResource "
               "rpc:CloseEphemeralResource",
               {1, 10}, {1, 11}},
    CliFeature{"MoveResourceState", "is called", "move. lifecycle.plan_not_empty_after_move rpc:MoveResourceState", {1, 8}, {1, 10}},
    CliFeature{"CallFunction", "is called", "function. rpc:CallFunction", {1, 8}, {1, 7}},
};
// clang-format on

bool concerns(std::string_view list, const report::Finding& f) {
  while (!list.empty()) {
    const auto space = list.find(' ');
    const std::string_view one = list.substr(0, space);
    list = space == std::string_view::npos ? std::string_view{} : list.substr(space + 1);
    if (one.starts_with("rpc:")) {
      if (!f.rpc.empty() && f.rpc == one.substr(4)) return true;
    } else if (family_covers(one, f.rule_id)) {
      return true;
    }
  }
  return false;
}

std::string release_text(CliRelease r) { return "v" + std::to_string(r.major) + "." + std::to_string(r.minor); }

}  // namespace

std::optional<CliIdentity> parse_cli_name(std::string_view name) {
  CliIdentity out;
  if (name.starts_with("Terraform v")) {
    name.remove_prefix(11);
  } else if (name.starts_with("OpenTofu v")) {
    name.remove_prefix(10);
    out.opentofu = true;
  } else {
    return std::nullopt;
  }
  const char* end = name.data() + name.size();
  auto major = std::from_chars(name.data(), end, out.release.major);
  if (major.ec != std::errc{} || major.ptr == end || *major.ptr != '.') return std::nullopt;
  auto minor = std::from_chars(major.ptr + 1, end, out.release.minor);
  if (minor.ec != std::errc{}) return std::nullopt;
  return out;
}

std::span<const CliFeature> cli_features() { return kFeatures; }

std::string not_expressible_with(const report::Finding& finding, std::string_view cli_name) {
  const auto cli = parse_cli_name(cli_name);
  if (!cli) return {};
  const std::string with = "not expressible with " + std::string(cli_name) + ": ";
  for (const auto& feature : kFeatures) {
    if (!concerns(feature.concerns, finding)) continue;
    const std::string what = std::string(feature.name) + " " + std::string(feature.verb);
    if (!cli->opentofu) {
      if (cli->release < feature.terraform)
        return with + what + " from Terraform " + release_text(feature.terraform) + " on";
      continue;
    }
    if (feature.opentofu == CliRelease{}) {
      if (cli->release <= kOpenTofuChecked)
        return with + what + " by no OpenTofu release up to " + release_text(kOpenTofuChecked) +
               " (by Terraform from " + release_text(feature.terraform) + " on)";
      continue;
    }
    if (cli->release < feature.opentofu)
      return with + what + " from OpenTofu " + release_text(feature.opentofu) + " on";
  }
  return {};
}

}  // namespace tfc::conformance
