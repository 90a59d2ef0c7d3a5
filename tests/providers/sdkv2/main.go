// Command terraform-provider-tfcsdk is tfconform's honest fixture provider written with
// terraform-plugin-sdk/v2 (protocol 5); its resources are JSON files on disk.
package main

import (
	"flag"

	"github.com/hashicorp/terraform-plugin-sdk/v2/plugin"
)

func main() {
	debug := flag.Bool("debug", false, "start in debug mode (print TF_REATTACH_PROVIDERS)")
	flag.Parse()
	plugin.Serve(&plugin.ServeOpts{
		ProviderFunc: newProvider,
		ProviderAddr: "registry.terraform.io/tfconform/tfcsdk",
		Debug:        *debug,
	})
}
