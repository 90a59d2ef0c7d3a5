package main

import (
	"context"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/stringplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/types"
	"github.com/hashicorp/terraform-plugin-go/tftypes"
)

// recordResource covers a schema version above zero with a state upgrader from version 0,
// where labels was one comma-separated string; version 1 holds them as a list.
type recordResource struct {
	storedResource
}

var (
	_ resource.ResourceWithConfigure    = (*recordResource)(nil)
	_ resource.ResourceWithImportState  = (*recordResource)(nil)
	_ resource.ResourceWithUpgradeState = (*recordResource)(nil)
)

func newRecordResource() resource.Resource {
	return &recordResource{storedResource{
		kind:          "record",
		schemaVersion: 1,
		computed:      map[string]func() tftypes.Value{"id": newID},
	}}
}

func (r *recordResource) Metadata(_ context.Context, req resource.MetadataRequest, resp *resource.MetadataResponse) {
	resp.TypeName = req.ProviderTypeName + "_record"
}

func recordSchema(version int64) schema.Schema {
	labels := schema.Attribute(schema.ListAttribute{Optional: true, ElementType: types.StringType})
	if version == 0 {
		labels = schema.StringAttribute{Optional: true}
	}
	return schema.Schema{
		Version:     version,
		Description: "A record stored as a JSON file.",
		Attributes: map[string]schema.Attribute{
			"id": schema.StringAttribute{
				Computed:      true,
				PlanModifiers: []planmodifier.String{stringplanmodifier.UseStateForUnknown()},
			},
			"name":   schema.StringAttribute{Required: true},
			"labels": labels,
		},
	}
}

func (r *recordResource) Schema(_ context.Context, _ resource.SchemaRequest, resp *resource.SchemaResponse) {
	resp.Schema = recordSchema(1)
}

func (r *recordResource) UpgradeState(context.Context) map[int64]resource.StateUpgrader {
	prior := recordSchema(0)
	return map[int64]resource.StateUpgrader{
		0: {PriorSchema: &prior, StateUpgrader: upgradeRecordFromV0},
	}
}

// upgradeRecordFromV0 splits the version-0 labels string on commas; null stays null and the
// empty string becomes the empty list.
func upgradeRecordFromV0(ctx context.Context, req resource.UpgradeStateRequest, resp *resource.UpgradeStateResponse) {
	var attrs map[string]tftypes.Value
	if err := req.State.Raw.As(&attrs); err != nil {
		resp.Diagnostics.AddError("cannot upgrade record state", err.Error())
		return
	}
	listType := tftypes.List{ElementType: tftypes.String}
	labels := tftypes.NewValue(listType, nil)
	if old := attrs["labels"]; old.IsKnown() && !old.IsNull() {
		var joined string
		if err := old.As(&joined); err != nil {
			resp.Diagnostics.AddError("cannot upgrade record state", err.Error())
			return
		}
		elems := []tftypes.Value{}
		if joined != "" {
			for _, part := range strings.Split(joined, ",") {
				elems = append(elems, tftypes.NewValue(tftypes.String, part))
			}
		}
		labels = tftypes.NewValue(listType, elems)
	}
	attrs["labels"] = labels
	resp.State.Raw = tftypes.NewValue(resp.State.Schema.Type().TerraformType(ctx), attrs)
}
