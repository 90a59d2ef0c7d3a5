package main

import (
	"context"
	"strconv"
	"strings"
	"sync/atomic"

	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
	"github.com/hashicorp/terraform-plugin-go/tftypes"
)

// The provider function join(separator, parts...): the parts joined by separator (null: none).
// separator may be null or unknown (an unknown separator gives an unknown result); a second
// part is an error naming it. The function_* modes break it.
const joinFunctionName = "join"

// callCount makes function_inconsistent's results differ between calls.
var callCount atomic.Int64

// functions is the function map of GetProviderSchema, or of GetFunctions with fromGetFunctions.
func (p *provider) functions(fromGetFunctions bool) map[string]*tfprotov6.Function {
	separator := "separator"
	if p.mode == "function_invalid_signature" {
		separator = "the separator"
	}
	summary := "Join strings with a separator"
	if fromGetFunctions && p.mode == "function_schema_mismatch" {
		summary = "Join strings"
	}
	return map[string]*tfprotov6.Function{joinFunctionName: {
		Summary: summary,
		Parameters: []*tfprotov6.FunctionParameter{
			{Name: separator, Type: tftypes.String, AllowNullValue: true, AllowUnknownValues: true},
		},
		VariadicParameter: &tfprotov6.FunctionParameter{Name: "parts", Type: tftypes.String},
		Return:            &tfprotov6.FunctionReturn{Type: tftypes.String},
	}}
}

func (p *provider) GetFunctions(context.Context, *tfprotov6.GetFunctionsRequest) (*tfprotov6.GetFunctionsResponse, error) {
	return &tfprotov6.GetFunctionsResponse{Functions: p.functions(true)}, nil
}

func functionError(text string, argument int64) *tfprotov6.CallFunctionResponse {
	return &tfprotov6.CallFunctionResponse{Error: &tfprotov6.FunctionError{Text: text, FunctionArgument: &argument}}
}

func (p *provider) CallFunction(_ context.Context, req *tfprotov6.CallFunctionRequest) (*tfprotov6.CallFunctionResponse, error) {
	if req.Name != joinFunctionName {
		return &tfprotov6.CallFunctionResponse{Error: &tfprotov6.FunctionError{Text: "terraform-provider-tfcfault has no function named " + req.Name}}, nil
	}
	if len(req.Arguments) < 1 {
		return &tfprotov6.CallFunctionResponse{Error: &tfprotov6.FunctionError{Text: "join needs a separator"}}, nil
	}
	args := make([]tftypes.Value, len(req.Arguments))
	for i, dv := range req.Arguments {
		v, err := decode(dv, tftypes.String)
		if err != nil {
			return functionError("cannot decode the argument: "+err.Error(), int64(i)), nil
		}
		args[i] = v
	}
	if p.mode == "function_error_index" && len(args) > 1 {
		return functionError("join refuses its parts", int64(len(args))), nil
	}
	if len(args) > 2 {
		return functionError("join takes at most one part", 2), nil
	}
	result := p.join(args)
	if p.mode == "function_no_result" {
		return &tfprotov6.CallFunctionResponse{}, nil
	}
	dv, err := encode(tftypes.String, result)
	if err != nil {
		return nil, err
	}
	return &tfprotov6.CallFunctionResponse{Result: dv}, nil
}

// join is the result for decoded arguments, as the mode makes it.
func (p *provider) join(args []tftypes.Value) tftypes.Value {
	if !args[0].IsKnown() {
		if p.mode == "function_unknown_mismatch" {
			return knownString("(separator unknown)")
		}
		return unknownOf(tftypes.String)
	}
	separator, _ := stringOf(args[0])
	parts := []string{}
	for _, a := range args[1:] {
		s, _ := stringOf(a)
		parts = append(parts, s)
	}
	switch {
	case p.mode == "function_inconsistent":
		return knownString(strings.Join(parts, separator) + "#" + strconv.FormatInt(callCount.Add(1), 10))
	case p.mode == "function_unknown_for_known" && len(parts) > 0:
		return unknownOf(tftypes.String)
	}
	return knownString(strings.Join(parts, separator))
}
