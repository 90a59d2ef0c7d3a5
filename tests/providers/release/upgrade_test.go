package main

import (
	"testing"

	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
	"github.com/hashicorp/terraform-plugin-go/tftypes"
)

// afterUpgrade is what the new release answers after a provider upgrade, as Core drives it:
// the old release's state as JSON at its schema version is upgraded, read, then planned with
// the configuration unchanged.
type afterUpgrade struct {
	f    *fixture // the new release
	read tftypes.Value
	plan *tfprotov6.PlanResourceChangeResponse
}

// upgradeWalk creates typeName from the attributes with release 1, then hands its state to
// release newRelease. The configuration is the same attributes in the new schema.
func upgradeWalk(t *testing.T, newRelease int, typeName string, attrs map[string]tftypes.Value) (tftypes.Value, afterUpgrade) {
	t.Helper()
	old := start(t, 1)
	state := old.create(typeName, old.config(typeName, attrs))
	version := old.schema.ResourceSchemas[typeName].Version

	f := start(t, newRelease)
	upgraded := f.upgrade(typeName, version, stateJSON(t, state))
	read := f.read(typeName, upgraded)
	return state, afterUpgrade{f: f, read: read, plan: f.plan(typeName, read, f.config(typeName, attrs))}
}

func (a afterUpgrade) planned(typeName string) tftypes.Value {
	return a.f.decode(typeName, a.plan.PlannedState)
}

var badgeConfig = map[string]tftypes.Value{"name": str("alpha"), "label": str("team"), "size": num(3)}

// Release 1 -> 2 is clean: the first plan after the upgrade is a no-op.
func TestUpgradeRelease1To2IsNoOp(t *testing.T) {
	for _, c := range []struct {
		typeName string
		attrs    map[string]tftypes.Value
	}{
		{"tfcrelease_badge", badgeConfig},
		{"tfcrelease_note", map[string]tftypes.Value{"text": str("hello"), "color": str("blue")}},
	} {
		_, after := upgradeWalk(t, 2, c.typeName, c.attrs)
		planned := after.planned(c.typeName)
		if !planned.Equal(after.read) || len(after.plan.RequiresReplace) != 0 {
			t.Errorf("%s: plan after the upgrade %v (replace %v), want the upgraded state %v", c.typeName, planned, after.plan.RequiresReplace, after.read)
		}
	}
}

// Release 1 -> 3 carries the planted breaks: max_depth forces a replacement, label is lost.
func TestUpgradeRelease1To3ReplacesTheBadge(t *testing.T) {
	_, after := upgradeWalk(t, 3, "tfcrelease_badge", badgeConfig)
	planned := after.planned("tfcrelease_badge")
	if !attr(t, after.read, "label").IsNull() || !attr(t, after.read, "max_depth").IsNull() {
		t.Errorf("upgraded state %v, want label and max_depth null (the planted breaks)", after.read)
	}
	if !attr(t, planned, "label").Equal(str("team")) || !attr(t, planned, "max_depth").Equal(num(-1)) {
		t.Errorf("plan after the upgrade %v, want label \"team\" and max_depth -1 back", planned)
	}
	want := tftypes.NewAttributePath().WithAttributeName("max_depth")
	if rr := after.plan.RequiresReplace; len(rr) != 1 || !rr[0].Equal(want) {
		t.Errorf("plan after the upgrade requires replacement at %v, want exactly max_depth", rr)
	}
}

// Release 3 has no note.color: a release-1 configuration setting it cannot be written in its
// schema (Core refuses it before asking the provider); the state it left upgrades without it.
func TestUpgradeRelease1To3DropsNoteColor(t *testing.T) {
	if _, ok := start(t, 3).attributes("tfcrelease_note")["color"]; ok {
		t.Fatal("release 3's note still has color")
	}
	_, after := upgradeWalk(t, 3, "tfcrelease_note", map[string]tftypes.Value{"text": str("hello")})
	if !after.planned("tfcrelease_note").Equal(after.read) {
		t.Errorf("a note without color: the plan after the upgrade is not a no-op")
	}
	f := start(t, 3)
	got := f.upgrade("tfcrelease_note", 0, []byte(`{"id":"note-1","text":"hello","color":"blue"}`))
	if want := f.config("tfcrelease_note", map[string]tftypes.Value{"id": str("note-1"), "text": str("hello")}); !got.Equal(want) {
		t.Errorf("release 3 upgraded a state with color to %v, want %v", got, want)
	}
}
