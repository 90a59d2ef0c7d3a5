package main

import (
	"context"
	"time"

	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/booldefault"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/int64default"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/stringplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/types"
	"github.com/hashicorp/terraform-plugin-go/tftypes"
)

// serverResource covers blocks (list, set and single nesting, a block inside a block), plain
// sets and maps, sensitive and write-only attributes, defaults, UseStateForUnknown and
// RequiresReplace.
type serverResource struct {
	storedResource
}

var (
	_ resource.ResourceWithConfigure   = (*serverResource)(nil)
	_ resource.ResourceWithImportState = (*serverResource)(nil)
)

func newServerResource() resource.Resource {
	return &serverResource{storedResource{
		kind: "server",
		computed: map[string]func() tftypes.Value{
			"id": newID,
			"created_at": func() tftypes.Value {
				return tftypes.NewValue(tftypes.String, time.Now().UTC().Format(time.RFC3339))
			},
		},
	}}
}

func (r *serverResource) Metadata(_ context.Context, req resource.MetadataRequest, resp *resource.MetadataResponse) {
	resp.TypeName = req.ProviderTypeName + "_server"
}

func (r *serverResource) Schema(_ context.Context, _ resource.SchemaRequest, resp *resource.SchemaResponse) {
	keep := []planmodifier.String{stringplanmodifier.UseStateForUnknown()}
	resp.Schema = schema.Schema{
		Description: "A server stored as a JSON file.",
		Attributes: map[string]schema.Attribute{
			"id":         schema.StringAttribute{Computed: true, PlanModifiers: keep},
			"created_at": schema.StringAttribute{Computed: true, PlanModifiers: keep},
			"name": schema.StringAttribute{
				Required:      true,
				PlanModifiers: []planmodifier.String{stringplanmodifier.RequiresReplace()},
			},
			"size":        schema.Int64Attribute{Optional: true, Computed: true, Default: int64default.StaticInt64(1)},
			"enabled":     schema.BoolAttribute{Optional: true, Computed: true, Default: booldefault.StaticBool(true)},
			"description": schema.StringAttribute{Optional: true},
			"tags":        schema.MapAttribute{Optional: true, ElementType: types.StringType},
			"labels":      schema.SetAttribute{Optional: true, ElementType: types.StringType},
			"ports":       schema.ListAttribute{Optional: true, ElementType: types.Int64Type},
			"password":    schema.StringAttribute{Optional: true, Sensitive: true},
			"token": schema.StringAttribute{
				Optional:    true,
				WriteOnly:   true,
				Description: "Write-only: accepted at apply, never stored nor returned.",
			},
		},
		Blocks: map[string]schema.Block{
			"disk": schema.ListNestedBlock{
				NestedObject: schema.NestedBlockObject{
					Attributes: map[string]schema.Attribute{
						"size_gb": schema.Int64Attribute{Required: true},
						"label":   schema.StringAttribute{Optional: true},
					},
					Blocks: map[string]schema.Block{
						"encryption": schema.SingleNestedBlock{
							Attributes: map[string]schema.Attribute{
								"algorithm": schema.StringAttribute{Optional: true},
								"key":       schema.StringAttribute{Optional: true, Sensitive: true},
							},
						},
					},
				},
			},
			"network_interface": schema.SetNestedBlock{
				NestedObject: schema.NestedBlockObject{
					Attributes: map[string]schema.Attribute{
						"network": schema.StringAttribute{Required: true},
						"address": schema.StringAttribute{Optional: true},
					},
				},
			},
			"boot": schema.SingleNestedBlock{
				Attributes: map[string]schema.Attribute{
					"image":   schema.StringAttribute{Optional: true},
					"options": schema.MapAttribute{Optional: true, ElementType: types.StringType},
				},
			},
		},
	}
}
