package main

import (
	"context"
	"fmt"

	"github.com/hashicorp/terraform-plugin-framework/list"
	"github.com/hashicorp/terraform-plugin-framework/list/schema"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/provider"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/types"
	"github.com/hashicorp/terraform-plugin-go/tftypes"
)

var _ provider.ProviderWithListResources = (*fixtureProvider)(nil)

func (p *fixtureProvider) ListResources(context.Context) []func() list.ListResource {
	return []func() list.ListResource{newEntryList}
}

// entryList lists the stored entries (those named `name` when it is set), each with its
// identity and, when asked, its state exactly as Read would return it; at most `limit` of them.
type entryList struct {
	store *objectStore
}

var _ list.ListResourceWithConfigure = (*entryList)(nil)

func newEntryList() list.ListResource { return &entryList{} }

func (l *entryList) Metadata(_ context.Context, req resource.MetadataRequest, resp *resource.MetadataResponse) {
	resp.TypeName = req.ProviderTypeName + "_entry"
}

func (l *entryList) ListResourceConfigSchema(_ context.Context, _ list.ListResourceSchemaRequest, resp *list.ListResourceSchemaResponse) {
	resp.Schema = schema.Schema{
		Attributes: map[string]schema.Attribute{
			"name": schema.StringAttribute{Optional: true, Description: "Only entries with this name."},
		},
	}
}

func (l *entryList) Configure(_ context.Context, req resource.ConfigureRequest, resp *resource.ConfigureResponse) {
	if store, ok := req.ProviderData.(*objectStore); ok {
		l.store = store
	}
}

func (l *entryList) List(ctx context.Context, req list.ListRequest, stream *list.ListResultsStream) {
	var name types.String
	diags := req.Config.GetAttribute(ctx, path.Root("name"), &name)
	store := l.store
	if store == nil {
		store = &objectStore{dir: defaultDir()}
	}
	ids, err := store.ids(entryKind)
	stream.Results = func(push func(list.ListResult) bool) {
		if diags.HasError() || err != nil {
			result := req.NewListResult(ctx)
			result.Diagnostics.Append(diags...)
			if err != nil {
				result.Diagnostics.AddError("cannot list entries", err.Error())
			}
			push(result)
			return
		}
		sent := int64(0)
		for _, id := range ids {
			if req.Limit > 0 && sent >= req.Limit {
				return
			}
			result, ok := l.result(ctx, req, store, id, name)
			if !ok {
				continue
			}
			sent++
			if !push(result) {
				return
			}
		}
	}
}

// result is the list result of one stored entry; false when it does not match the filter.
func (l *entryList) result(ctx context.Context, req list.ListRequest, store *objectStore, id string, name types.String) (list.ListResult, bool) {
	result := req.NewListResult(ctx)
	obj, found, err := store.get(entryKind, id)
	if err != nil || !found {
		return result, false
	}
	state, err := tftypes.ValueFromJSON(obj.Value, req.ResourceSchema.Type().TerraformType(ctx))
	if err != nil {
		result.Diagnostics.AddError("cannot decode entry "+id, err.Error())
		return result, true
	}
	entryName, _ := stringAttribute(state, "name")
	if !name.IsNull() && !name.IsUnknown() && name.ValueString() != entryName {
		return result, false
	}
	result.DisplayName = fmt.Sprintf("%s (%s)", entryName, id)
	result.Diagnostics.Append(result.Identity.SetAttribute(ctx, path.Root("id"), id)...)
	if req.IncludeResource {
		result.Resource.Raw = state
	}
	return result, true
}
