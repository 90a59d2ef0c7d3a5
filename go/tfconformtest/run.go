package tfconformtest

import (
	"bytes"
	"crypto/rand"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"
)

// serveEnv, set in the environment of the test binary tfconform launches in Exec mode, makes
// the test function serve the provider instead of testing it.
const serveEnv = "TFCONFORMTEST_SERVE"

// RunT plays tfconform against p with opts and reports through t: one subtest per suite.
// Run, RunProtocol5 and RunSDKv2 call it with a *testing.T; a Recorder keeps what it reports.
func RunT(t T, p Provider, opts Options) {
	t.Helper()
	if os.Getenv(serveEnv) == "1" {
		serveChild(t, p, opts)
		return
	}
	bin, err := findBinary()
	if err != nil {
		if errors.Is(err, errNotFound) && os.Getenv("TFCONFORM_REQUIRED") != "1" {
			t.Skipf("%v (TFCONFORM_REQUIRED=1 makes this a failure)", err)
		}
		t.Fatalf("%v", err)
	}
	if err := bin.require(minVersion, "tfconformtest"); err != nil {
		t.Fatalf("%v", err)
	}
	if opts.jobs() > 1 && !opts.Exec {
		if err := bin.require(poolVersion, fmt.Sprintf("Jobs: %d in-process (several --reattach)", opts.jobs())); err != nil {
			t.Fatalf("%v", err)
		}
	}
	if opts.Exec {
		if err := bin.require(execVersion, "Exec (--provider-arg)"); err != nil {
			t.Fatalf("%v", err)
		}
	}

	plan, err := newRunPlan(t, p, opts)
	if err != nil {
		t.Fatalf("%v", err)
	}
	if plan.nothingSelected {
		t.Logf("go test -run selects none of the provider's types: tfconform not run")
		return
	}
	if !opts.Exec {
		// The standard logger is where terraform-plugin-sdk/v2 logs every RPC ("[DEBUG] ...");
		// served in-process, that would be the test's output. As with terraform-plugin-log's
		// output, TF_LOG turns it back on.
		if os.Getenv("TF_LOG") == "" {
			previous := log.Writer()
			log.SetOutput(io.Discard)
			defer log.SetOutput(previous)
		}
		for i := 0; i < opts.jobs(); i++ {
			s, err := p.serveDebug(opts.address())
			if err != nil {
				t.Fatalf("%v", err)
			}
			defer s.stop()
			plan.args = append(plan.args, "--reattach", s.reattach)
		}
	}
	mode := map[bool]string{true: "with --apply (TF_ACC is set)", false: "plan only (TF_ACC unset)"}[plan.apply]
	if plan.replaying != "" {
		t.Logf("tfconform %s (%s) replays %s (TFCONFORM_REPLAY), %s", bin.version, bin.path, plan.replaying, mode)
	} else {
		t.Logf("tfconform %s (%s), seed %s (TFCONFORM_SEED=%s runs it again), %s", bin.version, bin.path, plan.seed,
			plan.seed, mode)
	}
	if plan.selected != "" {
		t.Logf("%s", plan.selected)
	}
	code, stderr, err := runTfconform(t, bin.path, plan.args)
	if err != nil {
		t.Fatalf("%v", err)
	}
	if code == 2 {
		t.Fatalf("tfconform stopped with a usage or harness error (exit 2):\n%s", stderr)
	}
	r, err := readReport(plan.jsonPath)
	if err != nil {
		t.Fatalf("tfconform exited %d without a readable report (%v):\n%s", code, err, stderr)
	}
	if plan.keepReports {
		t.Logf("reports: %s, %s", plan.jsonPath, plan.htmlPath)
	}
	failedBefore := plan.report(t, r)
	switch {
	case code == 1 && !failedBefore:
		t.Errorf("tfconform found errors (exit 1) that no selected suite shows:\n%s", stderr)
	case code > 2:
		t.Errorf("tfconform was stopped (exit %d): %s", code, interruptionReason(r))
	}
}

func interruptionReason(r *report) string {
	if r.Interruption != nil {
		return r.Interruption.Reason
	}
	return "no reason recorded"
}

// runPlan is one tfconform run: its arguments (without the attach targets) and where its
// reports go.
type runPlan struct {
	args            []string
	seed            string
	replaying       string // TFCONFORM_REPLAY's token
	selected        string // what -run selected, when not every type
	apply           bool
	jsonPath        string
	htmlPath        string
	keepReports     bool
	nothingSelected bool
	selection       selection
	replay          replayer
}

// newRunPlan turns the options and the environment into tfconform's arguments.
func newRunPlan(t T, p Provider, opts Options) (*runPlan, error) {
	plan := &runPlan{apply: os.Getenv("TF_ACC") != "", selection: selectionFromFlags(t.Name())}
	plan.replay = replayer{testName: t.Name(), apply: plan.apply}
	args := []string{"run", "--quiet"}

	if plan.apply {
		args = append(args, "--apply")
	}
	if token := os.Getenv("TFCONFORM_REPLAY"); token != "" {
		// The token holds the run seed.
		plan.replaying = token
		args = append(args, "--replay", token)
	} else {
		plan.seed = os.Getenv("TFCONFORM_SEED")
		if plan.seed == "" {
			var b [8]byte
			_, _ = rand.Read(b[:])
			plan.seed = strconv.FormatUint(binary.LittleEndian.Uint64(b[:])>>1, 10)
		}
		args = append(args, "--seed", plan.seed)
		types, err := p.suiteLabels(t.Context())
		if err != nil {
			return nil, err
		}
		names, all := plan.selection.chosen(types)
		if len(names) == 0 && len(types) > 0 {
			plan.nothingSelected = true
			return plan, nil
		}
		if !all {
			plan.selected = fmt.Sprintf("go test -run selects %d of the provider's %d types", len(names), len(types))
			args = append(args, "--resources", strings.Join(dedupe(names), ","))
		}
	}

	dir := os.Getenv("TFCONFORM_REPORT_DIR")
	plan.keepReports = dir != ""
	if dir == "" {
		dir = t.TempDir()
	} else if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, fmt.Errorf("TFCONFORM_REPORT_DIR: %v", err)
	}
	base := filepath.Join(dir, strings.NewReplacer("/", "_", " ", "_").Replace(t.Name()))
	plan.jsonPath, plan.htmlPath = base+".json", base+".html"
	args = append(args, "--json", plan.jsonPath, "--html", plan.htmlPath)

	if opts.ProviderConfig != nil {
		body, err := json.Marshal(opts.ProviderConfig)
		if err != nil {
			return nil, fmt.Errorf("Options.ProviderConfig: %v", err)
		}
		path := base + ".provider.json"
		if err := os.WriteFile(path, body, 0o600); err != nil {
			return nil, err
		}
		args = append(args, "--provider-config", path)
	}
	for _, file := range []struct{ flag, value string }{
		{"--hints", opts.Hints}, {"--baseline", opts.Baseline}, {"--examples", opts.Examples},
	} {
		if file.value != "" {
			abs, err := filepath.Abs(file.value)
			if err != nil {
				return nil, err
			}
			args = append(args, file.flag, abs)
		}
	}
	if opts.Cases > 0 {
		args = append(args, "--cases", strconv.Itoa(opts.Cases))
	}
	if opts.jobs() > 1 {
		args = append(args, "--jobs", strconv.Itoa(opts.jobs()))
	}
	if opts.Profile != "" {
		args = append(args, "--profile", opts.Profile)
	}
	if opts.Core != "" {
		args = append(args, "--core", opts.Core)
	}
	if opts.RequireCoverage {
		args = append(args, "--require-coverage", map[bool]string{true: "apply", false: "plan"}[plan.apply])
	}
	if budget, ok := timeBudget(t); ok {
		args = append(args, "--time-budget", strconv.Itoa(budget))
	}
	if opts.Exec {
		exe, err := os.Executable()
		if err != nil {
			return nil, err
		}
		args = append(args, "--provider", exe, "--provider-arg=-test.run="+plan.replay.runPattern(),
			"--env", serveEnv+"=1", "--address", opts.address())
	}
	plan.args = append(args, opts.Args...)
	return plan, nil
}

// timeBudget leaves tfconform the test's remaining time less a margin (a tenth, at least 30 s,
// at most half) to finish the case at hand and write its reports.
func timeBudget(t T) (int, bool) {
	deadline, ok := t.Deadline()
	if !ok {
		return 0, false
	}
	remaining := time.Until(deadline)
	margin := max(remaining/10, 30*time.Second)
	margin = min(margin, remaining/2)
	seconds := int((remaining - margin) / time.Second)
	return max(seconds, 1), true
}

// report turns r into one subtest per suite (those -run selects) and says whether any failed.
func (plan *runPlan) report(t T, r *report) bool {
	t.Helper()
	outcomes := r.outcomes(plan.replay)
	failed := false
	for _, s := range r.Suites {
		o := outcomes[s.label()]
		if !plan.selection.selects(s.label()) {
			continue
		}
		ok := t.Run(s.label(), func(sub T) {
			for _, line := range o.logs {
				sub.Logf("%s", line)
			}
			for _, e := range o.errors {
				sub.Errorf("%s", e)
			}
			if o.skip != "" && len(o.errors) == 0 {
				sub.Skipf("%s", o.skip)
			}
		})
		failed = failed || !ok
	}
	return failed
}

// runPattern is a -test.run value selecting exactly the running test (every level anchored).
func (r replayer) runPattern() string {
	var run []string
	for _, level := range strings.Split(r.testName, "/") {
		run = append(run, "^"+regexpQuote(level)+"$")
	}
	return strings.Join(run, "/")
}

func dedupe(names []string) []string {
	seen := map[string]bool{}
	var out []string
	for _, n := range names {
		if !seen[n] {
			seen[n] = true
			out = append(out, n)
		}
	}
	return out
}

// serveChild is the test binary's role in Exec mode: serve the provider as its released
// binary would, until tfconform stops it.
func serveChild(t T, p Provider, opts Options) {
	if err := p.serveProcess(opts.address()); err != nil {
		t.Fatalf("serving the provider: %v", err)
	}
}

// runTfconform runs the binary, stopping it with SIGTERM (reports are still written) when
// this process is interrupted, the test's context ends, or the test's deadline is near.
func runTfconform(t T, path string, args []string) (int, string, error) {
	var stderr bytes.Buffer
	code, err := startAndWait(t, path, args, &stderr)
	return code, strings.TrimSpace(stderr.String()), err
}
