package main

import (
	"testing"
	"time"

	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
	"github.com/hashicorp/terraform-plugin-go/tftypes"
)

func TestTokenLeaseRoundTrip(t *testing.T) {
	f := start(t, t.TempDir())
	typ := f.schema.EphemeralResourceSchemas["tfcfixture_token"].ValueType()
	config := f.value(typ, map[string]tftypes.Value{
		"name":        tftypes.NewValue(tftypes.String, "db"),
		"ttl_seconds": tftypes.NewValue(tftypes.Number, 30),
	})
	opened, err := f.server.OpenEphemeralResource(f.ctx, &tfprotov6.OpenEphemeralResourceRequest{
		TypeName: "tfcfixture_token", Config: f.dynamic(config)})
	f.check("OpenEphemeralResource", err, opened.Diagnostics)
	if !opened.RenewAt.After(time.Now()) || len(opened.Private) == 0 {
		t.Fatalf("renew_at %v, private %q", opened.RenewAt, opened.Private)
	}
	result, _ := opened.Result.Unmarshal(typ)
	var attrs map[string]tftypes.Value
	_ = result.As(&attrs)
	if !attrs["value"].IsKnown() || attrs["value"].IsNull() || !attrs["name"].Equal(tftypes.NewValue(tftypes.String, "db")) {
		t.Fatalf("result %v", result)
	}
	renewed, err := f.server.RenewEphemeralResource(f.ctx, &tfprotov6.RenewEphemeralResourceRequest{
		TypeName: "tfcfixture_token", Private: opened.Private})
	f.check("RenewEphemeralResource", err, renewed.Diagnostics)
	for i := 0; i < 2; i++ {
		closed, err := f.server.CloseEphemeralResource(f.ctx, &tfprotov6.CloseEphemeralResourceRequest{
			TypeName: "tfcfixture_token", Private: renewed.Private})
		f.check("CloseEphemeralResource", err, closed.Diagnostics)
	}
}
