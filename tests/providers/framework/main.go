// Command terraform-provider-tfcfixture is tfconform's honest fixture provider: written with
// terraform-plugin-framework, served over protocol 6, its resources are JSON files on disk.
package main

import (
	"context"
	"flag"
	"log"

	"github.com/hashicorp/terraform-plugin-framework/providerserver"
)

// version is the provider version reported in its metadata.
var version = "0.1.0"

func main() {
	debug := flag.Bool("debug", false, "start in debug mode (print TF_REATTACH_PROVIDERS)")
	flag.Parse()
	err := providerserver.Serve(context.Background(), newProvider(version), providerserver.ServeOpts{
		Address:         "registry.terraform.io/tfconform/tfcfixture",
		ProtocolVersion: 6,
		Debug:           *debug,
	})
	if err != nil {
		log.Fatal(err)
	}
}
