package main

import (
	"encoding/json"
	"math/big"
	"strings"

	"github.com/hashicorp/terraform-plugin-go/tftypes"
)

// valueToJSON encodes a wholly known value of schema type typ in Terraform's JSON state form,
// the form tftypes.ValueFromJSON reads back to an equal value: where the schema type is
// dynamic, the value is wrapped as {"value": ..., "type": ...}. Element order is kept as given.
func valueToJSON(typ tftypes.Type, v tftypes.Value) (json.RawMessage, error) {
	doc, err := jsonDocument(typ, v, tftypes.NewAttributePath())
	if err != nil {
		return nil, err
	}
	return json.Marshal(doc)
}

func jsonDocument(typ tftypes.Type, v tftypes.Value, p *tftypes.AttributePath) (any, error) {
	if !v.IsKnown() {
		return nil, p.NewErrorf("an unknown value cannot be stored")
	}
	if typ.Is(tftypes.DynamicPseudoType) {
		if v.IsNull() {
			return nil, nil
		}
		inner, err := jsonDocument(v.Type(), v, p)
		if err != nil {
			return nil, err
		}
		typeJSON, err := v.Type().MarshalJSON() //nolint:staticcheck // the only public type encoder
		if err != nil {
			return nil, p.NewError(err)
		}
		return map[string]any{"value": inner, "type": json.RawMessage(typeJSON)}, nil
	}
	if v.IsNull() {
		return nil, nil
	}
	switch t := typ.(type) {
	case tftypes.List:
		return jsonElements(v, p, func(int) tftypes.Type { return t.ElementType })
	case tftypes.Set:
		return jsonElements(v, p, func(int) tftypes.Type { return t.ElementType })
	case tftypes.Tuple:
		return jsonElements(v, p, func(i int) tftypes.Type { return t.ElementTypes[i] })
	case tftypes.Map:
		return jsonAttributes(v, p, func(string) tftypes.Type { return t.ElementType }, p.WithElementKeyString)
	case tftypes.Object:
		return jsonAttributes(v, p, func(k string) tftypes.Type { return t.AttributeTypes[k] }, p.WithAttributeName)
	}
	switch {
	case typ.Is(tftypes.String):
		var s string
		err := v.As(&s)
		return s, err
	case typ.Is(tftypes.Bool):
		var b bool
		err := v.As(&b)
		return b, err
	case typ.Is(tftypes.Number):
		f := new(big.Float)
		if err := v.As(&f); err != nil {
			return nil, err
		}
		return json.Number(exactDecimal(f)), nil
	}
	return nil, p.NewErrorf("unsupported type %s", typ)
}

func jsonElements(v tftypes.Value, p *tftypes.AttributePath, elemType func(int) tftypes.Type) (any, error) {
	var elems []tftypes.Value
	if err := v.As(&elems); err != nil {
		return nil, p.NewError(err)
	}
	out := make([]any, 0, len(elems))
	for i, e := range elems {
		doc, err := jsonDocument(elemType(i), e, p.WithElementKeyInt(i))
		if err != nil {
			return nil, err
		}
		out = append(out, doc)
	}
	return out, nil
}

func jsonAttributes(v tftypes.Value, p *tftypes.AttributePath, attrType func(string) tftypes.Type,
	step func(string) *tftypes.AttributePath) (any, error) {
	var attrs map[string]tftypes.Value
	if err := v.As(&attrs); err != nil {
		return nil, p.NewError(err)
	}
	out := make(map[string]any, len(attrs))
	for k, a := range attrs {
		doc, err := jsonDocument(attrType(k), a, step(k))
		if err != nil {
			return nil, err
		}
		out[k] = doc
	}
	return out, nil
}

// exactDecimal writes f's exact value. Text('g', -1) gives the shortest text that rounds back at
// f's own precision, which for a float64-precision number (msgpack float64 on the wire) is a
// different decimal once read back at Terraform's 512-bit precision: the stored value would
// change between apply and read. A binary fraction always has a finite decimal expansion.
func exactDecimal(f *big.Float) string {
	if f.IsInf() {
		return f.Text('g', -1)
	}
	r, _ := f.Rat(nil)
	digits := r.Denom().BitLen() - 1 // the denominator is a power of two: 2^k needs k decimals
	text := r.FloatString(digits)
	if strings.Contains(text, ".") {
		text = strings.TrimSuffix(strings.TrimRight(text, "0"), ".")
	}
	return text
}
