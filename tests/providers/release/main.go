// Command terraform-provider-tfcrelease is tfconform's fixture provider in three releases, for
// tests of upgrades across releases: one source, the release chosen at link time with
// -ldflags "-X main.release=N" (N = 1, 2 or 3). Release 1 -> 2 is a clean upgrade; release 3
// plants upgrade breaks (README.md beside the Makefile rule lists them).
package main

import (
	"context"
	"flag"
	"fmt"
	"log"

	"github.com/hashicorp/terraform-plugin-framework/providerserver"
)

// release is set at link time. Left empty, the binary refuses to start rather than silently
// serve some release.
var release string

func main() {
	debug := flag.Bool("debug", false, "start in debug mode (print TF_REATTACH_PROVIDERS)")
	showVersion := flag.Bool("version", false, "print the release this binary was linked as and exit")
	flag.Parse()
	n, err := parseRelease(release)
	if err != nil {
		log.Fatal(err)
	}
	if *showVersion {
		fmt.Printf("tfcrelease %s\n", releaseVersion(n))
		return
	}
	err = providerserver.Serve(context.Background(), newProvider(n), providerserver.ServeOpts{
		Address:         "registry.terraform.io/tfconform/tfcrelease",
		ProtocolVersion: 6,
		Debug:           *debug,
	})
	if err != nil {
		log.Fatal(err)
	}
}
