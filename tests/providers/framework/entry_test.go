package main

import (
	"testing"

	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
	"github.com/hashicorp/terraform-plugin-go/tftypes"
)

// identityID is the id of an identity answer of tfcfixture_entry.
func (f *fixture) identityID(identity *tfprotov6.ResourceIdentityData) string {
	f.t.Helper()
	if identity == nil {
		f.t.Fatal("no identity")
	}
	v, err := identity.IdentityData.Unmarshal(tftypes.Object{AttributeTypes: map[string]tftypes.Type{"id": tftypes.String}})
	if err != nil {
		f.t.Fatal(err)
	}
	var attrs map[string]tftypes.Value
	_ = v.As(&attrs)
	var id string
	_ = attrs["id"].As(&id)
	return id
}

func TestEntryIdentityListAndMove(t *testing.T) {
	f := start(t, t.TempDir())
	typ := f.resourceType("tfcfixture_entry")
	null := tftypes.NewValue(typ, nil)
	config := f.value(typ, map[string]tftypes.Value{"name": str("a"), "password_wo": str("pw")})
	planned := f.plan("tfcfixture_entry", null, config)
	applied, err := f.server.ApplyResourceChange(f.ctx, &tfprotov6.ApplyResourceChangeRequest{TypeName: "tfcfixture_entry",
		PriorState: f.dynamic(null), PlannedState: planned.PlannedState, Config: f.dynamic(config), PlannedIdentity: planned.PlannedIdentity})
	f.check("ApplyResourceChange", err, applied.Diagnostics)
	state := f.decode("tfcfixture_entry", applied.NewState)
	var id string
	_ = attr(t, state, "id").As(&id)
	if got := f.identityID(applied.NewIdentity); got != id || !attr(t, state, "password_wo").IsNull() {
		t.Fatalf("identity %q for %q, password_wo %v", got, id, attr(t, state, "password_wo"))
	}
	imported, err := f.server.ImportResourceState(f.ctx, &tfprotov6.ImportResourceStateRequest{TypeName: "tfcfixture_entry",
		Identity: applied.NewIdentity})
	f.check("ImportResourceState", err, imported.Diagnostics)
	if got := f.identityID(imported.ImportedResources[0].Identity); got != id {
		t.Fatalf("import by identity gave %q", got)
	}
	listType := f.schema.ListResourceSchemas["tfcfixture_entry"].ValueType()
	listed, err := f.server.(tfprotov6.ProviderServerWithListResource).ListResource(f.ctx, &tfprotov6.ListResourceRequest{
		TypeName: "tfcfixture_entry", Config: f.dynamic(f.value(listType, nil)), IncludeResource: true, Limit: 10})
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for r := range listed.Results {
		n++
		if f.identityID(r.Identity) != id || r.Resource == nil {
			t.Fatalf("listed %+v", r)
		}
	}
	if n != 1 {
		t.Fatalf("%d listed", n)
	}
}
