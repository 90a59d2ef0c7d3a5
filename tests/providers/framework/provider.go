package main

import (
	"context"
	"os"

	"github.com/hashicorp/terraform-plugin-framework/datasource"
	"github.com/hashicorp/terraform-plugin-framework/provider"
	"github.com/hashicorp/terraform-plugin-framework/provider/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/types"
)

// defaultStateDir is where objects live when neither the provider configuration nor the
// environment says otherwise: relative to the provider process's working directory.
const defaultStateDir = "tfcfixture-objects"

// stateDirEnv overrides the default (not an explicit state_dir), for harnesses that cannot
// choose the provider configuration.
const stateDirEnv = "TFCFIXTURE_STATE_DIR"

type fixtureProvider struct {
	version string
}

type providerModel struct {
	StateDir types.String `tfsdk:"state_dir"`
}

func newProvider(version string) func() provider.Provider {
	return func() provider.Provider { return &fixtureProvider{version: version} }
}

func (p *fixtureProvider) Metadata(_ context.Context, _ provider.MetadataRequest, resp *provider.MetadataResponse) {
	resp.TypeName = "tfcfixture"
	resp.Version = p.version
}

func (p *fixtureProvider) Schema(_ context.Context, _ provider.SchemaRequest, resp *provider.SchemaResponse) {
	resp.Schema = schema.Schema{
		Description: "Honest fixture provider: resources are JSON files under state_dir.",
		Attributes: map[string]schema.Attribute{
			"state_dir": schema.StringAttribute{
				Optional:    true,
				Description: "Folder holding the managed objects; default ./" + defaultStateDir + " (or $" + stateDirEnv + ").",
			},
		},
	}
}

func (p *fixtureProvider) Configure(ctx context.Context, req provider.ConfigureRequest, resp *provider.ConfigureResponse) {
	var cfg providerModel
	resp.Diagnostics.Append(req.Config.Get(ctx, &cfg)...)
	if resp.Diagnostics.HasError() {
		return
	}
	store := &objectStore{dir: defaultDir()}
	// An unknown state_dir (configured from a value known only after apply) keeps the
	// default until Terraform configures the provider again with the known value.
	if !cfg.StateDir.IsNull() && !cfg.StateDir.IsUnknown() && cfg.StateDir.ValueString() != "" {
		store.dir = cfg.StateDir.ValueString()
	}
	resp.ResourceData = store
	resp.DataSourceData = store
	resp.ListResourceData = store
	resp.ActionData = store
}

func defaultDir() string {
	if dir := os.Getenv(stateDirEnv); dir != "" {
		return dir
	}
	return defaultStateDir
}

func (p *fixtureProvider) Resources(context.Context) []func() resource.Resource {
	return []func() resource.Resource{newServerResource, newNetworkResource, newRecordResource, newValidatedResource, newEntryResource,
		newKeypairResource, newCertificateResource, newSignedResource}
}

func (p *fixtureProvider) DataSources(context.Context) []func() datasource.DataSource {
	return []func() datasource.DataSource{newObjectsDataSource, newLookupDataSource, newKeyInfoDataSource, newFileContentDataSource, newProgramOutputDataSource, newURLResponseDataSource}
}
