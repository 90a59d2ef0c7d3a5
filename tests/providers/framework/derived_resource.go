package main

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-go/tftypes"
)

// derivedResource is a storedResource whose computed attributes are made from its inputs at
// create (a certificate from the private key it is given), and whose create is refused, as real
// providers refuse it, when an input is not what it must be. derive gets the planned top-level
// attributes and returns the computed ones to fill; the stored lifecycle does the rest.
type derivedResource struct {
	storedResource
	derive func(planned map[string]tftypes.Value) (map[string]tftypes.Value, diag.Diagnostics)
}

func (r *derivedResource) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	var attrs map[string]tftypes.Value
	if err := req.Plan.Raw.As(&attrs); err != nil {
		resp.Diagnostics.AddError("cannot create "+r.kind, err.Error())
		return
	}
	derived, diags := r.derive(attrs)
	resp.Diagnostics.Append(diags...)
	if resp.Diagnostics.HasError() {
		return
	}
	for name, v := range derived {
		if old, ok := attrs[name]; ok && !old.IsKnown() {
			attrs[name] = v
		}
	}
	typ := req.Plan.Schema.Type().TerraformType(ctx)
	var written diag.Diagnostics
	resp.State.Raw, written = r.write(ctx, tftypes.NewValue(typ, attrs), typ)
	resp.Diagnostics.Append(written...)
}

// knownString is a known, non-null string attribute's value, or "" (which no PEM decodes).
func knownString(attrs map[string]tftypes.Value, name string) string {
	v := attrs[name]
	var s string
	if v.IsKnown() && !v.IsNull() {
		_ = v.As(&s)
	}
	return s
}
