package main

import (
	"testing"

	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
	"github.com/hashicorp/terraform-plugin-go/tftypes"
)

// call runs join in mode with string arguments (nil: null, unknownArg: unknown).
func call(t *testing.T, mode string, args ...*string) *tfprotov6.CallFunctionResponse {
	t.Helper()
	h := newHarness(t, mode)
	req := &tfprotov6.CallFunctionRequest{Name: joinFunctionName}
	for _, a := range args {
		v := nullOf(tftypes.String)
		switch {
		case a == unknownArg:
			v = unknownOf(tftypes.String)
		case a != nil:
			v = knownString(*a)
		}
		req.Arguments = append(req.Arguments, h.dv(tftypes.String, v))
	}
	resp, err := newProvider(mode, false).CallFunction(ctx, req)
	if err != nil {
		t.Fatal(err)
	}
	return resp
}

var unknownArg = new(string)

func sp(s string) *string { return &s }

func result(t *testing.T, resp *tfprotov6.CallFunctionResponse) tftypes.Value {
	t.Helper()
	if resp.Error != nil || resp.Result == nil {
		t.Fatalf("no result: %+v", resp.Error)
	}
	v, err := decode(resp.Result, tftypes.String)
	if err != nil {
		t.Fatal(err)
	}
	return v
}

func TestHonestJoin(t *testing.T) {
	if got := result(t, call(t, modeHonest, sp("-"), sp("a"))); !got.Equal(knownString("a")) {
		t.Fatalf("join(-, a) = %v", got)
	}
	if got := result(t, call(t, modeHonest, nil)); !got.Equal(knownString("")) {
		t.Fatalf("join(null) = %v", got)
	}
	if got := result(t, call(t, modeHonest, unknownArg, sp("a"))); got.IsKnown() {
		t.Fatalf("join(unknown, a) = %v", got)
	}
	resp := call(t, modeHonest, sp("-"), sp("a"), sp("b"))
	if resp.Error == nil || resp.Error.FunctionArgument == nil || *resp.Error.FunctionArgument != 2 {
		t.Fatalf("a second part: %+v", resp.Error)
	}
	p := newProvider(modeHonest, false)
	schema, _ := p.GetProviderSchema(ctx, &tfprotov6.GetProviderSchemaRequest{})
	listed, _ := p.GetFunctions(ctx, &tfprotov6.GetFunctionsRequest{})
	if schema.Functions[joinFunctionName].Summary != listed.Functions[joinFunctionName].Summary {
		t.Fatal("GetFunctions and GetProviderSchema disagree")
	}
}

func TestFunctionFaults(t *testing.T) {
	if a, b := result(t, call(t, "function_inconsistent", sp("-"))), result(t, call(t, "function_inconsistent", sp("-"))); a.Equal(b) {
		t.Fatalf("function_inconsistent gave %v twice", a)
	}
	if resp := call(t, "function_no_result", sp("-")); resp.Result != nil || resp.Error != nil {
		t.Fatalf("function_no_result: %+v", resp)
	}
	if resp := call(t, "function_error_index", sp("-"), sp("a")); resp.Error == nil || *resp.Error.FunctionArgument != 2 {
		t.Fatalf("function_error_index: %+v", resp.Error)
	}
	if got := result(t, call(t, "function_unknown_for_known", sp("-"), sp("a"))); got.IsKnown() {
		t.Fatalf("function_unknown_for_known gave %v", got)
	}
	if got := result(t, call(t, "function_unknown_mismatch", unknownArg)); !got.IsKnown() {
		t.Fatalf("function_unknown_mismatch gave %v", got)
	}
	p := newProvider("function_schema_mismatch", false)
	schema, _ := p.GetProviderSchema(ctx, &tfprotov6.GetProviderSchemaRequest{})
	listed, _ := p.GetFunctions(ctx, &tfprotov6.GetFunctionsRequest{})
	if schema.Functions[joinFunctionName].Summary == listed.Functions[joinFunctionName].Summary {
		t.Fatal("function_schema_mismatch: the answers agree")
	}
	bad := newProvider("function_invalid_signature", false).functions(false)[joinFunctionName]
	if bad.Parameters[0].Name != "the separator" {
		t.Fatalf("function_invalid_signature: %q", bad.Parameters[0].Name)
	}
}
