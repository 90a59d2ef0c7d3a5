package main

import (
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-go/tfprotov5"
	"github.com/hashicorp/terraform-plugin-go/tftypes"
)

var strList = tftypes.List{ElementType: tftypes.String}

func strs(ss ...string) tftypes.Value {
	vals := []tftypes.Value{}
	for _, s := range ss {
		vals = append(vals, str(s))
	}
	return tftypes.NewValue(strList, vals)
}

// acceptedValidated is a configuration tfcsdk_validated accepts, with changes applied (a
// zero tftypes.Value removes an attribute, leaving it null or an empty block).
func acceptedValidated(f *fixture, changes map[string]tftypes.Value) tftypes.Value {
	typ := f.schema.ResourceSchemas["tfcsdk_validated"].ValueType().(tftypes.Object)
	ruleType := typ.AttributeTypes["rule"].(tftypes.List).ElementType
	attrs := map[string]tftypes.Value{
		"name":               str("web-01"),
		"endpoint":           str("https://api.example.com"),
		"source_url":         str("https://example.com/source"),
		"notification_email": str("ops@example.com"),
		// Spacing and key order a JSON encoder would not write: stored as given.
		"policy": str(`{"b": 1,  "a": [true]}`),
		"tags":   strs("team"),
		"rule": tftypes.NewValue(typ.AttributeTypes["rule"], []tftypes.Value{tftypes.NewValue(ruleType, map[string]tftypes.Value{
			"port": num(443), "protocol": str("tcp"), "cidr_blocks": strs("10.0.0.0/8"),
		})}),
	}
	for k, v := range changes {
		if v.Type() == nil {
			delete(attrs, k)
		} else {
			attrs[k] = v
		}
	}
	return f.config("tfcsdk_validated", attrs)
}

func (f *fixture) plan(typeName string, prior, config tftypes.Value) *tfprotov5.PlanResourceChangeResponse {
	f.t.Helper()
	// Terraform's proposed new state: the configuration, with prior values where a computed
	// attribute is null in it (tfcsdk_validated's only computed attribute is id).
	proposed := config
	if !prior.IsNull() {
		var c map[string]tftypes.Value
		_ = config.As(&c)
		c["id"] = attr(f.t, prior, "id")
		proposed = tftypes.NewValue(config.Type(), c)
	}
	resp, err := f.server.PlanResourceChange(f.ctx, &tfprotov5.PlanResourceChangeRequest{
		TypeName: typeName, PriorState: f.dynamic(prior), ProposedNewState: f.dynamic(proposed), Config: f.dynamic(config),
	})
	if err != nil {
		f.t.Fatal(err)
	}
	return resp
}

func TestValidatedLifecycleKeepsTheConfiguredJSON(t *testing.T) {
	dir := t.TempDir()
	f := start(t, dir)
	config := acceptedValidated(f, nil)
	state := f.create("tfcsdk_validated", config)
	for name, want := range map[string]tftypes.Value{
		"policy": str(`{"b": 1,  "a": [true]}`), "tier": str("standard"), "file_permission": str("0644"), "replicas": num(1),
	} {
		if got := attr(t, state, name); !got.Equal(want) {
			t.Errorf("%s after create: %v, want %v", name, got, want)
		}
	}
	g := start(t, dir)
	if got := g.read("tfcsdk_validated", state); !got.Equal(state) {
		t.Errorf("read in a new process:\n got %v\nwant %v", got, state)
	}
	// The same configuration, and the same JSON in another form, plan no change.
	for _, policy := range []string{`{"b": 1,  "a": [true]}`, `{"a":[true],"b":1}`} {
		p := g.plan("tfcsdk_validated", state, acceptedValidated(g, map[string]tftypes.Value{"policy": str(policy)}))
		g.check("PlanResourceChange", nil, p.Diagnostics)
		if planned := g.decode("tfcsdk_validated", p.PlannedState); !planned.Equal(state) {
			t.Errorf("policy %s: diff:\n plan %v\nstate %v", policy, planned, state)
		}
	}
	// Another document is a change in place; a new name a replacement.
	p := g.plan("tfcsdk_validated", state, acceptedValidated(g, map[string]tftypes.Value{"policy": str(`{"a":[false]}`)}))
	g.check("PlanResourceChange", nil, p.Diagnostics)
	if planned := g.decode("tfcsdk_validated", p.PlannedState); !attr(t, planned, "policy").Equal(str(`{"a":[false]}`)) || len(p.RequiresReplace) != 0 {
		t.Errorf("new policy: planned %v, replace %v", attr(t, planned, "policy"), p.RequiresReplace)
	}
	// The SDK lists id too.
	rr := g.plan("tfcsdk_validated", state, acceptedValidated(g, map[string]tftypes.Value{"name": str("web-02")})).RequiresReplace
	if len(rr) == 0 || rr[0].String() != root("name") {
		t.Errorf("RequiresReplace for a new name: %v", rr)
	}
	var id string
	_ = attr(t, state, "id").As(&id)
	imp, err := g.server.ImportResourceState(g.ctx, &tfprotov5.ImportResourceStateRequest{TypeName: "tfcsdk_validated", ID: id})
	g.check("ImportResourceState", err, imp.Diagnostics)
	if got := g.read("tfcsdk_validated", g.decode("tfcsdk_validated", imp.ImportedResources[0].State)); !got.Equal(state) {
		t.Errorf("read after import:\n got %v\nwant %v", got, state)
	}
}

// refusal is one bad value and the error diagnostic it must give: the summary, a part of the
// detail, and the attribute path (empty for none).
type refusal struct {
	name    string
	changes map[string]tftypes.Value
	summary string // a part of it: the SDK puts the whole message in the summary
	detail  string
	path    string
	atPlan  bool // refused by PlanResourceChange, not ValidateResourceTypeConfig
}

func root(name string) string { return tftypes.NewAttributePath().WithAttributeName(name).String() }

func listPath(steps ...any) string {
	p := tftypes.NewAttributePath()
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
	typ := f.schema.ResourceSchemas["tfcsdk_validated"].ValueType().(tftypes.Object)
	ruleList := typ.AttributeTypes["rule"].(tftypes.List)
	rule := func(port int, protocol string, cidrs ...string) tftypes.Value {
		return tftypes.NewValue(ruleList.ElementType, map[string]tftypes.Value{
			"port": num(port), "protocol": str(protocol), "cidr_blocks": strs(cidrs...),
		})
	}
	rules := func(r ...tftypes.Value) tftypes.Value { return tftypes.NewValue(ruleList, r) }
	maintList := typ.AttributeTypes["maintenance"].(tftypes.List)
	maintenance := tftypes.NewValue(maintList, []tftypes.Value{tftypes.NewValue(maintList.ElementType, map[string]tftypes.Value{
		"day": str("Funday"), "hour": num(3),
	})})
	var unset tftypes.Value
	cases := []refusal{
		{name: "length (in validation.All)", changes: map[string]tftypes.Value{"name": str("ab")},
			summary: "expected length of name to be in the range (3 - 63), got ab", path: root("name")},
		{name: "regex with message (in validation.All)", changes: map[string]tftypes.Value{"name": str("Web")},
			summary: "invalid value for name (" + lowerNameMessage + ")", path: root("name")},
		{name: "regex without message", changes: map[string]tftypes.Value{"label": str("x")},
			summary: "expected value of label to match regular expression", path: root("label")},
		{name: "enumeration", changes: map[string]tftypes.Value{"tier": str("gold")},
			summary: `expected tier to be one of ["basic" "standard" "premium"], got gold`, path: root("tier")},
		{name: "octal digits", changes: map[string]tftypes.Value{"file_permission": str("0999")},
			summary: `bad file permission "0999" for file_permission: must be an octal number`, path: root("file_permission")},
		{name: "octal length", changes: map[string]tftypes.Value{"file_permission": str("64")},
			summary: `bad file permission "64" for file_permission: must be 3 or 4 octal digits`, path: root("file_permission")},
		{name: "range", changes: map[string]tftypes.Value{"replicas": num(0)},
			summary: "expected replicas to be in the range (1 - 10), got 0", path: root("replicas")},
		{name: "port number", changes: map[string]tftypes.Value{"port": num(70000)},
			summary: `expected "port" to be a valid port number, got: 70000`, path: root("port")},
		{name: "JSON", changes: map[string]tftypes.Value{"policy": str("{not json")},
			summary: `"policy" contains an invalid JSON`, path: root("policy")},
		{name: "CIDR", changes: map[string]tftypes.Value{"cidr_block": str("10.0.0.0")},
			summary: `expected "cidr_block" to be a valid CIDR Value, got 10.0.0.0: invalid CIDR address: 10.0.0.0`, path: root("cidr_block")},
		{name: "IP address", changes: map[string]tftypes.Value{"ip_address": str("300.1.1.1")},
			summary: "expected ip_address to contain a valid IP, got: 300.1.1.1", path: root("ip_address")},
		{name: "IPv4 address", changes: map[string]tftypes.Value{"gateway": str("::1")},
			summary: "expected gateway to contain a valid IPv4 address, got: ::1", path: root("gateway")},
		{name: "RFC 3339 time", changes: map[string]tftypes.Value{"not_after": str("tomorrow")},
			summary: `expected "not_after" to be a valid RFC3339 date, got "tomorrow"`, path: root("not_after")},
		{name: "UUID", changes: map[string]tftypes.Value{"owner_id": str("me")},
			summary: `expected "owner_id" to be a valid UUID, got me`, path: root("owner_id")},
		{name: "base64", changes: map[string]tftypes.Value{"user_data_base64": str("!!")},
			summary: `expected "user_data_base64" to be a base64 string, got !!`, path: root("user_data_base64")},
		{name: "URL", changes: map[string]tftypes.Value{"source_url": str("ftp://x")},
			summary: `expected "source_url" to have a url with schema of: "http,https", got ftp://x`, path: root("source_url")},
		{name: "conflicts with", changes: map[string]tftypes.Value{"admin_password": str("hunter22"), "ssh_public_key": str("ssh-ed25519 AAAA")},
			summary: "Conflicting configuration arguments", detail: `"admin_password": conflicts with ssh_public_key`, path: root("admin_password")},
		{name: "exactly one of: both", changes: map[string]tftypes.Value{"source_arn": str("arn:aws:s3:::b")},
			summary: "Invalid combination of arguments", detail: `"source_arn": only one of ` + "`source_arn,source_url`" + ` can be specified`, path: root("source_arn")},
		{name: "exactly one of: none", changes: map[string]tftypes.Value{"source_url": unset},
			summary: "Invalid combination of arguments", detail: `"source_arn": one of ` + "`source_arn,source_url`" + ` must be specified`, path: root("source_arn")},
		{name: "at least one of", changes: map[string]tftypes.Value{"notification_email": unset},
			summary: "Missing required argument", detail: `"notification_email": one of ` + "`notification_email,notification_topic_arn`" + ` must be specified`, path: root("notification_email")},
		{name: "required with", changes: map[string]tftypes.Value{"backup_window": str("01:00-02:00")},
			summary: "Missing required argument", detail: `"backup_window": all of ` + "`backup_retention_days,backup_window`" + ` must be specified`, path: root("backup_window")},
		{name: "list size", changes: map[string]tftypes.Value{"tags": strs("a", "b", "c", "d", "e", "f")},
			summary: "Too many list items", detail: "Attribute tags supports 5 item maximum, but config has 6 declared.", path: root("tags")},
		{name: "list element length", changes: map[string]tftypes.Value{"tags": strs("")},
			summary: "expected length of tags.0 to be in the range (1 - 32), got ", path: listPath("tags", 0)},
		{name: "block day of the week", changes: map[string]tftypes.Value{"maintenance": maintenance},
			summary: "expected maintenance.0.day to be one of", path: listPath("maintenance", 0, "day")},
		{name: "block range", changes: map[string]tftypes.Value{"rule": rules(rule(0, "tcp"))},
			summary: "expected rule.0.port to be in the range (1 - 65535), got 0", path: listPath("rule", 0, "port")},
		{name: "block enumeration", changes: map[string]tftypes.Value{"rule": rules(rule(22, "sctp"))},
			summary: `expected rule.0.protocol to be one of ["tcp" "udp" "icmp"], got sctp`, path: listPath("rule", 0, "protocol")},
		{name: "block list element CIDR", changes: map[string]tftypes.Value{"rule": rules(rule(22, "tcp", "10.0.0.0/8", "nope"))},
			summary: `expected "rule.0.cidr_blocks.1" to be a valid CIDR Value, got nope`, path: listPath("rule", 0, "cidr_blocks", 1)},
		{name: "block count", changes: map[string]tftypes.Value{"rule": rules(rule(1, "tcp"), rule(2, "tcp"), rule(3, "tcp"), rule(4, "tcp"))},
			summary: "Too many list items", detail: "Attribute rule supports 3 item maximum, but config has 4 declared.", path: root("rule")},
		{name: "plan-time format", changes: map[string]tftypes.Value{"endpoint": str("http://api.example.com")},
			summary: `endpoint "http://api.example.com" must be an https:// URL with a host name`, atPlan: true},
	}
	for _, rc := range cases {
		config := acceptedValidated(f, rc.changes)
		v, err := f.server.ValidateResourceTypeConfig(f.ctx, &tfprotov5.ValidateResourceTypeConfigRequest{TypeName: "tfcsdk_validated", Config: f.dynamic(config)})
		if err != nil {
			t.Fatal(err)
		}
		diags := v.Diagnostics
		if rc.atPlan {
			if len(diags) != 0 {
				t.Errorf("%s: validation refused what only the plan checks: %v", rc.name, diags)
			}
			diags = f.plan("tfcsdk_validated", tftypes.NewValue(typ, nil), config).Diagnostics
		}
		expectRefusal(t, rc, diags)
	}
}

// expectRefusal checks that every diagnostic is an error and that one of them is rc's.
func expectRefusal(t *testing.T, rc refusal, diags []*tfprotov5.Diagnostic) {
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
		if d.Severity != tfprotov5.DiagnosticSeverityError {
			t.Errorf("%s: not an error: %s", rc.name, d.Summary)
		}
		found = found || (strings.Contains(d.Summary, rc.summary) && strings.Contains(d.Detail, rc.detail) && path == rc.path)
	}
	if !found {
		t.Errorf("%s: no diagnostic with summary containing %q, detail containing %q, path %q", rc.name, rc.summary, rc.detail, rc.path)
	}
}

func TestLookupDataSourceValidatesItsInputs(t *testing.T) {
	f := start(t, t.TempDir())
	for _, name := range []string{"alpha", "beta"} {
		f.create("tfcsdk_bucket", f.config("tfcsdk_bucket", map[string]tftypes.Value{"name": str(name)}))
	}
	dsType := f.schema.DataSourceSchemas["tfcsdk_lookup"].ValueType().(tftypes.Object)
	config := func(attrs map[string]tftypes.Value) *tfprotov5.DynamicValue {
		all := map[string]tftypes.Value{}
		for name, at := range dsType.AttributeTypes {
			all[name] = tftypes.NewValue(at, nil)
		}
		all["kind"] = str("bucket")
		for k, v := range attrs {
			all[k] = v
		}
		return f.dynamic(tftypes.NewValue(dsType, all))
	}
	resp, err := f.server.ReadDataSource(f.ctx, &tfprotov5.ReadDataSourceRequest{
		TypeName: "tfcsdk_lookup", Config: config(map[string]tftypes.Value{"name_prefix": str("al")}),
	})
	f.check("ReadDataSource", err, resp.Diagnostics)
	got, err := resp.State.Unmarshal(dsType)
	if err != nil {
		t.Fatal(err)
	}
	if !attr(t, got, "total").Equal(num(1)) {
		t.Errorf("buckets named al*: %v, want 1", attr(t, got, "total"))
	}
	for _, rc := range []refusal{
		{name: "lookup enumeration", changes: map[string]tftypes.Value{"kind": str("server")},
			summary: `expected kind to be one of ["volume" "bucket" "validated"], got server`, path: root("kind")},
		{name: "lookup length", changes: map[string]tftypes.Value{"name_prefix": str("")},
			summary: "expected length of name_prefix to be in the range (1 - 32), got ", path: root("name_prefix")},
		{name: "lookup regex", changes: map[string]tftypes.Value{"name_prefix": str("Web")},
			summary: "invalid value for name_prefix (" + lowerNameMessage + ")", path: root("name_prefix")},
		{name: "lookup regular expression syntax", changes: map[string]tftypes.Value{"name_regex": str("a(")},
			summary: `"name_regex": error parsing regexp`, path: root("name_regex")},
	} {
		v, err := f.server.ValidateDataSourceConfig(f.ctx, &tfprotov5.ValidateDataSourceConfigRequest{TypeName: "tfcsdk_lookup", Config: config(rc.changes)})
		if err != nil {
			t.Fatal(err)
		}
		expectRefusal(t, rc, v.Diagnostics)
	}
}
