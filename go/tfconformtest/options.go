package tfconformtest

// Options choose what tfconform plays; the zero value is a plan-only run (an apply run with
// TF_ACC set) of every type with tfconform's defaults.
type Options struct {
	// ProviderConfig is the provider block's body, marshalled to JSON for --provider-config
	// (a map or a struct with json tags; attribute names as in the provider's schema). nil:
	// none, or the examples' provider block with Examples.
	ProviderConfig any
	// ProviderAddress is the provider's source address tfconform reports
	// (default registry.terraform.io/tfconformtest/provider).
	ProviderAddress string

	// Hints is a hints file (--hints, docs/hints.md), relative to the package's folder.
	Hints string
	// Baseline is a baseline file (--baseline): findings it lists are logged, not errors.
	Baseline string
	// Examples is the provider's repository or examples folder (--examples).
	Examples string

	// Cases is the number of generated cases per type (--cases; 0: tfconform's default, 25).
	Cases int
	// Jobs is the number of provider instances played in parallel (--jobs; 0 or 1: one).
	// In-process, each job is one more call of the factory; more than one needs tfconform 0.2.
	Jobs int
	// Profile is --profile: "terraform", "opentofu" or "both" ("": tfconform's default).
	Profile string
	// Core is --core, e.g. "terraform@1.11" ("": tfconform's default, the newest Terraform).
	Core string
	// RequireCoverage makes a type no case exercised an error instead of a skip: tfconform
	// runs with --require-coverage plan (apply with TF_ACC).
	RequireCoverage bool

	// Exec makes the test binary the provider process tfconform launches (--provider with
	// --provider-arg, tfconform 0.2): restarts after a crash, memory limits, the handshake and
	// AutoMTLS are played too. The same test function then serves the provider in the child.
	Exec bool

	// Args are extra arguments for `tfconform run` (e.g. "--values", "all").
	Args []string
}

// defaultAddress is the key of the reattach configuration when Options.ProviderAddress is empty.
const defaultAddress = "registry.terraform.io/tfconformtest/provider"

func (o Options) address() string {
	if o.ProviderAddress != "" {
		return o.ProviderAddress
	}
	return defaultAddress
}

func (o Options) jobs() int {
	if o.Jobs < 1 {
		return 1
	}
	return o.Jobs
}
