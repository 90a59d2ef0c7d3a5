package main

import (
	"bytes"
	"net"
	"path/filepath"
	"testing"

	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
	"github.com/hashicorp/terraform-plugin-go/tfprotov6/tf6server"
	"github.com/hashicorp/terraform-plugin-go/tftypes"
	"google.golang.org/grpc"
	"google.golang.org/grpc/credentials/insecure"
	"google.golang.org/protobuf/encoding/protowire"
)

// These tests serve a mode's provider in process with the gRPC server serve.go builds for it
// (go-plugin's handshake aside) and call it with raw protobuf bytes, so they see exactly what
// a client reads off the wire, also what protobuf-go would refuse to parse.

// rawCodec passes message bytes through untouched, both ways.
type rawCodec struct{}

func (rawCodec) Marshal(v any) ([]byte, error) { return *v.(*[]byte), nil }
func (rawCodec) Unmarshal(data []byte, v any) error {
	*v.(*[]byte) = append([]byte(nil), data...)
	return nil
}
func (rawCodec) Name() string { return "proto" }

// wireCall serves mode and returns a function calling one tfplugin6.Provider method.
func wireCall(t *testing.T, mode string) func(method string, req []byte) []byte {
	t.Helper()
	sock := filepath.Join(t.TempDir(), "plugin.sock")
	lis, err := net.Listen("unix", sock)
	if err != nil {
		t.Fatal(err)
	}
	s := wireModes[mode].grpcServer(nil)
	factory := func() tfprotov6.ProviderServer { return newServer(mode, false) }
	if err := (&tf6server.GRPCProviderPlugin{GRPCProvider: factory, Name: address}).GRPCServer(nil, s); err != nil {
		t.Fatal(err)
	}
	go s.Serve(lis)
	t.Cleanup(s.Stop)
	conn, err := grpc.NewClient("unix:"+sock, grpc.WithTransportCredentials(insecure.NewCredentials()),
		grpc.WithDefaultCallOptions(grpc.ForceCodec(rawCodec{}), grpc.MaxCallRecvMsgSize(1<<30)))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { conn.Close() })
	return func(method string, req []byte) []byte {
		t.Helper()
		var resp []byte
		if err := conn.Invoke(ctx, "/tfplugin6.Provider/"+method, &req, &resp); err != nil {
			t.Fatalf("%s: %v", method, err)
		}
		return resp
	}
}

// fields are the length-delimited values of field num in a protobuf message.
func fields(t *testing.T, msg []byte, num protowire.Number) [][]byte {
	t.Helper()
	var out [][]byte
	for len(msg) > 0 {
		n, typ, l := protowire.ConsumeTag(msg)
		if l < 0 {
			t.Fatalf("bad tag: %v", protowire.ParseError(l))
		}
		msg = msg[l:]
		if typ == protowire.BytesType {
			v, l := protowire.ConsumeBytes(msg)
			if l < 0 {
				t.Fatalf("bad field %d: %v", n, protowire.ParseError(l))
			}
			if n == num {
				out = append(out, v)
			}
			msg = msg[l:]
			continue
		}
		l = protowire.ConsumeFieldValue(n, typ, msg)
		if l < 0 {
			t.Fatalf("bad field %d: %v", n, protowire.ParseError(l))
		}
		msg = msg[l:]
	}
	return out
}

// planRequest is a PlanResourceChange.Request creating config (type_name 1, prior_state 2,
// proposed_new_state 3, config 4; DynamicValue.msgpack 1).
func planRequest(t *testing.T, config tftypes.Value) []byte {
	t.Helper()
	h := &harness{t: t}
	req := protowire.AppendString(protowire.AppendTag(nil, 1, protowire.BytesType), thingTypeName)
	for field, v := range map[protowire.Number]tftypes.Value{2: nullOf(thingType), 3: proposedNew(nullOf(thingType), config), 4: config} {
		dv := protowire.AppendBytes(protowire.AppendTag(nil, 1, protowire.BytesType), h.dv(thingType, v).MsgPack)
		req = protowire.AppendBytes(protowire.AppendTag(req, field, protowire.BytesType), dv)
	}
	return req
}

// The plan's warning leaves the server with invalid UTF-8 in summary (2) and detail (3) of
// PlanResourceChange.Response.diagnostics (4), every length prefix intact.
func TestInvalidUTF8DiagnosticOnTheWire(t *testing.T) {
	call := wireCall(t, "invalid_utf8_diagnostic")
	resp := call("PlanResourceChange", planRequest(t, thing(map[string]tftypes.Value{"name": knownString("w")})))
	diags := fields(t, resp, 4)
	if len(diags) != 1 {
		t.Fatalf("%d diagnostics", len(diags))
	}
	for _, f := range []protowire.Number{2, 3} {
		text := fields(t, diags[0], f)
		if len(text) != 1 || !bytes.Contains(text[0], badUTF8Replacement) || bytes.Contains(text[0], badUTF8Marker) {
			t.Fatalf("field %d: %q", f, text)
		}
	}
	if len(fields(t, resp, 1)) != 1 {
		t.Fatal("no planned_state")
	}
}

// GetProviderSchema.Response: resource_schemas (2) map entry value (2) Schema.block (2)
// Block.attributes (2) Attribute.type (2) carries the whole type JSON.
func TestDeepNestingSchemaOnTheWire(t *testing.T) {
	call := wireCall(t, "deep_nesting_schema")
	resp := call("GetProviderSchema", nil)
	want := []byte(nestedListJSON(deepDepth))
	for _, entry := range fields(t, resp, 2) {
		for _, schema := range fields(t, entry, 2) {
			for _, block := range fields(t, schema, 2) {
				for _, a := range fields(t, block, 2) {
					if name := fields(t, a, 1); len(name) == 1 && string(name[0]) == "deep" {
						if typ := fields(t, a, 2); len(typ) != 1 || !bytes.Equal(typ[0], want) {
							t.Fatalf("deep's type is not the %d-byte JSON", len(want))
						}
						return
					}
				}
			}
		}
	}
	t.Fatal("no attribute deep in the schema")
}

// serve.go's 1 GiB limit lets the 257 MiB plan out (tf6server's 256 MiB would refuse it).
// About 1.3 GB of memory and a few seconds: skipped with -short.
func TestOversizeResponseOnTheWire(t *testing.T) {
	if testing.Short() {
		t.Skip("sends a 257 MiB message")
	}
	call := wireCall(t, "oversize_response")
	resp := call("PlanResourceChange", planRequest(t, thing(map[string]tftypes.Value{"name": knownString("w")})))
	planned := fields(t, resp, 1)
	if len(resp) <= tf6MaxMessage || len(planned) != 1 || len(fields(t, planned[0], 1)[0]) <= tf6MaxMessage {
		t.Fatalf("answer of %d bytes", len(resp))
	}
}
