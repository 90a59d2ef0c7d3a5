package main

import (
	"testing"

	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
	"github.com/hashicorp/terraform-plugin-go/tftypes"
)

func item(name string) tftypes.Value {
	return tftypes.NewValue(itemType, map[string]tftypes.Value{"id": nullOf(tftypes.String), "name": knownString(name),
		"note": nullOf(tftypes.String), "password": knownString("pw")})
}

// createItem plans and applies an item in mode; the applied state and its identity's id.
func createItem(t *testing.T, h *harness, p *provider, name string) (tftypes.Value, string) {
	t.Helper()
	null := nullOf(itemType)
	config := item(name)
	plan, err := p.PlanResourceChange(ctx, &tfprotov6.PlanResourceChangeRequest{TypeName: itemTypeName,
		PriorState: h.dv(itemType, null), ProposedNewState: h.dv(itemType, config), Config: h.dv(itemType, config)})
	if err != nil || hasError(plan.Diagnostics) {
		t.Fatalf("plan: %v %v", err, plan.Diagnostics)
	}
	apply, err := p.ApplyResourceChange(ctx, &tfprotov6.ApplyResourceChangeRequest{TypeName: itemTypeName,
		PriorState: h.dv(itemType, null), PlannedState: plan.PlannedState, Config: h.dv(itemType, config)})
	if err != nil || hasError(apply.Diagnostics) {
		t.Fatalf("apply: %v %v", err, apply.Diagnostics)
	}
	state, _ := decode(apply.NewState, itemType)
	id, _ := p.identityID(apply.NewIdentity)
	return state, id
}

func TestHonestItem(t *testing.T) {
	h := newHarness(t, modeHonest)
	p := h.provider(false)
	state, identity := createItem(t, h, p, "a")
	id, _ := stringOf(attrsOf(state)["id"])
	if identity != id || !attrsOf(state)["password"].IsNull() {
		t.Fatalf("identity %q for id %q; password %v", identity, id, attrsOf(state)["password"])
	}
	read, _ := p.ReadResource(ctx, &tfprotov6.ReadResourceRequest{TypeName: itemTypeName, CurrentState: h.dv(itemType, state)})
	if got, _ := p.identityID(read.NewIdentity); got != id {
		t.Fatalf("read identity %q", got)
	}
	imported, _ := p.ImportResourceState(ctx, &tfprotov6.ImportResourceStateRequest{TypeName: itemTypeName, Identity: p.identityOf(knownString(id))})
	if got, _ := p.identityID(imported.ImportedResources[0].Identity); got != id {
		t.Fatalf("import by identity gave %q", got)
	}
	raw, _ := toJSON(state)
	moved, _ := p.MoveResourceState(ctx, &tfprotov6.MoveResourceStateRequest{SourceTypeName: itemTypeName, TargetTypeName: itemTypeName,
		SourceState: &tfprotov6.RawState{JSON: raw}})
	if v, _ := decode(moved.TargetState, itemType); !v.Equal(state) {
		t.Fatalf("moved %v", v)
	}
	listed, _ := p.ListResource(ctx, &tfprotov6.ListResourceRequest{TypeName: itemTypeName, Config: h.dv(itemListType,
		tftypes.NewValue(itemListType, map[string]tftypes.Value{"name": nullOf(tftypes.String)})), IncludeResource: true, Limit: 5})
	n := 0
	for r := range listed.Results {
		n++
		if got, _ := p.identityID(r.Identity); got != id || r.Resource == nil {
			t.Fatalf("listed %q %v", got, r.Resource)
		}
	}
	if n != 1 {
		t.Fatalf("%d listed", n)
	}
}

func TestItemFaults(t *testing.T) {
	for mode, check := range map[string]func(t *testing.T, h *harness, p *provider, state tftypes.Value, id string){
		"identity_changes_on_read": func(t *testing.T, h *harness, p *provider, state tftypes.Value, id string) {
			read, _ := p.ReadResource(ctx, &tfprotov6.ReadResourceRequest{TypeName: itemTypeName, CurrentState: h.dv(itemType, state)})
			if got, _ := p.identityID(read.NewIdentity); got == id {
				t.Fatal("the identity stayed")
			}
		},
		"import_identity_mismatch": func(t *testing.T, h *harness, p *provider, state tftypes.Value, id string) {
			imported, _ := p.ImportResourceState(ctx, &tfprotov6.ImportResourceStateRequest{TypeName: itemTypeName, Identity: p.identityOf(knownString(id))})
			if got, _ := p.identityID(imported.ImportedResources[0].Identity); got == id {
				t.Fatal("the identity came back")
			}
		},
		"list_duplicate": func(t *testing.T, h *harness, p *provider, state tftypes.Value, id string) {
			listed, _ := p.ListResource(ctx, &tfprotov6.ListResourceRequest{TypeName: itemTypeName, Limit: 5})
			n := 0
			for range listed.Results {
				n++
			}
			if n != 2 {
				t.Fatalf("%d results", n)
			}
		},
		"move_write_only": func(t *testing.T, h *harness, p *provider, state tftypes.Value, id string) {
			raw, _ := toJSON(state)
			moved, _ := p.MoveResourceState(ctx, &tfprotov6.MoveResourceStateRequest{SourceTypeName: itemTypeName, TargetTypeName: itemTypeName,
				SourceState: &tfprotov6.RawState{JSON: raw}})
			if v, _ := decode(moved.TargetState, itemType); attrsOf(v)["password"].IsNull() {
				t.Fatal("password stayed null")
			}
		},
	} {
		t.Run(mode, func(t *testing.T) {
			h := newHarness(t, mode)
			p := h.provider(false)
			state, _ := createItem(t, h, p, "a")
			id, _ := stringOf(attrsOf(state)["id"])
			check(t, h, p, state, id)
		})
	}
}
