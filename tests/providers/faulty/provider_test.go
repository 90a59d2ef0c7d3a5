package main

import (
	"context"
	"encoding/binary"
	"io"
	"math"
	"math/big"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
	"github.com/hashicorp/terraform-plugin-go/tftypes"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
)

// The tests drive the tfprotov6.ProviderServer in process, playing Core: proposed new state,
// plan, apply with the plan, read in a fresh provider (the harness restarts the process).

var ctx = context.Background()

type harness struct {
	t    *testing.T
	dir  string
	mode string
}

func newHarness(t *testing.T, mode string) *harness {
	t.Helper()
	return &harness{t: t, dir: t.TempDir(), mode: mode}
}

// provider is a fresh, configured provider process.
func (h *harness) provider(legacy bool) *provider {
	h.t.Helper()
	p := newProvider(h.mode, legacy)
	p.log = io.Discard // markup_everywhere's stderr line
	cfg := h.dv(providerType, tftypes.NewValue(providerType, map[string]tftypes.Value{"state_dir": knownString(h.dir)}))
	resp, err := p.ConfigureProvider(ctx, &tfprotov6.ConfigureProviderRequest{Config: cfg})
	if err != nil || len(resp.Diagnostics) > 0 {
		h.t.Fatalf("configure: %v %v", err, resp.Diagnostics)
	}
	return p
}

func (h *harness) dv(typ tftypes.Type, v tftypes.Value) *tfprotov6.DynamicValue {
	h.t.Helper()
	dv, err := encode(typ, v)
	if err != nil {
		h.t.Fatal(err)
	}
	return dv
}

func (h *harness) value(dv *tfprotov6.DynamicValue) tftypes.Value {
	h.t.Helper()
	v, err := decode(dv, thingType)
	if err != nil {
		h.t.Fatal(err)
	}
	return v
}

// thing is a configuration: the given attributes, everything else null, no rule block.
func thing(attrs map[string]tftypes.Value) tftypes.Value {
	m := map[string]tftypes.Value{}
	for name, typ := range thingType.AttributeTypes {
		m[name] = nullOf(typ)
	}
	m["rule"] = tftypes.NewValue(thingType.AttributeTypes["rule"], []tftypes.Value{})
	for k, v := range attrs {
		m[k] = v
	}
	return tftypes.NewValue(thingType, m)
}

// num is x at 512 bits, as the provider sees every number it decodes.
func num(x float64) tftypes.Value {
	return tftypes.NewValue(tftypes.Number, new(big.Float).SetPrec(numberPrecision).SetFloat64(x))
}

func strs(typ tftypes.Type, ss ...string) tftypes.Value {
	vals := []tftypes.Value{}
	for _, s := range ss {
		vals = append(vals, knownString(s))
	}
	return tftypes.NewValue(typ, vals)
}

func rules(ports ...float64) tftypes.Value {
	vals := []tftypes.Value{}
	for _, p := range ports {
		vals = append(vals, tftypes.NewValue(ruleType, map[string]tftypes.Value{"port": num(p), "protocol": knownString("tcp")}))
	}
	return tftypes.NewValue(thingType.AttributeTypes["rule"], vals)
}

// proposedNew is Core's proposed new state for this schema: config, with the computed-only
// attributes from prior and enabled (optional+computed) from prior when config leaves it null.
func proposedNew(prior, config tftypes.Value) tftypes.Value {
	if config.IsNull() {
		return config
	}
	m := attrsOf(config)
	pm := attrsOf(prior)
	for _, name := range []string{"id", "generated"} {
		m[name] = nullOf(tftypes.String)
		if !prior.IsNull() {
			m[name] = pm[name]
		}
	}
	if m["enabled"].IsKnown() && m["enabled"].IsNull() && !prior.IsNull() {
		m["enabled"] = pm["enabled"]
	}
	return tftypes.NewValue(thingType, m)
}

func (h *harness) plan(p *provider, prior, config tftypes.Value) (tftypes.Value, *tfprotov6.PlanResourceChangeResponse) {
	h.t.Helper()
	resp, err := p.PlanResourceChange(ctx, &tfprotov6.PlanResourceChangeRequest{
		TypeName:         thingTypeName,
		PriorState:       h.dv(thingType, prior),
		ProposedNewState: h.dv(thingType, proposedNew(prior, config)),
		Config:           h.dv(thingType, config),
	})
	if err != nil || hasError(resp.Diagnostics) {
		h.t.Fatalf("plan: %v %v", err, resp.Diagnostics)
	}
	return h.value(resp.PlannedState), resp
}

func (h *harness) apply(p *provider, prior, planned, config tftypes.Value) (tftypes.Value, *tfprotov6.ApplyResourceChangeResponse) {
	h.t.Helper()
	resp, err := p.ApplyResourceChange(ctx, &tfprotov6.ApplyResourceChangeRequest{
		TypeName:     thingTypeName,
		PriorState:   h.dv(thingType, prior),
		PlannedState: h.dv(thingType, planned),
		Config:       h.dv(thingType, config),
	})
	if err != nil || hasError(resp.Diagnostics) {
		h.t.Fatalf("apply: %v %v", err, resp.Diagnostics)
	}
	return h.value(resp.NewState), resp
}

// create plans and applies config in two fresh providers, as Core's plan and apply walks do.
func (h *harness) create(config tftypes.Value) tftypes.Value {
	h.t.Helper()
	null := nullOf(thingType)
	planned, _ := h.plan(h.provider(false), null, config)
	applied, _ := h.apply(h.provider(false), null, planned, config)
	return applied
}

func (h *harness) read(p *provider, state tftypes.Value) (tftypes.Value, []*tfprotov6.Diagnostic) {
	h.t.Helper()
	resp, err := p.ReadResource(ctx, &tfprotov6.ReadResourceRequest{TypeName: thingTypeName, CurrentState: h.dv(thingType, state)})
	if err != nil {
		h.t.Fatal(err)
	}
	return h.value(resp.NewState), resp.Diagnostics
}

func (h *harness) importID(p *provider, id string) *tfprotov6.ImportResourceStateResponse {
	h.t.Helper()
	resp, err := p.ImportResourceState(ctx, &tfprotov6.ImportResourceStateRequest{TypeName: thingTypeName, ID: id})
	if err != nil || hasError(resp.Diagnostics) {
		h.t.Fatalf("import: %v %v", err, resp.Diagnostics)
	}
	return resp
}

func (h *harness) lookup(p *provider, name string) tftypes.Value {
	h.t.Helper()
	config := tftypes.NewValue(lookupType, map[string]tftypes.Value{
		"name": knownString(name), "found": nullOf(tftypes.Bool), "ids": nullOf(lookupType.AttributeTypes["ids"]),
	})
	resp, err := p.ReadDataSource(ctx, &tfprotov6.ReadDataSourceRequest{TypeName: lookupTypeName, Config: h.dv(lookupType, config)})
	if err != nil || hasError(resp.Diagnostics) {
		h.t.Fatalf("data source: %v %v", err, resp.Diagnostics)
	}
	v, err := decode(resp.State, lookupType)
	if err != nil {
		h.t.Fatal(err)
	}
	return v
}

func hasError(diags []*tfprotov6.Diagnostic) bool {
	for _, d := range diags {
		if d.Severity == tfprotov6.DiagnosticSeverityError {
			return true
		}
	}
	return false
}

func attr(v tftypes.Value, name string) tftypes.Value { return attrsOf(v)[name] }

func str(t *testing.T, v tftypes.Value) string {
	t.Helper()
	s, ok := stringOf(v)
	if !ok {
		t.Fatalf("%v is not a known string", v)
	}
	return s
}

func fullConfig() tftypes.Value {
	return thing(map[string]tftypes.Value{
		"name":     knownString("alpha"),
		"size":     num(0.1),
		"tags":     tftypes.NewValue(thingType.AttributeTypes["tags"], map[string]tftypes.Value{"env": knownString("dev")}),
		"items":    strs(thingType.AttributeTypes["items"], "b", "a", "c"),
		"members":  strs(thingType.AttributeTypes["members"], "m1", "m2"),
		"document": knownString(`{"b": 1, "a": [1, 2]}`),
		"secret":   knownString("hunter2"),
		"rule":     rules(80, 443),
		"settings": tftypes.NewValue(settingsType, map[string]tftypes.Value{"mode": knownString("fast")}),
	})
}

func TestHonestRoundTrip(t *testing.T) {
	h := newHarness(t, modeHonest)
	null := nullOf(thingType)
	config := fullConfig()

	planned, planResp := h.plan(h.provider(false), null, config)
	if planResp.UnsafeToUseLegacyTypeSystem || len(planResp.RequiresReplace) != 0 {
		t.Fatalf("create plan: legacy %v, requires_replace %v", planResp.UnsafeToUseLegacyTypeSystem, planResp.RequiresReplace)
	}
	for _, name := range []string{"id", "generated"} {
		if attr(planned, name).IsKnown() {
			t.Errorf("create plan: %s = %v, want unknown", name, attr(planned, name))
		}
	}
	if !attr(planned, "enabled").Equal(tftypes.NewValue(tftypes.Bool, false)) {
		t.Errorf("create plan: enabled = %v, want false", attr(planned, "enabled"))
	}
	for _, name := range append(thingConfigurable[:2:2], "size", "tags", "items", "members", "document", "secret", "rule", "settings") {
		if name == "enabled" {
			continue
		}
		if !attr(planned, name).Equal(attr(config, name)) {
			t.Errorf("create plan: %s = %v, want config %v", name, attr(planned, name), attr(config, name))
		}
	}

	applied, _ := h.apply(h.provider(false), null, planned, config)
	id := str(t, attr(applied, "id"))
	if len(id) != 16 || str(t, attr(applied, "generated")) != "gen-"+id {
		t.Fatalf("applied id %q generated %v", id, attr(applied, "generated"))
	}
	if !applied.IsFullyKnown() {
		t.Fatalf("applied state holds unknowns: %v", applied)
	}
	for _, name := range []string{"name", "size", "tags", "items", "members", "document", "secret", "rule", "settings", "enabled"} {
		if !attr(applied, name).Equal(attr(planned, name)) {
			t.Errorf("apply changed %s: %v -> %v", name, attr(planned, name), attr(applied, name))
		}
	}
	if _, err := os.Stat(filepath.Join(h.dir, "thing", id+".json")); err != nil {
		t.Fatalf("stored file: %v", err)
	}

	// A fresh process reads back exactly the applied state (0.1 as a float64 included).
	read, diags := h.read(h.provider(false), applied)
	if len(diags) != 0 || !read.Equal(applied) {
		t.Fatalf("read: %v %v, want %v", diags, read, applied)
	}

	// Same config again: a no-op.
	again, againResp := h.plan(h.provider(false), read, config)
	if !again.Equal(read) || len(againResp.RequiresReplace) != 0 {
		t.Fatalf("no-op plan: %v requires_replace %v, want %v", again, againResp.RequiresReplace, read)
	}

	// Update in place: size changes, id and generated stay; enabled keeps its prior value.
	m := attrsOf(config)
	m["size"] = num(7)
	updateConfig := tftypes.NewValue(thingType, m)
	updPlan, updResp := h.plan(h.provider(false), read, updateConfig)
	if len(updResp.RequiresReplace) != 0 || !attr(updPlan, "id").Equal(attr(read, "id")) ||
		!attr(updPlan, "generated").Equal(attr(read, "generated")) || !attr(updPlan, "size").Equal(num(7)) {
		t.Fatalf("update plan: %v requires_replace %v", updPlan, updResp.RequiresReplace)
	}
	updated, _ := h.apply(h.provider(false), read, updPlan, updateConfig)
	if !updated.Equal(updPlan) {
		t.Fatalf("update apply: %v, want the plan %v", updated, updPlan)
	}

	// Import by id, then read: the updated object.
	imp := h.importID(h.provider(false), id)
	if len(imp.ImportedResources) != 1 || imp.ImportedResources[0].TypeName != thingTypeName {
		t.Fatalf("import: %+v", imp.ImportedResources)
	}
	stub := h.value(imp.ImportedResources[0].State)
	if str(t, attr(stub, "id")) != id || !attr(stub, "name").IsNull() || !attr(stub, "settings").IsNull() ||
		!attr(stub, "rule").Equal(rules()) {
		t.Fatalf("import stub: %v", stub)
	}
	imported, diags := h.read(h.provider(false), stub)
	if len(diags) != 0 || !imported.Equal(updated) {
		t.Fatalf("read after import: %v %v, want %v", diags, imported, updated)
	}

	// The data source finds it by name.
	found := h.lookup(h.provider(false), "alpha")
	if !attr(found, "found").Equal(tftypes.NewValue(tftypes.Bool, true)) || !attr(found, "ids").Equal(strs(lookupType.AttributeTypes["ids"], id)) {
		t.Fatalf("lookup: %v", found)
	}
	if none := h.lookup(h.provider(false), "nobody"); !attr(none, "found").Equal(tftypes.NewValue(tftypes.Bool, false)) {
		t.Fatalf("lookup of nobody: %v", none)
	}

	// Upgrading the stored JSON (version 0) gives the same state back.
	raw, err := os.ReadFile(filepath.Join(h.dir, "thing", id+".json"))
	if err != nil {
		t.Fatal(err)
	}
	up, err := h.provider(false).UpgradeResourceState(ctx, &tfprotov6.UpgradeResourceStateRequest{
		TypeName: thingTypeName, Version: 0, RawState: &tfprotov6.RawState{JSON: raw},
	})
	if err != nil || hasError(up.Diagnostics) || !h.value(up.UpgradedState).Equal(updated) {
		t.Fatalf("upgrade: %v %v %v", err, up.Diagnostics, up.UpgradedState)
	}

	// A new name requires replacement; the computed attributes become unknown again.
	m["name"] = knownString("beta")
	renameConfig := tftypes.NewValue(thingType, m)
	renamed, renameResp := h.plan(h.provider(false), updated, renameConfig)
	if len(renameResp.RequiresReplace) != 1 || !renameResp.RequiresReplace[0].Equal(tftypes.NewAttributePath().WithAttributeName("name")) ||
		attr(renamed, "id").IsKnown() || attr(renamed, "generated").IsKnown() {
		t.Fatalf("rename plan: %v requires_replace %v", renamed, renameResp.RequiresReplace)
	}

	// Destroy: plan null, apply null, file gone, read null.
	destroyPlan, _ := h.plan(h.provider(false), updated, null)
	if !destroyPlan.IsNull() {
		t.Fatalf("destroy plan: %v", destroyPlan)
	}
	deleted, _ := h.apply(h.provider(false), updated, null, null)
	if !deleted.IsNull() {
		t.Fatalf("delete apply: %v", deleted)
	}
	if _, err := os.Stat(filepath.Join(h.dir, "thing", id+".json")); !os.IsNotExist(err) {
		t.Fatalf("file still there after delete: %v", err)
	}
	gone, diags := h.read(h.provider(false), updated)
	if len(diags) != 0 || !gone.IsNull() {
		t.Fatalf("read after delete: %v %v", gone, diags)
	}
	// Importing what does not exist: the read is an error.
	stub = h.value(h.importID(h.provider(false), id).ImportedResources[0].State)
	if _, diags := h.read(h.provider(false), stub); !hasError(diags) {
		t.Fatalf("read of a nonexistent import: no error")
	}
}

func TestHonestKeepsUnknownConfigValues(t *testing.T) {
	h := newHarness(t, modeHonest)
	config := thing(map[string]tftypes.Value{
		"name":    knownString("alpha"),
		"size":    unknownOf(tftypes.Number),
		"enabled": unknownOf(tftypes.Bool),
		"items":   tftypes.NewValue(thingType.AttributeTypes["items"], []tftypes.Value{knownString("a"), unknownOf(tftypes.String)}),
		"rule": tftypes.NewValue(thingType.AttributeTypes["rule"], []tftypes.Value{
			tftypes.NewValue(ruleType, map[string]tftypes.Value{"port": unknownOf(tftypes.Number), "protocol": nullOf(tftypes.String)}),
		}),
	})
	planned, _ := h.plan(h.provider(false), nullOf(thingType), config)
	for _, name := range []string{"size", "enabled", "items", "rule"} {
		if !attr(planned, name).Equal(attr(config, name)) {
			t.Errorf("%s planned %v, config %v", name, attr(planned, name), attr(config, name))
		}
	}
	// An unknown name on update requires replacement.
	applied := h.create(thing(map[string]tftypes.Value{"name": knownString("alpha")}))
	m := attrsOf(thing(nil))
	m["name"] = unknownOf(tftypes.String)
	_, resp := h.plan(h.provider(false), applied, tftypes.NewValue(thingType, m))
	if len(resp.RequiresReplace) != 1 {
		t.Fatalf("unknown name: requires_replace %v", resp.RequiresReplace)
	}
}

// A block config leaves unknown (a dynamic block with an unknown for_each) stays unknown in
// the plan, although Core's proposed new state holds the prior block there.
func TestHonestKeepsUnknownBlocks(t *testing.T) {
	h := newHarness(t, modeHonest)
	settings := tftypes.NewValue(settingsType, map[string]tftypes.Value{"mode": knownString("fast")})
	applied := h.create(thing(map[string]tftypes.Value{"name": knownString("a"), "rule": rules(1, 2), "settings": settings}))
	ruleList := thingType.AttributeTypes["rule"]
	config := thing(map[string]tftypes.Value{
		"name":     knownString("a"),
		"rule":     tftypes.NewValue(ruleList, []tftypes.Value{elementsOf(rules(1))[0], unknownOf(ruleType)}),
		"settings": unknownOf(settingsType),
	})
	// Core's proposed new state: the prior block where config is unknown.
	m := attrsOf(proposedNew(applied, config))
	m["rule"] = tftypes.NewValue(ruleList, []tftypes.Value{elementsOf(rules(1))[0], elementsOf(attrsOf(applied)["rule"])[1]})
	m["settings"] = settings
	resp, err := h.provider(false).PlanResourceChange(ctx, &tfprotov6.PlanResourceChangeRequest{
		TypeName: thingTypeName, PriorState: h.dv(thingType, applied), Config: h.dv(thingType, config),
		ProposedNewState: h.dv(thingType, tftypes.NewValue(thingType, m)),
	})
	if err != nil || hasError(resp.Diagnostics) {
		t.Fatal(err, resp.Diagnostics)
	}
	planned := h.value(resp.PlannedState)
	if !attr(planned, "rule").Equal(attr(config, "rule")) || attr(planned, "settings").IsKnown() {
		t.Fatalf("planned rule %v settings %v", attr(planned, "rule"), attr(planned, "settings"))
	}
	whole := attrsOf(config)
	whole["rule"] = unknownOf(ruleList)
	m["rule"] = attr(applied, "rule")
	resp, _ = h.provider(false).PlanResourceChange(ctx, &tfprotov6.PlanResourceChangeRequest{
		TypeName: thingTypeName, PriorState: h.dv(thingType, applied), Config: h.dv(thingType, tftypes.NewValue(thingType, whole)),
		ProposedNewState: h.dv(thingType, tftypes.NewValue(thingType, m)),
	})
	if planned := h.value(resp.PlannedState); attr(planned, "rule").IsKnown() {
		t.Fatalf("planned rule %v for an unknown block list", attr(planned, "rule"))
	}
}

func TestHonestLegacyFlag(t *testing.T) {
	h := newHarness(t, modeHonest)
	config := thing(map[string]tftypes.Value{"name": knownString("alpha")})
	planned, planResp := h.plan(h.provider(true), nullOf(thingType), config)
	applied, applyResp := h.apply(h.provider(true), nullOf(thingType), planned, config)
	if !planResp.UnsafeToUseLegacyTypeSystem || !applyResp.UnsafeToUseLegacyTypeSystem || !applied.IsFullyKnown() {
		t.Fatalf("legacy: plan %v apply %v", planResp.UnsafeToUseLegacyTypeSystem, applyResp.UnsafeToUseLegacyTypeSystem)
	}
}

// A float64 on the wire comes back as the same number, also where tftypes alone would send
// an integral float64 beyond int64 as a decimal of another value.
func TestFloat64NumbersKeepTheirValue(t *testing.T) {
	for _, x := range []float64{1e300, 0.1, -3.5, 1 << 62, 9.3e18, 5e-324, 1.7976931348623157e308, -2.5e-300, 123456.789e200} {
		wire := make([]byte, 9)
		wire[0] = 0xcb
		binary.BigEndian.PutUint64(wire[1:], math.Float64bits(x))
		v, err := decode(&tfprotov6.DynamicValue{MsgPack: wire}, tftypes.Number)
		if err != nil {
			t.Fatal(err)
		}
		dv, err := encode(tftypes.Number, v)
		if err != nil {
			t.Fatal(err)
		}
		back, err := dv.Unmarshal(tftypes.Number) // as Terraform reads it: strings at 512 bits
		if err != nil {
			t.Fatal(err)
		}
		f := new(big.Float)
		if err := back.As(&f); err != nil {
			t.Fatal(err)
		}
		if f.Cmp(big.NewFloat(x)) != 0 {
			t.Errorf("%g came back as %s (wire %x)", x, f.Text('g', -1), dv.MsgPack)
		}
		// A decimal string on the wire must be the exact value (the harness compares exactly).
		if text, ok := msgpackString(dv.MsgPack); ok {
			got, ok := new(big.Rat).SetString(text)
			if !ok || got.Cmp(new(big.Rat).SetFloat64(x)) != 0 {
				t.Errorf("%g went out as the decimal %q, not its exact value", x, text)
			}
		}
	}
}

// msgpackString is the text of a msgpack str8/str16/fixstr.
func msgpackString(b []byte) (string, bool) {
	switch {
	case len(b) > 0 && b[0]&0xe0 == 0xa0:
		return string(b[1:]), true
	case len(b) > 1 && b[0] == 0xd9:
		return string(b[2:]), true
	case len(b) > 2 && b[0] == 0xda:
		return string(b[3:]), true
	}
	return "", false
}

// A number sent as decimal text with more digits than 512 bits hold goes back with all of
// them, also through the store.
func TestLongDecimalsKeepTheirDigits(t *testing.T) {
	h := newHarness(t, modeHonest)
	for _, text := range []string{
		"9555119191599095991100951999099101519501590009911511591515550501559590099055910090110010115000910.90959510909010100091001110111101511990000505999910009191509010005",
		"-0.000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000012345678901234567890123456789012345678901234567890123456789012345678901234567890123456789012345678901234567890123456789012345678901234567890123456789",
		"0.1", "1e300", "123456789012345678901234567890",
	} {
		wire := append([]byte{0xd9, byte(len(text))}, text...)
		if len(text) > 255 {
			wire = append([]byte{0xda, byte(len(text) >> 8), byte(len(text))}, text...)
		}
		n, err := decode(&tfprotov6.DynamicValue{MsgPack: wire}, tftypes.Number)
		if err != nil {
			t.Fatal(err)
		}
		applied := h.create(thing(map[string]tftypes.Value{"name": knownString("n"), "size": n}))
		read, _ := h.read(h.provider(false), applied)
		dv, err := encode(tftypes.Number, attr(read, "size"))
		if err != nil {
			t.Fatal(err)
		}
		want, _ := new(big.Rat).SetString(text)
		out, ok := msgpackString(dv.MsgPack)
		got, parsed := new(big.Rat).SetString(out)
		if !ok || !parsed || got.Cmp(want) != 0 {
			t.Errorf("%s went back as %q (wire %x)", text, out, dv.MsgPack)
		}
	}
}

func TestNumbersRoundTripExactly(t *testing.T) {
	h := newHarness(t, modeHonest)
	huge, _, _ := big.ParseFloat("1.5e400", 10, 512, big.ToNearestEven)
	third, _, _ := big.ParseFloat("0.333333333333333333333333333333333333333", 10, 512, big.ToNearestEven)
	for _, n := range []tftypes.Value{num(0.1), num(-0), num(1e300), num(123456789012), tftypes.NewValue(tftypes.Number, huge), tftypes.NewValue(tftypes.Number, third)} {
		// What the provider sees of n (tftypes writes an integral number beyond int64 as its
		// shortest decimal, which is not always n itself).
		sent, err := decode(h.dv(tftypes.Number, n), tftypes.Number)
		if err != nil {
			t.Fatal(err)
		}
		applied := h.create(thing(map[string]tftypes.Value{"name": knownString("n"), "size": n}))
		read, _ := h.read(h.provider(false), applied)
		if !read.Equal(applied) || !attr(read, "size").Equal(sent) {
			t.Errorf("size %v: applied %v read %v", n, attr(applied, "size"), attr(read, "size"))
		}
		a, _ := encode(thingType, applied)
		r, _ := encode(thingType, read)
		if string(a.MsgPack) != string(r.MsgPack) {
			t.Errorf("size %v: msgpack differs after the store", n)
		}
	}
}

// Each fault shows where its rule looks.
func TestFaults(t *testing.T) {
	null := nullOf(thingType)
	base := map[string]tftypes.Value{"name": knownString("alpha")}
	with := func(extra map[string]tftypes.Value) tftypes.Value {
		m := map[string]tftypes.Value{}
		for k, v := range base {
			m[k] = v
		}
		for k, v := range extra {
			m[k] = v
		}
		return thing(m)
	}
	// applyCheck plans honestly in the same mode and compares apply's new state with the plan.
	applyCheck := func(mode string, config tftypes.Value, check func(t *testing.T, planned, applied tftypes.Value)) func(t *testing.T) {
		return func(t *testing.T) {
			h := newHarness(t, mode)
			planned, _ := h.plan(h.provider(false), null, config)
			applied, _ := h.apply(h.provider(false), null, planned, config)
			check(t, planned, applied)
		}
	}

	t.Run("apply_changes_known", applyCheck("apply_changes_known", with(map[string]tftypes.Value{"size": num(5)}),
		func(t *testing.T, _, applied tftypes.Value) {
			if !attr(applied, "size").Equal(num(6)) {
				t.Fatalf("size %v, want 6", attr(applied, "size"))
			}
		}))
	t.Run("apply_reserialises_json", applyCheck("apply_reserialises_json", with(map[string]tftypes.Value{"document": knownString(`{"b": 1, "a": "<x>"}`)}),
		func(t *testing.T, _, applied tftypes.Value) {
			if got := str(t, attr(applied, "document")); got != `{"a":"\u003cx\u003e","b":1}` {
				t.Fatalf("document %q", got)
			}
		}))
	t.Run("apply_unknown_left", applyCheck("apply_unknown_left", with(nil), func(t *testing.T, _, applied tftypes.Value) {
		if attr(applied, "generated").IsKnown() || !attr(applied, "id").IsKnown() {
			t.Fatalf("applied %v", applied)
		}
	}))
	t.Run("apply_null_to_empty", applyCheck("apply_null_to_empty", with(nil), func(t *testing.T, planned, applied tftypes.Value) {
		if !attr(planned, "tags").IsNull() || attr(applied, "tags").IsNull() || len(attrsOf(attr(applied, "tags"))) != 0 {
			t.Fatalf("tags planned %v applied %v", attr(planned, "tags"), attr(applied, "tags"))
		}
	}))
	t.Run("apply_set_rewritten", applyCheck("apply_set_rewritten", with(map[string]tftypes.Value{"members": strs(thingType.AttributeTypes["members"], "a", "a-x")}),
		func(t *testing.T, _, applied tftypes.Value) {
			if !attr(applied, "members").Equal(strs(thingType.AttributeTypes["members"], "a-x", "a-x-x")) {
				t.Fatalf("members %v", attr(applied, "members"))
			}
		}))
	t.Run("apply_block_dropped", applyCheck("apply_block_dropped", with(map[string]tftypes.Value{"rule": rules(1, 2)}),
		func(t *testing.T, _, applied tftypes.Value) {
			if !attr(applied, "rule").Equal(rules(1)) {
				t.Fatalf("rule %v", attr(applied, "rule"))
			}
		}))
	t.Run("apply_block_added", applyCheck("apply_block_added", with(nil), func(t *testing.T, _, applied tftypes.Value) {
		if n := len(elementsOf(attr(applied, "rule"))); n != 1 {
			t.Fatalf("%d rule blocks", n)
		}
	}))
	t.Run("apply_returns_null", applyCheck("apply_returns_null", with(nil), func(t *testing.T, _, applied tftypes.Value) {
		if !applied.IsNull() {
			t.Fatalf("applied %v", applied)
		}
	}))
	t.Run("apply_long_list", applyCheck("apply_long_list", with(map[string]tftypes.Value{"items": strs(thingType.AttributeTypes["items"], "a", "b", "c", "d")}),
		func(t *testing.T, _, applied tftypes.Value) {
			if !attr(applied, "items").Equal(strs(thingType.AttributeTypes["items"], "a", "b", "d")) {
				t.Fatalf("items %v", attr(applied, "items"))
			}
		}))
	t.Run("apply_long_list_short", applyCheck("apply_long_list", with(map[string]tftypes.Value{"items": strs(thingType.AttributeTypes["items"], "a", "b")}),
		func(t *testing.T, planned, applied tftypes.Value) {
			if !attr(applied, "items").Equal(attr(planned, "items")) {
				t.Fatalf("items %v", attr(applied, "items"))
			}
		}))
	t.Run("markup", applyCheck("markup", with(nil), func(t *testing.T, _, applied tftypes.Value) {
		if str(t, attr(applied, "name")) != markupName {
			t.Fatalf("name %v", attr(applied, "name"))
		}
	}))
	t.Run("plan_final_changes_known", applyCheck("plan_final_changes_known", with(nil), func(t *testing.T, planned, applied tftypes.Value) {
		if !attr(planned, "generated").IsKnown() || !attr(applied, "generated").Equal(attr(planned, "generated")) {
			t.Fatalf("generated planned %v applied %v", attr(planned, "generated"), attr(applied, "generated"))
		}
		h := newHarness(t, "plan_final_changes_known")
		again, _ := h.plan(h.provider(false), null, with(nil))
		if attr(again, "generated").Equal(attr(planned, "generated")) {
			t.Fatalf("generated did not change between plans")
		}
	}))

	// The modes whose apply fault the plan then suppresses: the next plan is a no-op.
	for mode, extra := range map[string]map[string]tftypes.Value{
		"apply_changes_known":     {"size": num(5)},
		"apply_reserialises_json": {"document": knownString(`{"b": 1, "a": 2}`)},
		"apply_set_rewritten":     {"members": strs(thingType.AttributeTypes["members"], "a", "b")},
		"apply_long_list":         {"items": strs(thingType.AttributeTypes["items"], "a", "b", "c")},
		"markup":                  {},
		"markup_everywhere":       {},
	} {
		t.Run(mode+"_then_no_op", func(t *testing.T) {
			h := newHarness(t, mode)
			config := with(extra)
			applied := h.create(config)
			planned, resp := h.plan(h.provider(false), applied, config)
			if !planned.Equal(applied) || len(resp.RequiresReplace) != 0 {
				t.Fatalf("plan after apply: %v (requires_replace %v), want the applied %v", planned, resp.RequiresReplace, applied)
			}
		})
	}

	planCheck := func(mode string, config tftypes.Value, check func(t *testing.T, planned tftypes.Value)) func(t *testing.T) {
		return func(t *testing.T) {
			h := newHarness(t, mode)
			planned, _ := h.plan(h.provider(false), null, config)
			check(t, planned)
		}
	}
	t.Run("plan_block_null", planCheck("plan_block_null", with(nil), func(t *testing.T, planned tftypes.Value) {
		if !attr(planned, "rule").IsNull() {
			t.Fatalf("rule %v", attr(planned, "rule"))
		}
	}))
	t.Run("plan_block_null_with_blocks", planCheck("plan_block_null", with(map[string]tftypes.Value{"rule": rules(1)}), func(t *testing.T, planned tftypes.Value) {
		if !attr(planned, "rule").Equal(rules(1)) {
			t.Fatalf("rule %v", attr(planned, "rule"))
		}
	}))
	t.Run("plan_sets_non_computed", planCheck("plan_sets_non_computed", with(nil), func(t *testing.T, planned tftypes.Value) {
		if !attr(planned, "size").Equal(num(10)) {
			t.Fatalf("size %v", attr(planned, "size"))
		}
	}))
	t.Run("plan_replaces_config", planCheck("plan_replaces_config", with(nil), func(t *testing.T, planned tftypes.Value) {
		if str(t, attr(planned, "name")) != "alpha-planned" {
			t.Fatalf("name %v", attr(planned, "name"))
		}
	}))
	t.Run("plan_unknown_config_fault", planCheck("plan_unknown_config_fault", with(map[string]tftypes.Value{
		"size":    unknownOf(tftypes.Number),
		"members": tftypes.NewValue(thingType.AttributeTypes["members"], []tftypes.Value{unknownOf(tftypes.String), unknownOf(tftypes.String)}),
		"rule":    unknownOf(thingType.AttributeTypes["rule"]),
	}), func(t *testing.T, planned tftypes.Value) {
		for _, name := range []string{"size", "members", "rule"} {
			if !attr(planned, name).IsFullyKnown() {
				t.Errorf("%s still unknown: %v", name, attr(planned, name))
			}
		}
		if n := len(elementsOf(attr(planned, "members"))); n != 2 {
			t.Errorf("%d members", n)
		}
		if attr(planned, "id").IsKnown() {
			t.Errorf("id known on create")
		}
	}))
	t.Run("plan_unknown_config_fault_all_known", planCheck("plan_unknown_config_fault", with(map[string]tftypes.Value{"size": num(3)}),
		func(t *testing.T, planned tftypes.Value) {
			if !attr(planned, "size").Equal(num(3)) {
				t.Fatalf("size %v", attr(planned, "size"))
			}
		}))
	t.Run("wrong_value_type", func(t *testing.T) {
		h := newHarness(t, "wrong_value_type")
		config := with(nil)
		resp, err := h.provider(false).PlanResourceChange(ctx, &tfprotov6.PlanResourceChangeRequest{
			TypeName: thingTypeName, PriorState: h.dv(thingType, null), Config: h.dv(thingType, config),
			ProposedNewState: h.dv(thingType, proposedNew(null, config)),
		})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := resp.PlannedState.Unmarshal(thingType); err == nil {
			t.Fatalf("planned state decodes with the schema's type")
		}
	})
	t.Run("undecodable_msgpack", func(t *testing.T) {
		h := newHarness(t, "undecodable_msgpack")
		config := with(nil)
		resp, _ := h.provider(false).PlanResourceChange(ctx, &tfprotov6.PlanResourceChangeRequest{
			TypeName: thingTypeName, PriorState: h.dv(thingType, null), Config: h.dv(thingType, config),
			ProposedNewState: h.dv(thingType, proposedNew(null, config)),
		})
		if string(resp.PlannedState.MsgPack) != "\xc1" {
			t.Fatalf("planned %x", resp.PlannedState.MsgPack)
		}
	})
	t.Run("huge_diagnostics", func(t *testing.T) {
		h := newHarness(t, "huge_diagnostics")
		_, resp := h.plan(h.provider(false), null, with(nil))
		if len(resp.Diagnostics) != 2 || len(resp.Diagnostics[0].Summary) != 100*1024 || !strings.Contains(resp.Diagnostics[0].Detail, "\xff") {
			t.Fatalf("diagnostics %d", len(resp.Diagnostics))
		}
	})
	t.Run("grpc_error", func(t *testing.T) {
		h := newHarness(t, "grpc_error")
		_, err := h.provider(false).ApplyResourceChange(ctx, &tfprotov6.ApplyResourceChangeRequest{TypeName: thingTypeName})
		if status.Code(err) != codes.Internal {
			t.Fatalf("error %v", err)
		}
	})

	// Modes that need an existing object.
	existing := func(t *testing.T, mode string, config tftypes.Value) (*harness, tftypes.Value) {
		h := newHarness(t, modeHonest)
		applied := h.create(config)
		h.mode = mode
		return h, applied
	}
	t.Run("plan_null_for_existing", func(t *testing.T) {
		h, applied := existing(t, "plan_null_for_existing", with(nil))
		if planned, _ := h.plan(h.provider(false), applied, with(nil)); !planned.IsNull() {
			t.Fatalf("planned %v", planned)
		}
	})
	t.Run("destroy_plan_not_null", func(t *testing.T) {
		h, applied := existing(t, "destroy_plan_not_null", with(nil))
		if planned, _ := h.plan(h.provider(false), applied, null); !planned.Equal(applied) {
			t.Fatalf("planned %v", planned)
		}
	})
	t.Run("destroy_not_null", func(t *testing.T) {
		h, applied := existing(t, "destroy_not_null", with(nil))
		if got, _ := h.apply(h.provider(false), applied, null, null); !got.Equal(applied) {
			t.Fatalf("new state %v", got)
		}
	})
	t.Run("replace_path_invalid", func(t *testing.T) {
		h, applied := existing(t, "replace_path_invalid", with(nil))
		_, resp := h.plan(h.provider(false), applied, with(nil))
		if len(resp.RequiresReplace) != 1 || !resp.RequiresReplace[0].Equal(tftypes.NewAttributePath().WithAttributeName("no_such_attribute")) {
			t.Fatalf("requires_replace %v", resp.RequiresReplace)
		}
	})
	t.Run("read_reorders_list", func(t *testing.T) {
		h, applied := existing(t, "read_reorders_list", with(map[string]tftypes.Value{"items": strs(thingType.AttributeTypes["items"], "b", "a")}))
		read, _ := h.read(h.provider(false), applied)
		if !attr(read, "items").Equal(strs(thingType.AttributeTypes["items"], "a", "b")) {
			t.Fatalf("items %v", attr(read, "items"))
		}
		if planned, _ := h.plan(h.provider(false), read, with(map[string]tftypes.Value{"items": strs(thingType.AttributeTypes["items"], "b", "a")})); planned.Equal(read) {
			t.Fatalf("plan after refresh is a no-op")
		}
	})
	t.Run("read_unknown", func(t *testing.T) {
		h, applied := existing(t, "read_unknown", with(nil))
		if read, _ := h.read(h.provider(false), applied); attr(read, "generated").IsKnown() {
			t.Fatalf("read %v", read)
		}
	})
	t.Run("upgrade_unknown", func(t *testing.T) {
		h, applied := existing(t, "upgrade_unknown", with(nil))
		raw, _ := toJSON(applied)
		resp, err := h.provider(false).UpgradeResourceState(ctx, &tfprotov6.UpgradeResourceStateRequest{
			TypeName: thingTypeName, Version: 1, RawState: &tfprotov6.RawState{JSON: raw},
		})
		if err != nil || attr(h.value(resp.UpgradedState), "generated").IsKnown() {
			t.Fatalf("upgraded %v %v", err, resp.UpgradedState)
		}
	})
	t.Run("import_none", func(t *testing.T) {
		h, applied := existing(t, "import_none", with(nil))
		if resp := h.importID(h.provider(false), str(t, attr(applied, "id"))); len(resp.ImportedResources) != 0 {
			t.Fatalf("%d imported", len(resp.ImportedResources))
		}
	})
	t.Run("import_multiple", func(t *testing.T) {
		h, applied := existing(t, "import_multiple", with(nil))
		if resp := h.importID(h.provider(false), str(t, attr(applied, "id"))); len(resp.ImportedResources) != 2 {
			t.Fatalf("%d imported", len(resp.ImportedResources))
		}
	})
	t.Run("import_null_to_empty", func(t *testing.T) {
		h, applied := existing(t, "import_null_to_empty", with(nil))
		stub := h.value(h.importID(h.provider(false), str(t, attr(applied, "id"))).ImportedResources[0].State)
		imported, _ := h.read(h.provider(false), stub)
		empty := tftypes.NewValue(thingType.AttributeTypes["tags"], map[string]tftypes.Value{})
		if !attr(applied, "tags").IsNull() || !attr(imported, "tags").Equal(empty) {
			t.Fatalf("applied tags %v, imported tags %v", attr(applied, "tags"), attr(imported, "tags"))
		}
		if refreshed, _ := h.read(h.provider(false), applied); !attr(refreshed, "tags").IsNull() {
			t.Fatalf("a refresh of the applied state reads tags %v", attr(refreshed, "tags"))
		}
		if planned, _ := h.plan(h.provider(false), imported, with(nil)); !attr(planned, "tags").IsNull() {
			t.Fatalf("the plan after import keeps tags %v", attr(planned, "tags"))
		}
	})
	t.Run("data_null", func(t *testing.T) {
		h, _ := existing(t, "data_null", with(nil))
		if v := h.lookup(h.provider(false), "alpha"); !v.IsNull() {
			t.Fatalf("data source %v", v)
		}
	})
}

func TestModesFromEnvironment(t *testing.T) {
	t.Setenv("TFCFAULT_MODE", "")
	if m, err := modeFromEnv(); err != nil || m != modeHonest {
		t.Fatalf("default mode %q %v", m, err)
	}
	t.Setenv("TFCFAULT_MODE", "apply_long_list")
	if m, err := modeFromEnv(); err != nil || m != "apply_long_list" {
		t.Fatalf("mode %q %v", m, err)
	}
	t.Setenv("TFCFAULT_MODE", "no_such_mode")
	if _, err := modeFromEnv(); err == nil {
		t.Fatal("an unknown mode was accepted")
	}
}

// faults.tsv and hostile.tsv are exactly the tables in modes.go (`-modes` prints them).
func TestFaultTablesMatch(t *testing.T) {
	for file, want := range map[string]string{"faults.tsv": faultsTSV(), "hostile.tsv": hostileTSV()} {
		got, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		if string(got) != want {
			t.Errorf("%s differs from modes.go; regenerate it with `terraform-provider-tfcfault -modes`:\n%s", file, want)
		}
	}
}
