// Command terraform-provider-tfcfault is tfconform's deliberately faulty provider: written
// directly on terraform-plugin-go (tfprotov6, protocol 6, no framework to mask a fault), it is
// honest by default and breaks exactly one contract rule in the mode TFCFAULT_MODE names
// (faults.tsv), or attacks the harness itself (hostile.tsv). TFCFAULT_LEGACY=1 also sets
// legacy_type_system on plan and apply answers. Objects are JSON files on disk (store.go).
package main

import (
	"flag"
	"fmt"
	"os"
	"time"

	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
	"github.com/hashicorp/terraform-plugin-go/tfprotov6/tf6server"
)

const address = "registry.terraform.io/tfconform/tfcfault"

func main() {
	debug := flag.Bool("debug", false, "start in debug mode (print TF_REATTACH_PROVIDERS)")
	listModes := flag.Bool("modes", false, "print faults.tsv and hostile.tsv (the modes) and exit")
	flag.Parse()
	if *listModes {
		fmt.Print(faultsTSV())
		fmt.Println()
		fmt.Print(hostileTSV())
		return
	}
	mode, err := modeFromEnv()
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	legacy := os.Getenv("TFCFAULT_LEGACY") == "1"

	switch mode {
	case "stdout_before_handshake":
		fmt.Println("tfcfault: junk before the handshake")
		fmt.Println("2|6|unix|/nonexistent/junk|grpc|")
		fmt.Println("")
	case "handshake_no_socket":
		fmt.Println("1|6|unix|/nonexistent/socket|grpc|")
		for {
			time.Sleep(time.Hour)
		}
	case "stderr_flood":
		// The original stderr: go-plugin swaps os.Stderr for a pipe of its own once serving.
		go floodStderr(os.Stderr)
	case "cert_mismatch":
		err = swapHandshakeCert()
	case "client_cert_refused":
		err = refuseClientCert()
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "tfcfault:", err)
		os.Exit(1)
	}

	factory := func() tfprotov6.ProviderServer { return newServer(mode, legacy) }
	if w, ok := wireModes[mode]; ok {
		if *debug {
			fmt.Fprintf(os.Stderr, "tfcfault: -debug is not available in mode %s (it serves through go-plugin directly)\n", mode)
			os.Exit(1)
		}
		serveWire(factory, w)
		return
	}
	var opts []tf6server.ServeOpt
	if *debug {
		opts = append(opts, tf6server.WithManagedDebug())
	}
	err = tf6server.Serve(address, factory, opts...)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}
