package main

import (
	"bytes"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/x509"
	"encoding/base64"
	"encoding/binary"
	"encoding/pem"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
	"github.com/hashicorp/terraform-plugin-go/tftypes"
	msgpack "github.com/vmihailenco/msgpack/v5"
	protobuf "google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/types/known/wrapperspb"
)

// The hostile modes added for the harness's own hardening, at the provider level (the tests
// of the wire itself are in hostile_wire_test.go).

func TestOversizeResponse(t *testing.T) {
	h := newHarness(t, "oversize_response")
	config := thing(map[string]tftypes.Value{"name": knownString("big")})
	resp, err := h.provider(false).PlanResourceChange(ctx, &tfprotov6.PlanResourceChangeRequest{
		TypeName: thingTypeName, PriorState: h.dv(thingType, nullOf(thingType)), Config: h.dv(thingType, config),
		ProposedNewState: h.dv(thingType, proposedNew(nullOf(thingType), config)),
	})
	if err != nil || len(resp.Diagnostics) != 0 {
		t.Fatal(err, resp.Diagnostics)
	}
	wire := resp.PlannedState.MsgPack
	resp = nil
	if len(wire) <= tf6MaxMessage {
		t.Fatalf("planned state is %d bytes, not over 256 MiB", len(wire))
	}
	// generated is a known str32 of 257 MiB (msgpack 0xdb, big-endian length).
	i := bytes.Index(wire, []byte("\xa9generated\xdb"))
	if i < 0 || binary.BigEndian.Uint32(wire[i+11:]) != oversizeLength {
		t.Fatalf("no 257 MiB generated string in the planned state")
	}
	wire = nil
	runtime.GC()
}

func TestInvalidUTF8Value(t *testing.T) {
	h := newHarness(t, "invalid_utf8_value")
	config := thing(map[string]tftypes.Value{"name": knownString("bytes")})
	planned, _ := h.plan(h.provider(false), nullOf(thingType), config)
	applied, resp := h.apply(h.provider(false), nullOf(thingType), planned, config)
	id := str(t, attr(applied, "id"))
	want := "gen-\xff\xfe-" + id
	if got := str(t, attr(applied, "generated")); got != want {
		t.Fatalf("generated %q, want %q", got, want)
	}
	if !bytes.Contains(resp.NewState.MsgPack, []byte(want)) {
		t.Fatalf("the raw bytes are not in the msgpack %q", resp.NewState.MsgPack)
	}
	// The JSON file cannot hold them; read and upgrade give them back all the same.
	read, diags := h.read(h.provider(false), applied)
	if len(diags) != 0 || !read.Equal(applied) {
		t.Fatalf("read %v %v, want %v", read, diags, applied)
	}
	raw, err := os.ReadFile(filepath.Join(h.dir, "thing", id+".json"))
	if err != nil {
		t.Fatal(err)
	}
	up, err := h.provider(false).UpgradeResourceState(ctx, &tfprotov6.UpgradeResourceStateRequest{
		TypeName: thingTypeName, Version: 1, RawState: &tfprotov6.RawState{JSON: raw},
	})
	if err != nil || len(up.Diagnostics) != 0 || !h.value(up.UpgradedState).Equal(applied) {
		t.Fatalf("upgrade %v %v", err, up.Diagnostics)
	}
	// An update keeps them, and the next plan is a no-op.
	m := attrsOf(config)
	m["size"] = num(2)
	update := tftypes.NewValue(thingType, m)
	updPlan, _ := h.plan(h.provider(false), read, update)
	updated, _ := h.apply(h.provider(false), read, updPlan, update)
	if !updated.Equal(updPlan) {
		t.Fatalf("update applied %v, planned %v", updated, updPlan)
	}
	if again, _ := h.plan(h.provider(false), updated, update); !again.Equal(updated) {
		t.Fatalf("plan after update %v", again)
	}
}

func TestInvalidUTF8DiagnosticCodec(t *testing.T) {
	h := newHarness(t, "invalid_utf8_diagnostic")
	_, resp := h.plan(h.provider(false), nullOf(thingType), thing(map[string]tftypes.Value{"name": knownString("d")}))
	if len(resp.Diagnostics) != 1 || !strings.Contains(resp.Diagnostics[0].Summary, string(badUTF8Marker)) ||
		!strings.Contains(resp.Diagnostics[0].Detail, string(badUTF8Marker)) {
		t.Fatalf("diagnostics %v", resp.Diagnostics)
	}
	// The codec swaps the marker in the marshaled bytes, same length; protobuf refuses them.
	msg := wrapperspb.String("before " + string(badUTF8Marker) + " after")
	plain, err := protobuf.Marshal(msg)
	if err != nil {
		t.Fatal(err)
	}
	data, err := badUTF8Codec{}.Marshal(msg)
	if err != nil {
		t.Fatal(err)
	}
	wire := data.Materialize()
	if len(wire) != len(plain) || !bytes.Contains(wire, badUTF8Replacement) || bytes.Contains(wire, badUTF8Marker) {
		t.Fatalf("marshaled %q", wire)
	}
	if err := protobuf.Unmarshal(wire, &wrapperspb.StringValue{}); err == nil {
		t.Fatal("protobuf accepted invalid UTF-8 in a proto3 string")
	}
	back := &wrapperspb.StringValue{}
	fine, _ := protoCodec().Marshal(wrapperspb.String("fine"))
	if err := (badUTF8Codec{}).Unmarshal(fine, back); err != nil || back.Value != "fine" {
		t.Fatalf("unmarshal %v", back)
	}
}

func parseCertField(t *testing.T, line string) *x509.Certificate {
	t.Helper()
	fields := strings.Split(strings.TrimSpace(line), "|")
	if len(fields) < 6 {
		t.Fatalf("handshake line %q", line)
	}
	der, err := base64.RawStdEncoding.DecodeString(fields[5])
	if err != nil {
		t.Fatal(err)
	}
	cert, err := x509.ParseCertificate(der)
	if err != nil {
		t.Fatal(err)
	}
	return cert
}

func TestCertMismatchRewritesTheHandshake(t *testing.T) {
	served, err := freshCert()
	if err != nil {
		t.Fatal(err)
	}
	shown, err := freshCert()
	if err != nil {
		t.Fatal(err)
	}
	line := "1|6|unix|/tmp/plugin123|grpc|" + base64.RawStdEncoding.EncodeToString(served) + "\n"
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	done := make(chan struct{})
	go func() { relayHandshake(r, &out, base64.RawStdEncoding.EncodeToString(shown)); close(done) }()
	io.WriteString(w, line)
	io.WriteString(w, "later output\n")
	w.Close()
	<-done
	first, rest, _ := strings.Cut(out.String(), "\n")
	if rest != "later output\n" || !strings.HasPrefix(first, "1|6|unix|/tmp/plugin123|grpc|") {
		t.Fatalf("relayed %q", out.String())
	}
	cert := parseCertField(t, first)
	key, ok := cert.PublicKey.(*ecdsa.PublicKey)
	if !ok || key.Curve != elliptic.P521() || cert.Subject.CommonName != "localhost" || cert.DNSNames[0] != "localhost" {
		t.Fatalf("certificate %v", cert.Subject)
	}
	if bytes.Equal(cert.Raw, served) || !bytes.Equal(cert.Raw, shown) {
		t.Fatal("the handshake still carries the served certificate")
	}
	if plain := "1|6|unix|/tmp/p|grpc|\n"; withCert(plain, "X") != plain {
		t.Fatal("a plaintext handshake line was changed")
	}
	if got := withCert("1|6|unix|/tmp/p|grpc|A|true\n", "B"); got != "1|6|unix|/tmp/p|grpc|B|true\n" {
		t.Fatalf("multiplexed line %q", got)
	}
}

func TestClientCertRefused(t *testing.T) {
	t.Setenv("PLUGIN_CLIENT_CERT", "")
	if err := refuseClientCert(); err != nil || os.Getenv("PLUGIN_CLIENT_CERT") != "" {
		t.Fatalf("plaintext changed: %v", err)
	}
	client, _ := freshCert()
	clientPEM := string(pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: client}))
	t.Setenv("PLUGIN_CLIENT_CERT", clientPEM)
	if err := refuseClientCert(); err != nil {
		t.Fatal(err)
	}
	trusted := os.Getenv("PLUGIN_CLIENT_CERT")
	pool := x509.NewCertPool()
	if trusted == clientPEM || !pool.AppendCertsFromPEM([]byte(trusted)) {
		t.Fatalf("PLUGIN_CLIENT_CERT %q", trusted)
	}
	cert, _ := x509.ParseCertificate(client)
	if _, err := cert.Verify(x509.VerifyOptions{Roots: pool, KeyUsages: []x509.ExtKeyUsage{x509.ExtKeyUsageClientAuth}}); err == nil {
		t.Fatal("the client's certificate verifies against what the server now trusts")
	}
}

// withRaw is dv as Core sends it: with the extra attribute name set to raw msgpack.
func withRaw(t *testing.T, dv *tfprotov6.DynamicValue, name string, raw []byte) *tfprotov6.DynamicValue {
	t.Helper()
	out, err := withMember(dv.MsgPack, name, raw)
	if err != nil {
		t.Fatal(err)
	}
	return &tfprotov6.DynamicValue{MsgPack: out}
}

func rawMember(t *testing.T, dv *tfprotov6.DynamicValue, name string) []byte {
	t.Helper()
	_, raw, err := splitMember(dv.MsgPack, name)
	if err != nil {
		t.Fatal(err)
	}
	return raw
}

func mustSplit(t *testing.T, data []byte, name string) []byte {
	t.Helper()
	rest, _, err := splitMember(data, name)
	if err != nil {
		t.Fatal(err)
	}
	return rest
}

// checkPayload reads a dynamic value's msgpack level by level: [type JSON, value], the type
// list(...list(string)...) and the value one-element lists, both depth deep, around a string.
// (tftypes would take minutes at 10,000 levels; TestDeepPayloadFormat checks the format
// against tftypes at a small depth.)
func checkPayload(t *testing.T, raw []byte, depth int) {
	t.Helper()
	dec := msgpack.NewDecoder(bytes.NewReader(raw))
	if n, err := dec.DecodeArrayLen(); err != nil || n != 2 {
		t.Fatalf("dynamic value: array of %d, %v", n, err)
	}
	typeJSON, err := dec.DecodeBytes()
	if err != nil || strings.Count(string(typeJSON), `["list",`) != depth || string(typeJSON) != nestedListJSON(depth) {
		t.Fatalf("type JSON of %d bytes: %v", len(typeJSON), err)
	}
	for level := 0; level < depth; level++ {
		if n, err := dec.DecodeArrayLen(); err != nil || n != 1 {
			t.Fatalf("level %d: array of %d, %v", level, n, err)
		}
	}
	if s, err := dec.DecodeString(); err != nil || s == "" {
		t.Fatalf("innermost value %q %v", s, err)
	}
	if rest, _ := io.ReadAll(dec.Buffered()); len(rest) != 0 {
		t.Fatalf("%d bytes after the value", len(rest))
	}
}

// deepPayload writes what tftypes writes for the same dynamic value, and tftypes reads it.
func TestDeepPayloadFormat(t *testing.T) {
	var typ tftypes.Type = tftypes.String
	v := knownString("tfcfault deep_nesting_value")
	for i := 0; i < 3; i++ {
		typ = tftypes.List{ElementType: typ}
		v = tftypes.NewValue(typ, []tftypes.Value{v})
	}
	dv, err := encode(tftypes.DynamicPseudoType, v)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(dv.MsgPack, deepPayload(3)) {
		t.Fatalf("tftypes %x, deepPayload %x", dv.MsgPack, deepPayload(3))
	}
	checkPayload(t, deepPayload(3), 3)
	back, err := (&tfprotov6.DynamicValue{MsgPack: deepPayload(3)}).Unmarshal(tftypes.DynamicPseudoType)
	if err != nil || !back.Equal(v) {
		t.Fatalf("tftypes reads %v %v", back, err)
	}
}

func TestDeepNestingValue(t *testing.T) {
	h := newHarness(t, "deep_nesting_value")
	server := func() *extraAttribute { return deepNestingValue(h.provider(false)) }
	schema, _ := server().GetProviderSchema(ctx, &tfprotov6.GetProviderSchemaRequest{})
	attrs := schema.ResourceSchemas[thingTypeName].Block.Attributes
	if a := attrs[len(attrs)-1]; a.Name != "payload" || !a.Computed || !a.Type.Is(tftypes.DynamicPseudoType) {
		t.Fatalf("last attribute %+v", a)
	}

	// Create, as Core sends it: payload null in config and in the proposed new state.
	null := nullOf(thingType)
	config := thing(map[string]tftypes.Value{"name": knownString("deep")})
	withNull := func(v tftypes.Value) *tfprotov6.DynamicValue {
		return withRaw(t, h.dv(thingType, v), "payload", msgpackNull)
	}
	plan, err := server().PlanResourceChange(ctx, &tfprotov6.PlanResourceChangeRequest{
		TypeName: thingTypeName, PriorState: h.dv(thingType, null), Config: withNull(config), ProposedNewState: withNull(proposedNew(null, config)),
	})
	if err != nil || hasError(plan.Diagnostics) || !bytes.Equal(rawMember(t, plan.PlannedState, "payload"), msgpackUnknown) {
		t.Fatalf("create plan: %v %v", err, plan.Diagnostics)
	}
	apply, err := server().ApplyResourceChange(ctx, &tfprotov6.ApplyResourceChangeRequest{
		TypeName: thingTypeName, PriorState: h.dv(thingType, null), Config: withNull(config), PlannedState: plan.PlannedState,
	})
	if err != nil || hasError(apply.Diagnostics) {
		t.Fatalf("apply: %v %v", err, apply.Diagnostics)
	}
	payload := rawMember(t, apply.NewState, "payload")
	checkPayload(t, payload, payloadDepth)
	state := h.value(&tfprotov6.DynamicValue{MsgPack: mustSplit(t, apply.NewState.MsgPack, "payload")})

	// A fresh process reads, imports and upgrades it back the same; an update plan keeps it.
	read, err := server().ReadResource(ctx, &tfprotov6.ReadResourceRequest{TypeName: thingTypeName, CurrentState: apply.NewState})
	if err != nil || len(read.Diagnostics) != 0 || !bytes.Equal(read.NewState.MsgPack, apply.NewState.MsgPack) {
		t.Fatalf("read: %v %v", err, read.Diagnostics)
	}
	id := str(t, attr(state, "id"))
	imp, err := server().ImportResourceState(ctx, &tfprotov6.ImportResourceStateRequest{TypeName: thingTypeName, ID: id})
	if err != nil || len(imp.ImportedResources) != 1 || !bytes.Equal(rawMember(t, imp.ImportedResources[0].State, "payload"), payload) {
		t.Fatalf("import: %v", err)
	}
	// The raw JSON state as Terraform keeps it: the dynamic value with its type, 10,002
	// levels deep in all, past encoding/json's Decode limit.
	stored, err := os.ReadFile(filepath.Join(h.dir, "thing", id+".json"))
	if err != nil {
		t.Fatal(err)
	}
	deepJSON := `{"value":` + strings.Repeat("[", payloadDepth) + `"tfcfault deep_nesting_value"` + strings.Repeat("]", payloadDepth) +
		`,"type":` + nestedListJSON(payloadDepth) + `}`
	stored = bytes.TrimSpace(stored) // {...}: add payload before the closing brace
	raw := append(stored[:len(stored)-1:len(stored)-1], `,"payload":`+deepJSON+`}`...)
	up, err := server().UpgradeResourceState(ctx, &tfprotov6.UpgradeResourceStateRequest{
		TypeName: thingTypeName, Version: 1, RawState: &tfprotov6.RawState{JSON: raw},
	})
	if err != nil || len(up.Diagnostics) != 0 || !bytes.Equal(up.UpgradedState.MsgPack, apply.NewState.MsgPack) {
		t.Fatalf("upgrade: %v %v", err, up.Diagnostics)
	}
	upd, err := server().PlanResourceChange(ctx, &tfprotov6.PlanResourceChangeRequest{
		TypeName: thingTypeName, PriorState: apply.NewState, Config: withNull(config),
		ProposedNewState: withRaw(t, h.dv(thingType, proposedNew(state, config)), "payload", payload),
	})
	if err != nil || hasError(upd.Diagnostics) || !bytes.Equal(upd.PlannedState.MsgPack, apply.NewState.MsgPack) {
		t.Fatalf("no-op plan: %v %v", err, upd.Diagnostics)
	}
}

func TestDeepNestingSchema(t *testing.T) {
	h := newHarness(t, "deep_nesting_schema")
	server := func() *extraAttribute { return deepNestingSchema(h.provider(false)) }
	schema, _ := server().GetProviderSchema(ctx, &tfprotov6.GetProviderSchemaRequest{})
	attrs := schema.ResourceSchemas[thingTypeName].Block.Attributes
	a := attrs[len(attrs)-1]
	if a.Name != "deep" || !a.Optional || a.Computed {
		t.Fatalf("last attribute %+v", a)
	}
	text, _ := a.Type.MarshalJSON()
	if string(text) != nestedListJSON(deepDepth) || strings.Count(string(text), `["list",`) != deepDepth {
		t.Fatalf("type JSON of %d bytes", len(text))
	}
	depth := 0
	for typ := a.Type.(jsonType).Type; typ.Is(tftypes.List{}); typ = typ.(tftypes.List).ElementType {
		depth++
	}
	if depth != deepDepth {
		t.Fatalf("type depth %d", depth)
	}
	// Otherwise honest: deep null in config is planned and applied null.
	null := nullOf(thingType)
	config := thing(map[string]tftypes.Value{"name": knownString("deep")})
	withNull := func(v tftypes.Value) *tfprotov6.DynamicValue {
		return withRaw(t, h.dv(thingType, v), "deep", msgpackNull)
	}
	plan, err := server().PlanResourceChange(ctx, &tfprotov6.PlanResourceChangeRequest{
		TypeName: thingTypeName, PriorState: h.dv(thingType, null), Config: withNull(config), ProposedNewState: withNull(proposedNew(null, config)),
	})
	if err != nil || hasError(plan.Diagnostics) || !bytes.Equal(rawMember(t, plan.PlannedState, "deep"), msgpackNull) {
		t.Fatalf("plan: %v %v", err, plan.Diagnostics)
	}
	apply, err := server().ApplyResourceChange(ctx, &tfprotov6.ApplyResourceChangeRequest{
		TypeName: thingTypeName, PriorState: h.dv(thingType, null), Config: withNull(config), PlannedState: plan.PlannedState,
	})
	if err != nil || hasError(apply.Diagnostics) || !bytes.Equal(rawMember(t, apply.NewState, "deep"), msgpackNull) {
		t.Fatalf("apply: %v %v", err, apply.Diagnostics)
	}
}

func TestMarkupEverywhere(t *testing.T) {
	h := newHarness(t, "markup_everywhere")
	has := func(where, s string) {
		t.Helper()
		if !strings.Contains(s, markupText) {
			t.Errorf("%s has no markup: %q", where, s)
		}
	}
	schema, _ := h.provider(false).GetProviderSchema(ctx, &tfprotov6.GetProviderSchemaRequest{})
	has("provider description", schema.Provider.Block.Description)
	thingBlock := schema.ResourceSchemas[thingTypeName].Block
	has("thing description", thingBlock.Description)
	for _, a := range thingBlock.Attributes {
		if a.Name == "name" {
			has("name description", a.Description)
		}
	}

	config := thing(map[string]tftypes.Value{"name": knownString("alpha")})
	valid, _ := h.provider(false).ValidateResourceConfig(ctx, &tfprotov6.ValidateResourceConfigRequest{TypeName: thingTypeName, Config: h.dv(thingType, config)})
	if len(valid.Diagnostics) != 1 || valid.Diagnostics[0].Severity != tfprotov6.DiagnosticSeverityWarning {
		t.Fatalf("validate diagnostics %v", valid.Diagnostics)
	}
	has("validate warning", valid.Diagnostics[0].Summary)

	var log bytes.Buffer
	p := h.provider(false)
	p.log = &log
	planned, plan := h.plan(p, nullOf(thingType), config)
	if len(plan.Diagnostics) != 1 || !plan.Diagnostics[0].Attribute.Equal(tftypes.NewAttributePath().WithAttributeName("name")) {
		t.Fatalf("plan diagnostics %v", plan.Diagnostics)
	}
	has("plan warning summary", plan.Diagnostics[0].Summary)
	has("plan warning detail", plan.Diagnostics[0].Detail)
	has("plan log line", log.String())

	applied, _ := h.apply(h.provider(false), nullOf(thingType), planned, config)
	if str(t, attr(applied, "name")) != markupName {
		t.Fatalf("name %v", attr(applied, "name"))
	}
	// An update apply fails, quoting markup, and changes nothing.
	m := attrsOf(config)
	m["size"] = num(1)
	update := tftypes.NewValue(thingType, m)
	updPlan, _ := h.plan(h.provider(false), applied, update)
	resp, err := h.provider(false).ApplyResourceChange(ctx, &tfprotov6.ApplyResourceChangeRequest{
		TypeName: thingTypeName, PriorState: h.dv(thingType, applied), PlannedState: h.dv(thingType, updPlan), Config: h.dv(thingType, update),
	})
	if err != nil || len(resp.Diagnostics) != 1 || resp.Diagnostics[0].Severity != tfprotov6.DiagnosticSeverityError || !h.value(resp.NewState).Equal(applied) {
		t.Fatalf("update apply: %v %v", err, resp.Diagnostics)
	}
	has("apply error summary", resp.Diagnostics[0].Summary)
	has("apply error detail", resp.Diagnostics[0].Detail)
}
