package main

import (
	"encoding/json"
	"reflect"
	"sort"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
	"github.com/hashicorp/terraform-plugin-go/tftypes"
)

func TestParseRelease(t *testing.T) {
	for _, ok := range []string{"1", "2", "3"} {
		if n, err := parseRelease(ok); err != nil || n != int(ok[0]-'0') {
			t.Errorf("parseRelease(%q) = %d, %v", ok, n, err)
		}
	}
	for _, bad := range []string{"", "0", "4", "01", "2x", " 2"} {
		if _, err := parseRelease(bad); err == nil {
			t.Errorf("parseRelease(%q) accepted", bad)
		}
	}
}

func names(attrs map[string]*tfprotov6.SchemaAttribute) string {
	var out []string
	for name := range attrs {
		out = append(out, name)
	}
	sort.Strings(out)
	return strings.Join(out, " ")
}

func TestSchemasPerRelease(t *testing.T) {
	cases := []struct {
		release      int
		badgeVersion int64
		badge        string
		note         string
	}{
		{1, 0, "fingerprint id label name size", "color id text"},
		{2, 1, "digest id label max_depth name size", "color id text"},
		{3, 1, "digest id label max_depth name size", "id text"},
	}
	for _, c := range cases {
		f := start(t, c.release)
		if v := f.schema.ResourceSchemas["tfcrelease_badge"].Version; v != c.badgeVersion {
			t.Errorf("release %d: badge schema version %d, want %d", c.release, v, c.badgeVersion)
		}
		if v := f.schema.ResourceSchemas["tfcrelease_note"].Version; v != 0 {
			t.Errorf("release %d: note schema version %d, want 0", c.release, v)
		}
		if got := names(f.attributes("tfcrelease_badge")); got != c.badge {
			t.Errorf("release %d: badge attributes %q, want %q", c.release, got, c.badge)
		}
		if got := names(f.attributes("tfcrelease_note")); got != c.note {
			t.Errorf("release %d: note attributes %q, want %q", c.release, got, c.note)
		}
		if c.release > 1 {
			md := f.attributes("tfcrelease_badge")["max_depth"]
			if !md.Optional || !md.Computed || !md.Type.Is(tftypes.Number) {
				t.Errorf("release %d: max_depth %+v, want optional+computed number", c.release, md)
			}
		}
	}
}

// release1Badge is a badge state as Terraform stores it after release 1 created it.
const release1Badge = `{"id":"badge-8ed3f6ad685b959e","name":"alpha","label":"team","size":3,"fingerprint":"8ed3f6ad685b959ead7022518e1af76cd816f8e8ec7ccdda1ed4018e8f2223f8"}`

func TestBadgeUpgraderFromRelease1(t *testing.T) {
	fingerprint := str("8ed3f6ad685b959ead7022518e1af76cd816f8e8ec7ccdda1ed4018e8f2223f8")
	cases := []struct {
		release  int
		label    tftypes.Value
		maxDepth tftypes.Value
	}{
		{2, str("team"), num(-1)},       // clean: label kept, the new attribute at its default
		{3, nullString(), nullNumber()}, // planted: label lost, max_depth left null
	}
	for _, c := range cases {
		f := start(t, c.release)
		got := f.upgrade("tfcrelease_badge", 0, []byte(release1Badge))
		want := f.config("tfcrelease_badge", map[string]tftypes.Value{
			"id": str("badge-8ed3f6ad685b959e"), "name": str("alpha"), "label": c.label, "size": num(3),
			"digest": fingerprint, "max_depth": c.maxDepth,
		})
		if !got.Equal(want) {
			t.Errorf("release %d: upgraded %v\nwant %v", c.release, got, want)
		}
	}
}

// A state release 2 wrote is already at version 1: release 3 takes it as it is.
func TestBadgeRelease3KeepsRelease2State(t *testing.T) {
	f2, f3 := start(t, 2), start(t, 3)
	config := f2.config("tfcrelease_badge", map[string]tftypes.Value{"name": str("beta"), "label": str("x")})
	state := f2.create("tfcrelease_badge", config)
	if got := f3.upgrade("tfcrelease_badge", 1, stateJSON(t, state)); !got.Equal(state) {
		t.Errorf("release 3 upgraded a release-2 state to %v, want %v", got, state)
	}
}

func TestReleasesDeriveTheSameValues(t *testing.T) {
	f1, f2 := start(t, 1), start(t, 2)
	s1 := f1.create("tfcrelease_badge", f1.config("tfcrelease_badge", map[string]tftypes.Value{"name": str("alpha")}))
	s2 := f2.create("tfcrelease_badge", f2.config("tfcrelease_badge", map[string]tftypes.Value{"name": str("alpha")}))
	if !attr(t, s1, "fingerprint").Equal(attr(t, s2, "digest")) || !attr(t, s1, "id").Equal(attr(t, s2, "id")) {
		t.Errorf("release 1 %v and release 2 %v derive different values", s1, s2)
	}
	if !attr(t, s2, "max_depth").Equal(num(-1)) {
		t.Errorf("release 2 max_depth %v, want -1", attr(t, s2, "max_depth"))
	}
}

// release1Badge must be what release 1 really writes for its configuration.
func TestRelease1BadgeStateIsRelease1s(t *testing.T) {
	f := start(t, 1)
	state := f.create("tfcrelease_badge", f.config("tfcrelease_badge", map[string]tftypes.Value{
		"name": str("alpha"), "label": str("team"), "size": num(3),
	}))
	var got, want map[string]any
	if err := json.Unmarshal(stateJSON(t, state), &got); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal([]byte(release1Badge), &want); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("release 1 wrote %v, the test's state is %v", got, want)
	}
}
