package tfconformtest

import (
	"bufio"
	"context"
	"os"
	"os/exec"
	"regexp"
	"testing"

	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
)

// stubServer is a protocol 6 provider with no types that answers nothing else: the handshake
// needs no RPC.
type stubServer struct{ tfprotov6.ProviderServer }

func (stubServer) GetProviderSchema(context.Context, *tfprotov6.GetProviderSchemaRequest) (*tfprotov6.GetProviderSchemaResponse, error) {
	return &tfprotov6.GetProviderSchemaResponse{}, nil
}

// TestExecChildServes plays both roles of Exec mode with one function, as a provider's
// TestConformance does: started again with TFCONFORMTEST_SERVE=1 (what tfconform's --env
// sets), RunT serves the provider as its released binary would, so the first line on stdout
// is go-plugin's handshake for protocol 6 (what tfconform --provider reads).
func TestExecChildServes(t *testing.T) {
	if os.Getenv(serveEnv) == "1" {
		RunT(testingT{t}, Protocol6(func() (tfprotov6.ProviderServer, error) { return stubServer{}, nil }), Options{Exec: true})
		return
	}
	child := exec.Command(os.Args[0], "-test.run=^TestExecChildServes$")
	child.Env = append(os.Environ(), serveEnv+"=1",
		"TF_PLUGIN_MAGIC_COOKIE=d602bf8f470bc67ca7faa0386276bbdd4330efaf76d1a219cb4d6991ca9872b2")
	stdout, err := child.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := child.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() {
		_ = child.Process.Kill()
		_ = child.Wait()
	}()
	line, err := bufio.NewReader(stdout).ReadString('\n')
	if err != nil {
		t.Fatalf("no handshake line from the child: %v", err)
	}
	if !regexp.MustCompile(`^1\|6\|unix\|[^|]+\|grpc\|`).MatchString(line) {
		t.Errorf("handshake line %q", line)
	}
}

// Exec mode hands tfconform the test binary, an anchored -test.run of this test and the
// environment variable that makes the child serve.
func TestExecArguments(t *testing.T) {
	t.Setenv("TFCONFORM_SEED", "7")
	rec := NewRecorder(t)
	var plan *runPlan
	rec.Run("TestConformance", func(c T) {
		var err error
		plan, err = newRunPlan(c, Protocol6(func() (tfprotov6.ProviderServer, error) { return stubServer{}, nil }),
			Options{Exec: true, Jobs: 2})
		if err != nil {
			c.Fatalf("%v", err)
		}
	})
	if plan == nil {
		t.Fatalf("no plan: %q", rec.Find("TestConformance").Errors())
	}
	exe, _ := os.Executable()
	if !contains(plan.args, []string{"--jobs", "2"}) {
		t.Errorf("args %q lack --jobs 2", plan.args)
	}
	want := []string{"--provider", exe, "--provider-arg=-test.run=^" + regexpQuote(t.Name()) + "$/^TestConformance$",
		"--env", serveEnv + "=1"}
	if !contains(plan.args, want) {
		t.Errorf("args %q lack %q", plan.args, want)
	}
}

func contains(args, want []string) bool {
	for i := 0; i+len(want) <= len(args); i++ {
		if equal(args[i:i+len(want)], want) {
			return true
		}
	}
	return false
}

func equal(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}
