package main

import (
	"context"
	"encoding/json"
	"math/big"
	"testing"

	"github.com/hashicorp/terraform-plugin-framework/providerserver"
	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
	"github.com/hashicorp/terraform-plugin-go/tftypes"
)

// fixture is one provider "process" of one release: a fresh protocol-6 server.
type fixture struct {
	t       *testing.T
	ctx     context.Context
	release int
	server  tfprotov6.ProviderServer
	schema  *tfprotov6.GetProviderSchemaResponse
}

func start(t *testing.T, release int) *fixture {
	t.Helper()
	server, err := providerserver.NewProtocol6WithError(newProvider(release)())()
	if err != nil {
		t.Fatal(err)
	}
	f := &fixture{t: t, ctx: context.Background(), release: release, server: server}
	f.schema, err = server.GetProviderSchema(f.ctx, &tfprotov6.GetProviderSchemaRequest{})
	f.check("GetProviderSchema", err, f.schema.Diagnostics)
	cfg := tftypes.NewValue(f.schema.Provider.ValueType(), map[string]tftypes.Value{})
	resp, err := server.ConfigureProvider(f.ctx, &tfprotov6.ConfigureProviderRequest{Config: f.dynamic(cfg)})
	f.check("ConfigureProvider", err, resp.Diagnostics)
	return f
}

func (f *fixture) check(what string, err error, diags []*tfprotov6.Diagnostic) {
	f.t.Helper()
	if err != nil {
		f.t.Fatalf("release %d: %s: %v", f.release, what, err)
	}
	for _, d := range diags {
		if d.Severity == tfprotov6.DiagnosticSeverityError {
			f.t.Fatalf("release %d: %s: %s: %s", f.release, what, d.Summary, d.Detail)
		}
	}
}

func (f *fixture) resourceType(name string) tftypes.Object {
	return f.schema.ResourceSchemas[name].ValueType().(tftypes.Object)
}

// attributes names the attributes of a resource schema.
func (f *fixture) attributes(typeName string) map[string]*tfprotov6.SchemaAttribute {
	out := map[string]*tfprotov6.SchemaAttribute{}
	for _, a := range f.schema.ResourceSchemas[typeName].Block.Attributes {
		out[a.Name] = a
	}
	return out
}

// config builds a configuration of typeName from the given attributes; the others are null.
func (f *fixture) config(typeName string, attrs map[string]tftypes.Value) tftypes.Value {
	typ := f.resourceType(typeName)
	all := map[string]tftypes.Value{}
	for name, at := range typ.AttributeTypes {
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

// proposed is Core's proposed new state for top-level attributes: the configuration, with the
// prior value of each computed attribute the configuration leaves null.
func (f *fixture) proposed(typeName string, prior, config tftypes.Value) tftypes.Value {
	if prior.IsNull() {
		return config
	}
	var p, c map[string]tftypes.Value
	_ = prior.As(&p)
	_ = config.As(&c)
	for name, a := range f.attributes(typeName) {
		if a.Computed && c[name].IsNull() {
			c[name] = p[name]
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

// create plans and applies config from nothing and returns the new state.
func (f *fixture) create(typeName string, config tftypes.Value) tftypes.Value {
	f.t.Helper()
	none := tftypes.NewValue(f.resourceType(typeName), nil)
	planned := f.plan(typeName, none, config).PlannedState
	resp, err := f.server.ApplyResourceChange(f.ctx, &tfprotov6.ApplyResourceChangeRequest{
		TypeName: typeName, PriorState: f.dynamic(none), PlannedState: planned, Config: f.dynamic(config),
	})
	f.check("ApplyResourceChange", err, resp.Diagnostics)
	return f.decode(typeName, resp.NewState)
}

// upgrade hands the provider a state as Terraform stores it: JSON at a schema version.
func (f *fixture) upgrade(typeName string, version int64, stateJSON []byte) tftypes.Value {
	f.t.Helper()
	resp, err := f.server.UpgradeResourceState(f.ctx, &tfprotov6.UpgradeResourceStateRequest{
		TypeName: typeName, Version: version, RawState: &tfprotov6.RawState{JSON: stateJSON},
	})
	f.check("UpgradeResourceState", err, resp.Diagnostics)
	return f.decode(typeName, resp.UpgradedState)
}

func (f *fixture) read(typeName string, state tftypes.Value) tftypes.Value {
	f.t.Helper()
	resp, err := f.server.ReadResource(f.ctx, &tfprotov6.ReadResourceRequest{TypeName: typeName, CurrentState: f.dynamic(state)})
	f.check("ReadResource", err, resp.Diagnostics)
	return f.decode(typeName, resp.NewState)
}

// stateJSON is a state of primitive attributes in Terraform's JSON state form.
func stateJSON(t *testing.T, state tftypes.Value) []byte {
	t.Helper()
	var attrs map[string]tftypes.Value
	if err := state.As(&attrs); err != nil {
		t.Fatal(err)
	}
	out := map[string]any{}
	for name, v := range attrs {
		switch {
		case v.IsNull():
			out[name] = nil
		case v.Type().Is(tftypes.String):
			var s string
			_ = v.As(&s)
			out[name] = s
		case v.Type().Is(tftypes.Number):
			n := new(big.Float)
			_ = v.As(&n)
			out[name] = json.Number(n.Text('g', -1))
		default:
			t.Fatalf("%s: type %v not in this fixture", name, v.Type())
		}
	}
	b, err := json.Marshal(out)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func attr(t *testing.T, v tftypes.Value, name string) tftypes.Value {
	t.Helper()
	var attrs map[string]tftypes.Value
	if err := v.As(&attrs); err != nil {
		t.Fatal(err)
	}
	a, ok := attrs[name]
	if !ok {
		t.Fatalf("no attribute %s in %v", name, v)
	}
	return a
}

func str(s string) tftypes.Value { return tftypes.NewValue(tftypes.String, s) }
func num(n int64) tftypes.Value  { return tftypes.NewValue(tftypes.Number, big.NewFloat(float64(n))) }
func nullString() tftypes.Value  { return tftypes.NewValue(tftypes.String, nil) }
func nullNumber() tftypes.Value  { return tftypes.NewValue(tftypes.Number, nil) }
