package tfconformtest

import (
	"context"
	"encoding/json"
	"fmt"
	"sort"
	"time"

	"github.com/hashicorp/go-hclog"
	"github.com/hashicorp/go-plugin"
	"github.com/hashicorp/terraform-plugin-go/tfprotov5"
	"github.com/hashicorp/terraform-plugin-go/tfprotov5/tf5server"
	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
	"github.com/hashicorp/terraform-plugin-go/tfprotov6/tf6server"
	testinginterface "github.com/mitchellh/go-testing-interface"
)

// Provider is a provider under test, in either protocol version: Protocol6, Protocol5 or SDKv2.
type Provider struct {
	protocol int
	new6     func() (tfprotov6.ProviderServer, error)
	new5     func() (tfprotov5.ProviderServer, error)
}

// Protocol6 is a protocol 6 provider, e.g. providerserver.NewProtocol6WithError(New("test")())
// of terraform-plugin-framework. The factory is called once per job (and once for the list of
// types).
func Protocol6(factory func() (tfprotov6.ProviderServer, error)) Provider {
	return Provider{protocol: 6, new6: factory}
}

// Protocol5 is a protocol 5 provider, e.g. providerserver.NewProtocol5WithError(New("test")()).
func Protocol5(factory func() (tfprotov5.ProviderServer, error)) Provider {
	return Provider{protocol: 5, new5: factory}
}

// SDKv2 is a terraform-plugin-sdk/v2 provider (protocol 5) from the function that returns it,
// e.g. New("test") returning func() *schema.Provider: its GRPCProvider method serves it, so
// this package needs no dependency on the SDK.
func SDKv2[P interface {
	GRPCProvider() tfprotov5.ProviderServer
}](factory func() P) Provider {
	return Protocol5(func() (tfprotov5.ProviderServer, error) {
		return factory().GRPCProvider(), nil
	})
}

// server is one provider instance served in this process until stop is called.
type server struct {
	reattach string // TF_REATTACH_PROVIDERS JSON naming it
	cancel   context.CancelFunc
	closed   chan struct{}
}

func (s *server) stop() {
	s.cancel()
	select {
	case <-s.closed:
	case <-time.After(10 * time.Second): // go-plugin's graceful stop gave up; nothing else holds it
	}
}

// reattachJSON is one entry of TF_REATTACH_PROVIDERS, as Terraform reads it.
type reattachJSON struct {
	Protocol        string
	ProtocolVersion int
	Pid             int
	Test            bool
	Addr            struct{ Network, String string }
}

// serveDebug serves one new instance in this process in go-plugin's test (debug) mode, the
// way terraform-plugin-testing does, and returns it with its reattach configuration keyed by
// address. Test mode: plaintext gRPC, no handshake on stdout, and tfconform never kills it.
func (p Provider) serveDebug(address string) (*server, error) {
	ctx, cancel := context.WithCancel(context.Background())
	configs := make(chan *plugin.ReattachConfig)
	closed := make(chan struct{})
	serveErr := make(chan error, 1)
	// As terraform-plugin-testing serves providers: go-plugin's own log discarded, the
	// provider's tflog output filtered by TF_LOG (off when unset) instead of every trace line.
	logger := hclog.NewNullLogger()
	switch p.protocol {
	case 6:
		instance, err := p.new6()
		if err != nil {
			cancel()
			return nil, fmt.Errorf("the provider factory: %w", err)
		}
		go func() {
			serveErr <- tf6server.Serve(address, func() tfprotov6.ProviderServer { return instance },
				tf6server.WithDebug(ctx, configs, closed), tf6server.WithGoPluginLogger(logger),
				tf6server.WithLoggingSink(&testinginterface.RuntimeT{}))
		}()
	default:
		instance, err := p.new5()
		if err != nil {
			cancel()
			return nil, fmt.Errorf("the provider factory: %w", err)
		}
		go func() {
			serveErr <- tf5server.Serve(address, func() tfprotov5.ProviderServer { return instance },
				tf5server.WithDebug(ctx, configs, closed), tf5server.WithGoPluginLogger(logger),
				tf5server.WithLoggingSink(&testinginterface.RuntimeT{}))
		}()
	}
	var config *plugin.ReattachConfig
	select {
	case config = <-configs:
	case err := <-serveErr:
		cancel()
		return nil, fmt.Errorf("serving the provider: %v", err)
	case <-time.After(30 * time.Second):
		cancel()
		return nil, fmt.Errorf("serving the provider: no reattach configuration after 30 s")
	}
	entry := reattachJSON{Protocol: string(config.Protocol), ProtocolVersion: config.ProtocolVersion,
		Pid: config.Pid, Test: true}
	entry.Addr.Network, entry.Addr.String = config.Addr.Network(), config.Addr.String()
	text, err := json.Marshal(map[string]reattachJSON{address: entry})
	if err != nil {
		cancel()
		return nil, err
	}
	return &server{reattach: string(text), cancel: cancel, closed: closed}, nil
}

// serveProcess serves the provider the way its released binary does (go-plugin handshake on
// stdout, AutoMTLS): the child's role in Exec mode. It returns when tfconform stops it.
func (p Provider) serveProcess(address string) error {
	switch p.protocol {
	case 6:
		instance, err := p.new6()
		if err != nil {
			return err
		}
		return tf6server.Serve(address, func() tfprotov6.ProviderServer { return instance })
	default:
		instance, err := p.new5()
		if err != nil {
			return err
		}
		return tf5server.Serve(address, func() tfprotov5.ProviderServer { return instance })
	}
}

// suiteLabels are the labels tfconform gives the suites of this provider's types
// ("resource.NAME", "data_source.NAME", ...), from a GetProviderSchema call on a fresh instance,
// with the type name of each; sorted.
func (p Provider) suiteLabels(ctx context.Context) ([]typeLabel, error) {
	kinds := map[string][]string{}
	switch p.protocol {
	case 6:
		instance, err := p.new6()
		if err != nil {
			return nil, fmt.Errorf("the provider factory: %w", err)
		}
		resp, err := instance.GetProviderSchema(ctx, &tfprotov6.GetProviderSchemaRequest{})
		if err != nil {
			return nil, fmt.Errorf("GetProviderSchema: %w", err)
		}
		kinds["resource"] = keys(resp.ResourceSchemas)
		kinds["data_source"] = keys(resp.DataSourceSchemas)
		kinds["function"] = keys(resp.Functions)
		kinds["ephemeral_resource"] = keys(resp.EphemeralResourceSchemas)
		kinds["list_resource"] = keys(resp.ListResourceSchemas)
		kinds["action"] = keys(resp.ActionSchemas)
	default:
		instance, err := p.new5()
		if err != nil {
			return nil, fmt.Errorf("the provider factory: %w", err)
		}
		resp, err := instance.GetProviderSchema(ctx, &tfprotov5.GetProviderSchemaRequest{})
		if err != nil {
			return nil, fmt.Errorf("GetProviderSchema: %w", err)
		}
		kinds["resource"] = keys(resp.ResourceSchemas)
		kinds["data_source"] = keys(resp.DataSourceSchemas)
		kinds["function"] = keys(resp.Functions)
		kinds["ephemeral_resource"] = keys(resp.EphemeralResourceSchemas)
		kinds["list_resource"] = keys(resp.ListResourceSchemas)
		kinds["action"] = keys(resp.ActionSchemas)
	}
	var out []typeLabel
	for kind, names := range kinds {
		for _, name := range names {
			out = append(out, typeLabel{label: kind + "." + name, name: name})
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].label < out[j].label })
	return out, nil
}

// typeLabel is one type of the provider: its suite label and its name.
type typeLabel struct{ label, name string }

func keys[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	return out
}
