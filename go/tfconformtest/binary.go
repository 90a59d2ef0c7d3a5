package tfconformtest

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"strconv"
	"strings"
)

// version is tfconform's MAJOR.MINOR.PATCH.
type version [3]int

func (v version) String() string { return fmt.Sprintf("%d.%d.%d", v[0], v[1], v[2]) }

func (v version) atLeast(w version) bool {
	for i := range v {
		if v[i] != w[i] {
			return v[i] > w[i]
		}
	}
	return true
}

// Versions the package needs: attaching and the JSON report (0.1.0); several --reattach
// targets as one pool and --provider-arg (0.2.0).
var (
	minVersion  = version{0, 1, 0}
	poolVersion = version{0, 2, 0}
	execVersion = version{0, 2, 0}
)

// parseVersion reads `tfconform --version`: "tfconform 0.2.0" (anything after the number, such
// as a pre-release suffix, is ignored).
func parseVersion(output string) (version, error) {
	fields := strings.Fields(output)
	if len(fields) < 2 || fields[0] != "tfconform" {
		return version{}, fmt.Errorf("expected \"tfconform X.Y.Z\", got %q", strings.TrimSpace(output))
	}
	var v version
	parts := strings.SplitN(fields[1], ".", 3)
	if len(parts) != 3 {
		return version{}, fmt.Errorf("expected \"tfconform X.Y.Z\", got %q", strings.TrimSpace(output))
	}
	for i, part := range parts {
		end := 0
		for end < len(part) && part[end] >= '0' && part[end] <= '9' {
			end++
		}
		n, err := strconv.Atoi(part[:end])
		if err != nil {
			return version{}, fmt.Errorf("expected \"tfconform X.Y.Z\", got %q", strings.TrimSpace(output))
		}
		v[i] = n
	}
	return v, nil
}

// errNotFound: neither TFCONFORM_PATH nor PATH has tfconform.
var errNotFound = errors.New("tfconform not found")

// tfconformBinary is the tfconform to run and its version.
type tfconformBinary struct {
	path    string
	version version
}

// findBinary takes TFCONFORM_PATH, else tfconform from PATH, and asks it its version.
func findBinary() (tfconformBinary, error) {
	path := os.Getenv("TFCONFORM_PATH")
	if path != "" {
		if _, err := os.Stat(path); err != nil {
			return tfconformBinary{}, fmt.Errorf("%w: TFCONFORM_PATH=%s: %v", errNotFound, path, err)
		}
	} else {
		found, err := exec.LookPath("tfconform")
		if err != nil {
			return tfconformBinary{}, fmt.Errorf("%w on PATH: set TFCONFORM_PATH to the binary, or install it "+
				"(tfconform's README, Install)", errNotFound)
		}
		path = found
	}
	out, err := exec.Command(path, "--version").Output()
	if err != nil {
		return tfconformBinary{}, fmt.Errorf("%s --version: %v", path, err)
	}
	v, err := parseVersion(string(out))
	if err != nil {
		return tfconformBinary{}, fmt.Errorf("%s --version: %v", path, err)
	}
	return tfconformBinary{path: path, version: v}, nil
}

// require fails with what to do when b is older than want, which feature needs.
func (b tfconformBinary) require(want version, feature string) error {
	if b.version.atLeast(want) {
		return nil
	}
	return fmt.Errorf("%s is tfconform %s; %s needs tfconform %s or newer", b.path, b.version, feature, want)
}
