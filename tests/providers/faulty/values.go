package main

import (
	"encoding/json"
	"fmt"
	"math/big"
	"sort"

	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
	"github.com/hashicorp/terraform-plugin-go/tftypes"
)

// decode reads a request value; a missing DynamicValue is a null of the type.
func decode(dv *tfprotov6.DynamicValue, typ tftypes.Type) (tftypes.Value, error) {
	if dv == nil || (dv.MsgPack == nil && dv.JSON == nil) {
		return tftypes.NewValue(typ, nil), nil
	}
	return dv.Unmarshal(typ)
}

// encode is the msgpack DynamicValue of v, sent as typ.
func encode(typ tftypes.Type, v tftypes.Value) (*tfprotov6.DynamicValue, error) {
	dv, err := tfprotov6.NewDynamicValue(typ, v)
	if err != nil {
		return nil, err
	}
	return &dv, nil
}

// attrsOf copies the attributes of a known, non-null object (tftypes hands out its own map,
// which must not be modified).
func attrsOf(v tftypes.Value) map[string]tftypes.Value {
	out := map[string]tftypes.Value{}
	if v.IsNull() || !v.IsKnown() {
		return out
	}
	var m map[string]tftypes.Value
	if err := v.As(&m); err != nil {
		return out
	}
	for k, x := range m {
		out[k] = x
	}
	return out
}

// elementsOf copies the elements of a known, non-null list or set.
func elementsOf(v tftypes.Value) []tftypes.Value {
	if v.IsNull() || !v.IsKnown() {
		return nil
	}
	var s []tftypes.Value
	if err := v.As(&s); err != nil {
		return nil
	}
	return append([]tftypes.Value(nil), s...)
}

// stringOf is the Go string of a known, non-null string value.
func stringOf(v tftypes.Value) (string, bool) {
	if v.IsNull() || !v.IsKnown() {
		return "", false
	}
	var s string
	if err := v.As(&s); err != nil {
		return "", false
	}
	return s, true
}

func knownString(s string) tftypes.Value { return tftypes.NewValue(tftypes.String, s) }

func unknownOf(typ tftypes.Type) tftypes.Value { return tftypes.NewValue(typ, tftypes.UnknownValue) }

func nullOf(typ tftypes.Type) tftypes.Value { return tftypes.NewValue(typ, nil) }

// numberPrecision is the precision at which Terraform (and tftypes) parse decimal numbers.
const numberPrecision = 512

// toJSON is v in the JSON form of Terraform state (objects by attribute name, sets as arrays,
// numbers exact). v must be wholly known.
func toJSON(v tftypes.Value) ([]byte, error) {
	x, err := jsonTree(v)
	if err != nil {
		return nil, err
	}
	return json.Marshal(x)
}

func jsonTree(v tftypes.Value) (interface{}, error) {
	if !v.IsKnown() {
		return nil, fmt.Errorf("cannot store an unknown value of type %s", v.Type())
	}
	if v.IsNull() {
		return nil, nil
	}
	typ := v.Type()
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
		return numberJSON(f), nil
	case typ.Is(tftypes.List{}), typ.Is(tftypes.Set{}), typ.Is(tftypes.Tuple{}):
		out := []interface{}{}
		for _, e := range elementsOf(v) {
			x, err := jsonTree(e)
			if err != nil {
				return nil, err
			}
			out = append(out, x)
		}
		return out, nil
	case typ.Is(tftypes.Map{}), typ.Is(tftypes.Object{}):
		out := map[string]interface{}{}
		for k, e := range attrsOf(v) {
			x, err := jsonTree(e)
			if err != nil {
				return nil, err
			}
			out[k] = x
		}
		return out, nil
	}
	return nil, fmt.Errorf("cannot store a value of type %s", typ)
}

// numberJSON writes a number so that parsing it back at 512 bits gives exactly the same value:
// the shortest decimal that round-trips at that precision (a float64's own shortest form would
// not: 0.1 as a float64 is not 0.1 at 512 bits). Infinities, which JSON lacks, become strings,
// which tftypes also reads as numbers.
func numberJSON(f *big.Float) interface{} {
	if f.IsInf() {
		if f.Sign() < 0 {
			return "-Inf"
		}
		return "+Inf"
	}
	// Exact for every precision up to 512 bits; wider values are rounded as Terraform would.
	wide := new(big.Float).SetPrec(numberPrecision).SetMode(big.ToNearestEven).Set(f)
	return json.Number(wide.Text('g', -1))
}

// sortedStrings is a list(string) value of the sorted strings.
func sortedStrings(ss []string) tftypes.Value {
	sort.Strings(ss)
	vals := make([]tftypes.Value, 0, len(ss))
	for _, s := range ss {
		vals = append(vals, knownString(s))
	}
	return tftypes.NewValue(tftypes.List{ElementType: tftypes.String}, vals)
}

func errorDiag(summary, detail string) *tfprotov6.Diagnostic {
	return &tfprotov6.Diagnostic{Severity: tfprotov6.DiagnosticSeverityError, Summary: summary, Detail: detail}
}
