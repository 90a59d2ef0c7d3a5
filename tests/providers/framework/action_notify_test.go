package main

import (
	"testing"

	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
	"github.com/hashicorp/terraform-plugin-go/tftypes"
)

func TestNotifyStreamsProgressThenCompletes(t *testing.T) {
	f := start(t, t.TempDir())
	typ := f.schema.ActionSchemas["tfcfixture_notify"].Schema.ValueType()
	config := f.value(typ, map[string]tftypes.Value{"message": str("hi"), "repeat": tftypes.NewValue(tftypes.Number, 2)})
	resp, err := f.server.(tfprotov6.ProviderServerWithActions).InvokeAction(f.ctx, &tfprotov6.InvokeActionRequest{
		ActionType: "tfcfixture_notify", Config: f.dynamic(config)})
	if err != nil {
		t.Fatal(err)
	}
	var kinds []string
	for e := range resp.Events {
		switch ev := e.Type.(type) {
		case tfprotov6.ProgressInvokeActionEventType:
			kinds = append(kinds, "progress")
		case tfprotov6.CompletedInvokeActionEventType:
			f.check("InvokeAction", nil, ev.Diagnostics)
			kinds = append(kinds, "completed")
		}
	}
	if len(kinds) != 3 || kinds[2] != "completed" {
		t.Fatalf("events %v", kinds)
	}
}
