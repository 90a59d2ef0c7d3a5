package main

import (
	"fmt"
	"os"
	"time"
)

// Hostile modes against the harness's own safety: a hang in any one RPC, and a provider that
// allocates without bound. Each RPC handler calls p.hangIn with its name first.

// hungRPCs are the RPCs a hang_in_<name> mode blocks in (hang_in_plan is a fault mode).
var hungRPCs = []struct{ mode, rpc string }{
	{"hang_in_schema", "GetProviderSchema"},
	{"hang_in_validate_provider", "ValidateProviderConfig"},
	{"hang_in_configure", "ConfigureProvider"},
	{"hang_in_validate", "ValidateResourceConfig"},
	{"hang_in_apply", "ApplyResourceChange"},
	{"hang_in_read", "ReadResource"},
	{"hang_in_import", "ImportResourceState"},
	{"hang_in_upgrade", "UpgradeResourceState"},
	{"hang_in_validate_data", "ValidateDataResourceConfig"},
	{"hang_in_read_data", "ReadDataSource"},
}

func init() {
	for _, h := range hungRPCs {
		hostiles = append(hostiles, hostile{h.mode, "rpc.timeout",
			h.rpc + " blocks forever (until the process is killed); every other RPC is honest"})
	}
	hostiles = append(hostiles, hostile{"allocate_unbounded",
		"rpc.out_of_memory (stopped at the harness's memory limit)",
		"every create or update plan allocates and touches 32 MiB more memory every 10 ms without end, writing its total to stderr"})
}

// hangIn blocks forever when the mode hangs in `rpc`.
func (p *provider) hangIn(rpc string) {
	for _, h := range hungRPCs {
		if h.rpc == rpc && p.mode == h.mode {
			select {} // until the process is killed
		}
	}
}

// allocateWithoutBound keeps every chunk reachable, so no collector can give any back.
func allocateWithoutBound() {
	var kept [][]byte
	for i := 1; ; i++ {
		chunk := make([]byte, 32<<20)
		for j := 0; j < len(chunk); j += 4096 {
			chunk[j] = 1
		}
		kept = append(kept, chunk)
		if i%8 == 0 {
			fmt.Fprintf(os.Stderr, "allocate_unbounded: %d MiB held\n", i*32)
		}
		time.Sleep(10 * time.Millisecond)
	}
}
