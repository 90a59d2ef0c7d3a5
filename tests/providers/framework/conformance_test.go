package main

import (
	"testing"

	"github.com/hashicorp/terraform-plugin-framework/providerserver"
	"tfconform.test/go/tfconformtest"
)

// TestConformance runs tfconform against this provider served in the test process, written as
// a provider author would write it with tfconformtest (go/tfconformtest): one subtest per type,
// plan-only unless TF_ACC is set. Three cases per type keep it short: it runs in `make test`,
// twice in CI.
func TestConformance(t *testing.T) {
	tfconformtest.Run(t, providerserver.NewProtocol6WithError(newProvider("test")()), tfconformtest.Options{
		ProviderConfig:  map[string]any{"state_dir": t.TempDir()},
		ProviderAddress: "registry.terraform.io/tfconform/tfcfixture",
		Cases:           3,
	})
}

// TestConformanceExec is the same run with the test binary as the provider process tfconform
// launches (Exec: handshake, AutoMTLS, restarts) and two jobs; TestConformanceJobs serves two
// instances in-process as one pool. Both need tfconform 0.2.0 (--provider-arg, several
// --reattach).
func TestConformanceExec(t *testing.T) {
	tfconformtest.Run(t, providerserver.NewProtocol6WithError(newProvider("test")()), tfconformtest.Options{
		ProviderConfig:  map[string]any{"state_dir": t.TempDir()},
		ProviderAddress: "registry.terraform.io/tfconform/tfcfixture",
		Cases:           3,
		Jobs:            2,
		Exec:            true,
	})
}

func TestConformanceJobs(t *testing.T) {
	tfconformtest.Run(t, providerserver.NewProtocol6WithError(newProvider("test")()), tfconformtest.Options{
		ProviderConfig:  map[string]any{"state_dir": t.TempDir()},
		ProviderAddress: "registry.terraform.io/tfconform/tfcfixture",
		Cases:           3,
		Jobs:            2,
	})
}
