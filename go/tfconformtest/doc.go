// Package tfconformtest runs tfconform, the contract-conformance suite for Terraform and
// OpenTofu provider plugins, from a provider's own Go tests:
//
//	func TestConformance(t *testing.T) {
//		tfconformtest.Run(t, providerserver.NewProtocol6WithError(New("test")()), tfconformtest.Options{})
//	}
//
// The provider is served inside the test process in debug mode (terraform-plugin-go's
// tf6server/tf5server with a reattach channel, as terraform-plugin-testing serves it), one
// instance per job, and the tfconform binary attaches to it with --reattach. Its JSON report
// becomes subtests, one per suite ("resource.example_thing", "data_source.example_lookup",
// "function.parse", ...), so `go test -run 'TestConformance/resource.example_thing'` plays
// that type alone. Error findings fail the subtest with their replay command, warnings and
// findings a baseline already lists are logged, types never exercised are skipped.
//
// With Options.Exec the test binary itself is the provider process tfconform launches (so
// crashes restart it and the handshake, AutoMTLS and memory limits are tested too): the same
// test function serves the provider when it finds TFCONFORMTEST_SERVE=1 in its environment.
//
// docs/go.md in tfconform's repository describes the options, the environment variables
// (TF_ACC, TFCONFORM_PATH, TFCONFORM_SEED, TFCONFORM_REPLAY, TFCONFORM_REPORT_DIR,
// TFCONFORM_REQUIRED) and what maps to what.
package tfconformtest
