package tfconformtest

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"
)

// A report as tfconform writes it (docs/report.schema.json), reduced to what the mapping reads.
const sampleReport = `{
  "result": "failed",
  "suites": [
    {"kind": "provider", "name": "registry.terraform.io/x/y", "scenarios": []},
    {"kind": "resource", "name": "x_bad", "scenarios": [
      {"name": "create", "status": "failed", "reason": "", "findings": [
        {"rule": "plan.config_value_changed", "severity": "error", "step": "create: plan", "path": ".name",
         "message": "planned value differs", "occurrences": 2, "baseline": "untracked",
         "counterexample": {"configuration": "resource \"x_bad\" \"test\" {\n  name = \"\"\n}", "attribute_count": 1},
         "replay": {"token": "v3.TOKEN", "command": ""}},
        {"rule": "plan.non_computed_set", "severity": "error", "step": "create: plan", "path": ".size",
         "message": "known", "baseline": "known", "replay": {"token": "v3.K", "command": ""}},
        {"rule": "read.normalization_not_preserved", "severity": "warning", "step": "read", "path": ".items",
         "message": "reordered", "baseline": "untracked", "replay": {"token": "v3.W", "command": ""}}
      ]}
    ]},
    {"kind": "data_source", "name": "x_never", "scenarios": []},
    {"kind": "function", "name": "parse", "scenarios": []},
    {"kind": "resource", "name": "x_late", "scenarios": []}
  ],
  "not_exercised": [{"suite": "data_source.x_never", "missed": "never read", "why": "refused: Invalid value"}],
  "interruption": {"reason": "interrupted by SIGTERM", "not_run": ["resource.x_late"], "cut_short": []}
}`

func TestReportMapsSuitesOntoSubtests(t *testing.T) {
	var r report
	if err := json.Unmarshal([]byte(sampleReport), &r); err != nil {
		t.Fatal(err)
	}
	plan := &runPlan{selection: selection{testName: "TestConformance"},
		replay: replayer{testName: "TestConformance", apply: true}}
	rec := NewRecorder(t)
	rec.Run("TestConformance", func(c T) {
		if !plan.report(c, &r) {
			c.Errorf("report said nothing failed")
		}
	})
	run := rec.Find("TestConformance")
	var names []string
	for _, c := range run.Children() {
		names = append(names, strings.TrimPrefix(c.Name(), run.Name()+"/"))
	}
	if got := strings.Join(names, " "); got != "provider resource.x_bad data_source.x_never function.parse resource.x_late" {
		t.Errorf("subtests %q", got)
	}
	bad := run.Find("resource.x_bad")
	if errs := bad.Errors(); len(errs) != 1 ||
		!strings.HasPrefix(errs[0], "plan.config_value_changed (error, create: plan at .name): planned value differs [2 cases]") ||
		!strings.Contains(errs[0], "    name = \"\"") ||
		!strings.HasSuffix(errs[0], "replay: TF_ACC=1 TFCONFORM_REPLAY=v3.TOKEN go test -run '^TestConformance$/^resource\\.x_bad$' -v .") {
		t.Errorf("resource.x_bad errors %q", errs)
	}
	logs := strings.Join(bad.Logs(), "\n")
	if !strings.Contains(logs, "known (baseline): plan.non_computed_set") || !strings.Contains(logs, "warning: read.normalization_not_preserved") {
		t.Errorf("resource.x_bad logs %q", logs)
	}
	if n := run.Find("data_source.x_never"); !n.Skipped() || n.Failed() ||
		!strings.Contains(strings.Join(n.Logs(), ""), "was never read: refused: Invalid value") {
		t.Errorf("data_source.x_never: skipped %v, logs %q", n.Skipped(), n.Logs())
	}
	if late := run.Find("resource.x_late"); !late.Skipped() {
		t.Errorf("resource.x_late (not run) not skipped")
	}
	if p := run.Find("function.parse"); p.Failed() || p.Skipped() {
		t.Errorf("function.parse should pass")
	}
}

// -run filters the subtests as it filtered the types given to tfconform.
func TestReportHonoursRun(t *testing.T) {
	var r report
	if err := json.Unmarshal([]byte(sampleReport), &r); err != nil {
		t.Fatal(err)
	}
	plan := &runPlan{selection: selection{testName: "TestConformance", run: splitPatterns("TestConformance/function")}}
	rec := NewRecorder(t)
	rec.Run("TestConformance", func(c T) {
		if plan.report(c, &r) {
			c.Errorf("function.parse alone should not fail")
		}
	})
	if kids := rec.Find("TestConformance").Children(); len(kids) != 1 || !strings.HasSuffix(kids[0].Name(), "/function.parse") {
		t.Errorf("subtests %v", kids)
	}
}

// No tfconform: a skip that says what to set, or a failure with TFCONFORM_REQUIRED=1.
func TestMissingBinarySkipsUnlessRequired(t *testing.T) {
	t.Setenv("TFCONFORM_PATH", filepath.Join(t.TempDir(), "tfconform"))
	t.Setenv("TFCONFORM_REQUIRED", "")
	p := Protocol6(nil)
	rec := NewRecorder(t)
	rec.Run("optional", func(c T) { RunT(c, p, Options{}) })
	if o := rec.Find("optional"); !o.Skipped() || o.Failed() || !strings.Contains(o.Logs()[0], "TFCONFORM_REQUIRED=1") {
		t.Errorf("without TFCONFORM_REQUIRED: skipped %v failed %v logs %q", o.Skipped(), o.Failed(), o.Logs())
	}
	t.Setenv("TFCONFORM_REQUIRED", "1")
	rec.Run("required", func(c T) { RunT(c, p, Options{}) })
	if r := rec.Find("required"); r.Skipped() || !r.Failed() || !strings.Contains(r.Errors()[0], "tfconform not found") {
		t.Errorf("with TFCONFORM_REQUIRED=1: skipped %v errors %q", r.Skipped(), r.Errors())
	}
}
