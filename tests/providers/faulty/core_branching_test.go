package main

import (
	"testing"

	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
	"github.com/hashicorp/terraform-plugin-go/tftypes"
)

// The core-branching mode plans honestly after a ConfigureProvider that did not allow
// deferral (or sent no capabilities) and changes the configured name after one that did.
func TestPlanFaultyWhenDeferralConfigured(t *testing.T) {
	h := newHarness(t, modePlanFaultyWhenDeferralConfigured)
	config := thing(map[string]tftypes.Value{"name": knownString("alpha")})
	null := nullOf(thingType)
	planName := func(caps *tfprotov6.ConfigureProviderClientCapabilities) string {
		p := h.provider(false)
		configured, err := p.ConfigureProvider(ctx, &tfprotov6.ConfigureProviderRequest{
			Config: h.dv(providerType, nullOf(providerType)), ClientCapabilities: caps,
		})
		if err != nil || hasError(configured.Diagnostics) {
			t.Fatalf("configure: %v %v", err, configured.Diagnostics)
		}
		resp, err := p.PlanResourceChange(ctx, &tfprotov6.PlanResourceChangeRequest{
			TypeName:         thingTypeName,
			PriorState:       h.dv(thingType, null),
			ProposedNewState: h.dv(thingType, proposedNew(null, config)),
			Config:           h.dv(thingType, config),
			// A plan that allows deferral is not what the mode branches on.
			ClientCapabilities: &tfprotov6.PlanResourceChangeClientCapabilities{DeferralAllowed: true},
		})
		if err != nil || hasError(resp.Diagnostics) {
			t.Fatalf("plan: %v %v", err, resp.Diagnostics)
		}
		return str(t, attr(h.value(resp.PlannedState), "name"))
	}
	if got := planName(nil); got != "alpha" {
		t.Errorf("configured without capabilities: name %q, want alpha", got)
	}
	if got := planName(&tfprotov6.ConfigureProviderClientCapabilities{DeferralAllowed: false}); got != "alpha" {
		t.Errorf("configured without deferral: name %q, want alpha", got)
	}
	if got := planName(&tfprotov6.ConfigureProviderClientCapabilities{DeferralAllowed: true}); got != "alpha-planned" {
		t.Errorf("configured with deferral: name %q, want alpha-planned", got)
	}
}
