package main

import (
	"testing"

	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
	"github.com/hashicorp/terraform-plugin-go/tftypes"
	protobuf "google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/types/known/structpb"
)

func invoke(t *testing.T, mode string) []tfprotov6.InvokeActionEvent {
	t.Helper()
	h := newHarness(t, mode)
	config := h.dv(notifyType, tftypes.NewValue(notifyType, map[string]tftypes.Value{"message": knownString("hi")}))
	resp, err := newProvider(mode, false).InvokeAction(ctx, &tfprotov6.InvokeActionRequest{ActionType: notifyTypeName, Config: config})
	if err != nil {
		t.Fatal(err)
	}
	var out []tfprotov6.InvokeActionEvent
	for e := range resp.Events {
		out = append(out, e)
	}
	return out
}

func TestHonestNotify(t *testing.T) {
	events := invoke(t, modeHonest)
	if len(events) != 2 {
		t.Fatalf("%d events", len(events))
	}
	if _, ok := events[1].Type.(tfprotov6.CompletedInvokeActionEventType); !ok {
		t.Fatalf("last event %T", events[1].Type)
	}
	p := newProvider(modeHonest, false)
	if plan, _ := p.PlanAction(ctx, &tfprotov6.PlanActionRequest{ActionType: notifyTypeName,
		ClientCapabilities: &tfprotov6.PlanActionClientCapabilities{DeferralAllowed: true}}); plan.Deferred != nil {
		t.Fatal("the honest action deferred")
	}
}

func TestActionFaults(t *testing.T) {
	for _, e := range invoke(t, "action_no_completed") {
		if _, ok := e.Type.(tfprotov6.CompletedInvokeActionEventType); ok {
			t.Fatal("action_no_completed completed")
		}
	}
	p := newProvider("action_defer_reason", false)
	plan, _ := p.PlanAction(ctx, &tfprotov6.PlanActionRequest{ActionType: notifyTypeName,
		ClientCapabilities: &tfprotov6.PlanActionClientCapabilities{DeferralAllowed: true}})
	if plan.Deferred == nil || plan.Deferred.Reason != tfprotov6.DeferredReasonResourceConfigUnknown {
		t.Fatalf("action_defer_reason: %+v", plan.Deferred)
	}
	if plan, _ := p.PlanAction(ctx, &tfprotov6.PlanActionRequest{ActionType: notifyTypeName}); plan.Deferred != nil {
		t.Fatal("action_defer_reason deferred without being allowed")
	}
}

// The codec leaves every other message alone (a message of another type passes unchanged).
func TestEmptyEventCodecTouchesOnlyMarkedEvents(t *testing.T) {
	msg := structpb.NewStringValue(emptyEventMarker)
	data, err := emptyEventCodec{}.Marshal(msg)
	if err != nil {
		t.Fatal(err)
	}
	back := &structpb.Value{}
	if err := protobuf.Unmarshal(data.Materialize(), back); err != nil || back.GetStringValue() != emptyEventMarker {
		t.Fatalf("%v %v", back, err)
	}
}
