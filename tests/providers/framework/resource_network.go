package main

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/stringplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/types"
	"github.com/hashicorp/terraform-plugin-go/tftypes"
)

// networkResource covers nested attributes of every nesting (single, list, set, map), a nested
// attribute inside a nested attribute, and a dynamic attribute.
type networkResource struct {
	storedResource
}

var (
	_ resource.ResourceWithConfigure   = (*networkResource)(nil)
	_ resource.ResourceWithImportState = (*networkResource)(nil)
)

func newNetworkResource() resource.Resource {
	return &networkResource{storedResource{
		kind:     "network",
		computed: map[string]func() tftypes.Value{"id": newID},
	}}
}

func (r *networkResource) Metadata(_ context.Context, req resource.MetadataRequest, resp *resource.MetadataResponse) {
	resp.TypeName = req.ProviderTypeName + "_network"
}

func (r *networkResource) Schema(_ context.Context, _ resource.SchemaRequest, resp *resource.SchemaResponse) {
	rule := map[string]schema.Attribute{
		"protocol": schema.StringAttribute{Required: true},
		"port":     schema.Int64Attribute{Optional: true},
		"sources":  schema.SetAttribute{Optional: true, ElementType: types.StringType},
	}
	resp.Schema = schema.Schema{
		Description: "A network stored as a JSON file.",
		Attributes: map[string]schema.Attribute{
			"id": schema.StringAttribute{
				Computed:      true,
				PlanModifiers: []planmodifier.String{stringplanmodifier.UseStateForUnknown()},
			},
			"cidr": schema.StringAttribute{Required: true},
			"dns": schema.SingleNestedAttribute{
				Optional: true,
				Attributes: map[string]schema.Attribute{
					"domain":      schema.StringAttribute{Optional: true},
					"nameservers": schema.ListAttribute{Optional: true, ElementType: types.StringType},
				},
			},
			"routes": schema.ListNestedAttribute{
				Optional: true,
				NestedObject: schema.NestedAttributeObject{Attributes: map[string]schema.Attribute{
					"destination": schema.StringAttribute{Required: true},
					"gateway":     schema.StringAttribute{Optional: true},
					"metric":      schema.NumberAttribute{Optional: true},
				}},
			},
			"rules": schema.SetNestedAttribute{
				Optional:     true,
				NestedObject: schema.NestedAttributeObject{Attributes: rule},
			},
			"subnets": schema.MapNestedAttribute{
				Optional: true,
				NestedObject: schema.NestedAttributeObject{Attributes: map[string]schema.Attribute{
					"cidr":   schema.StringAttribute{Required: true},
					"public": schema.BoolAttribute{Optional: true},
					"dhcp": schema.SingleNestedAttribute{
						Optional: true,
						Attributes: map[string]schema.Attribute{
							"lease_seconds": schema.Int64Attribute{Optional: true},
						},
					},
				}},
			},
			"metadata": schema.DynamicAttribute{
				Optional:    true,
				Description: "Any value; stored with its type.",
			},
		},
	}
}
