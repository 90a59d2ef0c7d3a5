package main

import (
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
	"tfconform.test/go/tfconformtest"
)

// conformanceOf runs tfconform (through tfconformtest, as a provider's TestConformance would)
// against tfcfault in mode, plan-only, three cases of tfcfault_thing, and records what the run
// reported instead of failing this test.
func conformanceOf(t *testing.T, mode string) *tfconformtest.Recorder {
	rec := tfconformtest.NewRecorder(t)
	provider := tfconformtest.Protocol6(func() (tfprotov6.ProviderServer, error) { return newServer(mode, false), nil })
	rec.Run("TestConformance", func(c tfconformtest.T) {
		tfconformtest.RunT(c, provider, tfconformtest.Options{
			ProviderConfig:  map[string]any{"state_dir": t.TempDir()},
			ProviderAddress: address,
			Cases:           3,
			Args:            []string{"--resources", thingTypeName},
		})
	})
	run := rec.Find("TestConformance")
	if run.Skipped() {
		t.Skipf("tfconform did not run: %v", run.Logs())
	}
	return run
}

// TestConformancePlantedFault: the planted fault plan_replaces_config (plan returns name +
// "-planned", faults.tsv) fails the conformance test in the subtest of its type, with the rule
// and a replay command; the honest mode passes the same run, so the failure is the fault's.
func TestConformancePlantedFault(t *testing.T) {
	faulty := conformanceOf(t, "plan_replaces_config")
	thing := faulty.Find("resource." + thingTypeName)
	if thing == nil || !thing.Failed() {
		t.Fatalf("the planted fault did not fail resource.%s: %v", thingTypeName, faulty.Errors())
	}
	found := false
	for _, e := range thing.Errors() {
		if strings.HasPrefix(e, "plan.config_value_changed (error, ") && strings.Contains(e, "at .name") &&
			strings.Contains(e, "replay: TFCONFORM_REPLAY=v3.") {
			found = true
		}
	}
	if !found {
		t.Errorf("no plan.config_value_changed error at .name with a replay command: %q", thing.Errors())
	}

	honest := conformanceOf(t, "honest")
	if honest.Failed() {
		t.Errorf("the honest mode failed the same run: %q", honest.Errors())
	}
	if honest.Find("resource."+thingTypeName) == nil {
		t.Errorf("the honest run has no subtest resource.%s", thingTypeName)
	}
}
