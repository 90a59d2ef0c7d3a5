package main

import (
	"context"
	"math/big"
	"os"
	"strings"
	"sync"
	"time"

	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
	"github.com/hashicorp/terraform-plugin-go/tftypes"
)

// The ephemeral resource tfcfault_token: name (required) and ttl (optional seconds) in, value
// (computed: "token-<name>") out; the lease travels as private data "lease:<name>", which Renew
// and Close require. A ttl above zero sets renew_at that many seconds ahead. The ephemeral_*
// modes break it.
const tokenTypeName = "tfcfault_token"

var tokenType = tftypes.Object{AttributeTypes: map[string]tftypes.Type{
	"name":  tftypes.String,
	"ttl":   tftypes.Number,
	"value": tftypes.String,
}}

func tokenSchema() *tfprotov6.Schema {
	return &tfprotov6.Schema{Block: &tfprotov6.SchemaBlock{
		Description: "A leased token (ephemeral).",
		Attributes: []*tfprotov6.SchemaAttribute{
			{Name: "name", Type: tftypes.String, Required: true},
			{Name: "ttl", Type: tftypes.Number, Optional: true},
			{Name: "value", Type: tftypes.String, Computed: true},
		},
	}}
}

// closedLeases remembers the leases this process closed (ephemeral_close_twice_crash).
var closedLeases sync.Map

func unknownToken(name string) []*tfprotov6.Diagnostic {
	return []*tfprotov6.Diagnostic{errorDiag("Unknown ephemeral resource type", "terraform-provider-tfcfault has no ephemeral resource named "+name)}
}

func (p *provider) ValidateEphemeralResourceConfig(_ context.Context, req *tfprotov6.ValidateEphemeralResourceConfigRequest) (*tfprotov6.ValidateEphemeralResourceConfigResponse, error) {
	resp := &tfprotov6.ValidateEphemeralResourceConfigResponse{}
	if req.TypeName != tokenTypeName {
		resp.Diagnostics = unknownToken(req.TypeName)
	} else if _, err := decode(req.Config, tokenType); err != nil {
		resp.Diagnostics = append(resp.Diagnostics, errorDiag("Invalid configuration", err.Error()))
	}
	return resp, nil
}

// renewAt is when a lease of ttl seconds (a number value) needs renewing; zero when it does not.
func (p *provider) renewAt(ttl tftypes.Value) time.Time {
	if p.mode == "ephemeral_renew_past" {
		return time.Now().Add(-time.Minute)
	}
	f := new(big.Float)
	if !ttl.IsKnown() || ttl.IsNull() || ttl.As(&f) != nil || f.Sign() <= 0 {
		return time.Time{}
	}
	seconds, _ := f.Float64()
	return time.Now().Add(time.Duration(min(seconds, 1e6) * float64(time.Second)))
}

func (p *provider) OpenEphemeralResource(_ context.Context, req *tfprotov6.OpenEphemeralResourceRequest) (*tfprotov6.OpenEphemeralResourceResponse, error) {
	resp := &tfprotov6.OpenEphemeralResourceResponse{}
	if req.TypeName != tokenTypeName {
		resp.Diagnostics = unknownToken(req.TypeName)
		return resp, nil
	}
	config, err := decode(req.Config, tokenType)
	if err != nil {
		resp.Diagnostics = append(resp.Diagnostics, errorDiag("Invalid configuration", err.Error()))
		return resp, nil
	}
	if p.mode == "ephemeral_deferred" {
		resp.Deferred = &tfprotov6.Deferred{Reason: tfprotov6.DeferredReasonResourceConfigUnknown}
		return resp, nil
	}
	attrs := attrsOf(config)
	name, _ := stringOf(attrs["name"])
	attrs["value"] = knownString("token-" + name)
	switch p.mode {
	case "ephemeral_unknown_value":
		attrs["value"] = unknownOf(tftypes.String)
	case "ephemeral_config_changed":
		attrs["name"] = knownString(name + "-x")
	}
	resp.RenewAt = p.renewAt(attrs["ttl"])
	resp.Private = []byte("lease:" + name)
	if p.mode == "ephemeral_null_result" {
		return resp, nil
	}
	resp.Result, err = encode(tokenType, tftypes.NewValue(tokenType, attrs))
	return resp, err
}

// lease is the name a private value leases, if it is one Open returned.
func lease(private []byte) (string, bool) {
	return strings.CutPrefix(string(private), "lease:")
}

func (p *provider) RenewEphemeralResource(_ context.Context, req *tfprotov6.RenewEphemeralResourceRequest) (*tfprotov6.RenewEphemeralResourceResponse, error) {
	resp := &tfprotov6.RenewEphemeralResourceResponse{}
	if _, ok := lease(req.Private); !ok {
		resp.Diagnostics = append(resp.Diagnostics, errorDiag("Unknown lease", "the private data is not a lease of tfcfault_token"))
		return resp, nil
	}
	if p.mode == "ephemeral_renew_past" {
		resp.RenewAt = time.Now().Add(-time.Minute)
	}
	resp.Private = req.Private
	return resp, nil
}

func (p *provider) CloseEphemeralResource(_ context.Context, req *tfprotov6.CloseEphemeralResourceRequest) (*tfprotov6.CloseEphemeralResourceResponse, error) {
	resp := &tfprotov6.CloseEphemeralResourceResponse{}
	if _, ok := lease(req.Private); !ok || p.mode == "ephemeral_private_rejected" {
		resp.Diagnostics = append(resp.Diagnostics, errorDiag("Unknown lease", "the private data is not a lease of tfcfault_token"))
		return resp, nil
	}
	if _, again := closedLeases.LoadOrStore(string(req.Private), true); again && p.mode == "ephemeral_close_twice_crash" {
		os.Exit(3)
	}
	return resp, nil
}
