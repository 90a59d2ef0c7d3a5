package main

import (
	"encoding/json"
	"errors"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/hashicorp/terraform-plugin-go/tftypes"
)

// modeSecondUpdateStale: tfcfault_thing has several attributes whose change requires
// replacement, and the second in-place update of one object applies from a stale prior: enabled
// and secret go back to their values before the first update. Only a case that updates one
// object in place twice meets it; with most updates replacing the object, few do.
const modeSecondUpdateStale = "apply_second_update_stale"

// forceNewAttributes are the attributes whose change requires replacement: name only, or in
// modeSecondUpdateStale also size, tags, items and document (in-place: enabled, members, secret
// and the blocks).
func (p *provider) forceNewAttributes() []string {
	if p.mode == modeSecondUpdateStale {
		return []string{"name", "size", "tags", "items", "document"}
	}
	return []string{"name"}
}

// replacedFor lists the force-new attributes whose planned value differs from the prior one.
func (p *provider) replacedFor(m, prior map[string]tftypes.Value) []string {
	var out []string
	for _, name := range p.forceNewAttributes() {
		if !m[name].Equal(prior[name]) && !sameNumber(m[name], prior[name]) {
			out = append(out, name)
		}
	}
	return out
}

// staleAttributes are what the second in-place update takes from the stale prior.
var staleAttributes = []string{"enabled", "secret"}

// history is what the provider keeps of one object's in-place updates: how many were applied,
// and the state before the first (Terraform's JSON state form).
type history struct {
	Updates    int             `json:"updates"`
	FirstPrior json.RawMessage `json:"first_prior"`
}

func (s *store) historyPath(id tftypes.Value) string {
	return filepath.Join(s.dir, "history", fileKey(id)+".json")
}

func (s *store) history(id tftypes.Value) (history, error) {
	var h history
	data, err := os.ReadFile(s.historyPath(id))
	if errors.Is(err, fs.ErrNotExist) {
		return h, nil
	}
	if err != nil {
		return h, err
	}
	return h, json.Unmarshal(data, &h)
}

func (s *store) putHistory(id tftypes.Value, h history) error {
	data, err := json.Marshal(h)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Dir(s.historyPath(id)), 0o755); err != nil {
		return err
	}
	return os.WriteFile(s.historyPath(id), data, 0o644)
}

func (s *store) removeHistory(id tftypes.Value) {
	_ = os.Remove(s.historyPath(id))
}

// staleSecondUpdate counts the in-place updates of the object (an apply with a non-null prior)
// and, at the second, sets each of staleAttributes that is planned non-null back to its value
// before the first update, where that was non-null and differs: apply.known_value_changed.
func (p *provider) staleSecondUpdate(m, prior map[string]tftypes.Value) error {
	if p.mode != modeSecondUpdateStale {
		return nil
	}
	id := prior["id"]
	h, err := p.store.history(id)
	if err != nil {
		return err
	}
	switch h.Updates {
	case 0:
		first, err := toJSON(tftypes.NewValue(thingType, prior))
		if err != nil {
			return err
		}
		h.FirstPrior = first
	case 1:
		first, err := valueFromJSON(h.FirstPrior, thingType, false)
		if err != nil {
			return err
		}
		before := attrsOf(first)
		for _, name := range staleAttributes {
			if m[name].IsNull() || !m[name].IsKnown() || before[name].IsNull() || m[name].Equal(before[name]) {
				continue
			}
			m[name] = before[name]
		}
	}
	h.Updates++
	return p.store.putHistory(id, h)
}
