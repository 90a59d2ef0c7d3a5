// The family rule catalogue (see family_rules.hpp). Cores: what Terraform and OpenTofu check on
// these RPCs, read from their public sources (hashicorp/terraform, opentofu/opentofu); "none"
// marks a promise of the protocol no Core enforces.
#include "oracle/family_rules.hpp"

#include <array>

namespace tfc::oracle {
namespace {

constexpr Severity E = Severity::Error;
constexpr bool kAlways = false;

constexpr std::array kFamilyRules{
    // Deferrals beyond PlanResourceChange
    RuleInfo{"deferral.not_allowed", E, "ReadResource, ImportResourceState, ReadDataSource, OpenEphemeralResource or PlanAction deferred although the request did not allow deferral",
             "tfplugin6.proto ClientCapabilities.deferral_allowed; terraform internal/plans/deferring/deferred.go", Cores::Terraform, kAlways},
    RuleInfo{"deferral.reason_invalid", E, "a deferral allowed by the request gives reason UNKNOWN, an undefined reason, or (PlanAction) another reason than PROVIDER_CONFIG_UNKNOWN",
             "tfplugin6.proto Deferred.Reason; terraform internal/plugin6/grpc_provider.go", Cores::Terraform, kAlways},
    // Ephemeral resources (Validate/Open/Renew/CloseEphemeralResource)
    RuleInfo{"ephemeral.null_result", E, "OpenEphemeralResource returned a null result without error diagnostics",
             "tfplugin6.proto OpenEphemeralResource; terraform internal/terraform/node_resource_ephemeral.go", Cores::Both, kAlways},
    RuleInfo{"ephemeral.private_rejected", E, "RenewEphemeralResource or CloseEphemeralResource refused the private data the provider returned",
             "tfplugin6.proto RenewEphemeralResource, CloseEphemeralResource", Cores::None, kAlways},
    RuleInfo{"ephemeral.renew_at_past", E, "renew_at is set to a time before the request was sent",
             "tfplugin6.proto OpenEphemeralResource.Response.renew_at", Cores::None, kAlways},
    RuleInfo{"ephemeral.result_invalid_for_config", E, "the Open result is not a valid plan of its configuration from a null prior (a configured value changed, a non-computed attribute set, a block added or dropped)",
             "tfplugin6.proto OpenEphemeralResource; terraform internal/terraform/node_resource_ephemeral.go", Cores::Terraform, kAlways},
    RuleInfo{"ephemeral.unknown_in_result", E, "the Open result of a wholly known configuration holds unknown values",
             "tfplugin6.proto OpenEphemeralResource; opentofu internal/shared/ephemeral_resource.go", Cores::OpenTofu, kAlways},
    // Provider functions (GetFunctions, CallFunction)
    RuleInfo{"function.argument_index_out_of_range", E, "a function error names an argument position the call did not have",
             "tfplugin6.proto FunctionError.function_argument", Cores::None, kAlways},
    RuleInfo{"function.inconsistent_result", E, "the same function called twice with the same arguments returned different results",
             "tfplugin6.proto CallFunction; terraform internal/lang/function_results.go", Cores::Terraform, kAlways},
    RuleInfo{"function.invalid_signature", E, "a function or parameter name is not an identifier, two parameters share a name, or a parameter or the return has no type",
             "tfplugin6.proto Function; terraform internal/schemarepo/loadschemas/plugins.go", Cores::Terraform, kAlways},
    RuleInfo{"function.no_result", E, "CallFunction returned neither a result nor a function error",
             "tfplugin6.proto CallFunction; terraform internal/providers/functions.go", Cores::Terraform, kAlways},
    RuleInfo{"function.schema_mismatch", E, "GetFunctions and GetProviderSchema disagree on the functions or their signatures",
             "tfplugin6.proto GetFunctions; opentofu internal/providers/functions.go", Cores::None, kAlways},
    RuleInfo{"function.unknown_for_known_arguments", E, "a call whose arguments are all known returned a value that is not wholly known",
             "tfplugin6.proto CallFunction", Cores::None, kAlways},
    RuleInfo{"function.unknown_result_mismatch", E, "a call with unknown arguments returned a known value that the call with those arguments known contradicts",
             "tfplugin6.proto Function.Parameter.allow_unknown_values", Cores::None, kAlways},
};

}  // namespace

std::span<const RuleInfo> family_rules() noexcept { return kFamilyRules; }

}  // namespace tfc::oracle
