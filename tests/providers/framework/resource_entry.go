package main

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/identityschema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/stringplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/tfsdk"
	"github.com/hashicorp/terraform-plugin-go/tftypes"
)

// entryResource covers resource identity (identity {id}, import by id or by identity),
// MoveResourceState from its own type, and the list resource of the same name
// (list_entry.go). It stores like every resource here and sets its identity from the stored id
// in every answer.
type entryResource struct {
	storedResource
}

var (
	_ resource.ResourceWithConfigure   = (*entryResource)(nil)
	_ resource.ResourceWithIdentity    = (*entryResource)(nil)
	_ resource.ResourceWithImportState = (*entryResource)(nil)
	_ resource.ResourceWithMoveState   = (*entryResource)(nil)
)

const entryKind = "entry"

func newEntryResource() resource.Resource {
	return &entryResource{storedResource{kind: entryKind, computed: map[string]func() tftypes.Value{"id": newID}}}
}

func (r *entryResource) Metadata(_ context.Context, req resource.MetadataRequest, resp *resource.MetadataResponse) {
	resp.TypeName = req.ProviderTypeName + "_entry"
}

func entrySchema() schema.Schema {
	return schema.Schema{
		Description: "An entry with a resource identity, listable and movable.",
		Attributes: map[string]schema.Attribute{
			"id": schema.StringAttribute{
				Computed:      true,
				PlanModifiers: []planmodifier.String{stringplanmodifier.UseStateForUnknown()},
			},
			"name":        schema.StringAttribute{Required: true},
			"note":        schema.StringAttribute{Optional: true},
			"password_wo": schema.StringAttribute{Optional: true, WriteOnly: true},
		},
	}
}

func (r *entryResource) Schema(_ context.Context, _ resource.SchemaRequest, resp *resource.SchemaResponse) {
	resp.Schema = entrySchema()
}

func (r *entryResource) IdentitySchema(_ context.Context, _ resource.IdentitySchemaRequest, resp *resource.IdentitySchemaResponse) {
	resp.IdentitySchema = identityschema.Schema{
		Attributes: map[string]identityschema.Attribute{
			"id": identityschema.StringAttribute{RequiredForImport: true, Description: "The entry's id."},
		},
	}
}

// setIdentity sets identity.id from the id of state (nothing when the state has no id).
func setIdentity(ctx context.Context, state tftypes.Value, identity *tfsdk.ResourceIdentity) {
	if identity == nil {
		return
	}
	if id, err := stringAttribute(state, "id"); err == nil {
		identity.SetAttribute(ctx, path.Root("id"), id)
	}
}

func (r *entryResource) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	r.storedResource.Create(ctx, req, resp)
	setIdentity(ctx, resp.State.Raw, resp.Identity)
}

func (r *entryResource) Update(ctx context.Context, req resource.UpdateRequest, resp *resource.UpdateResponse) {
	r.storedResource.Update(ctx, req, resp)
	setIdentity(ctx, resp.State.Raw, resp.Identity)
}

func (r *entryResource) Read(ctx context.Context, req resource.ReadRequest, resp *resource.ReadResponse) {
	r.storedResource.Read(ctx, req, resp)
	if !resp.State.Raw.IsNull() {
		setIdentity(ctx, resp.State.Raw, resp.Identity)
	}
}

func (r *entryResource) ImportState(ctx context.Context, req resource.ImportStateRequest, resp *resource.ImportStateResponse) {
	resource.ImportStatePassthroughWithIdentity(ctx, path.Root("id"), path.Root("id"), req, resp)
}

// MoveState accepts a state of this very type (a `moved` block between two of its addresses
// in another provider configuration) and keeps it as it is.
func (r *entryResource) MoveState(context.Context) []resource.StateMover {
	source := entrySchema()
	return []resource.StateMover{{
		SourceSchema: &source,
		StateMover: func(ctx context.Context, req resource.MoveStateRequest, resp *resource.MoveStateResponse) {
			if req.SourceTypeName != "tfcfixture_entry" || req.SourceState == nil {
				return // not ours: the framework tries the next mover, then refuses
			}
			resp.TargetState.Raw = req.SourceState.Raw
			setIdentity(ctx, req.SourceState.Raw, resp.TargetIdentity)
		},
	}}
}
