#pragma once
// The in-memory provider with the protocol families beyond managed resources, for unit tests of
// their plays (conformance/play/family_play.hpp) without Go-built providers:
//   function  mem_concat(left string, right string nullable, unknown allowed) → left + right;
//   ephemeral mem_secret { name (required), length (optional number), value (computed) }:
//             Open leases a secret (renew_at an hour ahead), Renew and Close take the lease;
//   list      mem_thing { name_prefix (optional) } over the managed mem_thing's objects, which
//             here carry an identity { id } (two objects are there from the start);
//   action    mem_notify { message (required) }: one progress event, then completed.
// GetMetadata and GetFunctions list the same as GetProviderSchema. Honest by default; one
// FamilyFault breaks exactly the family rule (oracle/family_rule_table.hpp) its comment names.
// A picky one refuses, as the framework validators word it, values its suites must learn:
// mem_secret's name other than "alpha" or "beta" (validation) and a length other than 8, 16 or
// 32 (Open); mem_notify's message other than "hello" (PlanAction); a list's name_prefix other
// than "al" (validation).

#include <string>

#include <nlohmann/json.hpp>

#include "tests/conformance/memory_provider.hpp"

namespace tfc::conformance::testing {

enum class FamilyFault {
  None,
  MetadataOmitsTheAction,  // metadata.schema_mismatch (GetMetadata against the schema)
  // Functions
  FunctionReturnsNothing,            // function.no_result
  FunctionCountsCalls,               // function.inconsistent_result: each call appends its number
  FunctionUnknownForKnown,           // function.unknown_for_known_arguments
  FunctionBlamesMissingArgument,     // function.argument_index_out_of_range
  FunctionContradictsUnknownResult,  // function.unknown_result_mismatch
  FunctionSignaturesDisagree,        // function.schema_mismatch (GetFunctions against the schema)
  // Ephemeral resources
  OpenReturnsNull,               // ephemeral.null_result
  OpenChangesName,               // ephemeral.result_invalid_for_config
  OpenLeavesValueUnknown,        // ephemeral.unknown_in_result
  OpenRenewsInThePast,           // ephemeral.renew_at_past
  RenewRejectsItsLease,          // ephemeral.private_rejected
  OpenDefers,                    // deferral.not_allowed
  ValidateRefusesUnknownLength,  // validate.rejects_unknown (a warning) on mem_secret
  // List resources
  ListRepeatsEachObject,      // list.duplicate_identity
  ListIgnoresLimit,           // list.limit_exceeded
  ListWithoutIdentity,        // list.identity_missing
  ListNullIdentity,           // list.identity_incomplete
  ListOmitsObjects,           // list.resource_object_invalid
  ListHidesNewObjects,        // list.created_not_listed
  ListUppercasesObjectNames,  // list.object_mismatch
  // Actions
  InvokeNeverCompletes,             // action.completed_count
  InvokeSendsEmptyEvent,            // action.event_empty
  PlanActionDefers,                 // deferral.not_allowed
  PlanActionDefersForAbsentPrereq,  // deferral.reason_invalid
};

class MemoryFamilyProvider final : public MemoryProvider {
public:
  explicit MemoryFamilyProvider(FamilyFault fault = FamilyFault::None, bool picky = false);

  static nlohmann::json concat_signature();
  static schema::Schema secret_schema();
  static schema::Schema list_schema();
  static schema::Schema notify_schema();
  static schema::IdentitySchema thing_identity();
  /// Every schema this provider serves, as GetProviderSchema and the identity RPC give it.
  static schema::ProviderSchema provider_schema();

  /// Leases opened and not closed yet.
  std::size_t open_leases() const { return m_open_leases; }
  std::size_t invocations() const { return m_invocations; }

  protocol::RpcResult<protocol::GetProviderSchemaResponse> get_provider_schema(
      const protocol::GetProviderSchemaRequest&) override;
  protocol::RpcResult<protocol::GetResourceIdentitySchemasResponse> get_resource_identity_schemas(
      const protocol::GetResourceIdentitySchemasRequest&) override;
  protocol::RpcResult<protocol::GetMetadataResponse> get_metadata(const protocol::GetMetadataRequest&) override;

  // mem_thing's objects with their identity.
  protocol::RpcResult<protocol::ApplyResourceChangeResponse> apply_resource_change(
      const protocol::ApplyResourceChangeRequest&) override;
  protocol::RpcResult<protocol::ReadResourceResponse> read_resource(const protocol::ReadResourceRequest&) override;
  protocol::RpcResult<protocol::ImportResourceStateResponse> import_resource_state(
      const protocol::ImportResourceStateRequest&) override;
  protocol::RpcResult<protocol::UpgradeResourceIdentityResponse> upgrade_resource_identity(
      const protocol::UpgradeResourceIdentityRequest&) override;

  protocol::RpcResult<protocol::GetFunctionsResponse> get_functions(const protocol::GetFunctionsRequest&) override;
  protocol::RpcResult<protocol::CallFunctionResponse> call_function(const protocol::CallFunctionRequest&) override;

  protocol::RpcResult<protocol::ValidateEphemeralResourceConfigResponse> validate_ephemeral_resource_config(
      const protocol::ValidateEphemeralResourceConfigRequest&) override;
  protocol::RpcResult<protocol::OpenEphemeralResourceResponse> open_ephemeral_resource(
      const protocol::OpenEphemeralResourceRequest&) override;
  protocol::RpcResult<protocol::RenewEphemeralResourceResponse> renew_ephemeral_resource(
      const protocol::RenewEphemeralResourceRequest&) override;
  protocol::RpcResult<protocol::CloseEphemeralResourceResponse> close_ephemeral_resource(
      const protocol::CloseEphemeralResourceRequest&) override;

  protocol::RpcResult<protocol::ValidateListResourceConfigResponse> validate_list_resource_config(
      const protocol::ValidateListResourceConfigRequest&) override;
  protocol::RpcResult<protocol::ListResourceResponse> list_resource(const protocol::ListResourceRequest&) override;

  protocol::RpcResult<protocol::ValidateActionConfigResponse> validate_action_config(
      const protocol::ValidateActionConfigRequest&) override;
  protocol::RpcResult<protocol::PlanActionResponse> plan_action(const protocol::PlanActionRequest&) override;
  protocol::RpcResult<protocol::InvokeActionResponse> invoke_action(const protocol::InvokeActionRequest&) override;

private:
  FamilyFault m_fault;
  bool m_picky = false;
  std::size_t m_function_calls = 0;
  std::size_t m_leases = 0;  // leases handed out so far (the private data names the latest)
  std::size_t m_open_leases = 0;
  std::size_t m_invocations = 0;
};

}  // namespace tfc::conformance::testing
