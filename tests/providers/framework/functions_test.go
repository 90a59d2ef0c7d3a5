package main

import (
	"math/big"
	"testing"

	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
	"github.com/hashicorp/terraform-plugin-go/tftypes"
)

func (f *fixture) call(name string, args ...tftypes.Value) *tfprotov6.CallFunctionResponse {
	f.t.Helper()
	req := &tfprotov6.CallFunctionRequest{Name: name}
	for _, a := range args {
		req.Arguments = append(req.Arguments, f.dynamic(a))
	}
	resp, err := f.server.CallFunction(f.ctx, req)
	if err != nil {
		f.t.Fatal(err)
	}
	return resp
}

func TestFunctions(t *testing.T) {
	f := start(t, t.TempDir())
	str := func(s string) tftypes.Value { return tftypes.NewValue(tftypes.String, s) }
	joined := f.call("join", str("-"), str("a"), str("b"))
	if joined.Error != nil {
		t.Fatalf("join: %s", joined.Error.Text)
	}
	if v, _ := joined.Result.Unmarshal(tftypes.String); !v.Equal(str("a-b")) {
		t.Fatalf("join = %v", v)
	}
	unknown := f.call("join", tftypes.NewValue(tftypes.String, tftypes.UnknownValue), str("a"))
	if v, _ := unknown.Result.Unmarshal(tftypes.String); v.IsKnown() {
		t.Fatalf("join(unknown, a) = %v", v)
	}
	numbers := tftypes.List{ElementType: tftypes.Number}
	items := tftypes.NewValue(numbers, []tftypes.Value{tftypes.NewValue(tftypes.Number, 1), tftypes.NewValue(tftypes.Number, 2),
		tftypes.NewValue(tftypes.Number, 3)})
	chunked := f.call("chunk", items, tftypes.NewValue(tftypes.Number, big.NewFloat(2)))
	if chunked.Error != nil {
		t.Fatalf("chunk: %s", chunked.Error.Text)
	}
	if v, _ := chunked.Result.Unmarshal(tftypes.List{ElementType: numbers}); len(elements(v)) != 2 {
		t.Fatalf("chunk = %v", v)
	}
	refused := f.call("chunk", items, tftypes.NewValue(tftypes.Number, big.NewFloat(0.5)))
	if refused.Error == nil || refused.Error.FunctionArgument == nil || *refused.Error.FunctionArgument != 1 {
		t.Fatalf("chunk with size 0.5: %+v", refused.Error)
	}
	listed, err := f.server.GetFunctions(f.ctx, &tfprotov6.GetFunctionsRequest{})
	if err != nil || len(listed.Functions) != 2 || len(f.schema.Functions) != 2 {
		t.Fatalf("GetFunctions %v %v, schema %v", err, listed, f.schema.Functions)
	}
}

func elements(v tftypes.Value) []tftypes.Value {
	var out []tftypes.Value
	_ = v.As(&out)
	return out
}
