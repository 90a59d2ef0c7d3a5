package tfconformtest

import (
	"context"
	"testing"
	"time"

	"github.com/hashicorp/terraform-plugin-go/tfprotov5"
	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
)

// T is what a run needs from a test: *testing.T through Run, RunProtocol5 and RunSDKv2, or a
// Recorder, which keeps what a run reported so a test can assert it (a provider's known break,
// this package's own tests). Fatalf and Skipf end the calling goroutine, as testing's do.
type T interface {
	Helper()
	Name() string
	Logf(format string, args ...any)
	Errorf(format string, args ...any)
	Fatalf(format string, args ...any)
	Skipf(format string, args ...any)
	TempDir() string
	Deadline() (time.Time, bool)
	Context() context.Context
	// Run runs f as the subtest name; false when it failed.
	Run(name string, f func(T)) bool
}

// testingT is *testing.T as a T.
type testingT struct{ *testing.T }

func (t testingT) Deadline() (time.Time, bool) { return t.T.Deadline() }

func (t testingT) Run(name string, f func(T)) bool {
	return t.T.Run(name, func(sub *testing.T) { f(testingT{sub}) })
}

// Run plays tfconform against a protocol 6 provider served by this test, e.g.
//
//	tfconformtest.Run(t, providerserver.NewProtocol6WithError(New("test")()), tfconformtest.Options{})
func Run(t *testing.T, factory6 func() (tfprotov6.ProviderServer, error), opts Options) {
	t.Helper()
	RunT(testingT{t}, Protocol6(factory6), opts)
}

// RunProtocol5 plays tfconform against a protocol 5 provider, e.g.
// providerserver.NewProtocol5WithError(New("test")()).
func RunProtocol5(t *testing.T, factory5 func() (tfprotov5.ProviderServer, error), opts Options) {
	t.Helper()
	RunT(testingT{t}, Protocol5(factory5), opts)
}

// RunSDKv2 plays tfconform against a terraform-plugin-sdk/v2 provider: New("test") where New
// returns func() *schema.Provider (any func() P whose P has the SDK's GRPCProvider method).
func RunSDKv2[P interface {
	GRPCProvider() tfprotov5.ProviderServer
}](t *testing.T, provider func() P, opts Options) {
	t.Helper()
	RunT(testingT{t}, SDKv2(provider), opts)
}
