package main

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/stringplanmodifier"
	"github.com/hashicorp/terraform-plugin-go/tftypes"
)

// signedResource is two levels of wiring, as tls_locally_signed_cert is: a certificate's cert_pem
// (which needs a keypair) signed with a keypair's private_pem. Create refuses an input that is
// not such an output, with tls's summaries at the attribute's path.
type signedResource struct {
	derivedResource
}

var (
	_ resource.ResourceWithConfigure   = (*signedResource)(nil)
	_ resource.ResourceWithImportState = (*signedResource)(nil)
)

func newSignedResource() resource.Resource {
	return &signedResource{derivedResource{
		storedResource: storedResource{kind: "signed", computed: map[string]func() tftypes.Value{"id": newID}},
		derive:         deriveSigned,
	}}
}

// deriveSigned makes signature, an HMAC-SHA256 of the certificate with the key, in hex.
func deriveSigned(planned map[string]tftypes.Value) (map[string]tftypes.Value, diag.Diagnostics) {
	var diags diag.Diagnostics
	cert, err := decodePEM(knownString(planned, "cert_pem"), certificatePEMType)
	if err != nil {
		diags.AddAttributeError(path.Root("cert_pem"), "Failed to parse certificate PEM", err.Error())
	}
	key := parsePrivateKey(knownString(planned, "ca_private_pem"), path.Root("ca_private_pem"), &diags)
	if diags.HasError() {
		return nil, diags
	}
	return map[string]tftypes.Value{"signature": tftypes.NewValue(tftypes.String, hmacHex(key, cert))}, diags
}

func (r *signedResource) Metadata(_ context.Context, req resource.MetadataRequest, resp *resource.MetadataResponse) {
	resp.TypeName = req.ProviderTypeName + "_signed"
}

func (r *signedResource) Schema(_ context.Context, _ resource.SchemaRequest, resp *resource.SchemaResponse) {
	keep := []planmodifier.String{stringplanmodifier.UseStateForUnknown()}
	replace := []planmodifier.String{stringplanmodifier.RequiresReplace()}
	resp.Schema = schema.Schema{
		Description: "A fixture certificate signature stored as a JSON file: the cert_pem of a " +
			"tfcfixture_certificate signed with the private_pem of a tfcfixture_keypair.",
		Attributes: map[string]schema.Attribute{
			"id": schema.StringAttribute{Computed: true, PlanModifiers: keep},
			"cert_pem": schema.StringAttribute{
				Required:      true,
				Description:   "Certificate PEM (block type \"FIXTURE CERTIFICATE\"): the cert_pem of a tfcfixture_certificate.",
				PlanModifiers: replace,
			},
			"ca_private_pem": schema.StringAttribute{
				Required:      true,
				Sensitive:     true,
				Description:   "Signing key PEM (block type \"FIXTURE PRIVATE KEY\"): the private_pem of a tfcfixture_keypair.",
				PlanModifiers: replace,
			},
			"signature": schema.StringAttribute{
				Computed:      true,
				Description:   "HMAC-SHA256 of the certificate with the signing key, in hex.",
				PlanModifiers: keep,
			},
		},
	}
}
