package main

import (
	"bytes"
	"encoding/json"
	"fmt"

	msgpack "github.com/vmihailenco/msgpack/v5"
	"github.com/vmihailenco/msgpack/v5/msgpcode"
)

// The deep_nesting modes add one attribute to tfcfault_thing that the honest provider does not
// know. These helpers move that attribute's bytes in and out of the top-level object of a
// value as they are, never decoding them, so any nesting depth passes.

// msgpackMembers are the key and value bytes of the top-level msgpack map in data, in order;
// ok is false when data is not a map (null, unknown).
func msgpackMembers(data []byte) (pairs [][2][]byte, ok bool, err error) {
	dec := msgpack.NewDecoder(bytes.NewReader(data))
	code, err := dec.PeekCode()
	if err != nil {
		return nil, false, err
	}
	if !msgpcode.IsFixedMap(code) && code != msgpcode.Map16 && code != msgpcode.Map32 {
		return nil, false, nil
	}
	n, err := dec.DecodeMapLen()
	if err != nil {
		return nil, false, err
	}
	for i := 0; i < n; i++ {
		k, err := dec.DecodeRaw()
		if err != nil {
			return nil, false, err
		}
		v, err := dec.DecodeRaw()
		if err != nil {
			return nil, false, err
		}
		pairs = append(pairs, [2][]byte{k, v})
	}
	return pairs, true, nil
}

func keyIs(k []byte, name string) bool {
	var s string
	return msgpack.Unmarshal(k, &s) == nil && s == name
}

func msgpackMap(pairs [][2][]byte) ([]byte, error) {
	var buf bytes.Buffer
	enc := msgpack.NewEncoder(&buf)
	if err := enc.EncodeMapLen(len(pairs)); err != nil {
		return nil, err
	}
	for _, p := range pairs {
		if err := enc.Encode(msgpack.RawMessage(p[0])); err != nil {
			return nil, err
		}
		if err := enc.Encode(msgpack.RawMessage(p[1])); err != nil {
			return nil, err
		}
	}
	return buf.Bytes(), nil
}

// splitMember is data without the top-level member name, and that member's value bytes (nil
// when absent). A non-map comes back as it is.
func splitMember(data []byte, name string) (rest, raw []byte, err error) {
	pairs, ok, err := msgpackMembers(data)
	if err != nil || !ok {
		return data, nil, err
	}
	kept := pairs[:0]
	for _, p := range pairs {
		if keyIs(p[0], name) {
			raw = p[1]
			continue
		}
		kept = append(kept, p)
	}
	rest, err = msgpackMap(kept)
	return rest, raw, err
}

// withMember is data with the top-level member name set to the msgpack bytes raw. A non-map
// (a null object) comes back as it is.
func withMember(data []byte, name string, raw []byte) ([]byte, error) {
	pairs, ok, err := msgpackMembers(data)
	if err != nil || !ok {
		return data, err
	}
	kept := pairs[:0]
	for _, p := range pairs {
		if !keyIs(p[0], name) {
			kept = append(kept, p)
		}
	}
	key, err := msgpack.Marshal(name)
	if err != nil {
		return nil, err
	}
	return msgpackMap(append(kept, [2][]byte{key, raw}))
}

// dropJSONMember is the JSON object text without its top-level member name. encoding/json's
// Token has no depth limit (Decode stops at 10,000 levels), so any nesting is skipped.
// Anything but an object comes back as it is.
func dropJSONMember(text []byte, name string) ([]byte, error) {
	dec := json.NewDecoder(bytes.NewReader(text))
	tok, err := dec.Token()
	if err != nil {
		return nil, err
	}
	if tok != json.Delim('{') {
		return text, nil
	}
	var out bytes.Buffer
	out.WriteByte('{')
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return nil, err
		}
		key, ok := tok.(string)
		if !ok {
			return nil, fmt.Errorf("JSON object key %v is not a string", tok)
		}
		start := dec.InputOffset()
		if err := skipJSONValue(dec); err != nil {
			return nil, err
		}
		if key == name {
			continue
		}
		if out.Len() > 1 {
			out.WriteByte(',')
		}
		k, _ := json.Marshal(key)
		out.Write(k)
		out.WriteByte(':')
		out.Write(bytes.TrimLeft(text[start:dec.InputOffset()], " \t\r\n:"))
	}
	out.WriteByte('}')
	return out.Bytes(), nil
}

func skipJSONValue(dec *json.Decoder) error {
	depth := 0
	for {
		tok, err := dec.Token()
		if err != nil {
			return err
		}
		switch tok {
		case json.Delim('['), json.Delim('{'):
			depth++
		case json.Delim(']'), json.Delim('}'):
			depth--
		}
		if depth == 0 {
			return nil
		}
	}
}
