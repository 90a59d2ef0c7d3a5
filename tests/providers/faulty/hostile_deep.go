package main

import (
	"bytes"
	"context"
	"strings"
	"sync"

	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
	"github.com/hashicorp/terraform-plugin-go/tftypes"
	msgpack "github.com/vmihailenco/msgpack/v5"
)

// Nesting depths of the deep_nesting modes: the payload value's lists, the deep type's lists.
const (
	payloadDepth = 10_000
	deepDepth    = 100_000
)

// extraAttribute is the honest provider with one more tfcfault_thing attribute, whose bytes it
// strips from every request and adds to every answer without decoding them (members.go): the
// rest of each value is the honest provider's, so only that attribute is hostile.
type extraAttribute struct {
	*provider
	attr *tfprotov6.SchemaAttribute
	// constant is the msgpack of the value the provider chooses for a computed attribute:
	// planned unknown on create, the prior value kept on update, constant in every state.
	// nil: an optional attribute that follows config (planned from the proposed new state,
	// applied as planned, read as it was; null after import or upgrade).
	constant []byte
}

// deepNestingValue: payload, a computed dynamic attribute holding payloadDepth nested lists.
// The JSON store cannot keep it (encoding/json stops at 10,000 levels) and it is the same
// value every time, so every answer adds it rather than the store holding it.
func deepNestingValue(p *provider) *extraAttribute {
	return &extraAttribute{provider: p, constant: deepPayload(payloadDepth), attr: &tfprotov6.SchemaAttribute{
		Name: "payload", Type: tftypes.DynamicPseudoType, Computed: true,
		Description: "A list nested 10,000 levels deep.",
	}}
}

// deepNestingSchema: deep, an optional attribute whose type is deepDepth nested lists.
func deepNestingSchema(p *provider) *extraAttribute {
	return &extraAttribute{provider: p, attr: &tfprotov6.SchemaAttribute{
		Name: "deep", Type: deepType(), Optional: true,
		Description: "Its type is list(string) inside 99,999 more lists.",
	}}
}

// nestedListJSON is the type JSON of list(list(...list(string)...)), depth lists.
func nestedListJSON(depth int) string {
	return strings.Repeat(`["list",`, depth) + `"string"` + strings.Repeat("]", depth)
}

// deepPayload is the msgpack of payload's value, as a dynamic value is sent: the array
// [type JSON as bin, value], the value being depth one-element lists around a string. Written
// directly: tftypes takes minutes over 10,000 levels (its type JSON and list code are
// quadratic in the depth).
func deepPayload(depth int) []byte {
	var buf bytes.Buffer // writes to a bytes.Buffer do not fail
	enc := msgpack.NewEncoder(&buf)
	_ = enc.EncodeArrayLen(2)
	_ = enc.EncodeBytes([]byte(nestedListJSON(depth)))
	for i := 0; i < depth; i++ {
		_ = enc.EncodeArrayLen(1)
	}
	_ = enc.EncodeString("tfcfault deep_nesting_value")
	return buf.Bytes()
}

// jsonType is a type whose JSON is given: tftypes' List.MarshalJSON copies its element's
// JSON at every level, quadratic in the depth.
type jsonType struct {
	tftypes.Type
	json []byte
}

func (t jsonType) MarshalJSON() ([]byte, error) { return t.json, nil }

// deepType is the tftypes list type deepDepth levels deep, built once.
var deepType = sync.OnceValue(func() tftypes.Type {
	var t tftypes.Type = tftypes.String
	for i := 0; i < deepDepth; i++ {
		t = tftypes.List{ElementType: t}
	}
	return jsonType{Type: t, json: []byte(nestedListJSON(deepDepth))}
})

// msgpackUnknown and msgpackNull are the encodings of an unknown and of a null value.
var (
	msgpackUnknown = func() []byte {
		dv, err := encode(tftypes.DynamicPseudoType, unknownOf(tftypes.DynamicPseudoType))
		if err != nil {
			panic(err)
		}
		return dv.MsgPack
	}()
	msgpackNull = []byte{0xc0}
)

// strip is dv without the extra attribute, and that attribute's msgpack (nil when absent).
// Bytes it cannot split go to the honest provider as they are, which reports them.
func (e *extraAttribute) strip(dv *tfprotov6.DynamicValue) (*tfprotov6.DynamicValue, []byte) {
	switch {
	case dv == nil:
	case dv.MsgPack != nil:
		if rest, raw, err := splitMember(dv.MsgPack, e.attr.Name); err == nil {
			return &tfprotov6.DynamicValue{MsgPack: rest}, raw
		}
	case dv.JSON != nil:
		if rest, err := dropJSONMember(dv.JSON, e.attr.Name); err == nil {
			return &tfprotov6.DynamicValue{JSON: rest}, nil
		}
	}
	return dv, nil
}

// with is an answer's msgpack object with the extra attribute set to raw (null when nil).
func (e *extraAttribute) with(dv *tfprotov6.DynamicValue, raw []byte) (*tfprotov6.DynamicValue, error) {
	if dv == nil || dv.MsgPack == nil {
		return dv, nil
	}
	if raw == nil {
		raw = msgpackNull
	}
	out, err := withMember(dv.MsgPack, e.attr.Name, raw)
	return &tfprotov6.DynamicValue{MsgPack: out}, err
}

// valueOr is the constant value, else fallback.
func (e *extraAttribute) valueOr(fallback []byte) []byte {
	if e.constant != nil {
		return e.constant
	}
	return fallback
}

func (e *extraAttribute) GetProviderSchema(ctx context.Context, req *tfprotov6.GetProviderSchemaRequest) (*tfprotov6.GetProviderSchemaResponse, error) {
	resp, err := e.provider.GetProviderSchema(ctx, req)
	if err == nil {
		block := resp.ResourceSchemas[thingTypeName].Block
		block.Attributes = append(block.Attributes, e.attr)
	}
	return resp, err
}

func (e *extraAttribute) ValidateResourceConfig(ctx context.Context, req *tfprotov6.ValidateResourceConfigRequest) (*tfprotov6.ValidateResourceConfigResponse, error) {
	if req.TypeName != thingTypeName {
		return e.provider.ValidateResourceConfig(ctx, req) // only tfcfault_thing has the extra attribute
	}
	r := *req
	r.Config, _ = e.strip(req.Config)
	return e.provider.ValidateResourceConfig(ctx, &r)
}

func (e *extraAttribute) PlanResourceChange(ctx context.Context, req *tfprotov6.PlanResourceChangeRequest) (*tfprotov6.PlanResourceChangeResponse, error) {
	if req.TypeName != thingTypeName {
		return e.provider.PlanResourceChange(ctx, req) // only tfcfault_thing has the extra attribute
	}
	r := *req
	var prior, proposed []byte
	r.PriorState, prior = e.strip(req.PriorState)
	r.ProposedNewState, proposed = e.strip(req.ProposedNewState)
	r.Config, _ = e.strip(req.Config)
	resp, err := e.provider.PlanResourceChange(ctx, &r)
	if err != nil {
		return resp, err
	}
	raw := proposed
	if e.constant != nil {
		raw = prior // kept on update
		if raw == nil || bytes.Equal(raw, msgpackNull) {
			raw = msgpackUnknown // create (prior null), or nothing to keep
		}
	}
	resp.PlannedState, err = e.with(resp.PlannedState, raw)
	return resp, err
}

func (e *extraAttribute) ApplyResourceChange(ctx context.Context, req *tfprotov6.ApplyResourceChangeRequest) (*tfprotov6.ApplyResourceChangeResponse, error) {
	if req.TypeName != thingTypeName {
		return e.provider.ApplyResourceChange(ctx, req) // only tfcfault_thing has the extra attribute
	}
	r := *req
	var planned []byte
	r.PriorState, _ = e.strip(req.PriorState)
	r.PlannedState, planned = e.strip(req.PlannedState)
	r.Config, _ = e.strip(req.Config)
	resp, err := e.provider.ApplyResourceChange(ctx, &r)
	if err != nil {
		return resp, err
	}
	resp.NewState, err = e.with(resp.NewState, e.valueOr(planned))
	return resp, err
}

func (e *extraAttribute) ReadResource(ctx context.Context, req *tfprotov6.ReadResourceRequest) (*tfprotov6.ReadResourceResponse, error) {
	if req.TypeName != thingTypeName {
		return e.provider.ReadResource(ctx, req) // only tfcfault_thing has the extra attribute
	}
	r := *req
	var current []byte
	r.CurrentState, current = e.strip(req.CurrentState)
	resp, err := e.provider.ReadResource(ctx, &r)
	if err != nil {
		return resp, err
	}
	resp.NewState, err = e.with(resp.NewState, e.valueOr(current))
	return resp, err
}

func (e *extraAttribute) ImportResourceState(ctx context.Context, req *tfprotov6.ImportResourceStateRequest) (*tfprotov6.ImportResourceStateResponse, error) {
	if req.TypeName != thingTypeName {
		return e.provider.ImportResourceState(ctx, req) // only tfcfault_thing has the extra attribute
	}
	resp, err := e.provider.ImportResourceState(ctx, req)
	if err != nil {
		return resp, err
	}
	for _, imported := range resp.ImportedResources {
		if imported.State, err = e.with(imported.State, e.valueOr(nil)); err != nil {
			return nil, err
		}
	}
	return resp, nil
}

func (e *extraAttribute) UpgradeResourceState(ctx context.Context, req *tfprotov6.UpgradeResourceStateRequest) (*tfprotov6.UpgradeResourceStateResponse, error) {
	if req.TypeName != thingTypeName {
		return e.provider.UpgradeResourceState(ctx, req) // only tfcfault_thing has the extra attribute
	}
	r := *req
	if req.RawState != nil && req.RawState.JSON != nil {
		if text, err := dropJSONMember(req.RawState.JSON, e.attr.Name); err == nil {
			r.RawState = &tfprotov6.RawState{JSON: text}
		}
	}
	resp, err := e.provider.UpgradeResourceState(ctx, &r)
	if err != nil {
		return resp, err
	}
	resp.UpgradedState, err = e.with(resp.UpgradedState, e.valueOr(nil))
	return resp, err
}
