package main

import (
	"context"
	"math/big"

	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/int64default"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/int64planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/stringplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/types"
	"github.com/hashicorp/terraform-plugin-go/tftypes"
)

// badgeResource changes across releases:
//   - release 1, schema version 0: computed `fingerprint`;
//   - release 2, schema version 1, a clean upgrade: `fingerprint` renamed `digest`, and a new
//     optional+computed `max_depth` with default -1 and RequiresReplace (what hashicorp/tls
//     v4.2.0 did with max_path_length); the upgrader carries fingerprint over and sets -1;
//   - release 3, release 2's schema with a broken upgrader (planted, see upgradeBadgeFromV0).
type badgeResource struct {
	release int
}

var (
	_ resource.ResourceWithModifyPlan   = (*badgeResource)(nil)
	_ resource.ResourceWithUpgradeState = (*badgeResource)(nil)
)

// badgeDefaultMaxDepth is max_depth when the configuration leaves it out (releases 2 and 3).
const badgeDefaultMaxDepth = -1

func (r *badgeResource) Metadata(_ context.Context, req resource.MetadataRequest, resp *resource.MetadataResponse) {
	resp.TypeName = req.ProviderTypeName + "_badge"
}

// badgeSchema is the schema of a release: version 0 in release 1, version 1 from release 2.
func badgeSchema(release int) schema.Schema {
	attrs := map[string]schema.Attribute{
		"id": schema.StringAttribute{Computed: true, Description: "Derived from name."},
		"name": schema.StringAttribute{
			Required:      true,
			PlanModifiers: []planmodifier.String{stringplanmodifier.RequiresReplace()},
		},
		"label": schema.StringAttribute{Optional: true},
		"size":  schema.Int64Attribute{Optional: true},
	}
	if release == 1 {
		attrs["fingerprint"] = schema.StringAttribute{Computed: true, Description: "Hex SHA-256 of name."}
		return schema.Schema{Version: 0, Description: "A badge derived from its name.", Attributes: attrs}
	}
	attrs["digest"] = schema.StringAttribute{Computed: true, Description: "Hex SHA-256 of name (fingerprint before release 2)."}
	attrs["max_depth"] = schema.Int64Attribute{
		Optional:      true,
		Computed:      true,
		Default:       int64default.StaticInt64(badgeDefaultMaxDepth),
		PlanModifiers: []planmodifier.Int64{int64planmodifier.RequiresReplace()},
		Description:   "New in release 2; -1 when not set. A change replaces the badge.",
	}
	return schema.Schema{Version: 1, Description: "A badge derived from its name.", Attributes: attrs}
}

// digestAttribute is the name of the computed hash in a release.
func digestAttribute(release int) string {
	if release == 1 {
		return "fingerprint"
	}
	return "digest"
}

func (r *badgeResource) Schema(_ context.Context, _ resource.SchemaRequest, resp *resource.SchemaResponse) {
	resp.Schema = badgeSchema(r.release)
}

// ModifyPlan plans the values derived from name exactly (unknown while name is), so a
// replacement plans the new name's values rather than keeping the old ones.
func (r *badgeResource) ModifyPlan(ctx context.Context, req resource.ModifyPlanRequest, resp *resource.ModifyPlanResponse) {
	if req.Plan.Raw.IsNull() {
		return
	}
	var name types.String
	resp.Diagnostics.Append(req.Plan.GetAttribute(ctx, path.Root("name"), &name)...)
	if resp.Diagnostics.HasError() || name.IsUnknown() || name.IsNull() {
		return
	}
	resp.Diagnostics.Append(resp.Plan.SetAttribute(ctx, path.Root("id"), idOf("badge", name.ValueString()))...)
	resp.Diagnostics.Append(resp.Plan.SetAttribute(ctx, path.Root(digestAttribute(r.release)), digestOf(name.ValueString()))...)
}

// Create derives everything from the configuration: the plan is already complete.
func (r *badgeResource) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	resp.State.Raw = req.Plan.Raw.Copy()
}

// Read returns the prior state: nothing exists outside it.
func (r *badgeResource) Read(context.Context, resource.ReadRequest, *resource.ReadResponse) {}

func (r *badgeResource) Update(ctx context.Context, req resource.UpdateRequest, resp *resource.UpdateResponse) {
	resp.State.Raw = req.Plan.Raw.Copy()
}

func (r *badgeResource) Delete(context.Context, resource.DeleteRequest, *resource.DeleteResponse) {}

func (r *badgeResource) UpgradeState(context.Context) map[int64]resource.StateUpgrader {
	if r.release == 1 {
		return nil
	}
	prior := badgeSchema(1)
	return map[int64]resource.StateUpgrader{
		0: {PriorSchema: &prior, StateUpgrader: r.upgradeBadgeFromV0},
	}
}

// upgradeBadgeFromV0 turns a release-1 state into the version-1 schema.
func (r *badgeResource) upgradeBadgeFromV0(ctx context.Context, req resource.UpgradeStateRequest, resp *resource.UpgradeStateResponse) {
	var old map[string]tftypes.Value
	if err := req.State.Raw.As(&old); err != nil {
		resp.Diagnostics.AddError("cannot upgrade badge state", err.Error())
		return
	}
	upgraded := map[string]tftypes.Value{
		"id":        old["id"],
		"name":      old["name"],
		"label":     old["label"],
		"size":      old["size"],
		"digest":    old["fingerprint"],
		"max_depth": tftypes.NewValue(tftypes.Number, big.NewFloat(badgeDefaultMaxDepth)),
	}
	if r.release == 3 {
		// PLANTED BREAK (release 3): max_depth stays null. The next plan gives it its default -1,
		// and RequiresReplace turns that into a replacement of every badge nobody touched:
		// hashicorp/tls v4.2.0's max_path_length.
		upgraded["max_depth"] = tftypes.NewValue(tftypes.Number, nil)
		// PLANTED BREAK (release 3): label is dropped, a value lost; where the configuration
		// sets it, the next plan updates it back.
		upgraded["label"] = tftypes.NewValue(tftypes.String, nil)
	}
	resp.State.Raw = tftypes.NewValue(resp.State.Schema.Type().TerraformType(ctx), upgraded)
}
