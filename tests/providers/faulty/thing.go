package main

import (
	"context"
	"os"
	"strings"

	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
	"github.com/hashicorp/terraform-plugin-go/tftypes"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
)

// PlanResourceChange: the proposed new state, with the computed attributes the provider will
// choose left unknown (id and generated on create or replace), enabled false when config leaves
// it null on create, and everything else (unknown config values included) as proposed. A name
// change requires replacement.
func (p *provider) PlanResourceChange(_ context.Context, req *tfprotov6.PlanResourceChangeRequest) (*tfprotov6.PlanResourceChangeResponse, error) {
	if req.TypeName == itemTypeName {
		return p.planItem(req)
	}
	resp := &tfprotov6.PlanResourceChangeResponse{PlannedPrivate: req.PriorPrivate, UnsafeToUseLegacyTypeSystem: p.legacy}
	if req.TypeName != thingTypeName {
		resp.Diagnostics = append(resp.Diagnostics, unknownType(req.TypeName))
		return resp, nil
	}
	if p.mode == "hang_in_plan" {
		select {} // until the process is killed
	}
	if p.mode == "plan_deferred" {
		resp.Deferred = &tfprotov6.Deferred{Reason: tfprotov6.DeferredReasonResourceConfigUnknown}
	}
	if p.mode == "markup_everywhere" {
		p.logMarkup()
	}
	prior, err1 := decode(req.PriorState, thingType)
	proposed, err2 := decode(req.ProposedNewState, thingType)
	config, err3 := decode(req.Config, thingType)
	for _, err := range []error{err1, err2, err3} {
		if err != nil {
			resp.Diagnostics = append(resp.Diagnostics, errorDiag("Cannot decode the plan request", err.Error()))
			return resp, nil
		}
	}

	if proposed.IsNull() { // destroy
		planned := nullOf(thingType)
		if p.mode == "destroy_plan_not_null" {
			planned = prior
		}
		resp.PlannedState, err1 = encode(thingType, planned)
		return resp, err1
	}

	if p.mode == "allocate_unbounded" {
		allocateWithoutBound()
	}
	m := attrsOf(proposed)
	c := attrsOf(config)
	prev := attrsOf(prior)
	create := prior.IsNull()

	keepUnknownBlocks(m, c)
	if !create {
		p.suppressOwnChange(m, prev)
	}

	// The faults that concern config values come first: the replacement decision then sees
	// the planned values, as a framework's RequiresReplace would.
	switch p.mode {
	case "plan_sets_non_computed":
		if c["size"].IsKnown() && c["size"].IsNull() {
			m["size"] = tftypes.NewValue(tftypes.Number, 10)
		}
	case "plan_replaces_config":
		if name, ok := stringOf(m["name"]); ok {
			m["name"] = knownString(name + "-planned")
		}
	case modePlanFaultyWhenDeferralConfigured:
		if name, ok := stringOf(m["name"]); ok && p.deferralConfigured {
			m["name"] = knownString(name + "-planned")
		}
	case "plan_unknown_config_fault":
		replaceUnknownConfig(m, c, prev)
	case "plan_block_null":
		if c["rule"].IsKnown() && len(elementsOf(c["rule"])) == 0 {
			m["rule"] = nullOf(thingType.AttributeTypes["rule"])
		}
	}

	var replacedFor []string
	if !create {
		replacedFor = p.replacedFor(m, prev)
	}
	replace := len(replacedFor) > 0
	if create || replace {
		m["id"] = unknownOf(tftypes.String)
		m["generated"] = unknownOf(tftypes.String)
		if p.mode == "plan_final_changes_known" {
			m["generated"] = knownString("gen-" + nanoClock())
		}
		// A replacement is planned as the create it becomes: enabled false when config leaves
		// it null (an update would keep the prior value).
		if c["enabled"].IsKnown() && c["enabled"].IsNull() {
			m["enabled"] = tftypes.NewValue(tftypes.Bool, false)
		}
	}
	for _, name := range replacedFor {
		resp.RequiresReplace = append(resp.RequiresReplace, tftypes.NewAttributePath().WithAttributeName(name))
	}
	if p.mode == "oversize_response" {
		m["generated"] = knownString(oversizeGenerated()) // computed: any value may be planned
	}
	if !create && p.mode == "replace_path_invalid" {
		resp.RequiresReplace = append(resp.RequiresReplace, tftypes.NewAttributePath().WithAttributeName("no_such_attribute"))
	}

	planned := tftypes.NewValue(thingType, m)
	if !create && p.mode == "plan_null_for_existing" {
		planned = nullOf(thingType)
	}
	switch p.mode {
	case "wrong_value_type":
		resp.PlannedState, err1 = wrongType(m)
		return resp, err1
	case "undecodable_msgpack":
		resp.PlannedState = &tfprotov6.DynamicValue{MsgPack: []byte{0xc1}}
		return resp, nil
	case "huge_diagnostics":
		resp.Diagnostics = append(resp.Diagnostics, hugeDiagnostics()...)
	case "invalid_utf8_diagnostic":
		resp.Diagnostics = append(resp.Diagnostics, badUTF8Diagnostic())
	case "markup_everywhere":
		resp.Diagnostics = append(resp.Diagnostics, markupDiagnostic(tfprotov6.DiagnosticSeverityWarning, "plan",
			tftypes.NewAttributePath().WithAttributeName("name")))
	}
	resp.PlannedState, err1 = encode(thingType, planned)
	return resp, err1
}

// ApplyResourceChange: a create fills id, generated (and a still unknown enabled) and stores
// the object; an update stores the planned state exactly; a delete removes the file and
// returns null.
func (p *provider) ApplyResourceChange(_ context.Context, req *tfprotov6.ApplyResourceChangeRequest) (*tfprotov6.ApplyResourceChangeResponse, error) {
	p.hangIn("ApplyResourceChange")
	if req.TypeName == itemTypeName {
		return p.applyItem(req)
	}
	resp := &tfprotov6.ApplyResourceChangeResponse{Private: req.PlannedPrivate, UnsafeToUseLegacyTypeSystem: p.legacy}
	if req.TypeName != thingTypeName {
		resp.Diagnostics = append(resp.Diagnostics, unknownType(req.TypeName))
		return resp, nil
	}
	switch p.mode {
	case "grpc_error":
		return nil, status.Error(codes.Internal, "tfcfault: apply failed with a gRPC error (grpc_error mode)")
	case "crash_in_apply":
		os.Exit(3)
	case "panic_in_apply":
		resp.Private = sliceOfNegativeLength()
	case "fork_and_exit":
		forkAndExit()
	}
	prior, err1 := decode(req.PriorState, thingType)
	planned, err2 := decode(req.PlannedState, thingType)
	config, err3 := decode(req.Config, thingType)
	for _, err := range []error{err1, err2, err3} {
		if err != nil {
			resp.Diagnostics = append(resp.Diagnostics, errorDiag("Cannot decode the apply request", err.Error()))
			return resp, nil
		}
	}

	if planned.IsNull() { // delete
		if !prior.IsNull() {
			p.store.removeHistory(attrsOf(prior)["id"])
			if err := p.store.remove(attrsOf(prior)["id"]); err != nil {
				resp.Diagnostics = append(resp.Diagnostics, errorDiag("Cannot delete the object", err.Error()))
				resp.NewState, err1 = encode(thingType, prior)
				return resp, err1
			}
		}
		newState := nullOf(thingType)
		if p.mode == "destroy_not_null" {
			newState = prior
		}
		resp.NewState, err1 = encode(thingType, newState)
		return resp, err1
	}

	if p.mode == "markup_everywhere" && !prior.IsNull() {
		// An update fails, changing nothing, so a finding quotes the provider's error.
		resp.Diagnostics = append(resp.Diagnostics, markupDiagnostic(tfprotov6.DiagnosticSeverityError, "update apply", nil))
		resp.NewState, err1 = encode(thingType, prior)
		return resp, err1
	}

	m := attrsOf(planned)
	if !m["id"].IsKnown() {
		m["id"] = knownString(newID())
	}
	if !m["generated"].IsKnown() {
		id, _ := stringOf(m["id"])
		m["generated"] = knownString("gen-" + id)
	}
	if !m["enabled"].IsKnown() {
		if e := attrsOf(config)["enabled"]; e.IsKnown() && !e.IsNull() {
			m["enabled"] = e
		} else {
			m["enabled"] = tftypes.NewValue(tftypes.Bool, false)
		}
	}
	state := tftypes.NewValue(thingType, m)
	if !state.IsFullyKnown() {
		resp.Diagnostics = append(resp.Diagnostics, errorDiag("Unknown value in the planned state",
			"the planned state still holds unknown values the provider does not choose; apply needs a final plan"))
		resp.NewState, err1 = encode(thingType, prior)
		return resp, err1
	}

	p.applyFaultOnce(m, attrsOf(prior))
	if !prior.IsNull() {
		if err := p.staleSecondUpdate(m, attrsOf(prior)); err != nil {
			resp.Diagnostics = append(resp.Diagnostics, errorDiag("Cannot keep the update history", err.Error()))
			resp.NewState, err1 = encode(thingType, prior)
			return resp, err1
		}
	}
	state = tftypes.NewValue(thingType, m)
	if p.mode == "apply_returns_null" {
		resp.NewState, err1 = encode(thingType, nullOf(thingType))
		return resp, err1
	}
	if err := p.store.put(state); err != nil {
		resp.Diagnostics = append(resp.Diagnostics, errorDiag("Cannot store the object", err.Error()))
		resp.NewState, err1 = encode(thingType, prior)
		return resp, err1
	}
	if p.mode == "apply_unknown_left" {
		m["generated"] = unknownOf(tftypes.String)
		state = tftypes.NewValue(thingType, m)
	}
	resp.NewState, err1 = encode(thingType, state)
	return resp, err1
}

// ReadResource returns exactly what is stored, or null when the file is gone. An import stub
// (name null) whose object does not exist is an error instead.
func (p *provider) ReadResource(_ context.Context, req *tfprotov6.ReadResourceRequest) (*tfprotov6.ReadResourceResponse, error) {
	p.hangIn("ReadResource")
	if req.TypeName == itemTypeName {
		return p.readItem(req)
	}
	resp := &tfprotov6.ReadResourceResponse{Private: req.Private}
	if req.TypeName != thingTypeName {
		resp.Diagnostics = append(resp.Diagnostics, unknownType(req.TypeName))
		return resp, nil
	}
	current, err := decode(req.CurrentState, thingType)
	if err != nil {
		resp.Diagnostics = append(resp.Diagnostics, errorDiag("Cannot decode the current state", err.Error()))
		return resp, nil
	}
	if current.IsNull() {
		resp.NewState, err = encode(thingType, current)
		return resp, err
	}
	attrs := attrsOf(current)
	stored, found, err := p.store.get(attrs["id"])
	if err != nil {
		resp.Diagnostics = append(resp.Diagnostics, errorDiag("Cannot read the object", err.Error()))
		resp.NewState, err = encode(thingType, current)
		return resp, err
	}
	if !found {
		if attrs["name"].IsNull() {
			id, _ := stringOf(attrs["id"])
			resp.Diagnostics = append(resp.Diagnostics, errorDiag("Cannot import a nonexistent object",
				"no tfcfault_thing has the id "+id))
		}
		resp.NewState, err = encode(thingType, nullOf(thingType))
		return resp, err
	}
	switch p.mode {
	case "read_reorders_list":
		s := attrsOf(stored)
		if items := elementsOf(s["items"]); len(items) > 1 {
			sortStringValues(items)
			s["items"] = tftypes.NewValue(thingType.AttributeTypes["items"], items)
			stored = tftypes.NewValue(thingType, s)
		}
	case "import_null_to_empty":
		// As a provider whose read leaves an attribute it cannot see as it was: the empty map
		// the import wrote stays where the object has no tags.
		s := attrsOf(stored)
		if s["tags"].IsNull() && attrs["tags"].IsKnown() && !attrs["tags"].IsNull() && len(attrsOf(attrs["tags"])) == 0 {
			s["tags"] = attrs["tags"]
			stored = tftypes.NewValue(thingType, s)
		}
	case "read_unknown":
		s := attrsOf(stored)
		s["generated"] = unknownOf(tftypes.String)
		stored = tftypes.NewValue(thingType, s)
	case "invalid_utf8_value":
		stored = p.restoreBadGenerated(stored)
	}
	resp.NewState, err = encode(thingType, stored)
	return resp, err
}

// ImportResourceState: an object with only id set (no rule block, settings null); the read
// that follows fills it in.
func (p *provider) ImportResourceState(_ context.Context, req *tfprotov6.ImportResourceStateRequest) (*tfprotov6.ImportResourceStateResponse, error) {
	p.hangIn("ImportResourceState")
	if req.TypeName == itemTypeName {
		return p.importItem(req)
	}
	resp := &tfprotov6.ImportResourceStateResponse{}
	if req.TypeName != thingTypeName {
		resp.Diagnostics = append(resp.Diagnostics, unknownType(req.TypeName))
		return resp, nil
	}
	m := map[string]tftypes.Value{}
	for name, typ := range thingType.AttributeTypes {
		m[name] = nullOf(typ)
	}
	m["id"] = knownString(req.ID)
	m["rule"] = tftypes.NewValue(thingType.AttributeTypes["rule"], []tftypes.Value{})
	if p.mode == "import_null_to_empty" {
		m["tags"] = tftypes.NewValue(thingType.AttributeTypes["tags"], map[string]tftypes.Value{})
	}
	stub, err := encode(thingType, tftypes.NewValue(thingType, m))
	if err != nil {
		return nil, err
	}
	imported := &tfprotov6.ImportedResource{TypeName: thingTypeName, State: stub}
	switch p.mode {
	case "import_none":
	case "import_multiple":
		resp.ImportedResources = []*tfprotov6.ImportedResource{imported, {TypeName: thingTypeName, State: stub}}
	default:
		resp.ImportedResources = []*tfprotov6.ImportedResource{imported}
	}
	return resp, nil
}

// UpgradeResourceState: versions 0 and 1 have the same shape, so the raw JSON state decodes
// as it is.
func (p *provider) UpgradeResourceState(_ context.Context, req *tfprotov6.UpgradeResourceStateRequest) (*tfprotov6.UpgradeResourceStateResponse, error) {
	p.hangIn("UpgradeResourceState")
	if req.TypeName == itemTypeName {
		return p.upgradeItem(req)
	}
	resp := &tfprotov6.UpgradeResourceStateResponse{}
	if req.TypeName != thingTypeName {
		resp.Diagnostics = append(resp.Diagnostics, unknownType(req.TypeName))
		return resp, nil
	}
	if req.Version < 0 || req.Version > thingVersion {
		resp.Diagnostics = append(resp.Diagnostics, errorDiag("Unsupported state version",
			"tfcfault_thing states have versions 0 and 1"))
		return resp, nil
	}
	if req.RawState == nil {
		resp.UpgradedState, _ = encode(thingType, nullOf(thingType))
		return resp, nil
	}
	if req.RawState.JSON == nil {
		resp.Diagnostics = append(resp.Diagnostics, errorDiag("Cannot decode the stored state",
			"tfcfault_thing states are JSON (flatmap states predate Terraform 0.12)"))
		return resp, nil
	}
	state, err := valueFromJSON(req.RawState.JSON, thingType, true)
	if err != nil {
		resp.Diagnostics = append(resp.Diagnostics, errorDiag("Cannot decode the stored state", err.Error()))
		return resp, nil
	}
	state = p.restoreBadGenerated(state)
	if p.mode == "upgrade_unknown" && !state.IsNull() {
		s := attrsOf(state)
		s["generated"] = unknownOf(tftypes.String)
		state = tftypes.NewValue(thingType, s)
	}
	resp.UpgradedState, err = encode(thingType, state)
	return resp, err
}

// keepUnknownBlocks plans unknown where config has a whole block (or block list) unknown, as
// a dynamic block with an unknown for_each gives. Core's proposed new state holds the prior
// value there instead, which would plan a known value for an unknown configuration.
func keepUnknownBlocks(m, config map[string]tftypes.Value) {
	if s := config["settings"]; !s.IsKnown() {
		m["settings"] = s
	}
	rule := config["rule"]
	if !rule.IsKnown() {
		m["rule"] = rule
		return
	}
	if rule.IsNull() || rule.IsFullyKnown() {
		return
	}
	planned := elementsOf(m["rule"])
	configured := elementsOf(rule)
	if len(planned) != len(configured) {
		return
	}
	for i, e := range configured {
		if !e.IsKnown() {
			planned[i] = e
		}
	}
	m["rule"] = tftypes.NewValue(rule.Type(), planned)
}

// sortStringValues sorts known string values in place (nulls first).
func sortStringValues(vals []tftypes.Value) {
	key := func(v tftypes.Value) (string, bool) { return stringOf(v) }
	for i := 1; i < len(vals); i++ {
		for j := i; j > 0; j-- {
			a, aok := key(vals[j-1])
			b, bok := key(vals[j])
			if (aok && !bok) || (aok && bok && strings.Compare(a, b) > 0) {
				vals[j-1], vals[j] = vals[j], vals[j-1]
				continue
			}
			break
		}
	}
}
