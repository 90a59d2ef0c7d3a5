package main

import (
	"context"
	"fmt"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/stringplanmodifier"
	"github.com/hashicorp/terraform-plugin-go/tftypes"
)

// certificateResource needs another resource's output, as tls_cert_request needs the PEM of a
// tls_private_key: its private_pem must be a tfcfixture_keypair's private_pem, else create is
// refused with "Failed to parse private key PEM" at that attribute (plan accepts any string).
type certificateResource struct {
	derivedResource
}

var (
	_ resource.ResourceWithConfigure   = (*certificateResource)(nil)
	_ resource.ResourceWithImportState = (*certificateResource)(nil)
)

func newCertificateResource() resource.Resource {
	return &certificateResource{derivedResource{
		storedResource: storedResource{kind: "certificate", computed: map[string]func() tftypes.Value{"id": newID}},
		derive:         deriveCertificate,
	}}
}

// parsePrivateKey decodes a keypair's private_pem, or adds the error tls gives at that path.
func parsePrivateKey(text string, at path.Path, diags *diag.Diagnostics) []byte {
	key, err := decodePEM(text, privateKeyPEMType)
	if err != nil {
		diags.AddAttributeError(at, "Failed to parse private key PEM", err.Error())
	}
	return key
}

// deriveCertificate makes cert_pem from the subject, the key's digest and a random serial.
func deriveCertificate(planned map[string]tftypes.Value) (map[string]tftypes.Value, diag.Diagnostics) {
	var diags diag.Diagnostics
	key := parsePrivateKey(knownString(planned, "private_pem"), path.Root("private_pem"), &diags)
	if diags.HasError() {
		return nil, diags
	}
	body := fmt.Sprintf("subject=%s\nkey-sha256=%s\nserial=%s\n", knownString(planned, "subject"), sha256Hex(key),
		sha256Hex(randomBytes(8))[:16])
	return map[string]tftypes.Value{"cert_pem": tftypes.NewValue(tftypes.String, encodePEM(certificatePEMType, []byte(body)))}, diags
}

func (r *certificateResource) Metadata(_ context.Context, req resource.MetadataRequest, resp *resource.MetadataResponse) {
	resp.TypeName = req.ProviderTypeName + "_certificate"
}

func (r *certificateResource) Schema(_ context.Context, _ resource.SchemaRequest, resp *resource.SchemaResponse) {
	keep := []planmodifier.String{stringplanmodifier.UseStateForUnknown()}
	replace := []planmodifier.String{stringplanmodifier.RequiresReplace()}
	resp.Schema = schema.Schema{
		Description: "A fixture certificate stored as a JSON file, made from the private key of a " +
			"tfcfixture_keypair (private_pem = tfcfixture_keypair.<name>.private_pem) and a subject.",
		Attributes: map[string]schema.Attribute{
			"id": schema.StringAttribute{Computed: true, PlanModifiers: keep},
			"private_pem": schema.StringAttribute{
				Required:      true,
				Sensitive:     true,
				Description:   "Private key PEM (block type \"FIXTURE PRIVATE KEY\"): the private_pem of a tfcfixture_keypair.",
				PlanModifiers: replace,
			},
			"subject": schema.StringAttribute{
				Required:      true,
				Description:   "Who the certificate is for.",
				PlanModifiers: replace,
			},
			"cert_pem": schema.StringAttribute{
				Computed:      true,
				Description:   "The certificate, PEM-encoded (block type \"FIXTURE CERTIFICATE\").",
				PlanModifiers: keep,
			},
		},
	}
}
