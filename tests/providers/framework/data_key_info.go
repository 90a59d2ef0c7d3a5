package main

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework/datasource"
	"github.com/hashicorp/terraform-plugin-framework/datasource/schema"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/types"
)

// keyInfoDataSource reads another resource's output, as tls_public_key reads a private key PEM:
// private_pem must be a tfcfixture_keypair's, else the read is refused with "Failed to parse
// private key PEM" at that attribute.
type keyInfoDataSource struct{}

type keyInfoModel struct {
	PrivatePEM  types.String `tfsdk:"private_pem"`
	Fingerprint types.String `tfsdk:"fingerprint"`
}

func newKeyInfoDataSource() datasource.DataSource { return &keyInfoDataSource{} }

func (d *keyInfoDataSource) Metadata(_ context.Context, req datasource.MetadataRequest, resp *datasource.MetadataResponse) {
	resp.TypeName = req.ProviderTypeName + "_key_info"
}

func (d *keyInfoDataSource) Schema(_ context.Context, _ datasource.SchemaRequest, resp *datasource.SchemaResponse) {
	resp.Schema = schema.Schema{
		Description: "The fingerprint of a tfcfixture_keypair's private key.",
		Attributes: map[string]schema.Attribute{
			"private_pem": schema.StringAttribute{
				Required:    true,
				Sensitive:   true,
				Description: "Private key PEM (block type \"FIXTURE PRIVATE KEY\"): the private_pem of a tfcfixture_keypair.",
			},
			"fingerprint": schema.StringAttribute{
				Computed:    true,
				Description: "SHA-256 of the key's bytes, in hex.",
			},
		},
	}
}

func (d *keyInfoDataSource) Read(ctx context.Context, req datasource.ReadRequest, resp *datasource.ReadResponse) {
	var m keyInfoModel
	resp.Diagnostics.Append(req.Config.Get(ctx, &m)...)
	if resp.Diagnostics.HasError() {
		return
	}
	key := parsePrivateKey(m.PrivatePEM.ValueString(), path.Root("private_pem"), &resp.Diagnostics)
	if resp.Diagnostics.HasError() {
		return
	}
	m.Fingerprint = types.StringValue(sha256Hex(key))
	resp.Diagnostics.Append(resp.State.Set(ctx, &m)...)
}
