#include "conformance/repro/core_diagnostics.hpp"

#include <array>
#include <cctype>

namespace tfc::conformance {
namespace {

// Sources, read in the public source of each release named (file, then function):
//   TF    Terraform v1.13.3 (github.com/hashicorp/terraform)
//   Tofu  OpenTofu v1.12.6 (github.com/opentofu/opentofu)
//   go    terraform-plugin-go v0.31.0, fw  terraform-plugin-framework v1.19.0,
//   sdk   terraform-plugin-sdk/v2 v2.40.0: a provider built on them returns these as its own
//         error diagnostic, which Core prints.
// A row with families decides; the generic rows at the end only count when no such row matches.
// clang-format off
constexpr std::array kRows{
    // TF internal/terraform/node_resource_abstract_instance.go plan(), planDestroy(),
    //   getRequiredReplaces(); TF node_resource_plan_partialexp.go managedResourceExecute();
    // Tofu internal/tofu/node_resource_abstract_instance.go plan(), planDestroy(). A planned
    // value that does not conform to the schema is one of its cases (value.*).
    ProviderFaultDiagnostic{"Provider produced invalid plan", "plan. value."},
    // TF and Tofu node_resource_apply_instance.go checkPlannedChange(); Tofu
    //   internal/resources/managed_plan.go ValidateFinalPlan().
    ProviderFaultDiagnostic{"Provider produced inconsistent final plan", "plan_final."},
    // TF and Tofu node_resource_abstract_instance.go apply(); Tofu
    //   internal/engine/applying/operations_resource_managed.go ManagedApply().
    ProviderFaultDiagnostic{"Provider produced inconsistent result after apply", "apply."},
    // TF and Tofu node_resource_abstract_instance.go apply(): unknown values left, a non-null
    //   object after delete, a null object after create or update.
    ProviderFaultDiagnostic{"Provider returned invalid result object after apply", "apply."},
    // TF and Tofu node_resource_abstract_instance.go refresh() (unknown or write-only values
    //   after read), readDataSource() (a result that breaks the configuration or is not wholly
    //   known), apply() (a value that cannot be saved, a write-only value after apply).
    ProviderFaultDiagnostic{"Provider produced invalid object", "read. data. apply. value."},
    // TF and Tofu node_resource_abstract_instance.go readDataSource(); Tofu
    //   internal/shared/ephemeral_resource.go OpenEphemeralResourceInstance().
    ProviderFaultDiagnostic{"Provider produced null object", "data. ephemeral."},
    // TF internal/terraform/node_resource_ephemeral.go ephemeralResourceOpen().
    ProviderFaultDiagnostic{"Provider produced invalid ephemeral resource instance", "ephemeral."},
    // TF node_resource_abstract_instance.go validateIdentityKnown(), validateIdentity();
    //   TF internal/refactoring/cross_provider_move.go applyCrossTypeMove().
    ProviderFaultDiagnostic{"Provider produced invalid identity", "identity. move."},
    // TF node_resource_abstract_instance.go validateIdentity().
    ProviderFaultDiagnostic{"Provider produced an identity that doesn't match the schema", "identity."},
    // TF internal/terraform/upgrade_resource_state.go upgradeResourceIdentity().
    ProviderFaultDiagnostic{"Invalid resource identity upgrade", "identity."},
    // Tofu internal/plugin/grpc_provider.go and internal/plugin6/grpc_provider.go
    //   UpgradeResourceIdentity().
    ProviderFaultDiagnostic{"Provider returned no identity after upgrade", "identity."},
    // TF internal/terraform/upgrade_resource_state.go upgradeResourceState(): unknown values,
    //   a result that does not conform, a write-only value.
    ProviderFaultDiagnostic{"Invalid resource state upgrade", "upgrade. value."},
    // Tofu internal/tofu/upgrade_resource_state.go transformResourceState() (UpgradeResourceState
    //   and MoveResourceState alike).
    ProviderFaultDiagnostic{"Invalid resource state transformation", "upgrade. move. value."},
    // TF internal/refactoring/cross_provider_move.go applyCrossTypeMove().
    ProviderFaultDiagnostic{"Provider returned invalid value", "move."},
    // Tofu internal/plugin/validation/write_only.go WriteOnlyAttributes(), on any answer.
    ProviderFaultDiagnostic{"Invalid provider response", ".write_only_not_null"},
    // TF internal/terraform/node_resource_import.go Execute(), node_resource_plan_instance.go
    //   importState().
    ProviderFaultDiagnostic{"Import returned a non-null value for a write-only attribute", "import."},
    // TF and Tofu node_resource_plan_instance.go importState().
    ProviderFaultDiagnostic{"Import returned no resources", "import."},
    ProviderFaultDiagnostic{"Import returned null resource", "import."},
    ProviderFaultDiagnostic{"Multiple import states not supported", "import."},
    // TF and Tofu node_resource_import.go Execute() (the imported object reads back as null).
    ProviderFaultDiagnostic{"Cannot import non-existent remote object", "import."},
    // TF node_resource_import.go Execute().
    ProviderFaultDiagnostic{"Cannot import deferred remote object", "import. deferral."},
    // TF internal/plans/deferring/deferred.go UnexpectedProviderDeferralDiagnostic().
    ProviderFaultDiagnostic{"Provider deferred changes when Terraform did not allow deferrals",
                            "deferral. plan.deferred_not_allowed"},
    // TF node_resource_apply_instance.go managedResourceExecute().
    ProviderFaultDiagnostic{"Resource deferred during apply, but not during plan", "deferral. plan.deferred_not_allowed"},
    // TF and Tofu internal/terraform (tofu)/transform_diff.go Transform(): a replace planned for
    //   an object that does not exist yet.
    ProviderFaultDiagnostic{"Invalid planned change", "plan."},
    // TF and Tofu internal/plugin/grpc_error.go grpcErr(): codes.Unavailable (the plugin
    //   stopped, usually a crash), codes.Canceled, any other status (its text carries
    //   "rpc error: code = ..."; "unexpected EOF" when the plugin died mid-answer).
    ProviderFaultDiagnostic{"Plugin did not respond", "rpc."},
    ProviderFaultDiagnostic{"Request cancelled", "rpc."},
    ProviderFaultDiagnostic{"Plugin error", "rpc."},
    ProviderFaultDiagnostic{"rpc error: code =", "rpc."},
    ProviderFaultDiagnostic{"unexpected EOF", "rpc."},
    // TF and Tofu internal/logging/panic.go pluginPanicOutput ("Error: The ... plugin crashed!").
    ProviderFaultDiagnostic{"plugin crashed!", "rpc."},
    // hashicorp/go-plugin client.go: the plugin process ended.
    ProviderFaultDiagnostic{"plugin exited", "rpc."},

    // go tfprotov5/tf5server/server.go and tfprotov6/tf6server/server.go
    //   invalidDeferredResponseDiag(): a deferral the request did not allow.
    ProviderFaultDiagnostic{"Invalid Deferred Response", "deferral. plan.deferred_not_allowed"},
    // fw internal/fwserver/server_configureprovider.go ConfigureProvider(); sdk
    //   helper/schema/grpc_provider.go ConfigureProvider().
    ProviderFaultDiagnostic{"Invalid Deferred Provider Response", "deferral. plan.deferred_not_allowed"},
    // fw internal/fwserver/server_createresource.go CreateResource(), server_readresource.go
    //   ReadResource(), server_updateresource.go UpdateResource(); sdk
    //   helper/schema/grpc_provider.go ReadResource(), ApplyResourceChange().
    ProviderFaultDiagnostic{"Missing Resource Identity After", "identity."},
    // fw server_planresourcechange.go PlanResourceChange(), server_readresource.go
    //   ReadResource(), server_updateresource.go UpdateResource(); sdk grpc_provider.go
    //   ReadResource(), PlanResourceChange(), ApplyResourceChange().
    ProviderFaultDiagnostic{"Unexpected Identity Change", "identity."},
    // fw server_upgraderesourceidentity.go UpgradeResourceIdentity().
    ProviderFaultDiagnostic{"Missing Upgraded Resource Identity", "identity."},
    // fw server_createresource.go ... server_moveresourcestate.go (the "Unexpected ... Response"
    //   diagnostics): identity data from a resource without an identity schema.
    ProviderFaultDiagnostic{"but the resource does not indicate identity support", "identity."},
    // fw server_upgraderesourcestate.go UpgradeResourceState().
    ProviderFaultDiagnostic{"Missing Upgraded Resource State", "upgrade."},
    // fw server_createresource.go CreateResource(), server_updateresource.go UpdateResource().
    ProviderFaultDiagnostic{"Missing Resource State After", "apply."},
    // fw server_importresourcestate.go ImportResourceState().
    ProviderFaultDiagnostic{"Missing Resource Import State", "import."},
    // fw server_planresourcechange.go PlanResourceChange().
    ProviderFaultDiagnostic{"Unexpected Planned Resource State on Destroy", "plan."},

    // Generic: the details that put the fault on the provider.
    // TF and Tofu, every "Provider produced ..." detail above, and the deferral one.
    ProviderFaultDiagnostic{"This is a bug in the provider", ""},
    ProviderFaultDiagnostic{"should be reported in the provider's own issue tracker", ""},
    // go invalidDeferredResponseDiag(); fw and sdk, most self-checks ("... developer(s)").
    ProviderFaultDiagnostic{"should be reported to the provider developer", ""},
    ProviderFaultDiagnostic{"This is an issue with the provider", ""},
    // fw and sdk self-checks.
    ProviderFaultDiagnostic{"This is always a problem with the provider", ""},
    ProviderFaultDiagnostic{"This is always an issue in the Terraform Provider", ""},
    // sdk internal/plugin/convert/diagnostics.go; TF apply() ("so this is always a bug in the
    //   provider").
    ProviderFaultDiagnostic{"always a bug in the provider", ""},
    // sdk helper/schema/resource_data.go, provider.go, helper/validation/write_only.go.
    ProviderFaultDiagnostic{"Please report this to the provider developers", ""},
};
// clang-format on

// Line breaks and runs of white space as one space: Core wraps a detail at the terminal's width.
std::string flattened(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  bool space = false;
  for (const char c : text) {
    if (std::isspace(static_cast<unsigned char>(c)) != 0) {
      space = true;
      continue;
    }
    if (space && !out.empty()) out += ' ';
    space = false;
    out += c;
  }
  return out;
}

// A value of the wrong type: Core meets it as the bare decoding error, without a configuration
// location. An identity of the wrong type too (Terraform v1.13.3: `["id"]: string is required`),
// but only in that form: OpenTofu v1.12.6 fails every create of an identity-bearing type with
// another location-less error ("failed to encode ... in state: value is not known").
bool decoding_error(std::string_view block, std::string_view rule) {
  if (block.find(".tf line ") != std::string_view::npos) return false;
  if (rule.starts_with("value.")) return true;
  return rule == "identity.type_mismatch" && block.starts_with("Error: [");
}

bool holds(const std::string& flat, std::string_view phrase) { return flat.find(phrase) != std::string::npos; }

// Across releases (docs/upgrades.md) the checked step plans, with the new release, the same file
// and state the previous release took: Core's error there is the new release refusing them.
// Terraform 1.11.4 and OpenTofu 1.12.6 word a file that no longer fits the schema "Unsupported
// argument", "Missing required argument", "Unsupported block type" (with the file's line), a type
// gone "Invalid resource type", a lowered version "Resource instance managed by newer provider
// version"; an upgrader's error is the provider's own, about the upgrade.
bool release_refusal(std::string_view block, std::string_view rule) {
  const std::string flat = flattened(block);
  if (rule == "release.config_refused") return block.find(".tf line ") != std::string_view::npos;
  if (rule == "release.type_removed") return holds(flat, "Invalid resource type") || holds(flat, "Invalid data source");
  if (rule == "release.schema_version_lowered") return holds(flat, "newer provider version");
  if (rule == "release.upgrade_failed") return holds(flat, "pgrade");
  return false;
}

}  // namespace

std::span<const ProviderFaultDiagnostic> provider_fault_diagnostics() { return kRows; }

bool family_covers(std::string_view families, std::string_view rule) {
  while (!families.empty()) {
    const auto space = families.find(' ');
    const std::string_view one = families.substr(0, space);
    families = space == std::string_view::npos ? std::string_view{} : families.substr(space + 1);
    if (one.empty()) continue;
    if (one.back() == '.' ? rule.starts_with(one) : one.front() == '.' ? rule.ends_with(one) : rule == one) return true;
  }
  return false;
}

Blame blame_of(std::string_view block, std::string_view rule) {
  const std::string flat = flattened(block);
  bool specific = false;
  bool generic = false;
  for (const auto& row : kRows) {
    if (!holds(flat, row.phrase)) continue;
    if (row.families.empty()) {
      generic = true;
    } else {
      specific = true;
      if (family_covers(row.families, rule)) return Blame::this_rule;
    }
  }
  if (decoding_error(block, rule) || release_refusal(block, rule)) return Blame::this_rule;
  if (specific) return Blame::other_promise;
  return generic ? Blame::this_rule : Blame::none;
}

std::string confirmed_families(std::string_view block) {
  const std::string flat = flattened(block);
  std::string specific;
  bool generic = false;
  for (const auto& row : kRows) {
    if (!holds(flat, row.phrase)) continue;
    if (row.families.empty()) {
      generic = true;
    } else if (specific.find(row.families) == std::string::npos) {
      specific += (specific.empty() ? "" : " ") + std::string(row.families);
    }
  }
  if (!specific.empty()) return specific;
  return generic ? "any rule" : "";
}

}  // namespace tfc::conformance
