package main

import (
	"os"
	"path/filepath"
	"testing"
)

// Every folder of examples/ names a type this provider has, with the file tfplugindocs expects
// there: a renamed type cannot leave an example behind that no type reads.
func TestExamplesNameTypesOfThisProvider(t *testing.T) {
	f := start(t, t.TempDir())
	kinds := map[string]struct {
		file  string
		known func(string) bool
	}{
		"resources":    {"resource.tf", func(n string) bool { return f.schema.ResourceSchemas[n] != nil }},
		"data-sources": {"data-source.tf", func(n string) bool { return f.schema.DataSourceSchemas[n] != nil }},
		"ephemeral-resources": {"ephemeral-resource.tf",
			func(n string) bool { return f.schema.EphemeralResourceSchemas[n] != nil }},
		"functions": {"function.tf", func(n string) bool { return f.schema.Functions[n] != nil }},
	}
	if _, err := os.Stat(filepath.Join("examples", "provider", "provider.tf")); err != nil {
		t.Error(err)
	}
	seen := 0
	for kind, want := range kinds {
		entries, err := os.ReadDir(filepath.Join("examples", kind))
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range entries {
			seen++
			if !want.known(e.Name()) {
				t.Errorf("examples/%s/%s: no such type", kind, e.Name())
			}
			if _, err := os.Stat(filepath.Join("examples", kind, e.Name(), want.file)); err != nil {
				t.Error(err)
			}
		}
	}
	if seen < 10 {
		t.Errorf("%d examples, want at least 10", seen)
	}
}
