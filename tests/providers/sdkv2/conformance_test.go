package main

import (
	"testing"

	"tfconform.test/go/tfconformtest"
)

// TestConformance runs tfconform against this provider served in the test process, written as
// a provider author would write it with tfconformtest (go/tfconformtest): one subtest per type,
// plan-only unless TF_ACC is set. Three cases per type keep it short: it runs in `make test`,
// twice in CI.
func TestConformance(t *testing.T) {
	tfconformtest.RunSDKv2(t, newProvider, tfconformtest.Options{
		ProviderConfig:  map[string]any{"state_dir": t.TempDir()},
		ProviderAddress: "registry.terraform.io/tfconform/tfcsdk",
		Cases:           3,
	})
}
