package main

import (
	"testing"
	"time"

	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
	"github.com/hashicorp/terraform-plugin-go/tftypes"
)

func openToken(t *testing.T, mode string, ttl tftypes.Value) (*tfprotov6.OpenEphemeralResourceResponse, *provider) {
	t.Helper()
	h := newHarness(t, mode)
	p := newProvider(mode, false)
	config := tftypes.NewValue(tokenType, map[string]tftypes.Value{"name": knownString("db"), "ttl": ttl, "value": nullOf(tftypes.String)})
	resp, err := p.OpenEphemeralResource(ctx, &tfprotov6.OpenEphemeralResourceRequest{TypeName: tokenTypeName, Config: h.dv(tokenType, config)})
	if err != nil {
		t.Fatal(err)
	}
	return resp, p
}

func TestHonestToken(t *testing.T) {
	resp, p := openToken(t, modeHonest, num(60))
	v, err := decode(resp.Result, tokenType)
	if err != nil || !attrsOf(v)["value"].Equal(knownString("token-db")) || !attrsOf(v)["name"].Equal(knownString("db")) {
		t.Fatalf("open: %v %v", v, err)
	}
	if !resp.RenewAt.After(time.Now()) || string(resp.Private) != "lease:db" {
		t.Fatalf("renew_at %v private %q", resp.RenewAt, resp.Private)
	}
	renewed, _ := p.RenewEphemeralResource(ctx, &tfprotov6.RenewEphemeralResourceRequest{TypeName: tokenTypeName, Private: resp.Private})
	if hasError(renewed.Diagnostics) || string(renewed.Private) != "lease:db" {
		t.Fatalf("renew: %v", renewed.Diagnostics)
	}
	for i := 0; i < 2; i++ {
		closed, _ := p.CloseEphemeralResource(ctx, &tfprotov6.CloseEphemeralResourceRequest{TypeName: tokenTypeName, Private: resp.Private})
		if hasError(closed.Diagnostics) {
			t.Fatalf("close %d: %v", i, closed.Diagnostics)
		}
	}
	refused, _ := p.CloseEphemeralResource(ctx, &tfprotov6.CloseEphemeralResourceRequest{TypeName: tokenTypeName, Private: []byte("x")})
	if !hasError(refused.Diagnostics) {
		t.Fatal("a foreign private data was accepted")
	}
	if noTTL, _ := openToken(t, modeHonest, nullOf(tftypes.Number)); !noTTL.RenewAt.IsZero() {
		t.Fatalf("renew_at without ttl: %v", noTTL.RenewAt)
	}
}

func TestEphemeralFaults(t *testing.T) {
	if resp, _ := openToken(t, "ephemeral_null_result", num(1)); resp.Result != nil {
		t.Fatal("ephemeral_null_result returned a result")
	}
	if resp, _ := openToken(t, "ephemeral_unknown_value", num(1)); func() bool {
		v, _ := decode(resp.Result, tokenType)
		return attrsOf(v)["value"].IsKnown()
	}() {
		t.Fatal("ephemeral_unknown_value: value is known")
	}
	if resp, _ := openToken(t, "ephemeral_renew_past", nullOf(tftypes.Number)); !resp.RenewAt.Before(time.Now()) {
		t.Fatalf("ephemeral_renew_past: renew_at %v", resp.RenewAt)
	}
	if resp, _ := openToken(t, "ephemeral_deferred", num(1)); resp.Deferred == nil {
		t.Fatal("ephemeral_deferred did not defer")
	}
	resp, p := openToken(t, "ephemeral_private_rejected", num(1))
	if closed, _ := p.CloseEphemeralResource(ctx, &tfprotov6.CloseEphemeralResourceRequest{TypeName: tokenTypeName, Private: resp.Private}); !hasError(closed.Diagnostics) {
		t.Fatal("ephemeral_private_rejected accepted its own private data")
	}
}
