package main

import (
	"context"
	"fmt"

	"github.com/hashicorp/terraform-plugin-framework/datasource"
	"github.com/hashicorp/terraform-plugin-framework/provider"
	"github.com/hashicorp/terraform-plugin-framework/provider/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource"
)

// The releases this source can be linked as.
const (
	firstRelease = 1
	lastRelease  = 3
)

// releaseProvider serves the schema and behaviour of one release. Its resources are stateless
// (like hashicorp/tls or random): nothing exists outside Terraform's state, so it needs no
// configuration and any release can take over another's state.
type releaseProvider struct {
	release int
}

func parseRelease(text string) (int, error) {
	var n int
	if _, err := fmt.Sscanf(text, "%d", &n); err != nil || fmt.Sprint(n) != text || n < firstRelease || n > lastRelease {
		return 0, fmt.Errorf("release %q: link with -ldflags \"-X main.release=N\", N from %d to %d", text, firstRelease, lastRelease)
	}
	return n, nil
}

// releaseVersion is the provider version of a release, as its binary's name carries it.
func releaseVersion(release int) string {
	return fmt.Sprintf("%d.0.0", release)
}

func newProvider(release int) func() provider.Provider {
	return func() provider.Provider { return &releaseProvider{release: release} }
}

func (p *releaseProvider) Metadata(_ context.Context, _ provider.MetadataRequest, resp *provider.MetadataResponse) {
	resp.TypeName = "tfcrelease"
	resp.Version = releaseVersion(p.release)
}

func (p *releaseProvider) Schema(_ context.Context, _ provider.SchemaRequest, resp *provider.SchemaResponse) {
	resp.Schema = schema.Schema{
		Description: fmt.Sprintf("Fixture provider for upgrade tests, release %d: stateless resources derived from their configuration.", p.release),
	}
}

func (p *releaseProvider) Configure(context.Context, provider.ConfigureRequest, *provider.ConfigureResponse) {
}

func (p *releaseProvider) Resources(context.Context) []func() resource.Resource {
	return []func() resource.Resource{
		func() resource.Resource { return &badgeResource{release: p.release} },
		func() resource.Resource { return &noteResource{release: p.release} },
	}
}

func (p *releaseProvider) DataSources(context.Context) []func() datasource.DataSource {
	return nil
}
