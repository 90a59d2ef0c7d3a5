package main

import (
	"runtime/debug"

	"github.com/hashicorp/go-plugin"
	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
	"github.com/hashicorp/terraform-plugin-go/tfprotov6/tf6server"
	"google.golang.org/grpc"
	"google.golang.org/grpc/encoding"
)

// wireOptions are what a hostile mode changes below terraform-plugin-go: tf6server.Serve
// fixes the gRPC server's options (256 MiB send and receive limits, the proto codec), so
// these modes build go-plugin's ServeConfig here instead, the one place that does.
type wireOptions struct {
	maxMessage int              // send and receive limit in bytes; 0: tf6server's 256 MiB
	codec      encoding.CodecV2 // nil: gRPC's proto codec
	gcPercent  int              // GOGC for the process; 0: Go's default
}

// tf6MaxMessage is tf6server's limit (grpcMaxMessageSize in terraform-plugin-go's server.go).
const tf6MaxMessage = 256 << 20

// wireModes are the modes served by serveWire, with what they change.
var wireModes = map[string]wireOptions{
	// Each oversize plan makes a few copies of 257 MiB (string, msgpack, protobuf), garbage
	// once sent: collecting early keeps the process near 1 GB instead of twice that.
	"oversize_response":       {maxMessage: 1 << 30, gcPercent: 10},
	"invalid_utf8_diagnostic": {codec: badUTF8Codec{}},
	"action_event_empty":      {codec: emptyEventCodec{}},
}

// serveWire serves factory's provider as tf6server.Serve does without options (same handshake,
// magic cookie, protocol 6, plugin "provider"), with the gRPC server w describes. It returns
// only if go-plugin does (it exits the process itself on a handshake error).
func serveWire(factory func() tfprotov6.ProviderServer, w wireOptions) {
	if w.gcPercent != 0 {
		debug.SetGCPercent(w.gcPercent)
	}
	plugin.Serve(&plugin.ServeConfig{
		HandshakeConfig: plugin.HandshakeConfig{
			ProtocolVersion:  6,
			MagicCookieKey:   "TF_PLUGIN_MAGIC_COOKIE",
			MagicCookieValue: "d602bf8f470bc67ca7faa0386276bbdd4330efaf76d1a219cb4d6991ca9872b2",
		},
		Plugins: plugin.PluginSet{
			"provider": &tf6server.GRPCProviderPlugin{GRPCProvider: factory, Name: address},
		},
		GRPCServer: w.grpcServer,
	})
}

// grpcServer is go-plugin's GRPCServer hook: its options (TLS credentials) plus w's.
func (w wireOptions) grpcServer(opts []grpc.ServerOption) *grpc.Server {
	limit := w.maxMessage
	if limit == 0 {
		limit = tf6MaxMessage
	}
	opts = append(opts, grpc.MaxRecvMsgSize(limit), grpc.MaxSendMsgSize(limit))
	if w.codec != nil {
		opts = append(opts, grpc.ForceServerCodecV2(w.codec))
	}
	return grpc.NewServer(opts...)
}
