#pragma once
// The family rule catalogue (see family_rules.hpp). Cores: what Terraform and OpenTofu check on
// these RPCs, read from their public sources (hashicorp/terraform, opentofu/opentofu); "none"
// marks a promise of the protocol no Core enforces.
// The table is data the compiler reads too: oracle/rule_id.hpp checks rule ids against it.

#include <array>

#include "oracle/rules.hpp"

namespace tfc::oracle::catalogue {

inline constexpr std::array kFamilyRules{
    // Actions (ValidateActionConfig, PlanAction, InvokeAction)
    RuleInfo{"action.completed_count", Severity::error,
             "an InvokeAction stream did not end with exactly one completed event (none, several, or events after it)",
             "tfplugin6.proto InvokeAction.Event", Cores::None, false},
    RuleInfo{"action.event_empty", Severity::error,
             "an InvokeAction event is neither progress nor completed (Terraform panics on it)",
             "tfplugin6.proto InvokeAction.Event; terraform internal/plugin6/grpc_provider.go", Cores::Terraform,
             false},
    // Deferrals beyond PlanResourceChange
    RuleInfo{"deferral.not_allowed", Severity::error,
             "ReadResource, ImportResourceState, ReadDataSource, OpenEphemeralResource or PlanAction deferred although "
             "the request did not allow deferral",
             "tfplugin6.proto ClientCapabilities.deferral_allowed; terraform internal/plans/deferring/deferred.go",
             Cores::Terraform, false},
    RuleInfo{"deferral.reason_invalid", Severity::error,
             "a deferral allowed by the request gives reason UNKNOWN, an undefined reason, or (PlanAction) another "
             "reason than PROVIDER_CONFIG_UNKNOWN",
             "tfplugin6.proto Deferred.Reason; terraform internal/plugin6/grpc_provider.go", Cores::Terraform, false},
    // Ephemeral resources (Validate/Open/Renew/CloseEphemeralResource)
    RuleInfo{"ephemeral.null_result", Severity::error,
             "OpenEphemeralResource returned a null result without error diagnostics",
             "tfplugin6.proto OpenEphemeralResource; terraform internal/terraform/node_resource_ephemeral.go",
             Cores::Both, false},
    RuleInfo{"ephemeral.private_rejected", Severity::error,
             "RenewEphemeralResource or CloseEphemeralResource refused the private data the provider returned",
             "tfplugin6.proto RenewEphemeralResource, CloseEphemeralResource", Cores::None, false},
    RuleInfo{"ephemeral.renew_at_past", Severity::error, "renew_at is set to a time before the request was sent",
             "tfplugin6.proto OpenEphemeralResource.Response.renew_at", Cores::None, false},
    RuleInfo{"ephemeral.result_invalid_for_config", Severity::error,
             "the Open result is not a valid plan of its configuration from a null prior (a configured value changed, "
             "a non-computed attribute set, a block added or dropped)",
             "tfplugin6.proto OpenEphemeralResource; terraform internal/terraform/node_resource_ephemeral.go",
             Cores::Terraform, false},
    RuleInfo{"ephemeral.unknown_in_result", Severity::error,
             "the Open result of a wholly known configuration holds unknown values",
             "tfplugin6.proto OpenEphemeralResource; opentofu internal/shared/ephemeral_resource.go", Cores::OpenTofu,
             false},
    // GenerateResourceConfig, GetMetadata
    RuleInfo{"generate.config_invalid", Severity::error,
             "GenerateResourceConfig returned a configuration that does not conform, is not wholly known, or sets a "
             "computed-only attribute",
             "tfplugin6.proto GenerateResourceConfig", Cores::None, false},
    RuleInfo{"metadata.schema_mismatch", Severity::error, "GetMetadata lists other type names than GetProviderSchema",
             "tfplugin6.proto GetMetadata", Cores::None, false},
    // MoveResourceState
    RuleInfo{"lifecycle.plan_not_empty_after_move", Severity::error,
             "planning the same configuration against a state moved from the same type and version is not a no-op",
             "tfplugin6.proto MoveResourceState", Cores::None, false},
    RuleInfo{"move.state_invalid", Severity::error,
             "MoveResourceState returned a null or not wholly known target state without error diagnostics",
             "tfplugin6.proto MoveResourceState; terraform internal/refactoring/cross_provider_move.go",
             Cores::Terraform, false},
    RuleInfo{"move.write_only_not_null", Severity::error, "a moved state holds a non-null write-only attribute",
             "tfplugin6.proto MoveResourceState; terraform internal/refactoring/cross_provider_move.go", Cores::Both,
             false},
    // Write-only attributes beyond plan, apply and read
    RuleInfo{"import.write_only_not_null", Severity::error, "an imported state holds a non-null write-only attribute",
             "tfplugin6.proto Schema.Attribute.write_only; terraform internal/terraform/node_resource_plan_instance.go",
             Cores::Terraform, false},
    RuleInfo{"upgrade.write_only_not_null", Severity::error, "an upgraded state holds a non-null write-only attribute",
             "tfplugin6.proto Schema.Attribute.write_only; opentofu internal/plugin6/validation/write_only.go",
             Cores::Both, false},
    // List resources (ValidateListResourceConfig, ListResource)
    RuleInfo{
        "list.created_not_listed", Severity::error,
        "an object the suite created is missing from a list without filters that returned fewer results than its limit",
        "tfplugin6.proto ListResource", Cores::None, false},
    RuleInfo{"list.duplicate_identity", Severity::error, "one ListResource stream returned the same identity twice",
             "tfplugin6.proto ListResource.Event.identity", Cores::None, false},
    RuleInfo{"list.identity_incomplete", Severity::error,
             "a listed identity is not wholly known, or all of its attributes are null",
             "tfplugin6.proto ListResource.Event.identity; terraform-plugin-framework "
             "internal/fwserver/server_listresource.go",
             Cores::None, false},
    RuleInfo{"list.identity_missing", Severity::error,
             "a ListResource event without error diagnostics carries no identity",
             "tfplugin6.proto ListResource.Event.identity; terraform internal/plugin6/grpc_provider.go",
             Cores::Terraform, false},
    RuleInfo{"list.limit_exceeded", Severity::error,
             "a ListResource stream returned more results than the request's limit",
             "tfplugin6.proto ListResource.Request.limit", Cores::None, false},
    RuleInfo{"list.no_identity_schema", Severity::error,
             "a list resource type has no managed resource of the same name with an identity schema",
             "tfplugin6.proto ListResource; terraform internal/plugin6/grpc_provider.go", Cores::Terraform, false},
    RuleInfo{"list.object_mismatch", Severity::error,
             "ReadResource of a listed resource object, with its identity, returns another object",
             "tfplugin6.proto ListResource.Event.resource_object", Cores::None, false},
    RuleInfo{"list.resource_object_invalid", Severity::error,
             "a requested resource object is missing, null, not wholly known or not of the resource's type",
             "tfplugin6.proto ListResource.Request.include_resource_object", Cores::None, false},
    // Resource identity (GetResourceIdentitySchemas, UpgradeResourceIdentity, identity fields)
    RuleInfo{"identity.changed", Severity::error,
             "the identity of one object changed across read, no-op plan, update, import or move",
             "tfplugin6.proto ResourceIdentityData; terraform-plugin-framework internal/fwserver (Unexpected Identity "
             "Change)",
             Cores::None, false},
    RuleInfo{"identity.missing", Severity::error,
             "a resource type with an identity schema answered apply, read or move of an object without its identity",
             "tfplugin6.proto ResourceIdentityData; terraform-plugin-framework internal/fwserver (Missing Resource "
             "Identity)",
             Cores::None, false},
    RuleInfo{"identity.type_mismatch", Severity::error,
             "an identity does not conform to the type of the identity schema",
             "tfplugin6.proto ResourceIdentityData; terraform internal/terraform/node_resource_abstract_instance.go",
             Cores::Both, false},
    RuleInfo{"identity.unknown", Severity::error, "an identity is not wholly known outside a create or replace plan",
             "tfplugin6.proto ResourceIdentityData; terraform internal/terraform/node_resource_abstract_instance.go",
             Cores::Terraform, false},
    RuleInfo{"identity.upgrade_changed", Severity::error,
             "UpgradeResourceIdentity of an identity already at the current version changed it or returned none",
             "tfplugin6.proto UpgradeResourceIdentity", Cores::None, false},
    RuleInfo{"import.identity_mismatch", Severity::error,
             "an import by identity returned another identity than the one requested",
             "tfplugin6.proto ImportResourceState.Request.identity", Cores::None, false},
    RuleInfo{"import.identity_missing", Severity::error, "an import by identity returned an object without identity",
             "tfplugin6.proto ImportResourceState.Request.identity; terraform "
             "internal/terraform/node_resource_plan_instance.go",
             Cores::Terraform, false},
    RuleInfo{"schema.identity_attribute_type", Severity::error,
             "an identity schema attribute has a map, set or object type",
             "tfplugin6.proto ResourceIdentitySchema; terraform internal/schemarepo/loadschemas/plugins.go",
             Cores::Terraform, false},
    // Provider functions (GetFunctions, CallFunction)
    RuleInfo{"function.argument_index_out_of_range", Severity::error,
             "a function error names an argument position the call did not have",
             "tfplugin6.proto FunctionError.function_argument", Cores::None, false},
    RuleInfo{"function.inconsistent_result", Severity::error,
             "the same function called twice with the same arguments returned different results",
             "tfplugin6.proto CallFunction; terraform internal/lang/function_results.go", Cores::Terraform, false},
    RuleInfo{"function.invalid_signature", Severity::error,
             "a function or parameter name is not an identifier, two parameters share a name, or a parameter or the "
             "return has no type",
             "tfplugin6.proto Function; terraform internal/schemarepo/loadschemas/plugins.go", Cores::Terraform, false},
    RuleInfo{"function.no_result", Severity::error, "CallFunction returned neither a result nor a function error",
             "tfplugin6.proto CallFunction; terraform internal/providers/functions.go", Cores::Terraform, false},
    RuleInfo{"function.schema_mismatch", Severity::error,
             "GetFunctions and GetProviderSchema disagree on the functions or their signatures",
             "tfplugin6.proto GetFunctions; opentofu internal/providers/functions.go", Cores::None, false},
    RuleInfo{"function.unknown_for_known_arguments", Severity::error,
             "a call whose arguments are all known returned a value that is not wholly known",
             "tfplugin6.proto CallFunction", Cores::None, false},
    RuleInfo{
        "function.unknown_result_mismatch", Severity::error,
        "a call with unknown arguments returned a known value that the call with those arguments known contradicts",
        "tfplugin6.proto Function.Parameter.allow_unknown_values", Cores::None, false},
};

}  // namespace tfc::oracle::catalogue
