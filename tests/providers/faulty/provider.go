package main

import (
	"context"
	"io"
	"os"

	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
	"github.com/hashicorp/terraform-plugin-go/tftypes"
)

// provider implements tfprotov6.ProviderServer directly, so that no framework check masks a
// fault. mode is one of allModes(); legacy sets UnsafeToUseLegacyTypeSystem on plan and apply.
type provider struct {
	mode   string
	legacy bool
	store  *store
	log    io.Writer // where markup_everywhere logs; nil: os.Stderr at the time
	// ConfigureProvider's client capabilities allowed deferral: what a provider that defers
	// decides from (terraform-plugin-framework hands it to Configure).
	deferralConfigured bool
}

var _ tfprotov6.ProviderServer = (*provider)(nil)

// newProvider starts with the state directory of $TFCFAULT_STATE_DIR or ./tfcfault-objects;
// ConfigureProvider may choose another one.
func newProvider(mode string, legacy bool) *provider {
	dir := os.Getenv("TFCFAULT_STATE_DIR")
	if dir == "" {
		dir = "tfcfault-objects"
	}
	return &provider{mode: mode, legacy: legacy, store: &store{dir: dir}}
}

// newServer is what serves mode: the provider, or for the deep_nesting modes the provider
// with one more attribute (hostile_deep.go).
func newServer(mode string, legacy bool) tfprotov6.ProviderServer {
	p := newProvider(mode, legacy)
	switch mode {
	case "deep_nesting_value":
		return deepNestingValue(p)
	case "deep_nesting_schema":
		return deepNestingSchema(p)
	}
	return p
}

func (p *provider) GetMetadata(context.Context, *tfprotov6.GetMetadataRequest) (*tfprotov6.GetMetadataResponse, error) {
	functions := []tfprotov6.FunctionMetadata{{Name: joinFunctionName}}
	if p.mode == "metadata_mismatch" {
		functions = nil
	}
	return &tfprotov6.GetMetadataResponse{
		Functions:          functions,
		EphemeralResources: []tfprotov6.EphemeralResourceMetadata{{TypeName: tokenTypeName}},
		ServerCapabilities: serverCapabilities(),
		Resources:          []tfprotov6.ResourceMetadata{{TypeName: thingTypeName}, {TypeName: itemTypeName}},
		ListResources:      []tfprotov6.ListResourceMetadata{{TypeName: itemTypeName}},
		Actions:            []tfprotov6.ActionMetadata{{TypeName: notifyTypeName}},
		DataSources:        []tfprotov6.DataSourceMetadata{{TypeName: lookupTypeName}},
	}, nil
}

func serverCapabilities() *tfprotov6.ServerCapabilities {
	// plan_destroy: Core asks this provider to plan destroys (destroy_plan_not_null needs it);
	// move_resource_state: tfcfault_item moves from its own type; generate_resource_config:
	// tfcfault_item writes its configuration out.
	return &tfprotov6.ServerCapabilities{PlanDestroy: true, MoveResourceState: true, GenerateResourceConfig: true}
}

func (p *provider) GetProviderSchema(context.Context, *tfprotov6.GetProviderSchemaRequest) (*tfprotov6.GetProviderSchemaResponse, error) {
	p.hangIn("GetProviderSchema")
	resp := &tfprotov6.GetProviderSchemaResponse{
		ServerCapabilities:       serverCapabilities(),
		Provider:                 providerSchema(),
		ResourceSchemas:          map[string]*tfprotov6.Schema{thingTypeName: thingSchema(), itemTypeName: itemSchema()},
		ListResourceSchemas:      map[string]*tfprotov6.Schema{itemTypeName: itemListSchema()},
		ActionSchemas:            map[string]*tfprotov6.ActionSchema{notifyTypeName: notifySchema()},
		DataSourceSchemas:        map[string]*tfprotov6.Schema{lookupTypeName: lookupSchema()},
		Functions:                p.functions(false),
		EphemeralResourceSchemas: map[string]*tfprotov6.Schema{tokenTypeName: tokenSchema()},
	}
	if p.mode == "markup_everywhere" {
		markupSchema(resp)
	}
	return resp, nil
}

func (p *provider) GetResourceIdentitySchemas(context.Context, *tfprotov6.GetResourceIdentitySchemasRequest) (*tfprotov6.GetResourceIdentitySchemasResponse, error) {
	schemas := map[string]*tfprotov6.ResourceIdentitySchema{itemTypeName: p.itemIdentitySchema()}
	if p.mode == "list_no_identity_schema" {
		schemas = map[string]*tfprotov6.ResourceIdentitySchema{}
	}
	return &tfprotov6.GetResourceIdentitySchemasResponse{IdentitySchemas: schemas}, nil
}

func (p *provider) ValidateProviderConfig(_ context.Context, req *tfprotov6.ValidateProviderConfigRequest) (*tfprotov6.ValidateProviderConfigResponse, error) {
	p.hangIn("ValidateProviderConfig")
	resp := &tfprotov6.ValidateProviderConfigResponse{PreparedConfig: req.Config}
	if _, err := decode(req.Config, providerType); err != nil {
		resp.Diagnostics = append(resp.Diagnostics, errorDiag("Invalid provider configuration", err.Error()))
	}
	return resp, nil
}

func (p *provider) ConfigureProvider(_ context.Context, req *tfprotov6.ConfigureProviderRequest) (*tfprotov6.ConfigureProviderResponse, error) {
	p.hangIn("ConfigureProvider")
	resp := &tfprotov6.ConfigureProviderResponse{}
	config, err := decode(req.Config, providerType)
	if err != nil {
		resp.Diagnostics = append(resp.Diagnostics, errorDiag("Invalid provider configuration", err.Error()))
		return resp, nil
	}
	if dir, ok := stringOf(attrsOf(config)["state_dir"]); ok && dir != "" {
		p.store = &store{dir: dir}
	}
	p.deferralConfigured = req.ClientCapabilities != nil && req.ClientCapabilities.DeferralAllowed
	return resp, nil
}

func (p *provider) StopProvider(context.Context, *tfprotov6.StopProviderRequest) (*tfprotov6.StopProviderResponse, error) {
	return &tfprotov6.StopProviderResponse{}, nil
}

func (p *provider) ValidateResourceConfig(_ context.Context, req *tfprotov6.ValidateResourceConfigRequest) (*tfprotov6.ValidateResourceConfigResponse, error) {
	p.hangIn("ValidateResourceConfig")
	if req.TypeName == itemTypeName {
		return p.validateItem(req), nil
	}
	resp := &tfprotov6.ValidateResourceConfigResponse{}
	if req.TypeName != thingTypeName {
		resp.Diagnostics = append(resp.Diagnostics, unknownType(req.TypeName))
		return resp, nil
	}
	if _, err := decode(req.Config, thingType); err != nil {
		resp.Diagnostics = append(resp.Diagnostics, errorDiag("Invalid configuration", err.Error()))
	}
	if p.mode == "markup_everywhere" {
		resp.Diagnostics = append(resp.Diagnostics, markupDiagnostic(tfprotov6.DiagnosticSeverityWarning, "validate", nil))
	}
	return resp, nil
}

func (p *provider) ValidateDataResourceConfig(_ context.Context, req *tfprotov6.ValidateDataResourceConfigRequest) (*tfprotov6.ValidateDataResourceConfigResponse, error) {
	p.hangIn("ValidateDataResourceConfig")
	resp := &tfprotov6.ValidateDataResourceConfigResponse{}
	if req.TypeName != lookupTypeName {
		resp.Diagnostics = append(resp.Diagnostics, unknownType(req.TypeName))
		return resp, nil
	}
	if _, err := decode(req.Config, lookupType); err != nil {
		resp.Diagnostics = append(resp.Diagnostics, errorDiag("Invalid configuration", err.Error()))
	}
	return resp, nil
}

func unknownType(name string) *tfprotov6.Diagnostic {
	return errorDiag("Unknown type", "terraform-provider-tfcfault has no type named "+name)
}

// ReadDataSource: the sorted ids of the stored things called name.
func (p *provider) ReadDataSource(_ context.Context, req *tfprotov6.ReadDataSourceRequest) (*tfprotov6.ReadDataSourceResponse, error) {
	p.hangIn("ReadDataSource")
	resp := &tfprotov6.ReadDataSourceResponse{}
	if req.TypeName != lookupTypeName {
		resp.Diagnostics = append(resp.Diagnostics, unknownType(req.TypeName))
		return resp, nil
	}
	config, err := decode(req.Config, lookupType)
	if err != nil {
		resp.Diagnostics = append(resp.Diagnostics, errorDiag("Invalid configuration", err.Error()))
		return resp, nil
	}
	attrs := attrsOf(config)
	name, ok := stringOf(attrs["name"])
	if !ok {
		resp.Diagnostics = append(resp.Diagnostics, errorDiag("name must be known", "tfcfault_lookup needs a known, non-null name"))
		return resp, nil
	}
	ids, err := p.store.idsNamed(name)
	if err != nil {
		resp.Diagnostics = append(resp.Diagnostics, errorDiag("Cannot list the stored objects", err.Error()))
		return resp, nil
	}
	attrs["found"] = tftypes.NewValue(tftypes.Bool, len(ids) > 0)
	attrs["ids"] = sortedStrings(ids)
	result := tftypes.NewValue(lookupType, attrs)
	if p.mode == "data_null" {
		result = nullOf(lookupType)
	}
	resp.State, err = encode(lookupType, result)
	return resp, err
}

func (p *provider) GenerateResourceConfig(_ context.Context, req *tfprotov6.GenerateResourceConfigRequest) (*tfprotov6.GenerateResourceConfigResponse, error) {
	if req.TypeName == itemTypeName {
		return p.generateItemConfig(req)
	}
	return &tfprotov6.GenerateResourceConfigResponse{Diagnostics: []*tfprotov6.Diagnostic{
		errorDiag("Config generation not supported", "terraform-provider-tfcfault generates configuration for tfcfault_item only"),
	}}, nil
}

