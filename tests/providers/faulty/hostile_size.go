package main

import (
	"strings"

	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
)

// hugeDiagnostics are two warnings with 100 KiB summaries and invalid UTF-8 in their details
// (huge_diagnostics; terraform-plugin-go sends those bytes as U+FFFD).
func hugeDiagnostics() []*tfprotov6.Diagnostic {
	summary := strings.Repeat("tfcfault huge_diagnostics ", 100*1024/26+1)[:100*1024]
	detail := "invalid UTF-8 follows: \xff\xfe\xc0\x80 end"
	return []*tfprotov6.Diagnostic{
		{Severity: tfprotov6.DiagnosticSeverityWarning, Summary: summary, Detail: detail},
		{Severity: tfprotov6.DiagnosticSeverityWarning, Summary: strings.ToUpper(summary), Detail: detail + "\xed\xa0\x80"},
	}
}

// oversizeLength is the length of generated in an oversize_response plan: 1 MiB over gRPC's
// 256 MiB limit on its own, so the msgpack and the message around it are over it too.
const oversizeLength = 257 << 20

// oversizeGenerated is a new 257 MiB string on every call (a plan's answer holds it only
// until it is sent).
func oversizeGenerated() string {
	const unit = "tfcfault oversize_response "
	return strings.Repeat(unit, oversizeLength/len(unit)+1)[:oversizeLength]
}
