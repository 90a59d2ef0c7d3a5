#pragma once
// The lifecycle rule catalogue as data the compiler can read: oracle/rules.cpp serves it at run
// time, and oracle/rule_id.hpp checks every rule id written in the code against it while compiling.
// Seed sections (docs/lifecycle-contract.md): 000 is OpenTofu's resource instance change lifecycle,
// 001 its planning behaviors, 002 Terraform's lifecycle (which adds the "no unknown values"
// sentences), 004 the CRUD lifecycle by example.

#include <array>

#include "oracle/rules.hpp"

namespace tfc::oracle::catalogue {

inline constexpr Severity E = Severity::error;
inline constexpr Severity W = Severity::warning;
inline constexpr bool kLegacyLogged = true;
inline constexpr bool kAlways = false;

inline constexpr std::array kLifecycleRules{
    // ApplyResourceChange
    RuleInfo{"apply.block_count_changed", E,
             "the number of nested blocks (or their keys) changed between the final plan and the new state",
             "000 §Handling of Nested Blocks in Configuration", Cores::Both, kLegacyLogged},
    RuleInfo{"apply.collection_element_changed", E,
             "a list/map/tuple element vanished or appeared, a planned set element correlates with none in the new "
             "state, or the set grew",
             "000 §ApplyResourceChange", Cores::Both, kLegacyLogged},
    RuleInfo{"apply.delete_not_null", E, "a delete apply returned a non-null new state", "000 §ApplyResourceChange",
             Cores::Both, kAlways},
    RuleInfo{"apply.known_value_changed", E,
             "a value known in the final planned state differs in the new state (exact form, no normalization)",
             "000 §ApplyResourceChange", Cores::Both, kLegacyLogged},
    RuleInfo{"apply.null_became_value", E, "a value planned as null is non-null in the new state",
             "000 §ApplyResourceChange", Cores::Both, kLegacyLogged},
    RuleInfo{"apply.object_vanished", E,
             "a non-delete apply returned a null object (root object was present, but now absent)",
             "000 §ApplyResourceChange", Cores::Both, kLegacyLogged},
    RuleInfo{"apply.unknown_in_new_state", E,
             "the new state contains an unknown value (no unknown values are permitted in the new state)",
             "000 §ApplyResourceChange", Cores::Both, kAlways},
    RuleInfo{"apply.unknown_refinement_broken", E, "a new value contradicts the refinements of its planned unknown",
             "000 §ApplyResourceChange", Cores::Both, kLegacyLogged},
    RuleInfo{"apply.value_became_null", E, "a known non-null planned value is null in the new state",
             "000 §ApplyResourceChange", Cores::Both, kLegacyLogged},
    RuleInfo{"apply.write_only_not_null", E, "a write-only attribute is non-null in the new state",
             "002 §ApplyResourceChange", Cores::Terraform, kAlways},
    // ReadDataSource
    RuleInfo{"data.config_value_changed", W, "a data source result changed an attribute that was non-null in config",
             "001 §Default Planning Behavior (Read)", Cores::None, kAlways},
    RuleInfo{"data.null_result", E, "ReadDataSource returned a null object", "001 §Default Planning Behavior (Read)",
             Cores::Both, kAlways},
    RuleInfo{"data.unknown_in_result", E, "ReadDataSource returned unknown values",
             "001 §Default Planning Behavior (Read)", Cores::Both, kAlways},
    // ImportResourceState
    RuleInfo{"import.incomplete", W,
             "after import and read, attributes differ from the state created by apply (partial import)",
             "000 §ImportResourceState", Cores::None, kAlways},
    RuleInfo{"import.multiple", E, "ImportResourceState returned more than one object", "000 §ImportResourceState",
             Cores::Both, kAlways},
    RuleInfo{"import.no_resources", E, "ImportResourceState returned no object and did not defer",
             "000 §ImportResourceState", Cores::Both, kAlways},
    RuleInfo{"import.nonexistent_after_read", E, "the import stub state reads back as null (the object does not exist)",
             "000 §ImportResourceState", Cores::Both, kAlways},
    RuleInfo{"import.null_object", E, "ImportResourceState returned a null state object", "000 §ImportResourceState",
             Cores::Both, kAlways},
    RuleInfo{"import.plan_not_empty", E,
             "planning the configuration that created the object against the imported and read state changes a value "
             "the import set where apply had null (what import left null or could not know, import.incomplete's, "
             "excepted)",
             "000 §ImportResourceState (a partial import leaves attributes null); an import block plans right after "
             "importing, and terraform-plugin-testing fails an import step whose plan is not a no-op",
             Cores::None, kAlways},
    RuleInfo{"import.type_missing", E, "an imported object lacks its resource type name", "000 §ImportResourceState",
             Cores::Both, kAlways},
    // Lifecycle
    RuleInfo{"lifecycle.plan_not_empty_after_apply", E,
             "planning the same config against the new state is not a no-op (perpetual diff)",
             "001 §Default Planning Behavior (No-op)", Cores::None, kAlways},
    RuleInfo{"lifecycle.plan_not_empty_after_refresh", E,
             "planning the same config after ReadResource is not a no-op (normalization leaked as drift)",
             "000 §ReadResource", Cores::None, kAlways},
    // PlanResourceChange
    RuleInfo{"plan.block_absent", E, "a nested block (or nested object) present in config is planned as null",
             "000 §Handling of Nested Blocks in Configuration", Cores::Both, kLegacyLogged},
    RuleInfo{"plan.block_collection_null", E, "a list/set/map block collection is planned null instead of empty",
             "000 §Handling of Nested Blocks in Configuration", Cores::Both, kLegacyLogged},
    RuleInfo{"plan.block_count_changed", E,
             "a list block or list/map nested attribute has a different count than config, or map keys differ",
             "000 §Handling of Nested Blocks in Configuration", Cores::Both, kLegacyLogged},
    RuleInfo{"plan.block_element_unknown", E,
             "a block element or whole block collection is planned unknown (set nested values unknown instead)",
             "000 §Handling of Nested Blocks in Configuration", Cores::Both, kLegacyLogged},
    RuleInfo{"plan.block_present", E, "a nested block (or nested object) absent from config is planned non-null",
             "000 §Handling of Nested Blocks in Configuration", Cores::Both, kLegacyLogged},
    RuleInfo{"plan.config_value_changed", E,
             "an attribute non-null in config is planned as neither the config value nor the prior value",
             "000 §PlanResourceChange", Cores::Both, kLegacyLogged},
    RuleInfo{"plan.deferred_not_allowed", E, "the provider deferred although the request did not allow deferral",
             "001 §Provider-driven Behaviors", Cores::Terraform, kAlways},
    RuleInfo{"plan.destroy_not_null", E, "a destroy (null config) is planned to a non-null value",
             "000 §PlanResourceChange", Cores::Both, kAlways},
    RuleInfo{"plan.non_computed_set", E, "an attribute null in config and not computed is planned non-null",
             "000 §PlanResourceChange", Cores::Both, kLegacyLogged},
    RuleInfo{"plan.null_for_existing", E, "a non-destroy change is planned to a null object", "000 §PlanResourceChange",
             Cores::Both, kLegacyLogged},
    RuleInfo{"plan.replace_path_invalid", E,
             "requires_replace names a path absent from both the prior and the planned state",
             "001 §Provider-driven Behaviors", Cores::Both, kAlways},
    RuleInfo{"plan.unknown_for_configured", E, "a configured nested value is planned as unknown",
             "000 §PlanResourceChange", Cores::Both, kLegacyLogged},
    RuleInfo{"plan.write_only_not_null", E, "a write-only attribute is planned non-null", "002 §PlanResourceChange",
             Cores::Terraform, kAlways},
    RuleInfo{"plan_final.action_changed", E,
             "the action implied by the final plan differs from the initial plan's (e.g. update to replace)",
             "000 §PlanResourceChange (final against initial)", Cores::Both, kAlways},
    RuleInfo{"plan_final.known_value_changed", E,
             "a value known in the initial planned state differs in the final planned state",
             "000 §PlanResourceChange (final against initial)", Cores::Both, kAlways},
    // ReadResource
    RuleInfo{"read.normalization_not_preserved", W,
             "right after apply, with no outside change, read returned a different value (normalization must keep the "
             "prior value)",
             "000 §ReadResource", Cores::None, kAlways},
    RuleInfo{"read.unknown_in_state", E, "the refreshed state contains unknown values", "002 §ReadResource",
             Cores::Terraform, kAlways},
    RuleInfo{"read.write_only_not_null", E, "a write-only attribute is non-null in the refreshed state",
             "002 §ReadResource", Cores::Terraform, kAlways},
    // The provider process
    RuleInfo{"rpc.crashed", E, "the plugin exited or the connection broke during a call",
             "000 §Provider Protocol API Functions", Cores::Both, kAlways},
    RuleInfo{"rpc.error_status", E, "a gRPC error other than UNIMPLEMENTED (errors belong in diagnostics)",
             "000 §Provider Protocol API Functions", Cores::Both, kAlways},
    RuleInfo{"rpc.handshake", E, "the plugin handshake line is missing or malformed",
             "000 §Provider Protocol API Functions", Cores::Both, kAlways},
    RuleInfo{"rpc.message_too_large", E,
             "an answer is over 256 MiB, the most terraform-plugin-go sends and tfconform reads (Terraform reads up to "
             "2 GiB, but only 64 MiB of GetProviderSchema)",
             "000 §Provider Protocol API Functions", Cores::None, kAlways},
    RuleInfo{"rpc.out_of_memory", E,
             "the plugin died at tfconform's memory limit per provider process (--provider-memory) answering a "
             "generated input: a configuration can drive it into unbounded allocation",
             "000 §Provider Protocol API Functions", Cores::None, kAlways},
    RuleInfo{"rpc.timeout", E, "no answer within the deadline", "000 §Provider Protocol API Functions", Cores::None,
             kAlways},
    // Across two releases (--upgrade-from): the first plan after a provider upgrade
    RuleInfo{"release.config_refused", E,
             "a configuration the previous release accepted is refused by the new one (an argument removed or "
             "retyped, a new required one): the upgrade breaks what users wrote",
             "000 §UpgradeResourceState (users upgrade the provider under an unchanged configuration)", Cores::Both,
             kAlways},
    RuleInfo{"release.data_result_changed", W,
             "for an unchanged configuration the new release's data source returns another value of an attribute "
             "both releases have, where two reads of the previous release agree",
             "000 §UpgradeResourceState, by analogy: an upgrade under an unchanged configuration should not change "
             "what it means (no Core check)",
             Cores::None, kAlways},
    RuleInfo{"release.dropped_without_upgrade", W,
             "a value of the previous release's state belongs to an attribute the new schema no longer has, yet the "
             "schema version did not increase: no state upgrader says where the value went",
             "000 §UpgradeResourceState", Cores::None, kAlways},
    RuleInfo{"release.meaning_changed", W,
             "upgrading the previous release's state changed a computed value of an attribute both schemas have "
             "(the upgrade should change the shape only)",
             "000 §UpgradeResourceState", Cores::None, kAlways},
    RuleInfo{"release.plan_not_empty", E,
             "after a provider upgrade the unchanged configuration plans a change (the first plan of the new "
             "release is not a no-op)",
             "001 §Default Planning Behavior (No-op); 000 §UpgradeResourceState", Cores::None, kAlways},
    RuleInfo{"release.plan_replaces", E,
             "after a provider upgrade the unchanged configuration plans to replace the object (the worst case: "
             "a resource nobody touched is destroyed and created again)",
             "001 §Default Planning Behavior (No-op); 000 §UpgradeResourceState", Cores::None, kAlways},
    RuleInfo{"release.schema_version_lowered", E,
             "the new release's schema version of a type is lower than the previous release's: Core refuses a "
             "state written by a newer schema version",
             "000 §UpgradeResourceState", Cores::Both, kAlways},
    RuleInfo{"release.type_removed", E,
             "the new release has no resource type the previous release had: the objects users created with it "
             "cannot be planned any more",
             "000 §UpgradeResourceState", Cores::Both, kAlways},
    RuleInfo{"release.upgrade_failed", E,
             "the new release refused to upgrade a state the previous release wrote (UpgradeResourceState returned "
             "an error)",
             "000 §UpgradeResourceState", Cores::Both, kAlways},
    RuleInfo{"release.value_lost", E,
             "upgrading the previous release's state changed or dropped a value the configuration set, of an "
             "attribute both schemas have",
             "000 §UpgradeResourceState", Cores::None, kAlways},
    // The suite's own gate
    RuleInfo{"coverage.type_not_exercised", E,
             "a selected type never reached the lifecycle step --require-coverage asks for (a CI gate that passes "
             "without exercising a type is worse than none)",
             "none: a gate of the suite (--require-coverage), not a Core rule", Cores::None, kAlways},
    // GetProviderSchema
    RuleInfo{"schema.attribute_flags", E,
             "an attribute is not exactly one of required, optional, computed, optional+computed, or has not exactly "
             "one of type/nested_type",
             "000 §Resource Instance Change Lifecycle (objects conform to the schema)", Cores::Both, kAlways},
    RuleInfo{"schema.block_items", E, "min/max items invalid for the block's nesting mode",
             "000 §Resource Instance Change Lifecycle (objects conform to the schema)", Cores::Both, kAlways},
    RuleInfo{"schema.invalid_name", E, "an attribute or block name is not lowercase letters, digits and underscores",
             "000 §Resource Instance Change Lifecycle (objects conform to the schema)", Cores::Both, kAlways},
    RuleInfo{"schema.name_conflict", E, "a name is used both as an attribute and as a block type",
             "000 §Resource Instance Change Lifecycle (objects conform to the schema)", Cores::Both, kAlways},
    RuleInfo{"schema.negative_version", E, "a schema version is negative", "000 §UpgradeResourceState", Cores::Both,
             kAlways},
    RuleInfo{"schema.set_dynamic", E,
             "a set nesting or set type contains dynamic, or a write-only attribute sits inside a set",
             "000 §Resource Instance Change Lifecycle (objects conform to the schema)", Cores::Both, kAlways},
    RuleInfo{"schema.unstable", E, "GetProviderSchema answers differently when asked twice",
             "000 §Resource Instance Change Lifecycle (objects conform to the schema)", Cores::None, kAlways},
    // UpgradeResourceState
    RuleInfo{"upgrade.meaning_changed", W,
             "upgrading a state already at the current version changed its value (should only change the shape)",
             "000 §UpgradeResourceState", Cores::None, kAlways},
    RuleInfo{"upgrade.unknown_in_state", E,
             "the upgraded state contains unknown values (a type mismatch is value.type_mismatch)",
             "002 §UpgradeResourceState", Cores::Terraform, kAlways},
    // ValidateResourceConfig
    RuleInfo{"validate.rejects_unknown", W, "validation reported an error whose path points at an unknown value",
             "000 §ValidateResourceConfig", Cores::None, kAlways},
    // Values in every response
    RuleInfo{"value.type_mismatch", E, "a returned object does not conform to the schema's implied type",
             "000 §Resource Instance Change Lifecycle (objects conform to the schema)", Cores::Both, kAlways},
    RuleInfo{"value.invalid_utf8", E,
             "a returned string, map key or attribute name is not valid UTF-8 (Terraform stores it as U+FFFD, so the "
             "next plan sees another value)",
             "000 §Resource Instance Change Lifecycle (objects conform to the schema)", Cores::None, kAlways},
    RuleInfo{"value.undecodable", E, "a DynamicValue cannot be decoded (bad msgpack or JSON)",
             "000 §Resource Instance Change Lifecycle (objects conform to the schema)", Cores::Both, kAlways},
};

}  // namespace tfc::oracle::catalogue
