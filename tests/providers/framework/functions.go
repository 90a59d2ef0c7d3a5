package main

import (
	"context"
	"math/big"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework/function"
	"github.com/hashicorp/terraform-plugin-framework/provider"
	"github.com/hashicorp/terraform-plugin-framework/types"
)

var _ provider.ProviderWithFunctions = (*fixtureProvider)(nil)

// Functions: join covers a nullable parameter that accepts unknown values and a variadic
// parameter; chunk covers collection arguments and results, and an error naming its argument.
func (p *fixtureProvider) Functions(context.Context) []func() function.Function {
	return []func() function.Function{newJoinFunction, newChunkFunction}
}

type joinFunction struct{}

func newJoinFunction() function.Function { return joinFunction{} }

func (joinFunction) Metadata(_ context.Context, _ function.MetadataRequest, resp *function.MetadataResponse) {
	resp.Name = "join"
}

func (joinFunction) Definition(_ context.Context, _ function.DefinitionRequest, resp *function.DefinitionResponse) {
	resp.Definition = function.Definition{
		Summary:     "Join strings with a separator",
		Description: "Joins the parts with separator (null: no separator). An unknown separator gives an unknown result.",
		Parameters: []function.Parameter{
			function.StringParameter{Name: "separator", AllowNullValue: true, AllowUnknownValues: true},
		},
		VariadicParameter: function.StringParameter{Name: "parts"},
		Return:            function.StringReturn{},
	}
}

func (joinFunction) Run(ctx context.Context, req function.RunRequest, resp *function.RunResponse) {
	var separator types.String
	var parts []string
	resp.Error = req.Arguments.Get(ctx, &separator, &parts)
	if resp.Error != nil {
		return
	}
	if separator.IsUnknown() {
		resp.Error = resp.Result.Set(ctx, types.StringUnknown())
		return
	}
	resp.Error = resp.Result.Set(ctx, strings.Join(parts, separator.ValueString()))
}

type chunkFunction struct{}

func newChunkFunction() function.Function { return chunkFunction{} }

func (chunkFunction) Metadata(_ context.Context, _ function.MetadataRequest, resp *function.MetadataResponse) {
	resp.Name = "chunk"
}

func (chunkFunction) Definition(_ context.Context, _ function.DefinitionRequest, resp *function.DefinitionResponse) {
	resp.Definition = function.Definition{
		Summary: "Split a list of numbers into lists of at most size elements",
		Parameters: []function.Parameter{
			function.ListParameter{Name: "items", ElementType: types.NumberType},
			function.NumberParameter{Name: "size"},
		},
		Return: function.ListReturn{ElementType: types.ListType{ElemType: types.NumberType}},
	}
}

func (chunkFunction) Run(ctx context.Context, req function.RunRequest, resp *function.RunResponse) {
	var items []*big.Float
	var size *big.Float
	resp.Error = req.Arguments.Get(ctx, &items, &size)
	if resp.Error != nil {
		return
	}
	n, accuracy := size.Int64()
	if accuracy != big.Exact || n < 1 || n > 1000 {
		resp.Error = function.NewArgumentFuncError(1, "size must be a whole number from 1 to 1000")
		return
	}
	chunks := [][]*big.Float{}
	for start := 0; start < len(items); start += int(n) {
		end := min(start+int(n), len(items))
		chunks = append(chunks, items[start:end])
	}
	resp.Error = resp.Result.Set(ctx, chunks)
}
