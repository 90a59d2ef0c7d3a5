package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/big"
	"strings"

	"github.com/hashicorp/terraform-plugin-go/tftypes"
	msgpack "github.com/vmihailenco/msgpack/v5"
	"github.com/vmihailenco/msgpack/v5/msgpcode"
)

// The provider decodes values itself (msgpack from requests, JSON from its files and raw
// states) for one reason: numbers. tftypes parses a number written as decimal text at 512
// bits, so a configured number with more significant digits would come back from this
// provider as another number. Here such a number gets a precision at which its shortest
// decimal (what tftypes writes) is the text it came as. Terraform itself rounds to 512 bits on
// its side, so it sees no difference; a harness that compares exactly sees none either.

// parseNumber reads decimal text (or "Inf", "+Inf", "-Inf") at 512 bits, or more when its
// significant digits need more.
func parseNumber(text string) (*big.Float, error) {
	prec := uint(numberPrecision)
	if need := uint(significantDigits(text))*3322/1000 + 16; need > prec {
		prec = need
	}
	f, _, err := big.ParseFloat(text, 10, prec, big.ToNearestEven)
	if err != nil {
		return nil, fmt.Errorf("%q is not a number: %w", text, err)
	}
	return f, nil
}

// significantDigits counts the mantissa digits of decimal text, leading zeros excluded.
func significantDigits(text string) int {
	if i := strings.IndexAny(text, "eE"); i >= 0 {
		text = text[:i]
	}
	n, leading := 0, true
	for _, r := range text {
		if r < '0' || r > '9' {
			continue
		}
		if leading && r == '0' {
			continue
		}
		leading = false
		n++
	}
	return n
}

// valueFromMsgPack decodes a msgpack DynamicValue with typ, as tftypes.ValueFromMsgPack does
// (every extension is an unknown; refinements are dropped), but with numbers from parseNumber
// and exactNumber.
func valueFromMsgPack(data []byte, typ tftypes.Type) (tftypes.Value, error) {
	dec := msgpack.NewDecoder(bytes.NewReader(data))
	return msgpackValue(dec, typ, tftypes.NewAttributePath())
}

func msgpackValue(dec *msgpack.Decoder, typ tftypes.Type, path *tftypes.AttributePath) (tftypes.Value, error) {
	code, err := dec.PeekCode()
	if err != nil {
		return tftypes.Value{}, path.NewErrorf("reading msgpack: %w", err)
	}
	if msgpcode.IsExt(code) {
		if err := dec.Skip(); err != nil {
			return tftypes.Value{}, path.NewErrorf("skipping an unknown value: %w", err)
		}
		return unknownOf(typ), nil
	}
	if code == msgpcode.Nil {
		if err := dec.DecodeNil(); err != nil {
			return tftypes.Value{}, path.NewError(err)
		}
		return nullOf(typ), nil
	}
	switch {
	case typ.Is(tftypes.String):
		s, err := dec.DecodeString()
		if err != nil {
			return tftypes.Value{}, path.NewErrorf("decoding a string: %w", err)
		}
		return knownString(s), nil
	case typ.Is(tftypes.Bool):
		b, err := dec.DecodeBool()
		if err != nil {
			return tftypes.Value{}, path.NewErrorf("decoding a bool: %w", err)
		}
		return tftypes.NewValue(tftypes.Bool, b), nil
	case typ.Is(tftypes.Number):
		f, err := msgpackNumber(dec, code)
		if err != nil {
			return tftypes.Value{}, path.NewError(err)
		}
		return tftypes.NewValue(tftypes.Number, f), nil
	case typ.Is(tftypes.List{}), typ.Is(tftypes.Set{}):
		n, err := dec.DecodeArrayLen()
		if err != nil {
			return tftypes.Value{}, path.NewErrorf("decoding a collection: %w", err)
		}
		var elem tftypes.Type
		if l, ok := typ.(tftypes.List); ok {
			elem = l.ElementType
		} else {
			elem = typ.(tftypes.Set).ElementType
		}
		vals := make([]tftypes.Value, 0, n)
		for i := 0; i < n; i++ {
			v, err := msgpackValue(dec, elem, path.WithElementKeyInt(i))
			if err != nil {
				return tftypes.Value{}, err
			}
			vals = append(vals, v)
		}
		return tftypes.NewValue(typ, vals), nil
	case typ.Is(tftypes.Map{}), typ.Is(tftypes.Object{}):
		n, err := dec.DecodeMapLen()
		if err != nil {
			return tftypes.Value{}, path.NewErrorf("decoding a map or object: %w", err)
		}
		vals := map[string]tftypes.Value{}
		for i := 0; i < n; i++ {
			key, err := dec.DecodeString()
			if err != nil {
				return tftypes.Value{}, path.NewErrorf("decoding a key: %w", err)
			}
			var elem tftypes.Type
			var inner *tftypes.AttributePath
			if m, ok := typ.(tftypes.Map); ok {
				elem, inner = m.ElementType, path.WithElementKeyString(key)
			} else {
				t, ok := typ.(tftypes.Object).AttributeTypes[key]
				if !ok {
					return tftypes.Value{}, path.NewErrorf("unsupported attribute %q", key)
				}
				elem, inner = t, path.WithAttributeName(key)
			}
			v, err := msgpackValue(dec, elem, inner)
			if err != nil {
				return tftypes.Value{}, err
			}
			vals[key] = v
		}
		if o, ok := typ.(tftypes.Object); ok {
			for name, t := range o.AttributeTypes {
				if _, ok := vals[name]; !ok {
					vals[name] = nullOf(t)
				}
			}
		}
		return tftypes.NewValue(typ, vals), nil
	}
	return tftypes.Value{}, path.NewErrorf("unsupported type %s", typ)
}

func msgpackNumber(dec *msgpack.Decoder, code byte) (*big.Float, error) {
	switch {
	case msgpcode.IsFixedNum(code), code == msgpcode.Int8, code == msgpcode.Int16, code == msgpcode.Int32, code == msgpcode.Int64:
		i, err := dec.DecodeInt64()
		if err != nil {
			return nil, fmt.Errorf("decoding a number: %w", err)
		}
		return exactNumber(new(big.Float).SetInt64(i)), nil
	case code == msgpcode.Uint8, code == msgpcode.Uint16, code == msgpcode.Uint32, code == msgpcode.Uint64:
		u, err := dec.DecodeUint64()
		if err != nil {
			return nil, fmt.Errorf("decoding a number: %w", err)
		}
		return exactNumber(new(big.Float).SetUint64(u)), nil
	case code == msgpcode.Float, code == msgpcode.Double:
		x, err := dec.DecodeFloat64()
		if err != nil {
			return nil, fmt.Errorf("decoding a number: %w", err)
		}
		return exactNumber(big.NewFloat(x)), nil
	}
	s, err := dec.DecodeString()
	if err != nil {
		return nil, fmt.Errorf("decoding a number: %w", err)
	}
	f, err := parseNumber(s)
	if err != nil {
		return nil, err
	}
	return exactNumber(f), nil
}

// valueFromJSON decodes Terraform's JSON state form with typ (numbers as JSON numbers or
// strings); ignoreExtra skips object attributes typ lacks instead of failing.
func valueFromJSON(data []byte, typ tftypes.Type, ignoreExtra bool) (tftypes.Value, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var x interface{}
	if err := dec.Decode(&x); err != nil {
		return tftypes.Value{}, err
	}
	return jsonValue(x, typ, tftypes.NewAttributePath(), ignoreExtra)
}

func jsonValue(x interface{}, typ tftypes.Type, path *tftypes.AttributePath, ignoreExtra bool) (tftypes.Value, error) {
	if x == nil {
		return nullOf(typ), nil
	}
	wrong := func() (tftypes.Value, error) {
		return tftypes.Value{}, path.NewErrorf("%T is not a %s", x, typ)
	}
	switch {
	case typ.Is(tftypes.String):
		if s, ok := x.(string); ok {
			return knownString(s), nil
		}
		return wrong()
	case typ.Is(tftypes.Bool):
		if b, ok := x.(bool); ok {
			return tftypes.NewValue(tftypes.Bool, b), nil
		}
		return wrong()
	case typ.Is(tftypes.Number):
		var text string
		switch n := x.(type) {
		case json.Number:
			text = n.String()
		case string:
			text = n
		default:
			return wrong()
		}
		f, err := parseNumber(text)
		if err != nil {
			return tftypes.Value{}, path.NewError(err)
		}
		return tftypes.NewValue(tftypes.Number, exactNumber(f)), nil
	case typ.Is(tftypes.List{}), typ.Is(tftypes.Set{}):
		xs, ok := x.([]interface{})
		if !ok {
			return wrong()
		}
		var elem tftypes.Type
		if l, ok := typ.(tftypes.List); ok {
			elem = l.ElementType
		} else {
			elem = typ.(tftypes.Set).ElementType
		}
		vals := make([]tftypes.Value, 0, len(xs))
		for i, e := range xs {
			v, err := jsonValue(e, elem, path.WithElementKeyInt(i), ignoreExtra)
			if err != nil {
				return tftypes.Value{}, err
			}
			vals = append(vals, v)
		}
		return tftypes.NewValue(typ, vals), nil
	case typ.Is(tftypes.Map{}):
		xs, ok := x.(map[string]interface{})
		if !ok {
			return wrong()
		}
		vals := map[string]tftypes.Value{}
		for k, e := range xs {
			v, err := jsonValue(e, typ.(tftypes.Map).ElementType, path.WithElementKeyString(k), ignoreExtra)
			if err != nil {
				return tftypes.Value{}, err
			}
			vals[k] = v
		}
		return tftypes.NewValue(typ, vals), nil
	case typ.Is(tftypes.Object{}):
		xs, ok := x.(map[string]interface{})
		if !ok {
			return wrong()
		}
		attrTypes := typ.(tftypes.Object).AttributeTypes
		vals := map[string]tftypes.Value{}
		for k, e := range xs {
			t, ok := attrTypes[k]
			if !ok {
				if ignoreExtra {
					continue
				}
				return tftypes.Value{}, path.NewErrorf("unsupported attribute %q", k)
			}
			v, err := jsonValue(e, t, path.WithAttributeName(k), ignoreExtra)
			if err != nil {
				return tftypes.Value{}, err
			}
			vals[k] = v
		}
		for name, t := range attrTypes {
			if _, ok := vals[name]; !ok {
				vals[name] = nullOf(t)
			}
		}
		return tftypes.NewValue(typ, vals), nil
	}
	return tftypes.Value{}, path.NewErrorf("unsupported type %s", typ)
}
