package tfconformtest

import (
	"encoding/json"
	"fmt"
	"os"
	"strings"
)

// The parts of tfconform's JSON report (docs/report.schema.json) a test maps onto testing.

type report struct {
	Result       string        `json:"result"`
	Suites       []suite       `json:"suites"`
	NotExercised []notExercise `json:"not_exercised"`
	Incomplete   []string      `json:"incomplete"`
	Interruption *interruption `json:"interruption"`
}

type suite struct {
	Kind      string     `json:"kind"`
	Name      string     `json:"name"`
	Scenarios []scenario `json:"scenarios"`
}

// label names the suite's subtest: "resource.NAME" as tfconform labels it, except the
// provider's own suite, "provider" (its name is the address, whose slashes would read as
// subtest levels).
func (s suite) label() string { return subtestLabel(s.Kind + "." + s.Name) }

func subtestLabel(suiteLabel string) string {
	if strings.HasPrefix(suiteLabel, "provider.") {
		return "provider"
	}
	return suiteLabel
}

type scenario struct {
	Name     string    `json:"name"`
	Status   string    `json:"status"`
	Reason   string    `json:"reason"`
	Findings []finding `json:"findings"`
}

type finding struct {
	Rule           string          `json:"rule"`
	Severity       string          `json:"severity"`
	RPC            string          `json:"rpc"`
	Step           string          `json:"step"`
	ResourceType   string          `json:"resource_type"`
	Path           string          `json:"path"`
	Message        string          `json:"message"`
	Class          string          `json:"class"`
	Fingerprint    string          `json:"fingerprint"`
	Occurrences    int             `json:"occurrences"`
	Baseline       string          `json:"baseline"`
	Counterexample *counterexample `json:"counterexample"`
	Replay         struct {
		Token string `json:"token"`
	} `json:"replay"`
}

type counterexample struct {
	Configuration string `json:"configuration"`
}

type notExercise struct {
	Suite  string `json:"suite"`
	Missed string `json:"missed"`
	Why    string `json:"why"`
}

type interruption struct {
	Reason   string   `json:"reason"`
	NotRun   []string `json:"not_run"`
	CutShort []string `json:"cut_short"`
}

func readReport(path string) (*report, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var r report
	if err := json.Unmarshal(data, &r); err != nil {
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	return &r, nil
}

// headline is one line naming the finding as the console table does: rule, type, step, path.
func (f finding) headline() string {
	where := f.Step
	if f.Path != "" {
		where += " at " + f.Path
	}
	text := fmt.Sprintf("%s (%s, %s): %s", f.Rule, f.Severity, where, f.Message)
	if f.Occurrences > 1 {
		text += fmt.Sprintf(" [%d cases]", f.Occurrences)
	}
	return text
}

// replayer writes the command that plays one finding's case again: the same test with
// TFCONFORM_REPLAY (and TF_ACC when the run applied).
type replayer struct {
	testName string // the top-level test's full name
	apply    bool
}

func (r replayer) command(label, token string) string {
	if token == "" {
		return "(no replay token: the finding cannot be replayed)"
	}
	env := "TFCONFORM_REPLAY=" + token
	if r.apply {
		env = "TF_ACC=1 " + env
	}
	return fmt.Sprintf("%s go test -run '%s/^%s$' -v .", env, r.runPattern(), regexpQuote(label))
}

// regexpQuote quotes what -run would read as syntax in a test or suite name.
func regexpQuote(s string) string {
	var b strings.Builder
	for _, c := range s {
		if strings.ContainsRune(`\.+*?()|[]{}^$`, c) {
			b.WriteRune('\\')
		}
		b.WriteRune(c)
	}
	return b.String()
}

// outcome is what one suite's subtest reports: errors fail it, logs are shown, a skip reason
// skips it (when nothing failed).
type outcome struct {
	errors []string
	logs   []string
	skip   string
}

// outcomes maps every suite of the report: error findings are errors with their replay
// command; warnings and findings the baseline knows are logs; a type never exercised is a skip
// (with RequireCoverage tfconform itself made it an error finding); a type the run never
// started (interrupted, time budget) is a skip.
func (r *report) outcomes(rp replayer) map[string]*outcome {
	out := map[string]*outcome{}
	for _, s := range r.Suites {
		o := &outcome{}
		out[s.label()] = o
		for _, sc := range s.Scenarios {
			if sc.Status == "error" && sc.Reason != "" {
				o.logs = append(o.logs, fmt.Sprintf("scenario %s: %s", sc.Name, sc.Reason))
			}
			for _, f := range sc.Findings {
				switch {
				case f.Baseline == "known":
					o.logs = append(o.logs, "known (baseline): "+f.headline())
				case f.Severity == "error":
					text := f.headline()
					if f.Counterexample != nil && f.Counterexample.Configuration != "" {
						text += "\ncounterexample:\n" + indent(f.Counterexample.Configuration)
					}
					text += "\nreplay: " + rp.command(s.label(), f.Replay.Token)
					o.errors = append(o.errors, text)
				default:
					o.logs = append(o.logs, "warning: "+f.headline())
				}
			}
		}
	}
	for _, n := range r.NotExercised {
		if o, ok := out[subtestLabel(n.Suite)]; ok {
			o.skip = n.Suite + " was " + n.Missed + ": " + n.Why
		}
	}
	if r.Interruption != nil {
		for _, label := range r.Interruption.NotRun {
			if o, ok := out[subtestLabel(label)]; ok {
				o.skip = "not run: " + r.Interruption.Reason
			}
		}
		for _, label := range r.Interruption.CutShort {
			if o, ok := out[subtestLabel(label)]; ok {
				o.logs = append(o.logs, "cut short: "+r.Interruption.Reason)
			}
		}
	}
	return out
}

func indent(text string) string {
	lines := strings.Split(strings.TrimRight(text, "\n"), "\n")
	for i := range lines {
		lines[i] = "    " + lines[i]
	}
	return strings.Join(lines, "\n")
}
