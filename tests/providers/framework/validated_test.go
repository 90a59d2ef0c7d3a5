package main

import (
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
	"github.com/hashicorp/terraform-plugin-go/tftypes"
)

func num(n int64) tftypes.Value { return tftypes.NewValue(tftypes.Number, n) }

// validatedConfig is a configuration tfcfixture_validated accepts; change() replaces some of
// its attributes (a nil value removes one, leaving it null).
type validatedConfig struct {
	f     *fixture
	attrs map[string]tftypes.Value
}

func acceptedValidated(f *fixture) validatedConfig {
	typ := f.resourceType("tfcfixture_validated")
	ruleList := typ.AttributeTypes["rule"].(tftypes.List)
	strList := tftypes.List{ElementType: tftypes.String}
	maintenance := typ.AttributeTypes["maintenance"]
	return validatedConfig{f: f, attrs: map[string]tftypes.Value{
		"name":       str("web-01"),
		"endpoint":   str("https://api.example.com"),
		"source_url": str("https://example.com/source"),
		// Spacing and key order a JSON encoder would not write: stored as given.
		"policy":      str(`{"b": 1,  "a": [true]}`),
		"tags":        tftypes.NewValue(strList, []tftypes.Value{str("team")}),
		"maintenance": f.value(maintenance, map[string]tftypes.Value{"day": str("sun")}),
		"rule": tftypes.NewValue(ruleList, []tftypes.Value{f.value(ruleList.ElementType, map[string]tftypes.Value{
			"port": num(443), "protocol": str("tcp"),
			"cidr_blocks": tftypes.NewValue(strList, []tftypes.Value{str("10.0.0.0/8")}),
		})}),
	}}
}

func (c validatedConfig) change(changes map[string]tftypes.Value) tftypes.Value {
	attrs := map[string]tftypes.Value{}
	for k, v := range c.attrs {
		attrs[k] = v
	}
	for k, v := range changes {
		if v.Type() == nil {
			delete(attrs, k)
		} else {
			attrs[k] = v
		}
	}
	return c.f.value(c.f.resourceType("tfcfixture_validated"), attrs)
}

var unset = tftypes.Value{} // removes an attribute in change()

func TestValidatedLifecycleKeepsTheConfiguredForm(t *testing.T) {
	dir := t.TempDir()
	f := start(t, dir)
	c := acceptedValidated(f)
	typ := f.resourceType("tfcfixture_validated")
	null := tftypes.NewValue(typ, nil)
	state := f.apply("tfcfixture_validated", null, c.change(nil))
	for name, want := range map[string]tftypes.Value{
		"policy": str(`{"b": 1,  "a": [true]}`), "tier": str("standard"), "file_mode": str("0644"), "replicas": num(1),
	} {
		if got := attr(t, state, name); !got.Equal(want) {
			t.Errorf("%s after create: %v, want %v", name, got, want)
		}
	}
	g := start(t, dir)
	if got := g.read("tfcfixture_validated", state); !got.Equal(state) {
		t.Errorf("read in a new process:\n got %v\nwant %v", got, state)
	}
	// The same configuration again plans no change.
	if planned := g.decode("tfcfixture_validated", g.plan("tfcfixture_validated", state, c.change(nil)).PlannedState); !planned.Equal(state) {
		t.Errorf("perpetual diff:\n plan %v\nstate %v", planned, state)
	}
	// A new name replaces; a new tier updates in place.
	if rr := g.plan("tfcfixture_validated", state, c.change(map[string]tftypes.Value{"name": str("web-02")})).RequiresReplace; len(rr) != 1 {
		t.Errorf("RequiresReplace for a new name: %v", rr)
	}
	updated := g.apply("tfcfixture_validated", state, c.change(map[string]tftypes.Value{"tier": str("premium")}))
	if !attr(t, updated, "id").Equal(attr(t, state, "id")) || !attr(t, updated, "tier").Equal(str("premium")) {
		t.Errorf("update: %v", updated)
	}
	var id string
	_ = attr(t, state, "id").As(&id)
	imp, err := g.server.ImportResourceState(g.ctx, &tfprotov6.ImportResourceStateRequest{TypeName: "tfcfixture_validated", ID: id})
	g.check("ImportResourceState", err, imp.Diagnostics)
	if got := g.read("tfcfixture_validated", g.decode("tfcfixture_validated", imp.ImportedResources[0].State)); !got.Equal(updated) {
		t.Errorf("read after import:\n got %v\nwant %v", got, updated)
	}
	del, err := g.server.ApplyResourceChange(g.ctx, &tfprotov6.ApplyResourceChangeRequest{
		TypeName: "tfcfixture_validated", PriorState: g.dynamic(updated), PlannedState: g.dynamic(null), Config: g.dynamic(null),
	})
	g.check("ApplyResourceChange (delete)", err, del.Diagnostics)
	if got := g.read("tfcfixture_validated", updated); !got.IsNull() {
		t.Errorf("read after delete: %v, want null", got)
	}
}

// refusal is one bad value and the error diagnostic it must give: the summary, a part of the
// detail, and the attribute path (empty for none).
type refusal struct {
	name    string
	changes map[string]tftypes.Value
	summary string
	detail  string
	path    string
	atPlan  bool // refused by PlanResourceChange, not ValidateResourceConfig
}

func root(name string) string { return tftypes.NewAttributePath().WithAttributeName(name).String() }

func rulePath(steps ...any) string {
	p := tftypes.NewAttributePath().WithAttributeName("rule").WithElementKeyInt(0)
	for _, s := range steps {
		switch s := s.(type) {
		case string:
			p = p.WithAttributeName(s)
		case int:
			p = p.WithElementKeyInt(s)
		}
	}
	return p.String()
}

// TestValidatedRefusals runs one bad value of each kind; `go test -v -run Refusals` prints the
// exact diagnostics (the texts a harness learning from refusals has to read).
func TestValidatedRefusals(t *testing.T) {
	f := start(t, t.TempDir())
	c := acceptedValidated(f)
	typ := f.resourceType("tfcfixture_validated")
	strList := tftypes.List{ElementType: tftypes.String}
	strs := func(ss ...string) tftypes.Value {
		vals := []tftypes.Value{}
		for _, s := range ss {
			vals = append(vals, str(s))
		}
		return tftypes.NewValue(strList, vals)
	}
	ruleList := typ.AttributeTypes["rule"].(tftypes.List)
	rules := func(port int64, protocol string, cidrs ...string) tftypes.Value {
		return tftypes.NewValue(ruleList, []tftypes.Value{f.value(ruleList.ElementType, map[string]tftypes.Value{
			"port": num(port), "protocol": str(protocol), "cidr_blocks": strs(cidrs...),
		})})
	}
	good := c.attrs["rule"]
	var four []tftypes.Value
	_ = good.As(&four)
	four = append(four, four[0], four[0], four[0])
	cases := []refusal{
		{name: "length", changes: map[string]tftypes.Value{"name": str("ab")},
			summary: "Invalid Attribute Value Length", detail: "string length must be between 3 and 63, got: 2", path: root("name")},
		{name: "regex with message", changes: map[string]tftypes.Value{"name": str("Web")},
			summary: "Invalid Attribute Value Match", detail: "must start with a lowercase letter", path: root("name")},
		{name: "regex without message", changes: map[string]tftypes.Value{"source_url": str("ftp://x")},
			summary: "Invalid Attribute Value Match", detail: "value must match regular expression", path: root("source_url")},
		{name: "enumeration", changes: map[string]tftypes.Value{"tier": str("gold")},
			summary: "Invalid Attribute Value Match", detail: `value must be one of: ["basic" "standard" "premium"]`, path: root("tier")},
		{name: "octal digits", changes: map[string]tftypes.Value{"file_mode": str("0999")},
			summary: "Invalid file mode", detail: "octal digits 0-7", path: root("file_mode")},
		{name: "octal length", changes: map[string]tftypes.Value{"file_mode": str("64")},
			summary: "Invalid file mode", detail: "must be 3 or 4 octal digits", path: root("file_mode")},
		{name: "range", changes: map[string]tftypes.Value{"replicas": num(0)},
			summary: "Invalid Attribute Value", detail: "value must be between 1 and 10, got: 0", path: root("replicas")},
		{name: "port range", changes: map[string]tftypes.Value{"port": num(70000)},
			summary: "Invalid Attribute Value", detail: "value must be between 1 and 65535, got: 70000", path: root("port")},
		{name: "JSON", changes: map[string]tftypes.Value{"policy": str("{not json")},
			summary: "Invalid Attribute Value", detail: "must be a valid JSON document, got: {not json", path: root("policy")},
		{name: "CIDR", changes: map[string]tftypes.Value{"cidr_block": str("10.0.0.0")},
			summary: "Invalid CIDR block", detail: `"10.0.0.0" is not a CIDR block`, path: root("cidr_block")},
		{name: "IP address", changes: map[string]tftypes.Value{"ip_address": str("300.1.1.1")},
			summary: "Invalid Attribute Value", detail: "must be a valid IPv4 or IPv6 address, got: 300.1.1.1", path: root("ip_address")},
		{name: "ARN", changes: map[string]tftypes.Value{"source_arn": str("bucket"), "source_url": unset},
			summary: "Invalid Attribute Value Match", detail: "must be an ARN", path: root("source_arn")},
		{name: "exactly one of: both", changes: map[string]tftypes.Value{"source_arn": str("arn:aws:s3:::b")},
			summary: "Invalid Attribute Combination", detail: "Exactly one of these attributes must be configured: [source_arn,source_url]", path: root("source_arn")},
		{name: "exactly one of: none", changes: map[string]tftypes.Value{"source_url": unset},
			summary: "Missing Attribute Configuration", detail: "Exactly one of these attributes must be configured: [source_arn,source_url]"},
		{name: "conflicts with", changes: map[string]tftypes.Value{"admin_password": str("hunter22"), "ssh_public_key": str("ssh-ed25519 AAAA")},
			summary: "Invalid Attribute Combination", detail: `Attribute "ssh_public_key" cannot be specified when "admin_password" is specified`, path: root("admin_password")},
		{name: "also requires", changes: map[string]tftypes.Value{"backup_window": str("01:00-02:00")},
			summary: "Invalid Attribute Combination", detail: `Attribute "backup_retention_days" must be specified when "backup_window" is specified`, path: root("backup_window")},
		{name: "list size", changes: map[string]tftypes.Value{"tags": strs("a", "b", "c", "d", "e", "f")},
			summary: "Invalid Attribute Value", detail: "list must contain at most 5 elements, got: 6", path: root("tags")},
		{name: "list element length", changes: map[string]tftypes.Value{"tags": strs("")},
			summary: "Invalid Attribute Value Length", detail: "string length must be between 1 and 32, got: 0",
			path: tftypes.NewAttributePath().WithAttributeName("tags").WithElementKeyInt(0).String()},
		{name: "nested attribute enumeration", changes: map[string]tftypes.Value{"maintenance": f.value(typ.AttributeTypes["maintenance"], map[string]tftypes.Value{"day": str("funday")})},
			summary: "Invalid Attribute Value Match", detail: "value must be one of:",
			path: tftypes.NewAttributePath().WithAttributeName("maintenance").WithAttributeName("day").String()},
		{name: "block range", changes: map[string]tftypes.Value{"rule": rules(0, "tcp")},
			summary: "Invalid Attribute Value", detail: "value must be between 1 and 65535, got: 0", path: rulePath("port")},
		{name: "block enumeration", changes: map[string]tftypes.Value{"rule": rules(22, "sctp")},
			summary: "Invalid Attribute Value Match", detail: `value must be one of: ["tcp" "udp" "icmp"]`, path: rulePath("protocol")},
		{name: "block list element CIDR", changes: map[string]tftypes.Value{"rule": rules(22, "tcp", "10.0.0.0/8", "nope")},
			summary: "Invalid CIDR block", detail: `"nope" is not a CIDR block`, path: rulePath("cidr_blocks", 1)},
		{name: "block count", changes: map[string]tftypes.Value{"rule": tftypes.NewValue(ruleList, four)},
			summary: "Invalid Attribute Value", detail: "list must contain at most 3 elements, got: 4", path: root("rule")},
		{name: "plan-time format", changes: map[string]tftypes.Value{"endpoint": str("http://api.example.com")},
			summary: "Invalid endpoint", detail: "must be an https:// URL with a host name", path: root("endpoint"), atPlan: true},
	}
	for _, rc := range cases {
		config := c.change(rc.changes)
		v, err := f.server.ValidateResourceConfig(f.ctx, &tfprotov6.ValidateResourceConfigRequest{TypeName: "tfcfixture_validated", Config: f.dynamic(config)})
		if err != nil {
			t.Fatal(err)
		}
		diags := v.Diagnostics
		if rc.atPlan {
			if len(diags) != 0 {
				t.Errorf("%s: validation refused what only the plan checks: %v", rc.name, diags)
			}
			null := f.dynamic(tftypes.NewValue(typ, nil))
			p, err := f.server.PlanResourceChange(f.ctx, &tfprotov6.PlanResourceChangeRequest{
				TypeName: "tfcfixture_validated", PriorState: null, ProposedNewState: f.dynamic(config), Config: f.dynamic(config),
			})
			if err != nil {
				t.Fatal(err)
			}
			diags = p.Diagnostics
		}
		expectRefusal(t, rc, diags)
	}
}

// expectRefusal checks that every diagnostic is an error and that one of them is rc's.
func expectRefusal(t *testing.T, rc refusal, diags []*tfprotov6.Diagnostic) {
	t.Helper()
	if len(diags) == 0 {
		t.Errorf("%s: accepted, want the refusal %q", rc.name, rc.summary)
		return
	}
	found := false
	for _, d := range diags {
		path := ""
		if d.Attribute != nil {
			path = d.Attribute.String()
		}
		t.Logf("REFUSAL %s\n  summary: %s\n  detail:  %q\n  path:    %s", rc.name, d.Summary, d.Detail, path)
		if d.Severity != tfprotov6.DiagnosticSeverityError {
			t.Errorf("%s: not an error: %s", rc.name, d.Summary)
		}
		found = found || (d.Summary == rc.summary && strings.Contains(d.Detail, rc.detail) && path == rc.path)
	}
	if !found {
		t.Errorf("%s: no diagnostic with summary %q, detail containing %q, path %q", rc.name, rc.summary, rc.detail, rc.path)
	}
}

func TestLookupDataSourceValidatesItsInputs(t *testing.T) {
	f := start(t, t.TempDir())
	rtyp := f.resourceType("tfcfixture_record")
	for _, name := range []string{"alpha", "beta"} {
		f.apply("tfcfixture_record", tftypes.NewValue(rtyp, nil), f.value(rtyp, map[string]tftypes.Value{"name": str(name)}))
	}
	dsType := f.schema.DataSourceSchemas["tfcfixture_lookup"].ValueType()
	config := func(kind string, prefix tftypes.Value) *tfprotov6.DynamicValue {
		return f.dynamic(f.value(dsType, map[string]tftypes.Value{"kind": str(kind), "name_prefix": prefix}))
	}
	read, err := f.server.ReadDataSource(f.ctx, &tfprotov6.ReadDataSourceRequest{TypeName: "tfcfixture_lookup", Config: config("record", str("al"))})
	f.check("ReadDataSource", err, read.Diagnostics)
	got, err := read.State.Unmarshal(dsType)
	if err != nil {
		t.Fatal(err)
	}
	if !attr(t, got, "total").Equal(num(1)) {
		t.Errorf("records named al*: %v, want 1", attr(t, got, "total"))
	}
	prefix := tftypes.NewAttributePath().WithAttributeName("name_prefix").String()
	for _, rc := range []refusal{
		{name: "lookup enumeration", changes: map[string]tftypes.Value{"kind": str("volume")},
			summary: "Invalid Attribute Value Match", detail: `value must be one of: ["server" "record" "validated"]`, path: root("kind")},
		{name: "lookup length", changes: map[string]tftypes.Value{"name_prefix": str("")},
			summary: "Invalid Attribute Value Length", detail: "string length must be between 1 and 32, got: 0", path: prefix},
		{name: "lookup regex", changes: map[string]tftypes.Value{"name_prefix": str("Web")},
			summary: "Invalid Attribute Value Match", detail: lowerNameMessage, path: prefix},
	} {
		kind, p := str("record"), tftypes.NewValue(tftypes.String, nil)
		if v, ok := rc.changes["kind"]; ok {
			kind = v
		}
		if v, ok := rc.changes["name_prefix"]; ok {
			p = v
		}
		var k string
		_ = kind.As(&k)
		v, err := f.server.ValidateDataResourceConfig(f.ctx, &tfprotov6.ValidateDataResourceConfigRequest{TypeName: "tfcfixture_lookup", Config: config(k, p)})
		if err != nil {
			t.Fatal(err)
		}
		expectRefusal(t, rc, v.Diagnostics)
	}
}
