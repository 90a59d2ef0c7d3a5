package main

import (
	"testing"

	"github.com/hashicorp/terraform-plugin-go/tftypes"
)

// The second in-place update of one object brings secret back to its value before the first;
// the first update and a replacement are honest, and a change of size requires replacement.
func TestSecondUpdateStale(t *testing.T) {
	config := func(secret string, size float64) tftypes.Value {
		return thing(map[string]tftypes.Value{"name": knownString("alpha"), "secret": knownString(secret), "size": num(size)})
	}
	for _, mode := range []string{modeSecondUpdateStale, modeHonest} {
		t.Run(mode, func(t *testing.T) {
			h := newHarness(t, mode)
			state := h.create(config("s0", 1))
			for i, secret := range []string{"s1", "s2", "s3"} {
				planned, resp := h.plan(h.provider(false), state, config(secret, 1))
				if len(resp.RequiresReplace) != 0 {
					t.Fatalf("update %d requires replacement: %v", i+1, resp.RequiresReplace)
				}
				state, _ = h.apply(h.provider(false), state, planned, config(secret, 1))
				want := secret
				if mode == modeSecondUpdateStale && i == 1 {
					want = "s0"
				}
				if got := str(t, attr(state, "secret")); got != want {
					t.Fatalf("update %d: secret %q, want %q", i+1, got, want)
				}
			}
			_, resp := h.plan(h.provider(false), state, config("s3", 2))
			if replaced := len(resp.RequiresReplace) == 1; replaced != (mode == modeSecondUpdateStale) {
				t.Fatalf("size change: requires_replace %v", resp.RequiresReplace)
			}
		})
	}
}
