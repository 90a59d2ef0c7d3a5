package main

import (
	"bytes"

	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
	"github.com/hashicorp/terraform-plugin-go/tftypes"
	"google.golang.org/grpc/encoding"
	"google.golang.org/grpc/encoding/proto"
	"google.golang.org/grpc/mem"
)

// invalid_utf8_value: a msgpack str may hold any bytes, so tftypes sends these as they are.
func badGenerated(id string) string { return "gen-\xff\xfe-" + id }

// restoreBadGenerated puts the invalid bytes back into generated after the JSON store (or a
// raw JSON state) turned them into U+FFFD: JSON cannot carry them, and in this mode generated
// is a function of id.
func (p *provider) restoreBadGenerated(v tftypes.Value) tftypes.Value {
	if p.mode != "invalid_utf8_value" || v.IsNull() || !v.IsKnown() {
		return v
	}
	m := attrsOf(v)
	id, ok := stringOf(m["id"])
	if _, known := stringOf(m["generated"]); !ok || !known {
		return v
	}
	m["generated"] = knownString(badGenerated(id))
	return tftypes.NewValue(v.Type(), m)
}

// invalid_utf8_diagnostic: terraform-plugin-go replaces invalid UTF-8 in diagnostics by
// U+FFFD and protobuf-go refuses to marshal it in a proto3 string, so the plan's warning
// carries an ASCII marker that badUTF8Codec swaps for invalid bytes of the same length after
// marshaling: every length prefix stays right, only the string contents are invalid.
var (
	badUTF8Marker      = []byte("TFCFAULT-BAD-UTF8")
	badUTF8Replacement = []byte("\xff\xfe\xc0\x80\xed\xa0\x80xxxxxxxxxx")
)

func badUTF8Diagnostic() *tfprotov6.Diagnostic {
	return &tfprotov6.Diagnostic{
		Severity: tfprotov6.DiagnosticSeverityWarning,
		Summary:  "tfcfault invalid_utf8_diagnostic: " + string(badUTF8Marker) + " in the summary",
		Detail:   "invalid UTF-8 on the wire: " + string(badUTF8Marker) + " in the detail",
	}
}

// badUTF8Codec is gRPC's proto codec, except that Marshal replaces every badUTF8Marker.
type badUTF8Codec struct{}

func protoCodec() encoding.CodecV2 { return encoding.GetCodecV2(proto.Name) }

func (badUTF8Codec) Marshal(v any) (mem.BufferSlice, error) {
	data, err := protoCodec().Marshal(v)
	if err != nil {
		return nil, err
	}
	b := data.Materialize()
	data.Free()
	if bytes.Contains(b, badUTF8Marker) {
		b = bytes.ReplaceAll(b, badUTF8Marker, badUTF8Replacement)
	}
	return mem.BufferSlice{mem.SliceBuffer(b)}, nil
}

func (badUTF8Codec) Unmarshal(data mem.BufferSlice, v any) error {
	return protoCodec().Unmarshal(data, v)
}

func (badUTF8Codec) Name() string { return proto.Name }

func init() {
	if len(badUTF8Marker) != len(badUTF8Replacement) {
		panic("badUTF8Replacement must be as long as badUTF8Marker")
	}
}
