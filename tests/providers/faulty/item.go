package main

import (
	"context"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"sort"

	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
	"github.com/hashicorp/terraform-plugin-go/tftypes"
)

// The resource tfcfault_item: the families of the protocol beyond the plain lifecycle, on an
// object simpler than tfcfault_thing. It has a resource identity (id), imports by id or by
// identity, moves from its own type, is listed by the list resource of the same name
// (item_list.go), and has a write-only attribute. Items are JSON files <dir>/item/<id>.json.
// The identity_*, import_identity_*, list_*, move_* and *_write_only modes break it.
const itemTypeName = "tfcfault_item"

var itemType = tftypes.Object{AttributeTypes: map[string]tftypes.Type{
	"id":       tftypes.String,
	"name":     tftypes.String,
	"note":     tftypes.String,
	"password": tftypes.String, // write-only
}}

func itemSchema() *tfprotov6.Schema {
	return &tfprotov6.Schema{Block: &tfprotov6.SchemaBlock{
		Description: "An item with a resource identity, listable and movable.",
		Attributes: []*tfprotov6.SchemaAttribute{
			{Name: "id", Type: tftypes.String, Computed: true},
			{Name: "name", Type: tftypes.String, Required: true},
			{Name: "note", Type: tftypes.String, Optional: true},
			{Name: "password", Type: tftypes.String, Optional: true, WriteOnly: true},
		},
	}}
}

// itemIdentityType is {id}, and in identity_schema_map also a map attribute Terraform refuses.
func (p *provider) itemIdentityType() tftypes.Object {
	attrs := map[string]tftypes.Type{"id": tftypes.String}
	if p.mode == "identity_schema_map" {
		attrs["labels"] = tftypes.Map{ElementType: tftypes.String}
	}
	return tftypes.Object{AttributeTypes: attrs}
}

func (p *provider) itemIdentitySchema() *tfprotov6.ResourceIdentitySchema {
	s := &tfprotov6.ResourceIdentitySchema{IdentityAttributes: []*tfprotov6.ResourceIdentitySchemaAttribute{
		{Name: "id", Type: tftypes.String, RequiredForImport: true, Description: "The item's id."},
	}}
	if p.mode == "identity_schema_map" {
		s.IdentityAttributes = append(s.IdentityAttributes, &tfprotov6.ResourceIdentitySchemaAttribute{
			Name: "labels", Type: tftypes.Map{ElementType: tftypes.String}, OptionalForImport: true})
	}
	return s
}

// identityOf is the identity of an item with this id value (known, unknown or null).
func (p *provider) identityOf(id tftypes.Value) *tfprotov6.ResourceIdentityData {
	typ := p.itemIdentityType()
	attrs := map[string]tftypes.Value{"id": id}
	if _, ok := typ.AttributeTypes["labels"]; ok {
		attrs["labels"] = nullOf(typ.AttributeTypes["labels"])
	}
	dv, err := encode(typ, tftypes.NewValue(typ, attrs))
	if err != nil {
		return nil
	}
	return &tfprotov6.ResourceIdentityData{IdentityData: dv}
}

// identityID reads the id of an identity from the request (false: none, or not readable).
func (p *provider) identityID(identity *tfprotov6.ResourceIdentityData) (string, bool) {
	if identity == nil {
		return "", false
	}
	v, err := decode(identity.IdentityData, p.itemIdentityType())
	if err != nil {
		return "", false
	}
	return stringOf(attrsOf(v)["id"])
}

func (s *store) itemDir() string { return filepath.Join(s.dir, "item") }

func (s *store) putItem(state tftypes.Value) error {
	data, err := toJSON(state)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(s.itemDir(), 0o755); err != nil {
		return err
	}
	tmp, err := os.CreateTemp(s.itemDir(), ".put-*")
	if err != nil {
		return err
	}
	_, werr := tmp.Write(append(data, '\n'))
	cerr := tmp.Close()
	if werr != nil || cerr != nil {
		os.Remove(tmp.Name())
		return errors.Join(werr, cerr)
	}
	return os.Rename(tmp.Name(), filepath.Join(s.itemDir(), fileKey(attrsOf(state)["id"])+".json"))
}

func (s *store) getItem(id string) (tftypes.Value, bool, error) {
	data, err := os.ReadFile(filepath.Join(s.itemDir(), fileKey(knownString(id))+".json"))
	if errors.Is(err, fs.ErrNotExist) {
		return nullOf(itemType), false, nil
	}
	if err != nil {
		return nullOf(itemType), false, err
	}
	v, err := valueFromJSON(data, itemType, false)
	return v, err == nil, err
}

func (s *store) removeItem(id string) error {
	err := os.Remove(filepath.Join(s.itemDir(), fileKey(knownString(id))+".json"))
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	return err
}

// items lists every stored item, sorted by id.
func (s *store) items() ([]tftypes.Value, error) {
	entries, err := os.ReadDir(s.itemDir())
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	names := []string{}
	for _, e := range entries {
		if !e.IsDir() && filepath.Ext(e.Name()) == ".json" && e.Name()[0] != '.' {
			names = append(names, e.Name())
		}
	}
	sort.Strings(names)
	out := []tftypes.Value{}
	for _, n := range names {
		data, err := os.ReadFile(filepath.Join(s.itemDir(), n))
		if err != nil {
			continue // removed meanwhile
		}
		v, err := valueFromJSON(data, itemType, false)
		if err != nil {
			return nil, err
		}
		out = append(out, v)
	}
	return out, nil
}

// withoutPassword is state with the write-only password null, as every answer must hold it.
func withoutPassword(state tftypes.Value) tftypes.Value {
	if state.IsNull() || !state.IsKnown() {
		return state
	}
	m := attrsOf(state)
	m["password"] = nullOf(tftypes.String)
	return tftypes.NewValue(itemType, m)
}

func (p *provider) validateItem(req *tfprotov6.ValidateResourceConfigRequest) *tfprotov6.ValidateResourceConfigResponse {
	resp := &tfprotov6.ValidateResourceConfigResponse{}
	if _, err := decode(req.Config, itemType); err != nil {
		resp.Diagnostics = append(resp.Diagnostics, errorDiag("Invalid configuration", err.Error()))
	}
	return resp
}

// planItem: the proposed new state with id unknown on create (the identity too), the prior
// identity kept otherwise; password planned null.
func (p *provider) planItem(req *tfprotov6.PlanResourceChangeRequest) (*tfprotov6.PlanResourceChangeResponse, error) {
	resp := &tfprotov6.PlanResourceChangeResponse{PlannedPrivate: req.PriorPrivate, UnsafeToUseLegacyTypeSystem: p.legacy}
	prior, err1 := decode(req.PriorState, itemType)
	proposed, err2 := decode(req.ProposedNewState, itemType)
	for _, err := range []error{err1, err2} {
		if err != nil {
			resp.Diagnostics = append(resp.Diagnostics, errorDiag("Cannot decode the plan request", err.Error()))
			return resp, nil
		}
	}
	if proposed.IsNull() {
		resp.PlannedState, err1 = encode(itemType, proposed)
		return resp, err1
	}
	m := attrsOf(withoutPassword(proposed))
	if prior.IsNull() {
		m["id"] = unknownOf(tftypes.String)
		resp.PlannedIdentity = p.identityOf(unknownOf(tftypes.String))
	} else {
		m["id"] = attrsOf(prior)["id"]
		resp.PlannedIdentity = p.identityOf(m["id"])
	}
	resp.PlannedState, err1 = encode(itemType, tftypes.NewValue(itemType, m))
	return resp, err1
}

func (p *provider) applyItem(req *tfprotov6.ApplyResourceChangeRequest) (*tfprotov6.ApplyResourceChangeResponse, error) {
	resp := &tfprotov6.ApplyResourceChangeResponse{Private: req.PlannedPrivate, UnsafeToUseLegacyTypeSystem: p.legacy}
	prior, err1 := decode(req.PriorState, itemType)
	planned, err2 := decode(req.PlannedState, itemType)
	for _, err := range []error{err1, err2} {
		if err != nil {
			resp.Diagnostics = append(resp.Diagnostics, errorDiag("Cannot decode the apply request", err.Error()))
			return resp, nil
		}
	}
	if planned.IsNull() {
		if id, ok := stringOf(attrsOf(prior)["id"]); ok {
			if err := p.store.removeItem(id); err != nil {
				resp.Diagnostics = append(resp.Diagnostics, errorDiag("Cannot delete the item", err.Error()))
			}
		}
		resp.NewState, err1 = encode(itemType, planned)
		return resp, err1
	}
	m := attrsOf(withoutPassword(planned))
	if !m["id"].IsKnown() {
		m["id"] = knownString(newID())
	}
	state := tftypes.NewValue(itemType, m)
	if err := p.store.putItem(state); err != nil {
		resp.Diagnostics = append(resp.Diagnostics, errorDiag("Cannot store the item", err.Error()))
		return resp, nil
	}
	resp.NewIdentity = p.identityOf(m["id"])
	if p.mode == "identity_unknown_after_apply" {
		resp.NewIdentity = p.identityOf(unknownOf(tftypes.String))
	}
	if p.mode == "identity_wrong_type" {
		wrong := tftypes.Object{AttributeTypes: map[string]tftypes.Type{"id": tftypes.Number}}
		dv, _ := encode(wrong, tftypes.NewValue(wrong, map[string]tftypes.Value{"id": tftypes.NewValue(tftypes.Number, 7)}))
		resp.NewIdentity = &tfprotov6.ResourceIdentityData{IdentityData: dv}
	}
	resp.NewState, err1 = encode(itemType, state)
	return resp, err1
}

func (p *provider) readItem(req *tfprotov6.ReadResourceRequest) (*tfprotov6.ReadResourceResponse, error) {
	resp := &tfprotov6.ReadResourceResponse{Private: req.Private}
	current, err := decode(req.CurrentState, itemType)
	if err != nil {
		resp.Diagnostics = append(resp.Diagnostics, errorDiag("Cannot decode the current state", err.Error()))
		return resp, nil
	}
	id, ok := stringOf(attrsOf(current)["id"])
	if !ok {
		resp.Diagnostics = append(resp.Diagnostics, errorDiag("No id", "tfcfault_item needs an id to read"))
		return resp, nil
	}
	state, found, err := p.store.getItem(id)
	if err != nil {
		resp.Diagnostics = append(resp.Diagnostics, errorDiag("Cannot read the item", err.Error()))
		return resp, nil
	}
	if found {
		switch p.mode {
		case "identity_missing_on_read":
		case "identity_changes_on_read":
			resp.NewIdentity = p.identityOf(knownString(id + "-read"))
		default:
			resp.NewIdentity = p.identityOf(knownString(id))
		}
	}
	resp.NewState, err = encode(itemType, state)
	return resp, err
}

func (p *provider) importItem(req *tfprotov6.ImportResourceStateRequest) (*tfprotov6.ImportResourceStateResponse, error) {
	resp := &tfprotov6.ImportResourceStateResponse{}
	id := req.ID
	byIdentity := req.ID == ""
	if byIdentity {
		var ok bool
		if id, ok = p.identityID(req.Identity); !ok {
			resp.Diagnostics = append(resp.Diagnostics, errorDiag("No id", "import tfcfault_item by id or by identity {id}"))
			return resp, nil
		}
	}
	stub := map[string]tftypes.Value{"id": knownString(id), "name": nullOf(tftypes.String), "note": nullOf(tftypes.String),
		"password": nullOf(tftypes.String)}
	if p.mode == "import_write_only" {
		stub["password"] = knownString("imported")
	}
	state, err := encode(itemType, tftypes.NewValue(itemType, stub))
	if err != nil {
		return nil, err
	}
	identity := p.identityOf(knownString(id))
	switch {
	case byIdentity && p.mode == "import_identity_missing":
		identity = nil
	case byIdentity && p.mode == "import_identity_mismatch":
		identity = p.identityOf(knownString(id + "-other"))
	}
	resp.ImportedResources = []*tfprotov6.ImportedResource{{TypeName: itemTypeName, State: state, Identity: identity}}
	return resp, nil
}

func (p *provider) upgradeItem(req *tfprotov6.UpgradeResourceStateRequest) (*tfprotov6.UpgradeResourceStateResponse, error) {
	resp := &tfprotov6.UpgradeResourceStateResponse{}
	if req.RawState == nil || req.RawState.JSON == nil {
		resp.Diagnostics = append(resp.Diagnostics, errorDiag("No JSON state", "tfcfault_item has only JSON states"))
		return resp, nil
	}
	v, err := valueFromJSON(req.RawState.JSON, itemType, false)
	if err != nil {
		resp.Diagnostics = append(resp.Diagnostics, errorDiag("Cannot decode the state", err.Error()))
		return resp, nil
	}
	if p.mode == "upgrade_write_only" && !v.IsNull() {
		m := attrsOf(v)
		m["password"] = knownString("upgraded")
		v = tftypes.NewValue(itemType, m)
	}
	resp.UpgradedState, err = encode(itemType, v)
	return resp, err
}

func (p *provider) UpgradeResourceIdentity(_ context.Context, req *tfprotov6.UpgradeResourceIdentityRequest) (*tfprotov6.UpgradeResourceIdentityResponse, error) {
	resp := &tfprotov6.UpgradeResourceIdentityResponse{}
	if req.TypeName != itemTypeName || req.RawIdentity == nil {
		resp.Diagnostics = append(resp.Diagnostics, errorDiag("No identity", "only tfcfault_item has a resource identity"))
		return resp, nil
	}
	v, err := valueFromJSON(req.RawIdentity.JSON, p.itemIdentityType(), false)
	if err != nil {
		resp.Diagnostics = append(resp.Diagnostics, errorDiag("Cannot decode the identity", err.Error()))
		return resp, nil
	}
	id := attrsOf(v)["id"]
	if s, ok := stringOf(id); ok && p.mode == "identity_upgrade_changes" {
		id = knownString("upgraded-" + s)
	}
	resp.UpgradedIdentity = p.identityOf(id)
	return resp, nil
}

// MoveResourceState: a tfcfault_item moves to a tfcfault_item unchanged (its password null);
// the move_* modes break that. Every other source is refused.
func (p *provider) MoveResourceState(_ context.Context, req *tfprotov6.MoveResourceStateRequest) (*tfprotov6.MoveResourceStateResponse, error) {
	resp := &tfprotov6.MoveResourceStateResponse{TargetPrivate: req.SourcePrivate}
	if req.SourceTypeName != itemTypeName || req.TargetTypeName != itemTypeName || req.SourceState == nil {
		resp.Diagnostics = append(resp.Diagnostics, errorDiag("Move not supported",
			"terraform-provider-tfcfault moves only tfcfault_item to tfcfault_item"))
		return resp, nil
	}
	v, err := valueFromJSON(req.SourceState.JSON, itemType, false)
	if err != nil {
		resp.Diagnostics = append(resp.Diagnostics, errorDiag("Cannot decode the source state", err.Error()))
		return resp, nil
	}
	m := attrsOf(withoutPassword(v))
	switch p.mode {
	case "move_state_unknown":
		m["note"] = unknownOf(tftypes.String)
	case "move_write_only":
		m["password"] = knownString("moved")
	case "move_plan_differs":
		m["note"] = knownString("moved")
	}
	resp.TargetIdentity = p.identityOf(m["id"])
	resp.TargetState, err = encode(itemType, tftypes.NewValue(itemType, m))
	return resp, err
}

// generateItemConfig: the configuration of an item is its state without the computed id (and
// without password, which no state holds).
func (p *provider) generateItemConfig(req *tfprotov6.GenerateResourceConfigRequest) (*tfprotov6.GenerateResourceConfigResponse, error) {
	resp := &tfprotov6.GenerateResourceConfigResponse{}
	state, err := decode(req.State, itemType)
	if err != nil || state.IsNull() {
		resp.Diagnostics = append(resp.Diagnostics, errorDiag("Cannot read the state", "tfcfault_item needs a state to write its configuration"))
		return resp, nil
	}
	m := attrsOf(withoutPassword(state))
	if p.mode != "generate_config_computed" {
		m["id"] = nullOf(tftypes.String)
	}
	resp.Config, err = encode(itemType, tftypes.NewValue(itemType, m))
	return resp, err
}
