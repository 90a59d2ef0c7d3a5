package main

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/hashicorp/terraform-plugin-go/tfprotov5"
	"github.com/hashicorp/terraform-plugin-go/tftypes"
	"github.com/hashicorp/terraform-plugin-sdk/v2/helper/schema"
)

// fixture is one provider "process": a fresh protocol-5 server configured with a state dir.
type fixture struct {
	t      *testing.T
	ctx    context.Context
	server tfprotov5.ProviderServer
	schema *tfprotov5.GetProviderSchemaResponse
}

func start(t *testing.T, stateDir string) *fixture {
	t.Helper()
	f := &fixture{t: t, ctx: context.Background(), server: schema.NewGRPCProviderServer(newProvider())}
	var err error
	f.schema, err = f.server.GetProviderSchema(f.ctx, &tfprotov5.GetProviderSchemaRequest{})
	f.check("GetProviderSchema", err, f.schema.Diagnostics)
	cfg := tftypes.NewValue(f.schema.Provider.ValueType(), map[string]tftypes.Value{"state_dir": str(stateDir)})
	resp, err := f.server.ConfigureProvider(f.ctx, &tfprotov5.ConfigureProviderRequest{Config: f.dynamic(cfg)})
	f.check("ConfigureProvider", err, resp.Diagnostics)
	return f
}

func (f *fixture) check(what string, err error, diags []*tfprotov5.Diagnostic) {
	f.t.Helper()
	if err != nil {
		f.t.Fatalf("%s: %v", what, err)
	}
	for _, d := range diags {
		if d.Severity == tfprotov5.DiagnosticSeverityError {
			f.t.Fatalf("%s: %s: %s", what, d.Summary, d.Detail)
		}
	}
}

func (f *fixture) dynamic(v tftypes.Value) *tfprotov5.DynamicValue {
	d, err := tfprotov5.NewDynamicValue(v.Type(), v)
	if err != nil {
		f.t.Fatal(err)
	}
	return &d
}

// config builds a resource configuration the way Terraform decodes one: absent attributes
// are null, absent list and set blocks are empty, absent single blocks are null.
func (f *fixture) config(typeName string, attrs map[string]tftypes.Value) tftypes.Value {
	block := f.schema.ResourceSchemas[typeName].Block
	typ := block.ValueType().(tftypes.Object)
	all := map[string]tftypes.Value{}
	for name, at := range typ.AttributeTypes {
		all[name] = tftypes.NewValue(at, nil)
	}
	for _, b := range block.BlockTypes {
		if b.Nesting == tfprotov5.SchemaNestedBlockNestingModeList || b.Nesting == tfprotov5.SchemaNestedBlockNestingModeSet {
			all[b.TypeName] = tftypes.NewValue(typ.AttributeTypes[b.TypeName], []tftypes.Value{})
		}
	}
	for name, v := range attrs {
		all[name] = v
	}
	return tftypes.NewValue(typ, all)
}

func (f *fixture) decode(typeName string, d *tfprotov5.DynamicValue) tftypes.Value {
	f.t.Helper()
	v, err := d.Unmarshal(f.schema.ResourceSchemas[typeName].ValueType())
	if err != nil {
		f.t.Fatal(err)
	}
	return v
}

// apply creates the resource from config (Terraform's proposed new state for a create is the
// configuration itself) and returns the new state.
func (f *fixture) create(typeName string, config tftypes.Value) tftypes.Value {
	f.t.Helper()
	null := f.dynamic(tftypes.NewValue(config.Type(), nil))
	plan, err := f.server.PlanResourceChange(f.ctx, &tfprotov5.PlanResourceChangeRequest{
		TypeName: typeName, PriorState: null, ProposedNewState: f.dynamic(config), Config: f.dynamic(config),
	})
	f.check("PlanResourceChange", err, plan.Diagnostics)
	resp, err := f.server.ApplyResourceChange(f.ctx, &tfprotov5.ApplyResourceChangeRequest{
		TypeName: typeName, PriorState: null, PlannedState: plan.PlannedState, Config: f.dynamic(config),
		PlannedPrivate: plan.PlannedPrivate,
	})
	f.check("ApplyResourceChange", err, resp.Diagnostics)
	return f.decode(typeName, resp.NewState)
}

func (f *fixture) read(typeName string, state tftypes.Value) tftypes.Value {
	f.t.Helper()
	resp, err := f.server.ReadResource(f.ctx, &tfprotov5.ReadResourceRequest{TypeName: typeName, CurrentState: f.dynamic(state)})
	f.check("ReadResource", err, resp.Diagnostics)
	return f.decode(typeName, resp.NewState)
}

func attr(t *testing.T, v tftypes.Value, name string) tftypes.Value {
	t.Helper()
	var attrs map[string]tftypes.Value
	if err := v.As(&attrs); err != nil {
		t.Fatal(err)
	}
	return attrs[name]
}

func str(s string) tftypes.Value { return tftypes.NewValue(tftypes.String, s) }

func num(n int) tftypes.Value { return tftypes.NewValue(tftypes.Number, n) }

func TestProviderSchemaIsValid(t *testing.T) {
	if err := newProvider().InternalValidate(); err != nil {
		t.Fatal(err)
	}
	f := start(t, t.TempDir())
	volume := f.schema.ResourceSchemas["tfcsdk_volume"]
	if volume.Version != 1 {
		t.Errorf("volume schema version %d, want 1", volume.Version)
	}
	modes := map[string]tfprotov5.SchemaNestedBlockNestingMode{}
	for _, b := range volume.Block.BlockTypes {
		modes[b.TypeName] = b.Nesting
	}
	if modes["attachment"] != tfprotov5.SchemaNestedBlockNestingModeList || modes["rule"] != tfprotov5.SchemaNestedBlockNestingModeSet {
		t.Errorf("volume block nesting: %v", modes)
	}
}

func TestVolumeLifecycleAcrossProcesses(t *testing.T) {
	dir := t.TempDir()
	f := start(t, dir)
	typ := f.schema.ResourceSchemas["tfcsdk_volume"].ValueType().(tftypes.Object)
	ruleType := typ.AttributeTypes["rule"].(tftypes.Set).ElementType
	policyType := typ.AttributeTypes["snapshot_policy"].(tftypes.List).ElementType
	config := f.config("tfcsdk_volume", map[string]tftypes.Value{
		"name":   str("data"),
		"secret": str("hunter2"),
		"zones":  tftypes.NewValue(typ.AttributeTypes["zones"], []tftypes.Value{str("b"), str("a")}),
		"tags":   tftypes.NewValue(typ.AttributeTypes["tags"], map[string]tftypes.Value{"env": str("test")}),
		"rule": tftypes.NewValue(typ.AttributeTypes["rule"], []tftypes.Value{
			tftypes.NewValue(ruleType, map[string]tftypes.Value{"port": num(22), "cidr": str("10.0.0.0/8")}),
			tftypes.NewValue(ruleType, map[string]tftypes.Value{"port": num(443), "cidr": tftypes.NewValue(tftypes.String, nil)}),
		}),
		"snapshot_policy": tftypes.NewValue(typ.AttributeTypes["snapshot_policy"], []tftypes.Value{
			tftypes.NewValue(policyType, map[string]tftypes.Value{"schedule": str("daily"), "retain": tftypes.NewValue(tftypes.Number, nil)}),
		}),
	})
	state := f.create("tfcsdk_volume", config)
	var id string
	_ = attr(t, state, "id").As(&id)
	if len(id) != 16 {
		t.Errorf("id %q is not 16 hex digits", id)
	}
	if !attr(t, state, "size").Equal(num(10)) {
		t.Errorf("size default: %v", attr(t, state, "size"))
	}
	if _, err := os.Stat(filepath.Join(dir, "volume", id+".json")); err != nil {
		t.Errorf("object file: %v", err)
	}

	if got := start(t, dir).read("tfcsdk_volume", state); !got.Equal(state) {
		t.Errorf("read in a new process:\n got %v\nwant %v", got, state)
	}

	g := start(t, dir)
	imp, err := g.server.ImportResourceState(g.ctx, &tfprotov5.ImportResourceStateRequest{TypeName: "tfcsdk_volume", ID: id})
	g.check("ImportResourceState", err, imp.Diagnostics)
	if got := g.read("tfcsdk_volume", g.decode("tfcsdk_volume", imp.ImportedResources[0].State)); !got.Equal(state) {
		t.Errorf("read after import:\n got %v\nwant %v", got, state)
	}

	null := g.dynamic(tftypes.NewValue(typ, nil))
	del, err := g.server.ApplyResourceChange(g.ctx, &tfprotov5.ApplyResourceChangeRequest{
		TypeName: "tfcsdk_volume", PriorState: g.dynamic(state), PlannedState: null, Config: null,
	})
	g.check("ApplyResourceChange (delete)", err, del.Diagnostics)
	if got := g.read("tfcsdk_volume", state); !got.IsNull() {
		t.Errorf("read after delete: %v, want null", got)
	}
}

func TestVolumeStateUpgradeFromVersion0(t *testing.T) {
	f := start(t, t.TempDir())
	resp, err := f.server.UpgradeResourceState(f.ctx, &tfprotov5.UpgradeResourceStateRequest{
		TypeName: "tfcsdk_volume", Version: 0,
		RawState: &tfprotov5.RawState{JSON: []byte(`{"id":"v1","name":"data","size":"25"}`)},
	})
	f.check("UpgradeResourceState", err, resp.Diagnostics)
	got := f.decode("tfcsdk_volume", resp.UpgradedState)
	if !attr(t, got, "size").Equal(num(25)) || !attr(t, got, "name").Equal(str("data")) {
		t.Errorf("upgraded state %v, want size 25 and name data", got)
	}
	bad, err := f.server.UpgradeResourceState(f.ctx, &tfprotov5.UpgradeResourceStateRequest{
		TypeName: "tfcsdk_volume", Version: 0,
		RawState: &tfprotov5.RawState{JSON: []byte(`{"id":"v1","name":"data","size":"big"}`)},
	})
	if err != nil || len(bad.Diagnostics) == 0 {
		t.Errorf("a non-numeric size must be a diagnostic, got %v %v", err, bad.Diagnostics)
	}
}

func TestBucketAndDataSource(t *testing.T) {
	dir := t.TempDir()
	f := start(t, dir)
	typ := f.schema.ResourceSchemas["tfcsdk_bucket"].ValueType().(tftypes.Object)
	ruleType := typ.AttributeTypes["lifecycle_rule"].(tftypes.List).ElementType.(tftypes.Object)
	transType := ruleType.AttributeTypes["transition"].(tftypes.Set).ElementType
	state := f.create("tfcsdk_bucket", f.config("tfcsdk_bucket", map[string]tftypes.Value{
		"name": str("logs"),
		"lifecycle_rule": tftypes.NewValue(typ.AttributeTypes["lifecycle_rule"], []tftypes.Value{
			tftypes.NewValue(ruleType, map[string]tftypes.Value{
				"prefix": str("tmp/"), "enabled": tftypes.NewValue(tftypes.Bool, true),
				"transition": tftypes.NewValue(ruleType.AttributeTypes["transition"], []tftypes.Value{
					tftypes.NewValue(transType, map[string]tftypes.Value{"days": num(30), "storage_class": str("cold")}),
				}),
			}),
		}),
	}))
	if !attr(t, state, "acl").Equal(str("private")) {
		t.Errorf("acl default: %v", attr(t, state, "acl"))
	}
	if got := start(t, dir).read("tfcsdk_bucket", state); !got.Equal(state) {
		t.Errorf("read in a new process:\n got %v\nwant %v", got, state)
	}

	dsType := f.schema.DataSourceSchemas["tfcsdk_objects"].ValueType().(tftypes.Object)
	cfg := map[string]tftypes.Value{}
	for name, at := range dsType.AttributeTypes {
		cfg[name] = tftypes.NewValue(at, nil)
	}
	cfg["kind"] = str("bucket")
	resp, err := f.server.ReadDataSource(f.ctx, &tfprotov5.ReadDataSourceRequest{
		TypeName: "tfcsdk_objects", Config: f.dynamic(tftypes.NewValue(dsType, cfg)),
	})
	f.check("ReadDataSource", err, resp.Diagnostics)
	got, err := resp.State.Unmarshal(dsType)
	if err != nil {
		t.Fatal(err)
	}
	ids := tftypes.NewValue(tftypes.List{ElementType: tftypes.String}, []tftypes.Value{attr(t, state, "id")})
	if !attr(t, got, "ids").Equal(ids) || !attr(t, got, "total").Equal(num(1)) {
		t.Errorf("data source state %v, want ids %v", got, ids)
	}
}
