package main

import (
	"context"
	"fmt"

	"github.com/hashicorp/terraform-plugin-framework/datasource"
	"github.com/hashicorp/terraform-plugin-framework/datasource/schema"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/types"
)

// objectsDataSource lists the ids of the stored objects of one resource kind, so it reads real
// provider-side data and works before anything was created (an empty list).
type objectsDataSource struct {
	store *objectStore
}

type objectsModel struct {
	Kind  types.String `tfsdk:"kind"`
	IDs   types.List   `tfsdk:"ids"`
	Total types.Int64  `tfsdk:"total"`
}

var _ datasource.DataSourceWithConfigure = (*objectsDataSource)(nil)

func newObjectsDataSource() datasource.DataSource { return &objectsDataSource{} }

func (d *objectsDataSource) Metadata(_ context.Context, req datasource.MetadataRequest, resp *datasource.MetadataResponse) {
	resp.TypeName = req.ProviderTypeName + "_objects"
}

func (d *objectsDataSource) Schema(_ context.Context, _ datasource.SchemaRequest, resp *datasource.SchemaResponse) {
	resp.Schema = schema.Schema{
		Description: "Ids of the stored objects of one kind (server, network or record).",
		Attributes: map[string]schema.Attribute{
			"kind":  schema.StringAttribute{Required: true},
			"ids":   schema.ListAttribute{Computed: true, ElementType: types.StringType},
			"total": schema.Int64Attribute{Computed: true},
		},
	}
}

func (d *objectsDataSource) Configure(_ context.Context, req datasource.ConfigureRequest, resp *datasource.ConfigureResponse) {
	if req.ProviderData == nil {
		return
	}
	store, ok := req.ProviderData.(*objectStore)
	if !ok {
		resp.Diagnostics.AddError("unexpected provider data", fmt.Sprintf("got %T", req.ProviderData))
		return
	}
	d.store = store
}

func (d *objectsDataSource) Read(ctx context.Context, req datasource.ReadRequest, resp *datasource.ReadResponse) {
	var m objectsModel
	resp.Diagnostics.Append(req.Config.Get(ctx, &m)...)
	if resp.Diagnostics.HasError() {
		return
	}
	kind := m.Kind.ValueString()
	switch kind {
	case "server", "network", "record":
	default:
		resp.Diagnostics.AddAttributeError(path.Root("kind"), "unknown kind", fmt.Sprintf("%q is not one of server, network, record", kind))
		return
	}
	store := d.store
	if store == nil {
		store = &objectStore{dir: defaultDir()}
	}
	ids, err := store.ids(kind)
	if err != nil {
		resp.Diagnostics.AddError("cannot list "+kind, err.Error())
		return
	}
	list, diags := types.ListValueFrom(ctx, types.StringType, ids)
	resp.Diagnostics.Append(diags...)
	m.IDs = list
	m.Total = types.Int64Value(int64(len(ids)))
	resp.Diagnostics.Append(resp.State.Set(ctx, &m)...)
}
