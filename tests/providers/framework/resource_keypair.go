package main

import (
	"context"
	"math/big"

	"github.com/hashicorp/terraform-plugin-framework-validators/int64validator"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/int64default"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/int64planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/stringplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-go/tftypes"
)

// keypairResource is the producer of the wired resources, as tls_private_key is for tls: its
// private_pem (random bytes in a "FIXTURE PRIVATE KEY" PEM block, made at create and kept
// afterwards) is what tfcfixture_certificate, tfcfixture_signed and tfcfixture_key_info need.
type keypairResource struct {
	derivedResource
}

var (
	_ resource.ResourceWithConfigure   = (*keypairResource)(nil)
	_ resource.ResourceWithImportState = (*keypairResource)(nil)
)

const (
	keypairDefaultBits = 8
	keypairMaxBits     = 4096
)

func newKeypairResource() resource.Resource {
	return &keypairResource{derivedResource{
		storedResource: storedResource{kind: "keypair", computed: map[string]func() tftypes.Value{"id": newID}},
		derive:         deriveKeypair,
	}}
}

// deriveKeypair makes bits random bits (rounded up to whole bytes) into private_pem.
func deriveKeypair(planned map[string]tftypes.Value) (map[string]tftypes.Value, diag.Diagnostics) {
	var diags diag.Diagnostics
	bits := int64(keypairDefaultBits)
	if v := planned["bits"]; v.IsKnown() && !v.IsNull() {
		var n big.Float
		if err := v.As(&n); err != nil {
			diags.AddAttributeError(path.Root("bits"), "Invalid bits", err.Error())
			return nil, diags
		}
		bits, _ = n.Int64()
	}
	if bits < 8 || bits > keypairMaxBits {
		diags.AddAttributeError(path.Root("bits"), "Invalid bits", "bits must be between 8 and 4096")
		return nil, diags
	}
	key := randomBytes(int((bits + 7) / 8))
	return map[string]tftypes.Value{"private_pem": tftypes.NewValue(tftypes.String, encodePEM(privateKeyPEMType, key))}, diags
}

func (r *keypairResource) Metadata(_ context.Context, req resource.MetadataRequest, resp *resource.MetadataResponse) {
	resp.TypeName = req.ProviderTypeName + "_keypair"
}

func (r *keypairResource) Schema(_ context.Context, _ resource.SchemaRequest, resp *resource.SchemaResponse) {
	keep := []planmodifier.String{stringplanmodifier.UseStateForUnknown()}
	resp.Schema = schema.Schema{
		Description: "A fixture key pair stored as a JSON file: random bytes in a PEM block of type " +
			"\"FIXTURE PRIVATE KEY\", made at create and stable afterwards. Not a real key; the input of " +
			"tfcfixture_certificate, tfcfixture_signed and tfcfixture_key_info.",
		Attributes: map[string]schema.Attribute{
			"id": schema.StringAttribute{Computed: true, PlanModifiers: keep},
			"bits": schema.Int64Attribute{
				Optional:      true,
				Computed:      true,
				Default:       int64default.StaticInt64(keypairDefaultBits),
				Description:   "Size of the key in bits, from 8 to 4096 (default 8). Changing it makes a new key.",
				Validators:    []validator.Int64{int64validator.Between(8, keypairMaxBits)},
				PlanModifiers: []planmodifier.Int64{int64planmodifier.RequiresReplace()},
			},
			"private_pem": schema.StringAttribute{
				Computed:      true,
				Sensitive:     true,
				Description:   "The private key, PEM-encoded (block type \"FIXTURE PRIVATE KEY\").",
				PlanModifiers: keep,
			},
		},
	}
}
