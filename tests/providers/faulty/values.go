package main

import (
	"encoding/json"
	"fmt"
	"math/big"
	"sort"

	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
	"github.com/hashicorp/terraform-plugin-go/tftypes"
)

// decode reads a request value (wire.go); a missing DynamicValue is a null of the type.
func decode(dv *tfprotov6.DynamicValue, typ tftypes.Type) (tftypes.Value, error) {
	switch {
	case dv == nil || (dv.MsgPack == nil && dv.JSON == nil):
		return tftypes.NewValue(typ, nil), nil
	case dv.MsgPack != nil:
		return valueFromMsgPack(dv.MsgPack, typ)
	}
	return valueFromJSON(dv.JSON, typ, false)
}

// exactNumber is f at a precision whose shortest round-tripping decimal (what tftypes writes)
// is f's exact value, for the numbers that came as an int or a float64 (at most 64 significant
// bits). tftypes alone would decode a float64 at 53 bits and write an integral one that does
// not fit an int64 as its shortest decimal at 53 bits: float64(1e300) would go back as "1e300",
// which is 10^300, another number. Numbers that came as decimal text (parseNumber) stay as
// they are.
func exactNumber(f *big.Float) *big.Float {
	if f.IsInf() || f.Sign() == 0 || f.MinPrec() > 64 {
		return f
	}
	// f = mant * 2^exp with 0.5 <= |mant| < 1, and its lowest set bit is 2^(exp-bits).
	bits := int(f.MinPrec())
	exp := f.MantExp(nil)
	need := exp + 8 // integral: an ulp below 1
	if frac := bits - exp; frac > 0 {
		// 2^-frac needs frac decimals; every shorter decimal is at least 10^-frac away,
		// more than an ulp of 2^(exp-need).
		need = exp + (frac*3322+999)/1000 + 8
	}
	if need < bits {
		need = bits
	}
	if need < 64 {
		need = 64
	}
	return new(big.Float).SetPrec(uint(need)).Set(f)
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

// numberJSON writes a number as the shortest decimal that round-trips at its precision: exact
// for the numbers exactNumber widened, the text Terraform sent for the others. Infinities,
// which JSON lacks, become strings, which tftypes also reads as numbers.
func numberJSON(f *big.Float) interface{} {
	if f.IsInf() {
		if f.Sign() < 0 {
			return "-Inf"
		}
		return "+Inf"
	}
	return json.Number(exactNumber(f).Text('g', -1))
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
