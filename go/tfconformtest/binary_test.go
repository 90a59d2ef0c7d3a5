package tfconformtest

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestParseVersion(t *testing.T) {
	for text, want := range map[string]version{
		"tfconform 0.1.0\n":       {0, 1, 0},
		"tfconform 0.2.0":         {0, 2, 0},
		"tfconform 1.10.3-rc1\n":  {1, 10, 3},
		"tfconform 0.2.0 (abc)\n": {0, 2, 0},
	} {
		got, err := parseVersion(text)
		if err != nil || got != want {
			t.Errorf("parseVersion(%q) = %v, %v; want %v", text, got, err, want)
		}
	}
	for _, bad := range []string{"", "tfconform", "other 0.1.0", "tfconform 0.1", "tfconform x.1.0"} {
		if _, err := parseVersion(bad); err == nil {
			t.Errorf("parseVersion(%q) accepted", bad)
		}
	}
}

func TestRequireNamesTheFeatureAndVersions(t *testing.T) {
	b := tfconformBinary{path: "/bin/tfconform", version: version{0, 1, 0}}
	if err := b.require(version{0, 1, 0}, "x"); err != nil {
		t.Errorf("0.1.0 refused for 0.1.0: %v", err)
	}
	err := b.require(poolVersion, "Jobs: 2 in-process")
	if err == nil || !strings.Contains(err.Error(), "is tfconform 0.1.0; Jobs: 2 in-process needs tfconform 0.2.0 or newer") {
		t.Errorf("require(0.2.0) = %v", err)
	}
	if !(version{1, 0, 0}).atLeast(version{0, 9, 9}) || (version{0, 1, 9}).atLeast(version{0, 2, 0}) {
		t.Error("atLeast compares numerically, most significant first")
	}
}

// A binary too old for the package is a clear error, not a run: a script standing in for it.
func TestFindBinaryReadsTheVersion(t *testing.T) {
	dir := t.TempDir()
	fake := filepath.Join(dir, "tfconform")
	if err := os.WriteFile(fake, []byte("#!/bin/sh\necho tfconform 0.0.9\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	t.Setenv("TFCONFORM_PATH", fake)
	b, err := findBinary()
	if err != nil || b.version != (version{0, 0, 9}) {
		t.Fatalf("findBinary() = %v, %v", b, err)
	}
	if err := b.require(minVersion, "tfconformtest"); err == nil {
		t.Error("0.0.9 accepted")
	}
	t.Setenv("TFCONFORM_PATH", filepath.Join(dir, "missing"))
	if _, err := findBinary(); err == nil || !strings.Contains(err.Error(), "tfconform not found") {
		t.Errorf("a missing TFCONFORM_PATH: %v", err)
	}
}
