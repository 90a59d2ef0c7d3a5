package main

import (
	"context"
	"os"
	"path/filepath"
	"regexp"
	"testing"

	"github.com/hashicorp/terraform-plugin-framework/providerserver"
	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
	"github.com/hashicorp/terraform-plugin-go/tftypes"
)

// fixture is one provider "process": a fresh protocol-6 server configured with a state dir.
type fixture struct {
	t      *testing.T
	ctx    context.Context
	server tfprotov6.ProviderServer
	schema *tfprotov6.GetProviderSchemaResponse
}

func start(t *testing.T, stateDir string) *fixture {
	t.Helper()
	server, err := providerserver.NewProtocol6WithError(newProvider("test")())()
	if err != nil {
		t.Fatal(err)
	}
	f := &fixture{t: t, ctx: context.Background(), server: server}
	f.schema, err = server.GetProviderSchema(f.ctx, &tfprotov6.GetProviderSchemaRequest{})
	f.check("GetProviderSchema", err, f.schema.Diagnostics)
	cfg := f.value(f.schema.Provider.ValueType(), map[string]tftypes.Value{
		"state_dir": tftypes.NewValue(tftypes.String, stateDir),
	})
	resp, err := server.ConfigureProvider(f.ctx, &tfprotov6.ConfigureProviderRequest{Config: f.dynamic(cfg)})
	f.check("ConfigureProvider", err, resp.Diagnostics)
	return f
}

func (f *fixture) check(what string, err error, diags []*tfprotov6.Diagnostic) {
	f.t.Helper()
	if err != nil {
		f.t.Fatalf("%s: %v", what, err)
	}
	for _, d := range diags {
		if d.Severity == tfprotov6.DiagnosticSeverityError {
			f.t.Fatalf("%s: %s: %s", what, d.Summary, d.Detail)
		}
	}
}

func (f *fixture) resourceType(name string) tftypes.Object {
	return f.schema.ResourceSchemas[name].ValueType().(tftypes.Object)
}

// value builds an object of typ from the given attributes; the others are null.
func (f *fixture) value(typ tftypes.Type, attrs map[string]tftypes.Value) tftypes.Value {
	obj := typ.(tftypes.Object)
	all := map[string]tftypes.Value{}
	for name, at := range obj.AttributeTypes {
		if v, ok := attrs[name]; ok {
			all[name] = v
		} else {
			all[name] = tftypes.NewValue(at, nil)
		}
	}
	return tftypes.NewValue(typ, all)
}

func (f *fixture) dynamic(v tftypes.Value) *tfprotov6.DynamicValue {
	d, err := tfprotov6.NewDynamicValue(v.Type(), v)
	if err != nil {
		f.t.Fatal(err)
	}
	return &d
}

func (f *fixture) decode(typeName string, d *tfprotov6.DynamicValue) tftypes.Value {
	f.t.Helper()
	v, err := d.Unmarshal(f.resourceType(typeName))
	if err != nil {
		f.t.Fatal(err)
	}
	return v
}

// proposed is Terraform's proposed new state for top-level attributes: the configuration,
// with the prior value of each computed attribute the configuration leaves null.
func (f *fixture) proposed(typeName string, prior, config tftypes.Value) tftypes.Value {
	if prior.IsNull() {
		return config
	}
	var p, c map[string]tftypes.Value
	_ = prior.As(&p)
	_ = config.As(&c)
	for _, a := range f.schema.ResourceSchemas[typeName].Block.Attributes {
		if a.Computed && c[a.Name].IsNull() {
			c[a.Name] = p[a.Name]
		}
	}
	return tftypes.NewValue(config.Type(), c)
}

func (f *fixture) plan(typeName string, prior, config tftypes.Value) *tfprotov6.PlanResourceChangeResponse {
	f.t.Helper()
	resp, err := f.server.PlanResourceChange(f.ctx, &tfprotov6.PlanResourceChangeRequest{
		TypeName: typeName, PriorState: f.dynamic(prior),
		ProposedNewState: f.dynamic(f.proposed(typeName, prior, config)), Config: f.dynamic(config),
	})
	f.check("PlanResourceChange", err, resp.Diagnostics)
	return resp
}

// apply plans and applies config over prior and returns the new state.
func (f *fixture) apply(typeName string, prior, config tftypes.Value) tftypes.Value {
	f.t.Helper()
	planned := f.plan(typeName, prior, config).PlannedState
	resp, err := f.server.ApplyResourceChange(f.ctx, &tfprotov6.ApplyResourceChangeRequest{
		TypeName: typeName, PriorState: f.dynamic(prior), PlannedState: planned, Config: f.dynamic(config),
	})
	f.check("ApplyResourceChange", err, resp.Diagnostics)
	return f.decode(typeName, resp.NewState)
}

func (f *fixture) read(typeName string, state tftypes.Value) tftypes.Value {
	f.t.Helper()
	resp, err := f.server.ReadResource(f.ctx, &tfprotov6.ReadResourceRequest{TypeName: typeName, CurrentState: f.dynamic(state)})
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

func TestSchemaCoversEveryFeature(t *testing.T) {
	f := start(t, t.TempDir())
	server := f.schema.ResourceSchemas["tfcfixture_server"].Block
	modes := map[string]tfprotov6.SchemaNestedBlockNestingMode{}
	for _, b := range server.BlockTypes {
		modes[b.TypeName] = b.Nesting
	}
	want := map[string]tfprotov6.SchemaNestedBlockNestingMode{
		"disk": tfprotov6.SchemaNestedBlockNestingModeList, "network_interface": tfprotov6.SchemaNestedBlockNestingModeSet,
		"boot": tfprotov6.SchemaNestedBlockNestingModeSingle,
	}
	for name, mode := range want {
		if modes[name] != mode {
			t.Errorf("block %s: nesting %v, want %v", name, modes[name], mode)
		}
	}
	flags := map[string]*tfprotov6.SchemaAttribute{}
	for _, a := range server.Attributes {
		flags[a.Name] = a
	}
	if !flags["token"].WriteOnly || !flags["password"].Sensitive || !(flags["size"].Optional && flags["size"].Computed) {
		t.Errorf("server attribute flags: token %+v password %+v size %+v", flags["token"], flags["password"], flags["size"])
	}
	nesting := map[string]tfprotov6.SchemaObjectNestingMode{}
	for _, a := range f.schema.ResourceSchemas["tfcfixture_network"].Block.Attributes {
		if a.NestedType != nil {
			nesting[a.Name] = a.NestedType.Nesting
		}
		if a.Name == "metadata" && !a.Type.Is(tftypes.DynamicPseudoType) {
			t.Errorf("metadata type %v, want dynamic", a.Type)
		}
	}
	wantNesting := map[string]tfprotov6.SchemaObjectNestingMode{
		"dns": tfprotov6.SchemaObjectNestingModeSingle, "routes": tfprotov6.SchemaObjectNestingModeList,
		"rules": tfprotov6.SchemaObjectNestingModeSet, "subnets": tfprotov6.SchemaObjectNestingModeMap,
	}
	for name, mode := range wantNesting {
		if nesting[name] != mode {
			t.Errorf("nested attribute %s: nesting %v, want %v", name, nesting[name], mode)
		}
	}
	if v := f.schema.ResourceSchemas["tfcfixture_record"].Version; v != 1 {
		t.Errorf("record schema version %d, want 1", v)
	}
	if f.schema.DataSourceSchemas["tfcfixture_objects"] == nil {
		t.Error("data source tfcfixture_objects missing")
	}
}

func TestServerLifecycleAcrossProcesses(t *testing.T) {
	dir := t.TempDir()
	f := start(t, dir)
	typ := f.resourceType("tfcfixture_server")
	diskType := typ.AttributeTypes["disk"].(tftypes.List).ElementType
	config := f.value(typ, map[string]tftypes.Value{
		"name":     str("web"),
		"password": str("hunter2"),
		"token":    str("write-only secret"),
		"labels":   tftypes.NewValue(tftypes.Set{ElementType: tftypes.String}, []tftypes.Value{str("b"), str("a")}),
		"disk": tftypes.NewValue(typ.AttributeTypes["disk"], []tftypes.Value{
			f.value(diskType, map[string]tftypes.Value{"size_gb": tftypes.NewValue(tftypes.Number, 20)}),
		}),
	})
	null := tftypes.NewValue(typ, nil)
	state := f.apply("tfcfixture_server", null, config)

	var id string
	_ = attr(t, state, "id").As(&id)
	if !regexp.MustCompile(`^[0-9a-f]{16}$`).MatchString(id) {
		t.Errorf("id %q is not 16 hex digits", id)
	}
	if !attr(t, state, "size").Equal(tftypes.NewValue(tftypes.Number, 1)) {
		t.Errorf("size default: got %v", attr(t, state, "size"))
	}
	if !attr(t, state, "token").IsNull() {
		t.Errorf("write-only token stored in state: %v", attr(t, state, "token"))
	}
	if _, err := os.Stat(filepath.Join(dir, "server", id+".json")); err != nil {
		t.Errorf("object file: %v", err)
	}

	// A new process reads back exactly the state the first one returned.
	g := start(t, dir)
	if got := g.read("tfcfixture_server", state); !got.Equal(state) {
		t.Errorf("read in a new process:\n got %v\nwant %v", got, state)
	}

	// Changing name requires replacement; changing description updates in place and keeps id.
	renamed := f.value(typ, map[string]tftypes.Value{"name": str("api"), "disk": attr(t, config, "disk")})
	if rr := g.plan("tfcfixture_server", state, renamed).RequiresReplace; len(rr) != 1 || rr[0].String() != tftypes.NewAttributePath().WithAttributeName("name").String() {
		t.Errorf("RequiresReplace for a new name: %v", rr)
	}
	var cfg map[string]tftypes.Value
	_ = config.As(&cfg)
	cfg["description"] = str("updated")
	updated := g.apply("tfcfixture_server", state, tftypes.NewValue(typ, cfg))
	if !attr(t, updated, "id").Equal(attr(t, state, "id")) || !attr(t, updated, "created_at").Equal(attr(t, state, "created_at")) {
		t.Errorf("update changed id or created_at: %v -> %v", state, updated)
	}
	if got := start(t, dir).read("tfcfixture_server", updated); !got.Equal(updated) {
		t.Errorf("read after update:\n got %v\nwant %v", got, updated)
	}

	// Import by id, then read: the whole object comes back.
	imp, err := g.server.ImportResourceState(g.ctx, &tfprotov6.ImportResourceStateRequest{TypeName: "tfcfixture_server", ID: id})
	g.check("ImportResourceState", err, imp.Diagnostics)
	if got := g.read("tfcfixture_server", g.decode("tfcfixture_server", imp.ImportedResources[0].State)); !got.Equal(updated) {
		t.Errorf("read after import:\n got %v\nwant %v", got, updated)
	}

	// Delete, then the object is gone: read removes it from state.
	del, err := g.server.ApplyResourceChange(g.ctx, &tfprotov6.ApplyResourceChangeRequest{
		TypeName: "tfcfixture_server", PriorState: g.dynamic(updated), PlannedState: g.dynamic(null), Config: g.dynamic(null),
	})
	g.check("ApplyResourceChange (delete)", err, del.Diagnostics)
	if got := g.read("tfcfixture_server", updated); !got.IsNull() {
		t.Errorf("read after delete: %v, want null", got)
	}
}

func TestNetworkDynamicAndNestedAttributesRoundTrip(t *testing.T) {
	dir := t.TempDir()
	f := start(t, dir)
	typ := f.resourceType("tfcfixture_network")
	subnetsType := typ.AttributeTypes["subnets"].(tftypes.Map)
	metaType := tftypes.Object{AttributeTypes: map[string]tftypes.Type{
		"owner": tftypes.String, "weights": tftypes.List{ElementType: tftypes.Number},
	}}
	config := f.value(typ, map[string]tftypes.Value{
		"cidr": str("10.0.0.0/16"),
		"subnets": tftypes.NewValue(subnetsType, map[string]tftypes.Value{
			"a": f.value(subnetsType.ElementType, map[string]tftypes.Value{"cidr": str("10.0.1.0/24")}),
		}),
		"metadata": tftypes.NewValue(metaType, map[string]tftypes.Value{
			"owner":   str("team"),
			"weights": tftypes.NewValue(tftypes.List{ElementType: tftypes.Number}, []tftypes.Value{tftypes.NewValue(tftypes.Number, 0.5)}),
		}),
	})
	state := f.apply("tfcfixture_network", tftypes.NewValue(typ, nil), config)
	got := start(t, dir).read("tfcfixture_network", state)
	if !got.Equal(state) {
		t.Errorf("read in a new process:\n got %v\nwant %v", got, state)
	}
	if !attr(t, got, "metadata").Type().Equal(metaType) {
		t.Errorf("dynamic value type %v, want %v", attr(t, got, "metadata").Type(), metaType)
	}
}

func TestRecordStateUpgradeFromVersion0(t *testing.T) {
	f := start(t, t.TempDir())
	upgrade := func(version int64, json string) tftypes.Value {
		resp, err := f.server.UpgradeResourceState(f.ctx, &tfprotov6.UpgradeResourceStateRequest{
			TypeName: "tfcfixture_record", Version: version, RawState: &tfprotov6.RawState{JSON: []byte(json)},
		})
		f.check("UpgradeResourceState", err, resp.Diagnostics)
		return f.decode("tfcfixture_record", resp.UpgradedState)
	}
	listType := tftypes.List{ElementType: tftypes.String}
	cases := []struct {
		version int64
		json    string
		labels  tftypes.Value
	}{
		{0, `{"id":"r1","name":"n","labels":"a,b"}`, tftypes.NewValue(listType, []tftypes.Value{str("a"), str("b")})},
		{0, `{"id":"r1","name":"n","labels":""}`, tftypes.NewValue(listType, []tftypes.Value{})},
		{0, `{"id":"r1","name":"n","labels":null}`, tftypes.NewValue(listType, nil)},
		{1, `{"id":"r1","name":"n","labels":["x"]}`, tftypes.NewValue(listType, []tftypes.Value{str("x")})},
	}
	for _, c := range cases {
		got := upgrade(c.version, c.json)
		if !attr(t, got, "labels").Equal(c.labels) || !attr(t, got, "id").Equal(str("r1")) {
			t.Errorf("upgrade v%d %s: got %v, want labels %v", c.version, c.json, got, c.labels)
		}
	}
}

func TestObjectsDataSourceListsStoredRecords(t *testing.T) {
	f := start(t, t.TempDir())
	typ := f.resourceType("tfcfixture_record")
	var ids []string
	for _, name := range []string{"one", "two"} {
		state := f.apply("tfcfixture_record", tftypes.NewValue(typ, nil), f.value(typ, map[string]tftypes.Value{"name": str(name)}))
		var id string
		_ = attr(t, state, "id").As(&id)
		ids = append(ids, id)
	}
	dsType := f.schema.DataSourceSchemas["tfcfixture_objects"].ValueType()
	read := func(kind string) *tfprotov6.ReadDataSourceResponse {
		resp, err := f.server.ReadDataSource(f.ctx, &tfprotov6.ReadDataSourceRequest{
			TypeName: "tfcfixture_objects", Config: f.dynamic(f.value(dsType, map[string]tftypes.Value{"kind": str(kind)})),
		})
		if err != nil {
			t.Fatal(err)
		}
		return resp
	}
	resp := read("record")
	f.check("ReadDataSource", nil, resp.Diagnostics)
	got, err := resp.State.Unmarshal(dsType)
	if err != nil {
		t.Fatal(err)
	}
	if !attr(t, got, "total").Equal(tftypes.NewValue(tftypes.Number, 2)) {
		t.Errorf("total: %v, want 2", attr(t, got, "total"))
	}
	var listed []tftypes.Value
	_ = attr(t, got, "ids").As(&listed)
	if len(listed) != 2 {
		t.Fatalf("ids: %v", listed)
	}
	if resp := read("nonsense"); len(resp.Diagnostics) != 1 || resp.Diagnostics[0].Severity != tfprotov6.DiagnosticSeverityError {
		t.Errorf("unknown kind: diagnostics %v, want one error", resp.Diagnostics)
	}
}
