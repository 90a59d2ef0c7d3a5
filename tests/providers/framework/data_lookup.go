package main

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/datasource"
	"github.com/hashicorp/terraform-plugin-framework/datasource/schema"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"
)

// lookupDataSource finds stored objects of one kind by name prefix. Unlike tfcfixture_objects,
// its inputs are checked by validators (an enumeration, a length and a regular expression), so
// most generated inputs are refused before Read.
type lookupDataSource struct {
	store *objectStore
}

type lookupModel struct {
	Kind       types.String `tfsdk:"kind"`
	NamePrefix types.String `tfsdk:"name_prefix"`
	IDs        types.List   `tfsdk:"ids"`
	Total      types.Int64  `tfsdk:"total"`
}

var _ datasource.DataSourceWithConfigure = (*lookupDataSource)(nil)

func newLookupDataSource() datasource.DataSource { return &lookupDataSource{} }

func (d *lookupDataSource) Metadata(_ context.Context, req datasource.MetadataRequest, resp *datasource.MetadataResponse) {
	resp.TypeName = req.ProviderTypeName + "_lookup"
}

func (d *lookupDataSource) Schema(_ context.Context, _ datasource.SchemaRequest, resp *datasource.SchemaResponse) {
	resp.Schema = schema.Schema{
		Description: "Ids of the stored objects of one kind whose name starts with a prefix.",
		Attributes: map[string]schema.Attribute{
			"kind": schema.StringAttribute{
				Required:            true,
				MarkdownDescription: "Kind of object. Valid values are `server`, `record` and `validated`.",
				Validators:          []validator.String{stringvalidator.OneOf("server", "record", "validated")},
			},
			"name_prefix": schema.StringAttribute{
				Optional: true,
				Validators: []validator.String{
					stringvalidator.LengthBetween(1, 32),
					stringvalidator.RegexMatches(lowerName, lowerNameMessage),
				},
			},
			"ids":   schema.ListAttribute{Computed: true, ElementType: types.StringType},
			"total": schema.Int64Attribute{Computed: true},
		},
	}
}

func (d *lookupDataSource) Configure(_ context.Context, req datasource.ConfigureRequest, resp *datasource.ConfigureResponse) {
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

func (d *lookupDataSource) Read(ctx context.Context, req datasource.ReadRequest, resp *datasource.ReadResponse) {
	var m lookupModel
	resp.Diagnostics.Append(req.Config.Get(ctx, &m)...)
	if resp.Diagnostics.HasError() {
		return
	}
	store := d.store
	if store == nil {
		store = &objectStore{dir: defaultDir()}
	}
	kind := m.Kind.ValueString()
	all, err := store.ids(kind)
	if err != nil {
		resp.Diagnostics.AddError("cannot list "+kind, err.Error())
		return
	}
	ids := []string{}
	for _, id := range all {
		obj, found, err := store.get(kind, id)
		if err != nil {
			resp.Diagnostics.AddError("cannot read "+kind+" "+id, err.Error())
			return
		}
		var named struct {
			Name string `json:"name"`
		}
		if found && json.Unmarshal(obj.Value, &named) == nil && strings.HasPrefix(named.Name, m.NamePrefix.ValueString()) {
			ids = append(ids, id)
		}
	}
	list, diags := types.ListValueFrom(ctx, types.StringType, ids)
	resp.Diagnostics.Append(diags...)
	m.IDs = list
	m.Total = types.Int64Value(int64(len(ids)))
	resp.Diagnostics.Append(resp.State.Set(ctx, &m)...)
}
