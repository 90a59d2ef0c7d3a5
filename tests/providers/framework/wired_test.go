package main

import (
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
	"github.com/hashicorp/terraform-plugin-go/tftypes"
)

// stringOf is a known string attribute of a state.
func stringOf(t *testing.T, v tftypes.Value, name string) string {
	t.Helper()
	var s string
	if err := attr(t, v, name).As(&s); err != nil || s == "" {
		t.Fatalf("%s: %q (%v)", name, s, err)
	}
	return s
}

// refusedAtApply plans config (accepted) and applies it, and returns the error diagnostics.
func (f *fixture) refusedAtApply(typeName string, config tftypes.Value) []*tfprotov6.Diagnostic {
	f.t.Helper()
	null := tftypes.NewValue(f.resourceType(typeName), nil)
	planned := f.plan(typeName, null, config).PlannedState
	resp, err := f.server.ApplyResourceChange(f.ctx, &tfprotov6.ApplyResourceChangeRequest{
		TypeName: typeName, PriorState: f.dynamic(null), PlannedState: planned, Config: f.dynamic(config),
	})
	if err != nil {
		f.t.Fatal(err)
	}
	return resp.Diagnostics
}

// expectParseRefusal: exactly one error, with this summary, at this top-level attribute.
func expectParseRefusal(t *testing.T, diags []*tfprotov6.Diagnostic, summary, attribute string) {
	t.Helper()
	if len(diags) != 1 || diags[0].Severity != tfprotov6.DiagnosticSeverityError || diags[0].Summary != summary {
		t.Fatalf("diagnostics %+v, want one error %q", diags, summary)
	}
	want := tftypes.NewAttributePath().WithAttributeName(attribute)
	if diags[0].Attribute == nil || !diags[0].Attribute.Equal(want) {
		t.Fatalf("%q at %v, want at %v", summary, diags[0].Attribute, want)
	}
}

func (f *fixture) readKeyInfo(pemText string) *tfprotov6.ReadDataSourceResponse {
	f.t.Helper()
	typ := f.schema.DataSourceSchemas["tfcfixture_key_info"].ValueType()
	resp, err := f.server.ReadDataSource(f.ctx, &tfprotov6.ReadDataSourceRequest{
		TypeName: "tfcfixture_key_info", Config: f.dynamic(f.value(typ, map[string]tftypes.Value{"private_pem": str(pemText)})),
	})
	if err != nil {
		f.t.Fatal(err)
	}
	return resp
}

// The chain keypair → certificate → signed, each made from the outputs before it, survives a new
// provider process (read returns what was stored, import by id), and the key's fingerprint reads.
func TestWiredChainAppliesReadsAndImports(t *testing.T) {
	dir := t.TempDir()
	f := start(t, dir)
	kpType, certType, signedType := f.resourceType("tfcfixture_keypair"), f.resourceType("tfcfixture_certificate"),
		f.resourceType("tfcfixture_signed")
	keypair := f.apply("tfcfixture_keypair", tftypes.NewValue(kpType, nil), f.value(kpType, nil))
	key := stringOf(t, keypair, "private_pem")
	if body, err := decodePEM(key, privateKeyPEMType); err != nil || len(body) != 1 {
		t.Fatalf("default 8 bits: %d bytes, %v", len(body), err)
	}
	if !attr(t, keypair, "bits").Equal(tftypes.NewValue(tftypes.Number, 8)) {
		t.Errorf("bits %v, want the default 8", attr(t, keypair, "bits"))
	}
	cert := f.apply("tfcfixture_certificate", tftypes.NewValue(certType, nil),
		f.value(certType, map[string]tftypes.Value{"private_pem": str(key), "subject": str("CN=example")}))
	certPEM := stringOf(t, cert, "cert_pem")
	if body, err := decodePEM(certPEM, certificatePEMType); err != nil || !strings.Contains(string(body), "subject=CN=example") {
		t.Fatalf("cert_pem %q: %v", certPEM, err)
	}
	signed := f.apply("tfcfixture_signed", tftypes.NewValue(signedType, nil),
		f.value(signedType, map[string]tftypes.Value{"cert_pem": str(certPEM), "ca_private_pem": str(key)}))
	keyBody, _ := decodePEM(key, privateKeyPEMType)
	certBody, _ := decodePEM(certPEM, certificatePEMType)
	if got := stringOf(t, signed, "signature"); got != hmacHex(keyBody, certBody) {
		t.Errorf("signature %s", got)
	}

	g := start(t, dir)
	for _, c := range []struct {
		typeName string
		state    tftypes.Value
	}{{"tfcfixture_keypair", keypair}, {"tfcfixture_certificate", cert}, {"tfcfixture_signed", signed}} {
		if got := g.read(c.typeName, c.state); !got.Equal(c.state) {
			t.Errorf("%s read back %v, want %v", c.typeName, got, c.state)
		}
		imp, err := g.server.ImportResourceState(g.ctx, &tfprotov6.ImportResourceStateRequest{TypeName: c.typeName,
			ID: stringOf(t, c.state, "id")})
		g.check("ImportResourceState", err, imp.Diagnostics)
		if got := g.read(c.typeName, g.decode(c.typeName, imp.ImportedResources[0].State)); !got.Equal(c.state) {
			t.Errorf("%s imported %v, want %v", c.typeName, got, c.state)
		}
	}
	// A plan of the same configuration keeps the key: it is made once, at create.
	again := g.plan("tfcfixture_keypair", keypair, g.value(kpType, nil))
	if planned := g.decode("tfcfixture_keypair", again.PlannedState); !planned.Equal(keypair) || len(again.RequiresReplace) != 0 {
		t.Errorf("no-op plan changed the key pair: %v", planned)
	}

	info := g.readKeyInfo(key)
	g.check("ReadDataSource", nil, info.Diagnostics)
	got, err := info.State.Unmarshal(g.schema.DataSourceSchemas["tfcfixture_key_info"].ValueType())
	if err != nil {
		t.Fatal(err)
	}
	if fp := stringOf(t, got, "fingerprint"); fp != sha256Hex(keyBody) {
		t.Errorf("fingerprint %s", fp)
	}
}

// Anything but another resource's output is refused where tls refuses it: at apply (the plan
// accepts any string), with tls's summary, at the attribute.
func TestWiredInputsThatAreNotOutputsAreRefused(t *testing.T) {
	f := start(t, t.TempDir())
	certType, signedType := f.resourceType("tfcfixture_certificate"), f.resourceType("tfcfixture_signed")
	keypair := f.apply("tfcfixture_keypair", tftypes.NewValue(f.resourceType("tfcfixture_keypair"), nil),
		f.value(f.resourceType("tfcfixture_keypair"), map[string]tftypes.Value{"bits": tftypes.NewValue(tftypes.Number, 64)}))
	key := stringOf(t, keypair, "private_pem")
	certPEM := encodePEM(certificatePEMType, []byte("subject=x\n"))

	for _, bad := range []string{"", "not a pem", certPEM, key + "trailing text"} {
		diags := f.refusedAtApply("tfcfixture_certificate",
			f.value(certType, map[string]tftypes.Value{"private_pem": str(bad), "subject": str("s")}))
		expectParseRefusal(t, diags, "Failed to parse private key PEM", "private_pem")
		expectParseRefusal(t, f.readKeyInfo(bad).Diagnostics, "Failed to parse private key PEM", "private_pem")
	}
	expectParseRefusal(t, f.refusedAtApply("tfcfixture_signed",
		f.value(signedType, map[string]tftypes.Value{"cert_pem": str(key), "ca_private_pem": str(key)})),
		"Failed to parse certificate PEM", "cert_pem")
	expectParseRefusal(t, f.refusedAtApply("tfcfixture_signed",
		f.value(signedType, map[string]tftypes.Value{"cert_pem": str(certPEM), "ca_private_pem": str(certPEM)})),
		"Failed to parse private key PEM", "ca_private_pem")
}

// Changing an input of a wired resource replaces it, as tls's do.
func TestWiredInputsRequireReplacement(t *testing.T) {
	f := start(t, t.TempDir())
	kpType, certType := f.resourceType("tfcfixture_keypair"), f.resourceType("tfcfixture_certificate")
	keypair := f.apply("tfcfixture_keypair", tftypes.NewValue(kpType, nil), f.value(kpType, nil))
	key := stringOf(t, keypair, "private_pem")
	cert := f.apply("tfcfixture_certificate", tftypes.NewValue(certType, nil),
		f.value(certType, map[string]tftypes.Value{"private_pem": str(key), "subject": str("a")}))
	plan := f.plan("tfcfixture_certificate", cert, f.value(certType, map[string]tftypes.Value{"private_pem": str(key), "subject": str("b")}))
	if len(plan.RequiresReplace) != 1 || !plan.RequiresReplace[0].Equal(tftypes.NewAttributePath().WithAttributeName("subject")) {
		t.Errorf("requires_replace %v, want subject", plan.RequiresReplace)
	}
	plan = f.plan("tfcfixture_keypair", keypair, f.value(kpType, map[string]tftypes.Value{"bits": tftypes.NewValue(tftypes.Number, 16)}))
	if len(plan.RequiresReplace) != 1 || !plan.RequiresReplace[0].Equal(tftypes.NewAttributePath().WithAttributeName("bits")) {
		t.Errorf("requires_replace %v, want bits", plan.RequiresReplace)
	}
}
