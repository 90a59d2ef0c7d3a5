package main

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"time"

	"github.com/hashicorp/terraform-plugin-framework/ephemeral"
	"github.com/hashicorp/terraform-plugin-framework/ephemeral/schema"
	"github.com/hashicorp/terraform-plugin-framework/provider"
	"github.com/hashicorp/terraform-plugin-framework/types"
)

var _ provider.ProviderWithEphemeralResources = (*fixtureProvider)(nil)

func (p *fixtureProvider) EphemeralResources(context.Context) []func() ephemeral.EphemeralResource {
	return []func() ephemeral.EphemeralResource{newTokenEphemeral}
}

// tokenEphemeral is an honest ephemeral resource: Open derives a token from name and leases
// it for ttl_seconds (renew_at set when ttl_seconds is); the lease travels as private data,
// which Renew and Close require.
type tokenEphemeral struct{}

var (
	_ ephemeral.EphemeralResourceWithRenew = tokenEphemeral{}
	_ ephemeral.EphemeralResourceWithClose = tokenEphemeral{}
)

func newTokenEphemeral() ephemeral.EphemeralResource { return tokenEphemeral{} }

type tokenModel struct {
	Name       types.String `tfsdk:"name"`
	TTLSeconds types.Int64  `tfsdk:"ttl_seconds"`
	Value      types.String `tfsdk:"value"`
	ExpiresAt  types.String `tfsdk:"expires_at"`
}

type tokenLease struct {
	Issued     bool   `json:"issued"` // set by Open: an empty name is a lease too
	Name       string `json:"name"`
	TTLSeconds int64  `json:"ttl_seconds"`
}

const leaseKey = "lease"

func (tokenEphemeral) Metadata(_ context.Context, req ephemeral.MetadataRequest, resp *ephemeral.MetadataResponse) {
	resp.TypeName = req.ProviderTypeName + "_token"
}

func (tokenEphemeral) Schema(_ context.Context, _ ephemeral.SchemaRequest, resp *ephemeral.SchemaResponse) {
	resp.Schema = schema.Schema{
		Description: "A short-lived token derived from name.",
		Attributes: map[string]schema.Attribute{
			"name":        schema.StringAttribute{Required: true},
			"ttl_seconds": schema.Int64Attribute{Optional: true, Description: "Lease length; renew_at is set when given."},
			"value":       schema.StringAttribute{Computed: true, Sensitive: true},
			"expires_at":  schema.StringAttribute{Computed: true},
		},
	}
}

func (tokenEphemeral) Open(ctx context.Context, req ephemeral.OpenRequest, resp *ephemeral.OpenResponse) {
	var m tokenModel
	resp.Diagnostics.Append(req.Config.Get(ctx, &m)...)
	if resp.Diagnostics.HasError() {
		return
	}
	sum := sha256.Sum256([]byte(m.Name.ValueString()))
	m.Value = types.StringValue(hex.EncodeToString(sum[:8]))
	lease := tokenLease{Issued: true, Name: m.Name.ValueString()}
	m.ExpiresAt = types.StringNull()
	if !m.TTLSeconds.IsNull() && m.TTLSeconds.ValueInt64() > 0 {
		lease.TTLSeconds = min(m.TTLSeconds.ValueInt64(), 1<<30)
		resp.RenewAt = time.Now().Add(time.Duration(lease.TTLSeconds) * time.Second)
		m.ExpiresAt = types.StringValue(resp.RenewAt.UTC().Format(time.RFC3339))
	}
	raw, _ := json.Marshal(lease)
	resp.Diagnostics.Append(resp.Private.SetKey(ctx, leaseKey, raw)...)
	resp.Diagnostics.Append(resp.Result.Set(ctx, &m)...)
}

// leaseOf reads the lease Open stored in the private data.
func leaseOf(ctx context.Context, raw []byte) (tokenLease, bool) {
	var lease tokenLease
	if len(raw) == 0 || json.Unmarshal(raw, &lease) != nil || !lease.Issued {
		return lease, false
	}
	return lease, true
}

func (tokenEphemeral) Renew(ctx context.Context, req ephemeral.RenewRequest, resp *ephemeral.RenewResponse) {
	raw, diags := req.Private.GetKey(ctx, leaseKey)
	resp.Diagnostics.Append(diags...)
	lease, ok := leaseOf(ctx, raw)
	if !ok {
		resp.Diagnostics.AddError("Unknown lease", "the private data holds no lease from Open")
		return
	}
	if lease.TTLSeconds > 0 {
		resp.RenewAt = time.Now().Add(time.Duration(lease.TTLSeconds) * time.Second)
	}
	resp.Private = req.Private
}

func (tokenEphemeral) Close(ctx context.Context, req ephemeral.CloseRequest, resp *ephemeral.CloseResponse) {
	raw, diags := req.Private.GetKey(ctx, leaseKey)
	resp.Diagnostics.Append(diags...)
	if _, ok := leaseOf(ctx, raw); !ok {
		resp.Diagnostics.AddError("Unknown lease", "the private data holds no lease from Open")
	}
}
