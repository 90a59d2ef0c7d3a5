package main

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/stringplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/types"
)

// noteResource is the same in releases 1 and 2 (schema version 0). Release 3 removes the
// optional `color` without bumping the version: PLANTED BREAK, a configuration release 1
// accepted (one setting color) is refused by release 3.
type noteResource struct {
	release int
}

func (r *noteResource) Metadata(_ context.Context, req resource.MetadataRequest, resp *resource.MetadataResponse) {
	resp.TypeName = req.ProviderTypeName + "_note"
}

func noteSchema(release int) schema.Schema {
	attrs := map[string]schema.Attribute{
		"id": schema.StringAttribute{
			Computed:      true,
			Description:   "Derived from text at create, kept afterwards.",
			PlanModifiers: []planmodifier.String{stringplanmodifier.UseStateForUnknown()},
		},
		"text": schema.StringAttribute{Required: true},
	}
	if release < 3 {
		attrs["color"] = schema.StringAttribute{Optional: true}
	}
	return schema.Schema{Version: 0, Description: "A note.", Attributes: attrs}
}

func (r *noteResource) Schema(_ context.Context, _ resource.SchemaRequest, resp *resource.SchemaResponse) {
	resp.Schema = noteSchema(r.release)
}

// Create takes the configuration and derives the id from text.
func (r *noteResource) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	var text types.String
	resp.Diagnostics.Append(req.Plan.GetAttribute(ctx, path.Root("text"), &text)...)
	if resp.Diagnostics.HasError() {
		return
	}
	resp.State.Raw = req.Plan.Raw.Copy()
	resp.Diagnostics.Append(resp.State.SetAttribute(ctx, path.Root("id"), idOf("note", text.ValueString()))...)
}

// Read returns the prior state: nothing exists outside it.
func (r *noteResource) Read(context.Context, resource.ReadRequest, *resource.ReadResponse) {}

func (r *noteResource) Update(ctx context.Context, req resource.UpdateRequest, resp *resource.UpdateResponse) {
	resp.State.Raw = req.Plan.Raw.Copy()
}

func (r *noteResource) Delete(context.Context, resource.DeleteRequest, *resource.DeleteResponse) {}
