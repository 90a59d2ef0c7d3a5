package main

import (
	"context"
	"strconv"

	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
	"github.com/hashicorp/terraform-plugin-go/tftypes"
)

// The list resource tfcfault_item: the stored items (those called name, when set), each with
// its identity and, when asked, its state; at most limit of them. The list_* modes break it.

var itemListType = tftypes.Object{AttributeTypes: map[string]tftypes.Type{"name": tftypes.String}}

func itemListSchema() *tfprotov6.Schema {
	return &tfprotov6.Schema{Block: &tfprotov6.SchemaBlock{
		Attributes: []*tfprotov6.SchemaAttribute{{Name: "name", Type: tftypes.String, Optional: true}},
	}}
}

var _ tfprotov6.ProviderServerWithListResource = (*provider)(nil)

func (p *provider) ValidateListResourceConfig(_ context.Context, req *tfprotov6.ValidateListResourceConfigRequest) (*tfprotov6.ValidateListResourceConfigResponse, error) {
	resp := &tfprotov6.ValidateListResourceConfigResponse{}
	if req.TypeName != itemTypeName {
		resp.Diagnostics = append(resp.Diagnostics, unknownType(req.TypeName))
	} else if _, err := decode(req.Config, itemListType); err != nil {
		resp.Diagnostics = append(resp.Diagnostics, errorDiag("Invalid configuration", err.Error()))
	}
	return resp, nil
}

func (p *provider) ListResource(_ context.Context, req *tfprotov6.ListResourceRequest) (*tfprotov6.ListResourceServerStream, error) {
	results := []tfprotov6.ListResourceResult{}
	fail := func(summary, detail string) (*tfprotov6.ListResourceServerStream, error) {
		results = append(results, tfprotov6.ListResourceResult{Diagnostics: []*tfprotov6.Diagnostic{errorDiag(summary, detail)}})
		return stream(results), nil
	}
	if req.TypeName != itemTypeName {
		return fail("Unknown list resource", "terraform-provider-tfcfault lists only tfcfault_item")
	}
	config, err := decode(req.Config, itemListType)
	if err != nil {
		return fail("Invalid configuration", err.Error())
	}
	name, filtered := stringOf(attrsOf(config)["name"])
	items, err := p.store.items()
	if err != nil {
		return fail("Cannot list the items", err.Error())
	}
	if p.mode == "list_misses_created" {
		items = nil
	}
	for _, item := range items {
		attrs := attrsOf(item)
		if n, _ := stringOf(attrs["name"]); filtered && n != name {
			continue
		}
		if req.Limit > 0 && int64(len(results)) >= req.Limit && p.mode != "list_ignores_limit" {
			break
		}
		result, err := p.listed(item, req.IncludeResource)
		if err != nil {
			return nil, err
		}
		results = append(results, result)
		if p.mode == "list_duplicate" {
			results = append(results, result)
		}
	}
	if p.mode == "list_ignores_limit" {
		// Made-up results past the limit, as a provider paging without counting would send.
		for i := int64(0); i <= req.Limit; i++ {
			ghost := tftypes.NewValue(itemType, map[string]tftypes.Value{"id": knownString("ghost-" + strconv.FormatInt(i, 10)),
				"name": knownString("ghost"), "note": nullOf(tftypes.String), "password": nullOf(tftypes.String)})
			result, err := p.listed(ghost, req.IncludeResource)
			if err != nil {
				return nil, err
			}
			results = append(results, result)
		}
	}
	return stream(results), nil
}

// listed is the list result of one item.
func (p *provider) listed(item tftypes.Value, include bool) (tfprotov6.ListResourceResult, error) {
	attrs := attrsOf(item)
	id, _ := stringOf(attrs["id"])
	n, _ := stringOf(attrs["name"])
	result := tfprotov6.ListResourceResult{DisplayName: n + " (" + id + ")", Identity: p.identityOf(attrs["id"])}
	switch p.mode {
	case "list_identity_missing":
		result.Identity = nil
	case "list_identity_null":
		result.Identity = p.identityOf(nullOf(tftypes.String))
	}
	if include {
		switch p.mode {
		case "list_object_unknown":
			attrs["note"] = unknownOf(tftypes.String)
		case "list_object_differs":
			attrs["name"] = knownString(n + "-listed")
		}
		dv, err := encode(itemType, tftypes.NewValue(itemType, attrs))
		if err != nil {
			return result, err
		}
		result.Resource = dv
	}
	return result, nil
}

func stream(results []tfprotov6.ListResourceResult) *tfprotov6.ListResourceServerStream {
	return &tfprotov6.ListResourceServerStream{Results: func(push func(tfprotov6.ListResourceResult) bool) {
		for _, r := range results {
			if !push(r) {
				return
			}
		}
	}}
}
