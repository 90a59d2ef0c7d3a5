package main

import (
	"fmt"
	"os"
	"sort"
	"strings"
)

// A fault mode breaks exactly one contract rule (rule ids as printed by `tfconform rules`) and
// otherwise behaves honestly. faults.tsv is this table, checked by TestFaultTablesMatch.
type fault struct {
	mode  string
	rule  string
	needs string // what the configuration or walk must contain to trigger it (README.md)
	desc  string
}

const modeHonest = "honest"

var faults = []fault{
	{"apply_changes_known", "apply.known_value_changed", "size", "apply returns (and stores) size + 1 when size is set; later plans keep that prior value (no perpetual diff)"},
	{"apply_reserialises_json", "apply.known_value_changed", "document-json", "apply returns (and stores) document re-serialised by encoding/json when it is valid JSON written in another form; later plans keep that prior value (no perpetual diff)"},
	{"apply_unknown_left", "apply.unknown_in_new_state", "apply", "apply returns generated unknown (stores it known)"},
	{"apply_null_to_empty", "apply.null_became_value", "tags-null", "apply returns (and stores) tags as an empty map when planned null"},
	{"apply_set_rewritten", "apply.collection_element_changed", "members", `apply returns (and stores) every members element with "-x" appended; later plans keep that prior value (no perpetual diff)`},
	{"apply_block_dropped", "apply.block_count_changed", "rule", "apply drops the last rule block"},
	{"apply_block_added", "apply.block_count_changed", "apply", "apply adds a rule block {port = 1}"},
	{"apply_returns_null", "apply.object_vanished", "apply", "a create or update apply returns a null state (and stores nothing)"},
	{"destroy_not_null", "apply.delete_not_null", "destroy", "a delete apply removes the object but returns the prior state"},
	{"apply_long_list", "apply.collection_element_changed", "items>2", "apply drops (and stores without) the third items element when there are more than two; later plans keep that prior value (no perpetual diff)"},
	{"plan_sets_non_computed", "plan.non_computed_set", "size-null", "plan sets size to 10 when it is null in config"},
	{"plan_replaces_config", "plan.config_value_changed", "plan", `plan returns name + "-planned"`},
	{"plan_unknown_config_fault", "plan.config_value_changed", "unknown", "plan replaces each value unknown in config with a known one (also differing from the prior value)"},
	{"plan_final_changes_known", "plan_final.known_value_changed", "create", "plan sets generated on create to a known value taken from a nanosecond clock; apply keeps it"},
	{"plan_block_null", "plan.block_collection_null", "rule-none", "plan returns rule as null instead of an empty list when config has no rule block"},
	{"plan_null_for_existing", "plan.null_for_existing", "update", "a plan with a non-null prior and non-null config returns null"},
	{"destroy_plan_not_null", "plan.destroy_not_null", "destroy", "a destroy plan returns the prior state"},
	{modeSecondUpdateStale, "apply.known_value_changed", "update-twice", "name, size, tags, items and document require replacement when changed; the second in-place update of one object applies from the state before the first: enabled and secret, where planned non-null, go back to their values then (when non-null)"},
	{"replace_path_invalid", "plan.replace_path_invalid", "update", "plans with a non-null prior also list the attribute path no_such_attribute in requires_replace"},
	{"read_reorders_list", "lifecycle.plan_not_empty_after_refresh", "items-unsorted", "read returns items sorted, a perpetual diff when config's order is not (also the warning read.normalization_not_preserved)"},
	{"read_unknown", "read.unknown_in_state", "read", "read returns generated unknown"},
	{"upgrade_unknown", "upgrade.unknown_in_state", "upgrade", "upgrade returns generated unknown"},
	{"import_none", "import.no_resources", "import", "import returns zero objects"},
	{"import_multiple", "import.multiple", "import", "import returns two objects"},
	{"import_null_to_empty", "import.plan_not_empty", "import", "import returns tags as an empty map, and a read keeps an empty map where the stored object has none (null), so the plan after import changes tags from {} to null (also the warning import.incomplete)"},
	{"data_null", "data.null_result", "data", "ReadDataSource returns a null state"},
	{"wrong_value_type", "value.type_mismatch", "plan", `plan returns an object whose size is the string "not-a-number" (encoded with a wrong object type)`},
	{"undecodable_msgpack", "value.undecodable", "plan", "plan returns the DynamicValue msgpack bytes c1 (never used in msgpack)"},
	{"grpc_error", "rpc.error_status", "apply", "apply returns a gRPC error status (INTERNAL) instead of a diagnostic"},
	{"crash_in_apply", "rpc.crashed", "apply", "apply exits the process with status 3 mid-call"},
	{"panic_in_apply", "rpc.crashed", "apply", "apply panics mid-call with a Go runtime error (makeslice: len out of range), which prints the panic and its stack and exits with status 2"},
	{"hang_in_plan", "rpc.timeout", "plan", "plan blocks forever (until the process is killed)"},
	{"markup", "apply.known_value_changed", "apply", `apply returns (and stores) name as ` + markupName + "; later plans keep that prior value (report escaping)"},
	{"ephemeral_null_result", "ephemeral.null_result", "open", "OpenEphemeralResource of tfcfault_token returns no result (null) and no diagnostics"},
	{"ephemeral_unknown_value", "ephemeral.unknown_in_result", "open", "OpenEphemeralResource returns value unknown"},
	{"ephemeral_config_changed", "ephemeral.result_invalid_for_config", "open", `OpenEphemeralResource returns name + "-x"`},
	{"ephemeral_renew_past", "ephemeral.renew_at_past", "open", "OpenEphemeralResource (and RenewEphemeralResource) set renew_at a minute in the past"},
	{"ephemeral_private_rejected", "ephemeral.private_rejected", "open", "CloseEphemeralResource refuses every private data with an error diagnostic"},
	{"ephemeral_deferred", "deferral.not_allowed", "open", "OpenEphemeralResource defers (RESOURCE_CONFIG_UNKNOWN) although deferral is not allowed"},
	{"ephemeral_close_twice_crash", "rpc.crashed", "open", "a second CloseEphemeralResource of the same lease in one process exits with status 3"},
	{"identity_unknown_after_apply", "identity.unknown", "item-apply", "tfcfault_item's apply returns the identity {id = unknown}"},
	{"identity_wrong_type", "identity.type_mismatch", "item-apply", "tfcfault_item's apply returns the identity {id = 7} typed as an object with a number id"},
	{"identity_missing_on_read", "identity.missing", "item-read", "tfcfault_item's read returns no identity"},
	{"identity_changes_on_read", "identity.changed", "item-read", `tfcfault_item's read returns the identity {id = "<id>-read"}`},
	{"identity_upgrade_changes", "identity.upgrade_changed", "item-upgrade", `UpgradeResourceIdentity returns {id = "upgraded-<id>"}`},
	{"identity_schema_map", "schema.identity_attribute_type", "schema", "tfcfault_item's identity schema also has labels, a map(string) (its identities hold it as null)"},
	{"import_identity_missing", "import.identity_missing", "item-import", "an import of tfcfault_item by identity returns the object without identity"},
	{"import_identity_mismatch", "import.identity_mismatch", "item-import", `an import of tfcfault_item by identity returns the identity {id = "<id>-other"}`},
	{"import_write_only", "import.write_only_not_null", "item-import", `an import of tfcfault_item returns password = "imported" (write-only)`},
	{"upgrade_write_only", "upgrade.write_only_not_null", "item-upgrade", `UpgradeResourceState of tfcfault_item returns password = "upgraded" (write-only)`},
	{"move_state_unknown", "move.state_invalid", "item-move", "MoveResourceState of tfcfault_item returns note unknown"},
	{"move_write_only", "move.write_only_not_null", "item-move", `MoveResourceState of tfcfault_item returns password = "moved" (write-only)`},
	{"move_plan_differs", "lifecycle.plan_not_empty_after_move", "item-move", `MoveResourceState of tfcfault_item returns note = "moved", so the next plan changes it back`},
	{"list_identity_missing", "list.identity_missing", "item-list", "ListResource of tfcfault_item sends results without identity"},
	{"list_identity_null", "list.identity_incomplete", "item-list", "ListResource of tfcfault_item sends the identity {id = null}"},
	{"list_duplicate", "list.duplicate_identity", "item-list", "ListResource of tfcfault_item sends every result twice"},
	{"list_ignores_limit", "list.limit_exceeded", "list", "ListResource of tfcfault_item ignores limit and adds limit+1 made-up results (ghost-0...)"},
	{"list_object_unknown", "list.resource_object_invalid", "item-list", "ListResource of tfcfault_item sends resource objects with note unknown"},
	{"list_object_differs", "list.object_mismatch", "item-list", `ListResource of tfcfault_item sends resource objects named "<name>-listed" (read returns the stored name)`},
	{"list_misses_created", "list.created_not_listed", "item-list", "ListResource of tfcfault_item lists nothing"},
	{"list_no_identity_schema", "list.no_identity_schema", "schema", "GetResourceIdentitySchemas leaves out tfcfault_item, whose list resource Terraform then cannot use"},
	{"action_no_completed", "action.completed_count", "invoke", "InvokeAction of tfcfault_notify ends its stream without a completed event"},
	{"action_event_empty", "action.event_empty", "invoke", "InvokeAction of tfcfault_notify sends an event with neither progress nor completed before completing (served through go-plugin directly with a codec that empties a marked progress event)"},
	{"action_defer_reason", "deferral.reason_invalid", "action-plan", "PlanAction of tfcfault_notify defers with RESOURCE_CONFIG_UNKNOWN when deferral is allowed (only PROVIDER_CONFIG_UNKNOWN is valid there)"},
	{"plan_deferred", "plan.deferred_not_allowed", "plan", "every plan of tfcfault_thing defers (RESOURCE_CONFIG_UNKNOWN) although deferral is not allowed"},
	{"metadata_mismatch", "metadata.schema_mismatch", "schema", "GetMetadata leaves out the function join"},
	{"generate_config_computed", "generate.config_invalid", "item-import", "GenerateResourceConfig of tfcfault_item keeps the computed-only id"},
	{"function_inconsistent", "function.inconsistent_result", "function", "join appends #<call count> to its result, so two calls with the same arguments differ"},
	{"function_no_result", "function.no_result", "function", "join answers with neither a result nor a function error"},
	{"function_error_index", "function.argument_index_out_of_range", "function-parts", "join refuses any part with an error naming argument len(arguments), one past the last"},
	{"function_unknown_for_known", "function.unknown_for_known_arguments", "function", "join returns an unknown string when the separator is known and there is at least one part"},
	{"function_unknown_mismatch", "function.unknown_result_mismatch", "function-unknown", "join returns the known string \"(separator unknown)\" for an unknown separator instead of an unknown"},
	{"function_schema_mismatch", "function.schema_mismatch", "schema", "GetFunctions gives join another summary than GetProviderSchema"},
	{"function_invalid_signature", "function.invalid_signature", "schema", "join's first parameter is named \"the separator\" (not an identifier) in both answers"},
}

// Hostile modes attack the harness rather than one contract rule (hostile.tsv).
type hostile struct {
	mode     string
	expected string
	desc     string
}

var hostiles = []hostile{
	{"stdout_before_handshake", "rpc.handshake (go-plugin Core reads the first stdout line)", "prints three junk lines to stdout, then serves honestly"},
	{"stderr_flood", "none", "serves honestly while a goroutine writes 64 KiB lines to the original stderr without end"},
	{"handshake_no_socket", "rpc.handshake or a transport failure", "prints the handshake line 1|6|unix|/nonexistent/socket|grpc| itself and sleeps forever, never serving"},
	{"huge_diagnostics", "none or rpc.error_status", "plan adds two warning diagnostics with 100 KiB summaries and invalid UTF-8 bytes in their details (terraform-plugin-go sends those bytes as U+FFFD)"},
	{"fork_and_exit", "rpc.crashed; the harness must kill the children", "at apply, starts two `sleep 600` children in its own process group (holding its stdout and stderr) and exits with status 3"},
	{"oversize_response", "rpc.message_too_large (over the 256 MiB receive limit)", "every create or update plan returns a valid planned state whose computed generated is a known 257 MiB string, so the msgpack and the gRPC message exceed 256 MiB; served through go-plugin directly with 1 GiB gRPC limits (tf6server caps sends at 256 MiB)"},
	{"invalid_utf8_value", "value.invalid_utf8", "apply (create and update) returns and stores generated as gen-<ff fe>-<id>, invalid UTF-8 as raw bytes of a msgpack str; read and upgrade return the same bytes (the JSON file holds U+FFFD; generated is a function of id)"},
	{"invalid_utf8_diagnostic", "value.undecodable (the answer is not a valid protobuf message: invalid UTF-8 in a proto3 string)", "plan adds a warning whose summary and detail hold the bytes ff fe c0 80 ed a0 80 on the wire: a gRPC codec replaces an ASCII marker after proto marshaling by bytes of the same length, so every length prefix stays valid"},
	{"cert_mismatch", "rpc.handshake (TLS: server certificate does not match the handshake)", "the handshake line carries another freshly generated self-signed certificate (ECDSA P-521, localhost) than the one the server serves TLS with (with PLUGIN_CLIENT_CERT set; plaintext stays plaintext)"},
	{"client_cert_refused", "rpc.handshake (TLS: client certificate refused)", "replaces PLUGIN_CLIENT_CERT by an unrelated certificate before serving, so the server requires a client certificate signed by that one and refuses the client's (with PLUGIN_CLIENT_CERT set)"},
	{"deep_nesting_value", "value.undecodable (nesting limit)", "tfcfault_thing has a computed dynamic attribute payload: unknown in a create plan, kept on update, and in every state (apply, read, import, upgrade) a list(string) nested 10,000 lists deep around one string, type JSON as deep; otherwise honest"},
	{"deep_nesting_schema", "value.undecodable (the schema answer does not decode: nesting limit)", "tfcfault_thing has an optional attribute deep whose type is list(string) nested 100,000 lists deep (about 900 KB of type JSON); otherwise honest"},
	{"markup_everywhere", "apply.known_value_changed plus rpc-free warnings; every string shown as text in HTML", "markup (the markup mode's name, <img src=x onerror=...>, ]]>, </script>, &amp;, an ANSI colour escape) in every provider text a report may show: apply returns and stores name as in markup; warnings at validate and at plan (attribute name); a stderr line at every plan; the descriptions of the provider, tfcfault_thing and name; an update apply fails with an error diagnostic (create succeeds)"},
}

// Core-branching modes answer according to the client capabilities of the request, as providers
// that test a capability do: they break a rule only for the Cores that send it (tfconform run
// --core; docs/cores.md). Not in faults.tsv: the fault matrix runs as the newest Terraform.
type coreBranching struct {
	mode string
	rule string
	desc string
}

var coreBranchings = []coreBranching{
	{modePlanFaultyWhenDeferralConfigured, "plan.config_value_changed", `plan returns name + "-planned" when ConfigureProvider allowed deferral (OpenTofu 1.11 allows it on every request; Terraform only with its deferral experiment or in stacks)`},
}

const modePlanFaultyWhenDeferralConfigured = "plan_faulty_when_deferral_configured"

// markupName is what the markup mode returns as name.
const markupName = `<script>alert("tfc")</script> "double" 'single' & <b>bold</b>`

// modeFromEnv is $TFCFAULT_MODE, "honest" when unset; an unknown mode is an error.
func modeFromEnv() (string, error) {
	mode := os.Getenv("TFCFAULT_MODE")
	if mode == "" {
		return modeHonest, nil
	}
	if mode == modeHonest {
		return mode, nil
	}
	for _, f := range faults {
		if f.mode == mode {
			return mode, nil
		}
	}
	for _, h := range hostiles {
		if h.mode == mode {
			return mode, nil
		}
	}
	for _, b := range coreBranchings {
		if b.mode == mode {
			return mode, nil
		}
	}
	return "", fmt.Errorf("TFCFAULT_MODE=%q is not a mode of terraform-provider-tfcfault (modes: %s)", mode, strings.Join(allModes(), ", "))
}

func allModes() []string {
	out := []string{modeHonest}
	for _, f := range faults {
		out = append(out, f.mode)
	}
	for _, h := range hostiles {
		out = append(out, h.mode)
	}
	for _, b := range coreBranchings {
		out = append(out, b.mode)
	}
	sort.Strings(out[1:])
	return out
}

// faultsTSV and hostileTSV are the contents of faults.tsv and hostile.tsv.
func faultsTSV() string {
	var b strings.Builder
	b.WriteString("mode\trule\tneeds\tdescription\n")
	for _, f := range faults {
		fmt.Fprintf(&b, "%s\t%s\t%s\t%s\n", f.mode, f.rule, f.needs, f.desc)
	}
	return b.String()
}

func hostileTSV() string {
	var b strings.Builder
	b.WriteString("mode\texpected\tdescription\n")
	for _, h := range hostiles {
		fmt.Fprintf(&b, "%s\t%s\t%s\n", h.mode, h.expected, h.desc)
	}
	return b.String()
}
